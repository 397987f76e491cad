/**
 * `npm run bench:hashes`: the check that a speed change changed nothing a report says. It runs the default
 * run (`runClauses`, one worker per core) for every host x transport x seed asked for, in-process ("memory")
 * and through HAP/1 (the built-in host as a command, as the CLI runs it), and prints each report's content
 * hash. With `--against REF` it does the same on a temporary checkout of that git ref (sharing this tree's
 * node_modules) and exits 1 when any hash differs; `--repeat N` runs each combination N times per tree, so a
 * host whose report is not stable run to run shows up as such rather than as a change.
 *
 *   npm run bench:hashes -- [--against main] [--hosts reference,arrival-order] [--transports memory,http,stdio]
 *                           [--seeds 1,7,2026] [--runs 25] [--stdio-runs 25] [--repeat 1]
 *
 * The temporary checkout is removed on exit, on a signal too.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

const here = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    against: { type: "string" },
    hosts: { type: "string", default: "reference,arrival-order,last-wins" },
    transports: { type: "string", default: "memory,http,stdio" },
    seeds: { type: "string", default: "1,7,2026" },
    runs: { type: "string", default: "25" },
    "stdio-runs": { type: "string" },
    repeat: { type: "string", default: "1" },
    /** Internal: compute the hashes of the tree at this root and print them as JSON. */
    root: { type: "string" },
  },
});

type Transport = "memory" | "http" | "stdio";
interface Row {
  host: string;
  transport: Transport;
  seed: number;
  runs: number;
  hashes: string[];
  failed: string[];
}

const list = (text: string) => text.split(",").map((item) => item.trim()).filter(Boolean);
const hosts = list(values.hosts!);
const transports = list(values.transports!) as Transport[];
const seeds = list(values.seeds!).map(Number);
const runs = Number(values.runs);
const stdioRuns = Number(values["stdio-runs"] ?? values.runs);
const repeat = Number(values.repeat);

if (values.root !== undefined) {
  process.stdout.write(`${JSON.stringify(await hashesOf(resolve(values.root)))}\n`);
  process.exit(0);
}

/** Runs every combination on the tree at `root`, importing that tree's own harness, suites and reference. */
async function hashesOf(root: string): Promise<Row[]> {
  const load = (file: string) => import(pathToFileURL(join(root, file)).href);
  const harness = await load("harness/index.ts");
  const { clauses } = await load("suites/index.ts");
  const { createHost } = await load("reference/index.ts");
  const rows: Row[] = [];
  for (const host of hosts) {
    for (const transport of transports) {
      for (const seed of seeds) {
        const bug = host === "reference" ? undefined : host;
        const row: Row = { host, transport, seed, runs: transport === "stdio" ? stdioRuns : runs, hashes: [], failed: [] };
        for (let i = 0; i < repeat; i++) {
          const launcher = transport === "memory"
            ? harness.inProcessLauncher(() => createHost(bug))
            : harness.hapLauncher({ argv: harness.builtinHostArgv(host) });
          const report = await harness.runClauses({ clauses, launcher, seed, runs: row.runs, transport, workers: availableParallelism() });
          row.hashes.push(harness.contentSha256(report));
          row.failed = report.clauses.filter((c: { status: string }) => c.status !== "pass" && c.status !== "not-applicable").map((c: { id: string; status: string }) => `${c.id}:${c.status}`);
        }
        rows.push(row);
        process.stderr.write(`${root}: ${host} ${transport} seed ${seed}: ${row.hashes.map((h) => h.slice(0, 12)).join(" ")}\n`);
      }
    }
  }
  return rows;
}

/** Runs this script on `root` in a child process (a fresh module graph per tree). */
function childHashes(root: string): Promise<Row[]> {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), "--root", root, "--hosts", hosts.join(","), "--transports", transports.join(","),
    "--seeds", seeds.join(","), "--runs", String(runs), "--stdio-runs", String(stdioRuns), "--repeat", String(repeat)];
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolvePromise(JSON.parse(out)) : reject(new Error(`hashes of ${root}: exit ${code}`))));
  });
}

let scratch: string | undefined;
const cleanUp = () => {
  if (scratch === undefined) return;
  try {
    execFileSync("git", ["-C", here, "worktree", "remove", "--force", join(scratch, "tree")], { stdio: "ignore" });
  } catch {
    // not created yet, or already gone
  }
  rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
};
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.once(signal, () => { cleanUp(); process.exit(130); });

let exitCode = 0;
try {
  const mine = await childHashes(here);
  let theirs: Row[] | undefined;
  if (values.against !== undefined) {
    scratch = mkdtempSync(join(tmpdir(), "mcp-collide-hashes-"));
    const tree = join(scratch, "tree");
    execFileSync("git", ["-C", here, "worktree", "add", "--detach", tree, values.against], { stdio: "ignore" });
    symlinkSync(join(here, "node_modules"), join(tree, "node_modules"));
    theirs = await childHashes(tree);
  }
  const line = (cells: string[]) => `| ${cells.join(" | ")} |\n`;
  process.stdout.write(line(["host", "transport", "seed", "runs", "this tree", ...(theirs ? [values.against!, "same"] : []), "not pass"]));
  process.stdout.write(line(Array(theirs ? 8 : 6).fill("---")));
  for (const row of mine) {
    const other = theirs?.find((r) => r.host === row.host && r.transport === row.transport && r.seed === row.seed);
    const stable = new Set(row.hashes).size === 1;
    const same = other !== undefined && stable && new Set(other.hashes).size === 1 && other.hashes[0] === row.hashes[0];
    if (!stable || (theirs && !same)) exitCode = 1;
    const short = (hashes: string[]) => [...new Set(hashes.map((h) => h.slice(0, 12)))].join(", ");
    process.stdout.write(line([row.host, row.transport, String(row.seed), String(row.runs), short(row.hashes),
      ...(theirs ? [other ? short(other.hashes) : "-", same ? "yes" : "NO"] : []), row.failed.join(" ") || "-"]));
  }
} finally {
  cleanUp();
}
process.exit(exitCode);
