/**
 * Writes reports/examples/matrix.md and matrix.html from in-process runs of the reference host and every one-bug
 * host at the controls' seed and run count (controlRun: seed 7, 3 runs), the same runs suites/controls.test.ts
 * judges. harness/cli/write-examples.ts writes the same matrix through `mcp-collide run` processes, as a user
 * would run them; with 67 hosts that takes about an hour on 2 cores, this about a quarter of it.
 *
 *   npx tsx suites/write-matrix.ts [--parts N]     (N processes side by side; default 2)
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { execa } from "execa";
import { packageRoot, writeReportFiles } from "../harness/index.ts";
import { oneBugHosts } from "../reference/index.ts";
import { controlReport } from "./control-report.ts";

const hosts = ["reference", ...Object.keys(oneBugHosts)];
const { values } = parseArgs({ options: { parts: { type: "string", default: "2" }, part: { type: "string" }, scratch: { type: "string" } } });

if (values.part !== undefined) {
  // One part: every host whose index is this part modulo the parts, each report written under the scratch folder.
  const [part, parts] = [Number(values.part), Number(values.parts)];
  for (const [index, host] of hosts.entries()) {
    if (index % parts !== part) continue;
    const report = await controlReport(host === "reference" ? undefined : host);
    await writeReportFiles(report, join(values.scratch!, host));
    process.stdout.write(`  ${host.padEnd(32)} exit ${report.exitCode}\n`);
  }
} else {
  const scratch = await mkdtemp(join(tmpdir(), "mcp-collide-matrix-"));
  try {
    const parts = Number(values.parts);
    const self = fileURLToPath(import.meta.url);
    await Promise.all(Array.from({ length: parts }, (_, part) => new Promise<void>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", self, "--parts", String(parts), "--part", String(part), "--scratch", scratch], { stdio: "inherit", cwd: packageRoot });
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`part ${part} exited ${code}`))));
    })));
    const bin = join(packageRoot, "harness", "bin", "mcp-collide.js");
    const matrix = await execa(process.execPath, [bin, "matrix", ...hosts.map((host) => join(scratch, host, "report.json")), ...hosts.flatMap((host) => ["--label", host]), "--out", join(packageRoot, "reports", "examples")], { reject: false, cwd: packageRoot });
    if (matrix.exitCode !== 0) throw new Error(`matrix failed: ${matrix.stderr}`);
    process.stdout.write(`matrix of ${hosts.length} hosts written to reports/examples/\n`);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
