/**
 * `mcp-collide serve`: serve one hazard world to an app by hand until interrupted, then judge what its
 * servers (and the fake model provider) recorded. Stopping is the normal end: SIGINT, SIGTERM or SIGHUP stops
 * every server and the provider, then the report is written; a second signal exits at once.
 */
import { dirname, join } from "node:path";
import { mkdir } from "node:fs/promises";
import { writeFileAtomic } from "../report/atomic-write.ts";
import { terminalText } from "../report/escape.ts";
import { makeDirectory, prepareOutputDirectory } from "../report/output-directory.ts";
import { readReport } from "../report/read-report.ts";
import { REPORT_FILE_NAMES, writeReportFiles } from "../report/write-report.ts";
import { loadSuites } from "../runner/catalogue.ts";
import type { Clause } from "../runner/clause.ts";
import { checklistLines } from "../serve/checklist.ts";
import { hostConfigs } from "../serve/host-configs.ts";
import { servedWorld, servedWorlds, transportOf, type ServedWorldSpec } from "../serve/serve-catalogue.ts";
import { serveReport } from "../serve/serve-report.ts";
import { startServedWorld } from "../serve/served-world.ts";
import { packageRoot } from "./builtin-host.ts";
import { checkCase, pickClause } from "./repro-main.ts";
import { parseServeOptions, serveHelp, type ServeCliOptions } from "./serve-options.ts";

/** How serve learns it is to stop: the process's signals, or a test's promise. */
export interface ServeIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Resolves with what stopped serve (default: the first SIGINT, SIGTERM or SIGHUP). */
  stopped?: Promise<string>;
}

/** The first of SIGINT, SIGTERM, SIGHUP; a second one exits the process at once. */
function signalled(stderr: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve) => {
    const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
    const first = (signal: string) => {
      for (const name of signals) process.removeListener(name, first);
      for (const [name, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]] as const) {
        process.once(name, () => {
          stderr.write(`\nmcp-collide serve: ${name} again: exiting without a report\n`);
          process.exit(code);
        });
      }
      resolve(signal);
    };
    for (const name of signals) process.once(name, first);
  });
}

/** The world a target names: a world of the catalogue, or the main world of a report's failing case. */
async function resolveWorld(options: ServeCliOptions, clauses: readonly Clause[]): Promise<ServedWorldSpec> {
  const target = options.target!;
  if (!options.clause) {
    const spec = servedWorld(target);
    if (!spec) throw new Error(`no world named "${target}"; serve --list names them`);
    return spec;
  }
  const report = await readReport(target);
  const found = pickClause(report, options.clause, target);
  const clause = clauses.find((candidate) => candidate.id === found.id);
  if (!clause) throw new Error(`unknown clause ${found.id}`);
  const value = found.counterexample!.value;
  checkCase(clause, value, target);
  const [world, ...others] = clause.worlds(value);
  const describe = clause.describeWorlds?.(value)[0];
  return {
    name: `${target}#${clause.id}`,
    title: `the failing case of ${clause.id}${describe ? ` (${describe})` : ""}${others.length > 0 ? `; its ${others.length} further world(s), which the case compares with this one, are not served` : ""}`,
    world: world!,
    transport: transportOf(world!),
  };
}

function listWorlds(stdout: NodeJS.WritableStream): number {
  const worlds = servedWorlds();
  const width = Math.max(...worlds.map((spec) => spec.name.length));
  for (const spec of worlds) stdout.write(`${spec.name.padEnd(width)}  ${spec.title}\n`);
  return 0;
}

/** Runs `serve` with `argv` (without the word `serve`) and returns the exit code. */
export async function serveMain(argv: string[], io: ServeIo = { stdout: process.stdout, stderr: process.stderr }): Promise<number> {
  const { stdout, stderr } = io;
  let options: ServeCliOptions;
  try {
    options = parseServeOptions(argv);
  } catch (error) {
    stderr.write(`mcp-collide serve: ${terminalText((error as Error).message, { multiline: true })}\n\n${serveHelp}`);
    return 2;
  }
  if (options.help) {
    stdout.write(serveHelp);
    return 0;
  }
  if (options.list) return listWorlds(stdout);
  const clauses = await loadSuites(join(packageRoot, "suites"));
  let spec: ServedWorldSpec;
  let output;
  try {
    spec = await resolveWorld(options, clauses);
    output = await prepareOutputDirectory(options.out, "--out", REPORT_FILE_NAMES);
  } catch (error) {
    stderr.write(`mcp-collide serve: ${terminalText((error as Error).message, { multiline: true })}\n`);
    return 2;
  }
  try {
    return await serveHeld(options, spec, clauses, output.path, io);
  } finally {
    await output.release();
  }
}

async function serveHeld(options: ServeCliOptions, spec: ServedWorldSpec, clauses: readonly Clause[], out: string, io: ServeIo): Promise<number> {
  const { stdout, stderr } = io;
  const stopped = io.stopped ?? signalled(stderr);
  const startedAt = new Date();
  const transport = options.transport ?? spec.transport;
  const served = await startServedWorld(spec, { transport, provider: options.provider, listChangedTimeoutMs: options.listChangedTimeout });
  try {
    const configs = hostConfigs(served.endpoints);
    stdout.write(`mcp-collide serve: world "${terminalText(spec.name)}": ${terminalText(spec.title)}\n`);
    stdout.write(`${served.endpoints.length} server(s) over ${transport}, on 127.0.0.1\n\n`);
    for (const config of configs) {
      stdout.write(`--- ${config.file}: ${config.host} ---\n${config.json === undefined ? `(${config.note})` : JSON.stringify(config.json, null, 2)}\n`);
    }
    stdout.write("---\n");
    if (served.provider) {
      stdout.write(`\nfake model provider (${served.provider.frontEnd}): base URL ${served.provider.baseUrl}, API key ${served.provider.apiKey}\n`);
    }
    if (options.writeConfig) {
      const root = await makeDirectory(options.writeConfig, "--write-config");
      for (const config of configs) {
        if (config.json === undefined) continue;
        const file = join(root, config.file);
        await mkdir(dirname(file), { recursive: true });
        await writeFileAtomic(file, `${JSON.stringify(config.json, null, 2)}\n`);
      }
      stdout.write(`\nconfigurations written under ${terminalText(options.writeConfig)}\n`);
    }
    stdout.write(`\nchecklist:\n${checklistLines(spec.world, clauses).map((line) => `  ${terminalText(line)}\n`).join("")}`);
    served.onDrift((what) => stdout.write(`\n"${spec.drift!.server}" ${what} and sent notifications/tools/list_changed\n`));
    stdout.write(`\nserving until Ctrl-C (SIGINT) or SIGTERM; then the report goes to ${terminalText(out)}\n`);
    const signal = await stopped;
    stdout.write(`\nmcp-collide serve: ${signal}: stopping the servers and judging their records\n`);
  } catch (error) {
    await served.stop();
    throw error;
  }
  const records = await served.stop();
  const report = serveReport(clauses, records, {
    world: spec.name, title: spec.title, transport, provider: options.provider, app: options.app, startedAt, durationMs: Date.now() - startedAt.getTime(),
  });
  let written;
  try {
    written = await writeReportFiles(report, out);
  } catch (error) {
    stderr.write(`mcp-collide serve: cannot write the report in ${terminalText(out)}: ${terminalText((error as Error).message, { multiline: true })}\n`);
    return 2;
  }
  for (const clause of written.report.clauses.filter((candidate) => candidate.status !== "not-applicable")) {
    stdout.write(`  ${clause.status.toUpperCase().padEnd(12)} ${clause.id}: ${terminalText(clause.reason)}\n`);
  }
  stdout.write(`${written.report.totals["not-applicable"] ?? 0} clause(s) NOT-APPLICABLE (serve mode cannot see them)\nreport: ${terminalText(written.files.json)}\n`);
  return written.report.exitCode;
}
