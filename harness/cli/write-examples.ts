/**
 * Regenerates the committed examples under reports/examples/: the full report of the `last-wins` one-bug
 * host (report.json, report.md, report.html, junit.xml, report.sarif), a screenshot of its report.html taken by headless
 * Chromium, and the matrix of the reference host and every one-bug host.
 *
 *   npx tsx harness/cli/write-examples.ts [--runs N] [--seed S] [--no-matrix]
 *
 * Both run at the controls' seed and run count (suites/expected-failures.ts: seed 7, 3 runs), so they show
 * the answer key itself and suites/examples.test.ts can hold them to it cell by cell: at another seed a
 * property-based run samples other worlds and may find a failure more, or one fewer.
 *
 * Each host runs as its own `mcp-collide run` process, two at a time, exactly as a user would run it.
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { execa } from "execa";
import { findChromium, screenshot } from "../report/headless-chromium.ts";
import { packageRoot } from "./builtin-host.ts";

const bin = join(packageRoot, "harness", "bin", "mcp-collide.js");
// From the package root, as a user runs it from a checkout: report.sarif's locations are paths from there.
const cli = (args: string[]) => execa(process.execPath, [bin, ...args], { reject: false, cwd: packageRoot, env: { NO_COLOR: "1" } });

/** Runs `mcp-collide run` against built-in host `host`, writing into `out`; returns its exit code. */
async function runHost(host: string, out: string, runs: number, seed: number): Promise<number> {
  const result = await cli(["run", "--host", host, "--runs", String(runs), "--seed", String(seed), "--out", out]);
  process.stdout.write(`  ${host.padEnd(24)} exit ${result.exitCode}\n`);
  return result.exitCode ?? 2;
}

/** Writes every example; `examples` is the target directory (reports/examples). */
export async function writeExamples(examples: string, options: { runs: number; seed: number; matrix: boolean }): Promise<void> {
  await mkdir(examples, { recursive: true });
  process.stdout.write(`last-wins report (seed ${options.seed}, ${options.runs} runs per clause):\n`);
  const lastWins = join(examples, "last-wins");
  await runHost("last-wins", lastWins, options.runs, options.seed);
  const chromium = findChromium();
  if (chromium) {
    await screenshot(chromium, join(lastWins, "report.html"), join(examples, "last-wins.png"));
    process.stdout.write(`screenshot: ${join(examples, "last-wins.png")}\n`);
  } else {
    process.stdout.write("no chromium on PATH: screenshot not taken (apt-get install -y chromium)\n");
  }
  if (!options.matrix) return;
  const listed = await execa(process.execPath, [bin, "hosts"]);
  const hosts = ["reference", ...listed.stdout.split("\n").map((line) => line.split("\t")[0]!.trim()).filter(Boolean)];
  const scratch = await mkdtemp(join(tmpdir(), "mcp-collide-examples-"));
  try {
    process.stdout.write(`matrix of ${hosts.length} hosts:\n`);
    const queue = [...hosts];
    const worker = async () => {
      for (let host = queue.shift(); host !== undefined; host = queue.shift()) await runHost(host, join(scratch, host), options.runs, options.seed);
    };
    await Promise.all([worker(), worker()]);
    const labels = hosts.flatMap((host) => ["--label", host]);
    const matrix = await cli(["matrix", ...hosts.map((host) => join(scratch, host, "report.json")), ...labels, "--out", examples]);
    if (matrix.exitCode !== 0) throw new Error(`matrix failed: ${matrix.stderr}`);
    process.stdout.write(`matrix: ${join(examples, "matrix.md")}, ${join(examples, "matrix.html")}\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "3" }, seed: { type: "string", default: "7" }, "no-matrix": { type: "boolean", default: false } } });
  await writeExamples(fileURLToPath(new URL("../../reports/examples/", import.meta.url)), {
    runs: Number(values.runs), seed: Number(values.seed), matrix: !values["no-matrix"],
  });
}
