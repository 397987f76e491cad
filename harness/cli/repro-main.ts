/**
 * `mcp-collide repro`: rerun one case of one clause verbosely, from a report (by value) or from a seed and
 * path (regenerated), print everything the host and the servers did, and optionally emit a regression test.
 */
import { join } from "node:path";
import { writeFileAtomic } from "../report/atomic-write.ts";
import { checkOutputFile } from "../report/output-directory.ts";
import { terminalText } from "../report/escape.ts";
import { clipTail } from "../report/report-view.ts";
import { readReport } from "../report/read-report.ts";
import { expandPortableArgv, packageArgv } from "../report/portable-path.ts";
import type { ClauseReport, Report } from "../report/report-model.ts";
import type { Clause } from "../runner/clause.ts";
import { worldBoundsBreach } from "../arbitraries/world-bounds.ts";
import { WorldSchema } from "../world/world.ts";
import { loadSuites } from "../runner/catalogue.ts";
import { hapLauncher } from "../runner/host-launcher.ts";
import type { ServerTransportKind } from "../runner/observe-session.ts";
import { portableShellQuote, reproLineWords } from "../runner/repro-command.ts";
import { packageRoot } from "./builtin-host.ts";
import { regressionTestSource, type EmitOptions } from "./emit-regression-test.ts";
import { formatReplayEvent } from "./format-replay.ts";
import { chooseFlaggedHost, chooseHost, type HostChoice } from "./host-choice.ts";
import { namedHosts } from "./host-flags.ts";
import { replayCase } from "./replay-case.ts";
import { parseReproOptions, reproHelp, type ReproCliOptions } from "./repro-options.ts";
import { parseRunOptions } from "./run-options.ts";

/** Picks the failing clause of a report: the one named, or the only one with a counterexample. */
export function pickClause(report: Report, id: string | undefined, file: string): ClauseReport {
  if (id) {
    const found = report.clauses.find((clause) => clause.id === id);
    if (!found) throw new Error(`${file} has no clause ${id}`);
    if (!found.counterexample) throw new Error(`${file} holds no counterexample for ${id} (status ${found.status}); nothing to replay`);
    return found;
  }
  const failing = report.clauses.filter((clause) => clause.counterexample);
  if (failing.length === 1) return failing[0]!;
  if (failing.length === 0) throw new Error(`${file} holds no counterexample: every clause passed or could not run`);
  throw new Error(`${file} has ${failing.length} failing clauses; pick one with --clause:\n  ${failing.map((clause) => clause.id).join("\n  ")}`);
}

/**
 * Throws unless `value` is a case `clause` could have generated, as far as its worlds show (before any host
 * starts): worlds of the right shape, within the bounds every generated world keeps (servers, tools, bytes).
 */
export function checkCase(clause: Clause, value: unknown, file: string): void {
  const notACase = (why: string) => new Error(`the counterexample for ${clause.id} in ${file} is not a case of ${clause.id} (was the report edited, or written by another version of the suites?): ${why}`);
  let worlds;
  try {
    worlds = clause.worlds(value).map((world) => WorldSchema.parse(world));
  } catch (error) {
    throw notACase((error as Error).message.split("\n")[0]!);
  }
  const breach = worldBoundsBreach(worlds);
  if (breach) throw notACase(`${breach}; nothing was started`);
}

interface Plan {
  clause: Clause;
  value?: unknown;
  host: HostChoice;
  emitHost: EmitOptions["host"];
  transport?: ServerTransportKind;
  profile?: string;
  from?: ClauseReport;
  hostName: string;
  /** The recorded command this replay runs, when the user trusted it. */
  trusted?: string;
  /** Said before the replay (why a flag was not followed). */
  note?: string;
}

async function findClause(id: string): Promise<Clause> {
  const clause = (await loadSuites(join(packageRoot, "suites"))).find((candidate) => candidate.id === id);
  if (!clause) throw new Error(`unknown clause ${id}`);
  return clause;
}

/**
 * The flags that named an agent CLI or a gateway in the run that wrote `report` (`--agent opencode`,
 * `--gateway mcp-hub --gateway-no-isolation` ...), read from its repro lines, which name the host as the run
 * was told to; undefined for any other host, or a line this version cannot read. Only ever shown, never
 * followed: an agent's or a gateway's module or binary path in it is a file's word for what to run.
 */
export function recordedHostFlags(report: Report, from: ClauseReport): string[] | undefined {
  const line = from.repro ?? report.clauses.find((clause) => clause.repro !== undefined)?.repro;
  const words = line === undefined ? undefined : reproLineWords(line);
  if (!words || words.slice(0, 3).join(" ") !== "npx mcp-collide run") return undefined;
  let run;
  try {
    run = parseRunOptions(words.slice(3));
  } catch {
    return undefined;
  }
  if (!run.agent && !run.agentModule && !run.gateway && !run.gatewayModule) return undefined;
  return chooseFlaggedHost(run).launcher.reproArgs;
}

/**
 * The host a report is replayed against. Policy: never a command taken from the file unless the user said
 * so (--trust-report-command), and then with the package's own files taken from the package; a built-in
 * host is named, not a command, so its report replays that host whatever the flag says.
 */
function reportHost(report: Report, from: ClauseReport, options: ReproCliOptions): Pick<Plan, "host" | "emitHost" | "trusted" | "note"> {
  const file = options.report!;
  if (report.builtinHost) {
    const note = options.trustReportCommand
      ? `the report names the built-in host ${report.builtinHost}: replaying it; the recorded host command is not run (--trust-report-command is not needed)`
      : undefined;
    return { host: chooseHost({ ...options, host: report.builtinHost, hostArgv: [] }), emitHost: { builtin: report.builtinHost }, note };
  }
  const flags = recordedHostFlags(report, from);
  const recorded = report.hostCommand.join(" ");
  if (flags && !options.trustReportCommand) {
    const shown = flags.map(portableShellQuote).join(" ");
    const paths = flags.some((flag) => /^--(agent-module|agent-bin|gateway-module)$/.test(flag));
    throw new Error(`${file} was made with run ${shown} (its host: ${report.host.name} ${report.host.version}). Replay its case on that host with:\n` +
      `  mcp-collide repro ${portableShellQuote(file)} --clause ${from.id} ${shown}\n` +
      (paths ? "(the paths in those flags are the report's: a report is a file anyone may have written, so read them first)\n" : "") +
      "or on a host of your own with --host NAME, --agent ID, --gateway ID or -- <your host command>. repro never runs a command taken from a file;\n" +
      `once you have read the recorded adapter command (${recorded}) and trust it, --trust-report-command runs it as recorded.`);
  }
  if (report.hostCommand.length === 0) throw new Error(`${file} was written for an in-process host; name one with --host NAME or "-- argv"`);
  if (!options.trustReportCommand) {
    throw new Error(`${file} was made with the host command: ${recorded}\n` +
      "repro never runs a command taken from a file. Give your host command after -- (also how a report made on another machine is replayed):\n" +
      `  mcp-collide repro ${file} --clause ${from.id} -- <your host command>\n` +
      "or, once you have read the recorded command and trust it, add --trust-report-command to run it as recorded.");
  }
  const argv = packageArgv(expandPortableArgv(report.hostCommand));
  const launcher = hapLauncher({ argv, requestTimeoutMs: options.timeout, maxLineBytes: options.maxLineBytes });
  return { host: { launcher, label: argv.join(" ") }, emitHost: { argv }, trusted: recorded };
}

async function plan(options: ReproCliOptions): Promise<Plan> {
  const explicitHost = namedHosts(options, options.hostArgv) > 0;
  const chosen = chooseFlaggedHost(options);
  // An agent's or a gateway's adapter command is the one its flags start: the emitted test starts the same.
  const emitHost = (choice: HostChoice): EmitOptions["host"] => (choice.builtin ? { builtin: choice.builtin } : { argv: [...choice.launcher.command] });
  if (!options.report) {
    return { clause: await findClause(options.clause!), host: chosen, emitHost: emitHost(chosen), transport: options.transport, profile: options.profile, hostName: chosen.label };
  }
  const report = await readReport(options.report);
  const from = pickClause(report, options.clause, options.report);
  const clause = await findClause(from.id);
  const value = from.counterexample!.value;
  checkCase(clause, value, options.report);
  const transport = options.transport ?? (report.transport === "stdio" || report.transport === "http" ? report.transport : undefined);
  const base = { clause, value, transport, profile: options.profile ?? report.profile, from, hostName: `${report.host.name} ${report.host.version}` };
  if (explicitHost) return { ...base, host: chosen, emitHost: emitHost(chosen) };
  return { ...base, ...reportHost(report, from, options) };
}

/** Runs `mcp-collide repro` with `argv` (after the word `repro`); returns the exit code. */
export async function reproMain(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  let options: ReproCliOptions;
  let steps: Plan;
  let emitFile: string | undefined;
  try {
    options = parseReproOptions(argv);
    if (options.help) {
      out.write(reproHelp);
      return 0;
    }
    steps = await plan(options);
    if (options.emit) emitFile = await checkOutputFile(options.emit, "--emit");
  } catch (error) {
    err.write(`mcp-collide repro: ${terminalText((error as Error).message, { multiline: true })}\n`);
    return 2;
  }
  const { clause } = steps;
  if (steps.note) out.write(`mcp-collide repro: ${terminalText(steps.note)}\n`);
  if (steps.trusted) out.write(`mcp-collide repro: running the host command recorded in the report (--trust-report-command): ${terminalText(steps.trusted)}\n`);
  const origin = steps.from ? `the counterexample in ${options.report}` : `seed ${options.seed}, path ${options.path}`;
  out.write(`mcp-collide repro: ${clause.id} (${clause.level}) against ${terminalText(steps.host.label)}, from ${terminalText(origin)}\n  the host must ${clause.summary}\n\n`);
  const result = await replayCase({
    clause, launcher: steps.host.launcher, value: steps.value, seed: options.seed, path: options.path,
    transport: steps.transport, profile: steps.profile, caseTimeoutMs: options.caseTimeout,
    log: (event) => out.write(`${formatReplayEvent(event).join("\n")}\n`),
  });
  if (result.broke === "harness" && steps.from) {
    err.write(`mcp-collide repro: the counterexample for ${clause.id} in ${terminalText(options.report!)} is not a case of ${clause.id} this harness can replay (not the host's doing): ${terminalText(result.reason)}\n`);
    return 2;
  }
  out.write(`\n${result.verdict.toUpperCase()}: ${result.verdict === "violated" ? "the clause was violated" : terminalText(result.reason)}\n`);
  if (result.outcome && !result.outcome.ok) out.write(`  expected: ${terminalText(result.outcome.expected)}\n  observed: ${terminalText(result.outcome.observed)}\n`);
  if (result.verdict === "error" && result.stderrTail) out.write(`  host stderr (tail):\n    ${clipTail(result.stderrTail, 8000, 20).split("\n").map((line) => terminalText(line)).join("\n    ")}\n`);
  if (steps.from) {
    const failed = steps.from.status !== "pass";
    const same = failed === (result.verdict === "violated" || result.verdict === "error");
    out.write(`  the report said ${steps.from.status.toUpperCase()}: ${same ? "reproduced" : "NOT reproduced (the host or the suites changed, or the failure is flaky)"}\n`);
  }
  if (emitFile && result.value !== undefined) {
    const file = emitFile;
    await writeFileAtomic(file, regressionTestSource({
      file, clause, value: result.value, host: steps.emitHost, transport: result.transport, profile: steps.profile, expect: options.expect,
      origin: { hostName: result.host ? `${result.host.host.name} ${result.host.host.version}` : steps.hostName, seed: options.seed ?? steps.from?.seed, path: options.path ?? steps.from?.path, report: options.report, observed: result.outcome && !result.outcome.ok ? result.outcome.observed : undefined },
    }));
    out.write(`regression test: ${file} (run it with: npx vitest run ${file})\n`);
  }
  return result.verdict === "pass" ? 0 : result.verdict === "violated" ? 1 : 2;
}
