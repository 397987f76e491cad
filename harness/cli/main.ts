/**
 * `mcp-collide`: the command line. Commands: `run` (the main job), `repro` (one case, verbosely), `matrix`
 * (clauses by hosts from several reports), `schema` (the report's JSON Schema) and `hosts` (the built-in
 * hosts). Returns the exit code rather than exiting, so it can be tested in-process.
 */
import { randomInt } from "node:crypto";
import { join, relative } from "node:path";
import { execa } from "execa";
import { writeFileAtomic } from "../report/atomic-write.ts";
import { applyBaseline, readBaseline, writeBaseline, type BaselineFile } from "../report/baseline.ts";
import { terminalText } from "../report/escape.ts";
import { portableText } from "../report/portable-path.ts";
import { checkOutputFile, prepareOutputDirectory, type OutputDirectory } from "../report/output-directory.ts";
import { reportJsonSchema } from "../report/report-json-schema.ts";
import { REPORT_FILE_NAMES, writeReportFiles } from "../report/write-report.ts";
import { loadSuites } from "../runner/catalogue.ts";
import { runClauses } from "../runner/run-clauses.ts";
import { parseShard, shardOf } from "../runner/shard.ts";
import { mergeMain } from "./merge-main.ts";
import { harnessVersion } from "../version.ts";
import { builtinHostArgv, packageRoot } from "./builtin-host.ts";
import { ConsoleReporter } from "./console-reporter.ts";
import { checkAdapterMain } from "./check-adapter-main.ts";
import { chooseFlaggedHost } from "./host-choice.ts";
import { initMain } from "./init-main.ts";
import { matrixMain } from "./matrix-main.ts";
import { reproMain } from "./repro-main.ts";
import { serveMain } from "./serve-main.ts";
import { parseRunOptions, runHelp, type RunCliOptions } from "./run-options.ts";

const help = `mcp-collide ${harnessVersion}: a property-based conformance harness for MCP hosts that merge tools

Usage:
  mcp-collide run [options] [-- host-adapter-command ...]   run the clause catalogue (see: mcp-collide run --help)
  mcp-collide repro REPORT.json [--clause ID] [--emit FILE]  rerun one failing case verbosely (see: repro --help)
  mcp-collide serve WORLD | REPORT.json --clause ID         serve a hazard world to an app by hand, judge the records (see: serve --help)
  mcp-collide matrix REPORT.json... [--out DIR]             clauses by hosts, from several reports
  mcp-collide merge SHARD.json... [--out DIR]               one report from the report.json of each --shard
  mcp-collide schema [--out FILE]                            the JSON Schema of report.json
  mcp-collide hosts                                          list the built-in hosts (reference and one-bug hosts)
  mcp-collide init [--lang js|ts|python] [DIR]               write a runnable adapter skeleton (see: init --help)
  mcp-collide check-adapter [options] -- adapter-command ... check an adapter's HAP/1 in seconds (see: check-adapter --help)
  mcp-collide --version | --help
`;

async function run(argv: string[]): Promise<number> {
  let options: RunCliOptions;
  let baseline: BaselineFile | undefined;
  try {
    options = parseRunOptions(argv);
  } catch (error) {
    process.stderr.write(`mcp-collide run: ${terminalText((error as Error).message, { multiline: true })}\n\n${runHelp}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(runHelp);
    return 0;
  }
  let output: OutputDirectory;
  try {
    // Checked before the run: a broken baseline or an unusable --out should cost milliseconds, not a run.
    if (options.baseline) baseline = await readBaseline(options.baseline);
    if (options.writeBaseline) await checkOutputFile(options.writeBaseline, "--write-baseline");
    output = await prepareOutputDirectory(options.out, "--out", REPORT_FILE_NAMES);
  } catch (error) {
    process.stderr.write(`mcp-collide run: ${terminalText((error as Error).message, { multiline: true })}\n`);
    return 2;
  }
  try {
    return await runHeld(options, baseline, output.path);
  } finally {
    await output.release();
  }
}

async function runHeld(options: RunCliOptions, baseline: BaselineFile | undefined, out: string): Promise<number> {
  const all = await loadSuites(join(packageRoot, "suites"));
  const unknown = options.clause.filter((id) => !all.some((clause) => clause.id === id));
  if (unknown.length > 0) {
    process.stderr.write(`mcp-collide run: unknown clause ${terminalText(unknown.join(", "))}; known:\n  ${all.map((clause) => clause.id).join("\n  ")}\n`);
    return 2;
  }
  const selected = options.clause.length > 0 ? all.filter((clause) => options.clause.includes(clause.id)) : all;
  let clauses = selected;
  if (options.shard) {
    try {
      clauses = shardOf(selected, parseShard(options.shard));
    } catch (error) {
      process.stderr.write(`mcp-collide run: ${terminalText((error as Error).message, { multiline: true })}\n`);
      return 2;
    }
  }
  const host = chooseFlaggedHost(options);
  const seed = options.seed ?? randomInt(2 ** 31 - 1);
  const replayFile = relative(process.cwd(), join(out, "report.json"));
  const reporter = new ConsoleReporter(process.stdout, process.env, new Set(baseline?.expectedFailures ?? []), {
    file: replayFile.startsWith("..") || replayFile === "" ? join(out, "report.json") : replayFile, builtinHost: host.builtin,
  });
  process.stdout.write(`mcp-collide ${harnessVersion}: ${clauses.length} clause(s), seed ${seed}, constructed cases then ${options.runs} random case(s) per clause, host: ${terminalText(host.label)}\n`);
  let raw;
  try {
    raw = await runClauses({
      clauses, launcher: host.launcher, seed, runs: options.runs, path: options.path, transport: options.transport, https: options.https,
      profile: options.profile, strict: options.strict, caseTimeoutMs: options.caseTimeout,
      workers: options.workers, listChangedTimeoutMs: options.listChangedTimeout, cacheObservations: options.cacheObservations,
      shrinkBudgetMs: options.shrinkBudget, require: options.require,
      onClauseStart: (clause) => reporter.start(clause),
      onClauseEnd: (result) => reporter.end(result),
    });
  } catch (error) {
    process.stderr.write(`mcp-collide run: the harness broke: ${terminalText(String((error as Error).stack ?? error), { multiline: true })}\n`);
    return 2;
  }
  if (options.shard) Object.assign(raw, { shard: options.shard, selection: selected.map((clause) => clause.id) });
  let written;
  try {
    written = await writeReportFiles(applyBaseline(raw, baseline, options.strict, options.baseline && portableText(options.baseline)), out);
  } catch (error) {
    // Checked before the run; something changed --out since (a directory planted at a report's name ...).
    process.stderr.write(`mcp-collide run: cannot write the report in ${terminalText(out)}: ${terminalText((error as Error).message, { multiline: true })}\n`);
    return 2;
  }
  const { report, files } = written;
  reporter.summary(report, files);
  if (options.writeBaseline) {
    const written = await writeBaseline(report, options.writeBaseline);
    process.stdout.write(`baseline: ${options.writeBaseline} (${written.expectedFailures.length} expected failure(s)${report.totals.error > 0 ? "; ERROR clauses are never baselined" : ""})\n`);
  }
  return report.exitCode;
}

async function schema(argv: string[]): Promise<number> {
  const [flag, file, ...rest] = argv;
  if (flag === undefined) {
    process.stdout.write(reportJsonSchema());
    return 0;
  }
  if (flag !== "--out" || !file || rest.length > 0) {
    process.stderr.write("Usage: mcp-collide schema [--out FILE]\n");
    return 2;
  }
  try {
    await writeFileAtomic(await checkOutputFile(file, "--out"), reportJsonSchema());
  } catch (error) {
    process.stderr.write(`mcp-collide schema: ${terminalText((error as Error).message, { multiline: true })}\n`);
    return 2;
  }
  process.stdout.write(`schema: ${file}\n`);
  return 0;
}

async function hosts(): Promise<number> {
  const result = await execa(builtinHostArgv("reference")[0]!, [...builtinHostArgv("reference").slice(1), "--list"], { reject: false });
  process.stdout.write(`${result.stdout}\n`);
  return result.exitCode ?? 2;
}

/** Runs the command line `argv` (without node and the script) and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === "run") return run(rest);
  if (command === "repro") return reproMain(rest);
  if (command === "serve") return serveMain(rest);
  if (command === "matrix") return matrixMain(rest);
  if (command === "merge") return mergeMain(rest);
  if (command === "schema") return schema(rest);
  if (command === "hosts") return hosts();
  if (command === "init") return initMain(rest);
  if (command === "check-adapter") return checkAdapterMain(rest);
  if (command === "--version" || command === "-v") {
    process.stdout.write(`${harnessVersion}\n`);
    return 0;
  }
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(help);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`mcp-collide: unknown command "${terminalText(command)}"\n\n${help}`);
  return 2;
}
