/**
 * `mcp-collide`: the command line. Commands: `run` (the main job) and `hosts` (the built-in hosts).
 * Returns the exit code rather than exiting, so it can be tested in-process.
 */
import { randomInt } from "node:crypto";
import { join } from "node:path";
import { execa } from "execa";
import { writeReport } from "../report/write-report.ts";
import { loadSuites } from "../runner/catalogue.ts";
import { hapLauncher } from "../runner/host-launcher.ts";
import { runClauses } from "../runner/run-clauses.ts";
import { harnessVersion } from "../version.ts";
import { builtinHostArgv, packageRoot } from "./builtin-host.ts";
import { ConsoleReporter } from "./console-reporter.ts";
import { parseRunOptions, runHelp } from "./run-options.ts";

const help = `mcp-collide ${harnessVersion}: a property-based conformance harness for MCP hosts that merge tools

Usage:
  mcp-collide run [options] [-- host-adapter-command ...]   run the clause catalogue (see: mcp-collide run --help)
  mcp-collide hosts                                          list the built-in hosts (reference and one-bug hosts)
  mcp-collide --version | --help
`;

async function run(argv: string[]): Promise<number> {
  let options;
  try {
    options = parseRunOptions(argv);
  } catch (error) {
    process.stderr.write(`mcp-collide run: ${(error as Error).message}\n\n${runHelp}`);
    return 2;
  }
  if (options.help) {
    process.stdout.write(runHelp);
    return 0;
  }
  const all = await loadSuites(join(packageRoot, "suites"));
  const unknown = options.clause.filter((id) => !all.some((clause) => clause.id === id));
  if (unknown.length > 0) {
    process.stderr.write(`mcp-collide run: unknown clause ${unknown.join(", ")}; known:\n  ${all.map((clause) => clause.id).join("\n  ")}\n`);
    return 2;
  }
  const clauses = options.clause.length > 0 ? all.filter((clause) => options.clause.includes(clause.id)) : all;
  const builtin = options.hostArgv.length === 0 ? (options.host ?? "reference") : undefined;
  const argvOfHost = builtin ? builtinHostArgv(builtin) : options.hostArgv;
  const launcher = hapLauncher(
    { argv: argvOfHost, requestTimeoutMs: options.timeout },
    builtin ? (builtin === "reference" ? [] : ["--host", builtin]) : ["--", ...options.hostArgv],
  );
  const seed = options.seed ?? randomInt(2 ** 31 - 1);
  const reporter = new ConsoleReporter();
  process.stdout.write(`mcp-collide ${harnessVersion}: ${clauses.length} clause(s), seed ${seed}, ${options.runs} run(s) each, host: ${builtin ?? options.hostArgv.join(" ")}\n`);
  let report;
  try {
    report = await runClauses({
      clauses, launcher, seed, runs: options.runs, path: options.path, transport: options.transport,
      profile: options.profile, strict: options.strict, caseTimeoutMs: options.caseTimeout,
      onClauseStart: (clause) => reporter.start(clause),
      onClauseEnd: (result) => reporter.end(result),
    });
  } catch (error) {
    process.stderr.write(`mcp-collide run: the harness broke: ${(error as Error).stack ?? error}\n`);
    return 2;
  }
  const written = await writeReport(report, options.out);
  reporter.summary(report, written);
  return report.exitCode;
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
  if (command === "hosts") return hosts();
  if (command === "--version" || command === "-v") {
    process.stdout.write(`${harnessVersion}\n`);
    return 0;
  }
  if (command === undefined || command === "--help" || command === "-h" || command === "help") {
    process.stdout.write(help);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`mcp-collide: unknown command "${command}"\n\n${help}`);
  return 2;
}

