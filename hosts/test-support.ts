/**
 * For the real-host tests: small hand-built worlds, and one harness run that opens each of them on an
 * adapter (one adapter process for all of them) and hands back what the host showed and did. The run is
 * the harness's own (`runClauses` with one single-case clause per world), so the adapter is driven exactly
 * as in a real run; only harness/index.ts is used.
 */
import fc from "fast-check";
import {
  defineClause,
  describeTool,
  hapLauncher,
  hostEntry,
  missingInstall,
  observeContext,
  packageRoot,
  paced,
  runClauses,
  WorldSchema,
  withLifecycleWorld,
  type ClauseEnvironment,
  type ContextObservation,
  type LifecycleWorld,
  type LocalShape,
  type ObserveOptions,
  type SessionObservation,
  type World,
} from "../harness/index.ts";
import { adapterArgv, manifestOf, needsOf } from "./library-report-entry.ts";
import { launchArgv } from "./real-host.ts";

/** A world from [key, tools] pairs (optionally a third item: the serverInfo.name the server claims). */
export function world(...servers: Array<[string, string[]] | [string, string[], string]>): World {
  return WorldSchema.parse({
    servers: servers.map(([key, tools, info]) => ({
      key,
      serverInfo: { name: info ?? key, version: "1.0.0" },
      tools: tools.map((name) => ({ name, description: describeTool(key, name), inputSchema: { type: "object", properties: { probe: { type: "string" } } } })),
    })),
  });
}

/** `stem` padded with "x" to `length`. */
export const long = (stem: string, length: number) => stem + "x".repeat(length - stem.length);

export interface Probe {
  world: World;
  options?: ObserveOptions;
}

/** One session per probe, all on one adapter process; throws with the adapter's stderr when it broke. */
export async function observe<K extends string>(
  argv: readonly string[],
  probes: Record<K, Probe>,
  transport: "stdio" | "http" = "http",
  requestTimeoutMs?: number,
): Promise<Record<K, SessionObservation>> {
  const seen = {} as Record<K, SessionObservation>;
  const clauses = (Object.entries(probes) as Array<[K, Probe]>).map(([name, probe]) => defineClause({
    id: `probe/${name}`,
    level: "MUST",
    summary: `observe ${name}`,
    sources: [],
    arbitrary: () => fc.constant(probe),
    worlds: (value: Probe) => [value.world],
    requires: [],
    async check(env, value: Probe) {
      seen[name] = await env.observe(value.world, value.options);
      return { ok: true, judged: [] };
    },
  }));
  // A host given longer per request (an agent CLI: a start costs seconds, a loaded machine many) gets longer per
  // case, the naming probe's included: a case makes several requests, and one the case timeout cut short would
  // make a host that was only slow an ERROR (or cost a relaunch, guarded-host.ts), however long a request may take.
  const caseTimeoutMs = requestTimeoutMs === undefined ? undefined : 2 * requestTimeoutMs;
  const report = await runClauses({ clauses, launcher: hapLauncher({ argv: launchArgv(argv), cwd: packageRoot, requestTimeoutMs: requestTimeoutMs ?? paced(START_PATIENCE_MS) }), seed: 1, runs: 1, transport, caseTimeoutMs });
  const broken = report.clauses.filter((clause) => clause.status !== "pass");
  if (broken.length > 0) {
    throw new Error(broken.map((clause) => `${clause.id}: ${clause.status} ${clause.reason}\n${clause.error?.stderrTail ?? ""}`).join("\n"));
  }
  return seen;
}

/**
 * Runs `script` on each probe's world (servers running, sessions opened by the script through the
 * harness's lifecycle API: localTools, registerLocal, refresh, drift steps), one adapter process for all,
 * and returns what each script returned; throws with the adapter's stderr when it broke.
 */
export async function scripted<P extends Record<string, { world: World; script: (live: LifecycleWorld) => Promise<unknown> }>>(
  argv: readonly string[],
  probes: P,
  transport: "stdio" | "http" = "http",
): Promise<{ [K in keyof P]: Awaited<ReturnType<P[K]["script"]>> }> {
  const runs = Object.fromEntries(Object.entries(probes).map(([name, probe]) => [name, {
    world: probe.world, run: (env: ClauseEnvironment) => withLifecycleWorld(env, probe.world, probe.script),
  }]));
  return await probeRun(argv, "script", runs, transport) as { [K in keyof P]: Awaited<ReturnType<P[K]["script"]>> };
}

/**
 * Opens each world on the adapter (one process for all), reads the prompts, resources and templates it shows
 * as its capabilities declare, gets every shown prompt and reads every shown resource once through it: what
 * the prompt and resource clauses observe (observeContext). Throws with the adapter's stderr when it broke.
 */
export async function observeContexts<K extends string>(argv: readonly string[], worlds: Record<K, World>, transport: "stdio" | "http" = "http"): Promise<Record<K, ContextObservation>> {
  const runs = Object.fromEntries((Object.entries(worlds) as Array<[K, World]>).map(([name, probe]) => [name, { world: probe, run: (env: ClauseEnvironment) => observeContext(env, probe) }]));
  return await probeRun(argv, "context", runs, transport) as Record<K, ContextObservation>;
}

/** One single-case clause per named run, all on one adapter process; what each run returned, or a throw naming the broken ones. */
async function probeRun(
  argv: readonly string[], prefix: string, runs: Record<string, { world: World; run: (env: ClauseEnvironment) => Promise<unknown> }>, transport: "stdio" | "http",
): Promise<Record<string, unknown>> {
  const seen: Record<string, unknown> = {};
  const clauses = Object.entries(runs).map(([name, { world: probe, run }]) => defineClause({
    id: `${prefix}/${name}`,
    level: "MUST",
    summary: `${prefix} ${name}`,
    sources: [],
    arbitrary: () => fc.constant(name),
    worlds: () => [probe],
    requires: [],
    async check(env) {
      seen[name] = await run(env);
      return { ok: true, judged: [] };
    },
  }));
  const report = await runClauses({ clauses, launcher: hapLauncher({ argv: launchArgv(argv), cwd: packageRoot, requestTimeoutMs: paced(START_PATIENCE_MS) }), seed: 1, runs: 1, transport });
  const broken = report.clauses.filter((clause) => clause.status !== "pass");
  if (broken.length > 0) {
    throw new Error(broken.map((clause) => `${clause.id}: ${clause.status} ${clause.reason}\n${clause.error?.stderrTail ?? ""}`).join("\n"));
  }
  return seen;
}

/**
 * The two ways a local tool meets a server's tool of its name, on world `alpha: search`: defined at open
 * (`localTools`) and registered later (`registerLocal`); each reports the names shown afterwards and where
 * a call of `name` was delivered (no delivery: the local tool ran).
 */
export function localToolProbes(argv: readonly string[], name: string, shape: LocalShape) {
  return scripted(argv, {
    atOpen: {
      world: world(["alpha", ["search"]]),
      script: async (live) => {
        const session = await live.open({ localTools: [{ name, shape }] });
        const names = (await session.tools()).map((tool) => tool.name);
        const call = await session.call(name);
        return { names, errors: session.opened.outcome.errors, reached: call.deliveries.map((d) => d.server) };
      },
    },
    later: {
      world: world(["alpha", ["search"]]),
      script: async (live) => {
        const session = await live.open();
        const result = await session.registerLocal(name, shape);
        const names = (await session.tools()).map((tool) => tool.name);
        const call = await session.call(name);
        return { result, names, reached: call.deliveries.map((d) => d.server) };
      },
    },
  });
}

/**
 * How long a real host's adapter may take to answer: these frameworks load hundreds of modules before
 * `initialize` (Genkit about 5 s of CPU), several times longer on a machine under load, and a slow start is
 * not what these tests judge (a hang still fails them).
 */
const START_PATIENCE_MS = 120_000; // at rest: stretched by the machine's pace where used

/** The shown names, in list order. */
export const names = (observation: SessionObservation) => observation.tools.map((tool) => tool.name);

/** Where each probe call of `name` was delivered: "server/tool" per delivery. */
export function deliveries(observation: SessionObservation, name: string): string[] {
  const call = observation.probes.find((probe) => probe.name === name);
  return (call?.deliveries ?? []).map((record) => `${record.server}/${record.tool}`);
}

/**
 * The adapter command of a real host, run from the package root: a library host's as its host.json says
 * (on the Node it needs), any other's (an agent CLI's) on the harness's Node.
 */
export function adapter(host: string, ...flags: string[]): string[] {
  const entry = hostEntry(host);
  return entry ? adapterArgv(entry, ...flags) : ["node", "--import", "tsx", `hosts/${host}/adapter.ts`, ...flags];
}

/** Why library host `host`'s adapter cannot run here (its install, its Node), for its tests to skip with; undefined when it can. */
export const hostMissing = (host: string): string | undefined => missingInstall(...needsOf(manifestOf(host)));
