/**
 * One default run of the reference in a process of its own, for the bench: both sides of a default-run
 * ratio are this script, spawned the same way and timed until it exits, so neither side starts warm or
 * skips its own start-up.
 *
 *   node --import tsx bench/default-run.ts --launcher in-process|hap --transport memory|http|stdio
 *                                          --runs N --workers N --seed N
 *
 * Prints one JSON line: the report's content hash and totals. Exit 0 when every clause passed, else 1.
 */
import { parseArgs } from "node:util";
import { builtinHostArgv, contentSha256, hapLauncher, inProcessLauncher, runClauses, type ServerTransportKind } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "../suites/index.ts";

const { values } = parseArgs({
  options: {
    launcher: { type: "string" },
    transport: { type: "string" },
    runs: { type: "string" },
    workers: { type: "string" },
    seed: { type: "string" },
  },
});
const launcher = values.launcher === "in-process" ? inProcessLauncher(() => createHost()) : hapLauncher({ argv: builtinHostArgv("reference") });
const report = await runClauses({
  clauses, launcher, transport: values.transport as ServerTransportKind,
  runs: Number(values.runs), workers: Number(values.workers), seed: Number(values.seed),
});
process.stdout.write(`${JSON.stringify({ hash: contentSha256(report), totals: report.totals })}\n`);
process.exit(report.totals.pass === report.clauses.length ? 0 : 1);
