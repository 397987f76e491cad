/**
 * A full report of each pinned agent CLI, timed (`npm run bench:agent-reports`; `-- --json`, `-- --only ID,ID`,
 * `-- --against N`): `mcp-collide run --agent ID` at its default (the coverage plan, then a few random cases per
 * clause, a shrink budget) beside the same run at `--runs N` with no shrink budget (default 10: how the
 * committed agent reports were made before coverage plans), each a CLI process of its own timed from spawn to
 * exit, the two sides alternating per CLI. A CLI that `npm run agents:install` did not install is skipped,
 * visibly. The goal: a full, conclusive default report of each CLI in at most 8 minutes on a 2-core machine
 * at rest (`conclusive`: no ERROR, and no MUST clause INCONCLUSIVE).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { AGENT_DEFAULT_RUNS, agentCliRegistry, packageRoot, ReportSchema } from "../harness/index.ts";
import { round } from "./measure.ts";

/** Every registered agent CLI (harness/cli/agent-registry.ts), in its default variant. */
const CLIS = agentCliRegistry;
/** The goal for one default report, in minutes. */
export const GOAL_MINUTES = 8;

/** One timed report. */
interface Timed {
  runs: number;
  minutes: number;
  exitCode: number | null;
  conclusive: boolean;
  totals?: Record<string, number>;
}

/** Runs one full report of `id` with `args`; its wall time, exit code and whether it was conclusive. */
function report(id: string, args: string[]): Timed {
  const out = mkdtempSync(join(tmpdir(), "mcp-collide-bench-"));
  try {
    const started = performance.now();
    const run = spawnSync(process.execPath, [join(packageRoot, "harness/bin/mcp-collide.js"), "run", "--agent", id, "--seed", "2026", "--out", out, ...args], { encoding: "utf8", cwd: packageRoot });
    const minutes = round((performance.now() - started) / 60_000);
    const file = join(out, "report.json");
    if (!existsSync(file)) return { runs: NaN, minutes, exitCode: run.status, conclusive: false };
    const written = ReportSchema.parse(JSON.parse(readFileSync(file, "utf8")));
    const conclusive = written.clauses.every((clause) => clause.status !== "error" && !(clause.status === "inconclusive" && clause.level === "MUST"));
    return { runs: written.runs, minutes, exitCode: run.status, conclusive, totals: written.totals };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const { values } = parseArgs({ options: { json: { type: "boolean" }, only: { type: "string" }, against: { type: "string", default: "10" } } });
const log = (line: string) => { if (!values.json) process.stdout.write(`${line}\n`); };
const results: Record<string, unknown> = { cores: availableParallelism(), load: { before: loadavg().map((l) => round(l)) }, goalMinutes: GOAL_MINUTES };
for (const cli of CLIS.filter((entry) => !values.only || values.only.split(",").includes(entry.id))) {
  if (!existsSync(join(packageRoot, "hosts/agent-clis/node_modules/.bin", cli.bin))) {
    log(`${cli.id}: skipped, not installed (npm run agents:install)`);
    results[cli.id] = null;
    continue;
  }
  const now = report(cli.id, []);
  const before = report(cli.id, ["--runs", values.against, "--shrink-budget", "100000000"]);
  results[cli.id] = { default: now, previous: before, ratio: round(now.minutes / before.minutes) };
  log(`${cli.id}: default (${AGENT_DEFAULT_RUNS} random/clause) ${now.minutes} min, ${now.conclusive ? "conclusive" : "NOT conclusive"}, exit ${now.exitCode} ${JSON.stringify(now.totals)}; ` +
    `--runs ${values.against} ${before.minutes} min, exit ${before.exitCode} ${JSON.stringify(before.totals)}; goal <= ${GOAL_MINUTES} min: ${now.minutes <= GOAL_MINUTES && now.conclusive ? "met" : "NOT met"}`);
}
(results.load as Record<string, number[]>).after = loadavg().map((l) => round(l));
log(`load average before ${JSON.stringify((results.load as Record<string, number[]>).before)}, after ${JSON.stringify((results.load as Record<string, number[]>).after)}`);
if (values.json) process.stdout.write(`${JSON.stringify(results)}\n`);
