/**
 * Clauses `options/*`: per-tool options (request schemas) are keyed by the server's own tool name and read
 * by it, in one place (ADR-0112 D5, P7). Worlds are collision-free, so only the options are judged.
 */
import fc from "fast-check";
import { constructed, defineClause, errorNamesServer, lifecycleWorld, messageNames, toolNamePool, withLifecycleWorld, type World } from "../harness/index.ts";
import { quoted } from "./support/lifecycle.ts";

/**
 * Request schemas a caller may give, each with arguments that violate it and arguments that satisfy it
 * (both carry a probe, as every call does). The second conforms with the probe alone, so even a host that
 * refuses every property a server's schema does not declare (mcp-use's strict reading) lets one through
 * and can be judged.
 */
const requestSchemas: readonly { schema: Record<string, unknown>; violating: Record<string, unknown>; conforming: Record<string, unknown> }[] = [
  { schema: { type: "object", required: ["q"], properties: { q: { type: "string" } } }, violating: { probe: "p", q: 7 }, conforming: { probe: "p", q: "seven" } },
  { schema: { type: "object", properties: { count: { type: "integer", maximum: 3 } } }, violating: { probe: "p", count: 99 }, conforming: { probe: "p" } },
  { schema: { type: "object", required: ["confirm"], properties: { confirm: { const: true } } }, violating: { probe: "p" }, conforming: { probe: "p", confirm: true } },
];

/** The `index`-th (server, tool) of a world, counting tools across servers in order. */
function toolAt(world: World, index: number): { key: string; wire: string } {
  const all = world.servers.flatMap((server) => server.tools.map((tool) => ({ key: server.key, wire: tool.name })));
  return all[index % all.length]!;
}

interface KeyedCase {
  world: World;
  target: number;
  schema: number;
}

export const keyedByWire = defineClause({
  id: "options/keyed-by-wire",
  level: "MUST",
  summary: "enforce a request schema given under the server's own tool name: a call that violates it reaches no server",
  why:
    "Per-tool request schemas are written against the server's own tool names. A host that re-keys them " +
    "under its visible names and looks them up under the wire name (or the reverse) never applies them, " +
    "and a call that breaks the schema reaches the server anyway, with nothing said.",
  needs: ["requestSchemas"],
  checkSituations: {
    "violating-call": "a call broke the request schema given for its tool",
  },
  sources: ["ADR-0112 D5, P7"],
  notApplicable: (env) => (env.capabilities.requestSchemas ? undefined : "the host does not declare requestSchemas"),
  arbitrary: () => fc.record({ world: lifecycleWorld(), target: fc.nat({ max: 7 }), schema: fc.nat({ max: requestSchemas.length - 1 }) }),
  // Each request schema once, given under alpha's own name for request.
  coverage: () => requestSchemas.flatMap((_, schema) =>
    constructed(["two-servers"], (world) => ({ world, target: 0, schema }), `; a request schema for "request" (${JSON.stringify(requestSchemas[schema]!.schema)}), called breaking it`)
      .map((built) => ({ ...built, hazard: "violating-call" }))),
  worlds: (value: KeyedCase) => [value.world],
  requires: ["violating-call"],
  check: (env, value) =>
    withLifecycleWorld(env, value.world, async (live) => {
      const { key, wire } = toolAt(value.world, value.target);
      const { schema, violating, conforming } = requestSchemas[value.schema]!;
      const session = await live.open({ config: { [key]: { requestSchemas: { [wire]: schema } } } });
      const shown = (await session.tools()).find((tool) => tool.identity?.server === key && tool.identity.tool === wire);
      if (!shown) return { ok: true, judged: [] };
      const call = await session.call(shown.name, violating);
      if (call.deliveries.length === 0) {
        // Refusing the violating call is judged only from a host that lets a conforming one through.
        const passes = await session.call(shown.name, conforming);
        return { ok: true, judged: passes.deliveries.length > 0 ? ["violating-call"] : [] };
      }
      return {
        ok: false,
        expected: `a call of "${shown.name}" with ${JSON.stringify(violating)}, which violates the request schema given for "${wire}" of "${key}" (${JSON.stringify(schema)}), reaches no server`,
        observed: `it reached ${quoted(call.deliveries.map((record) => `${record.tool} at ${record.server}`))}${call.result.ok ? " and succeeded" : ""}`,
        judged: ["violating-call"],
      };
    }),
});

interface UnknownKeyCase {
  world: World;
  target: number;
  /** What the unknown key looks like: a name from the pool, the visible spelling of one of its tools, another server's tool. */
  ghost: "pool" | "visible" | "other-server";
}

/** A request-schema key that server `key` does not advertise, shaped as `ghost` asks when the world allows it. */
function ghostKey(world: World, key: string, ghost: UnknownKeyCase["ghost"]): string {
  const server = world.servers.find((s) => s.key === key)!;
  const own = server.tools.map((tool) => tool.name);
  const elsewhere = world.servers.filter((s) => s.key !== key).flatMap((s) => s.tools.map((tool) => tool.name));
  if (ghost === "other-server" && elsewhere.length > 0) return elsewhere[0]!;
  if (ghost === "visible" && own.length > 0) return `mcp__${key}__${own[0]}`;
  return toolNamePool.find((name) => !own.includes(name)) ?? "no_such_tool";
}

export const unknownKey = defineClause({
  id: "options/unknown-key",
  level: "MUST",
  summary: "report a request schema naming a tool the server does not advertise as an error at open",
  why:
    "A request schema for a tool the server does not advertise is a configuration mistake. Ignoring it is" +
    " indistinguishable from a schema that had no effect; reporting it at open is the only way the " +
    "operator learns.",
  needs: ["requestSchemas"],
  checkSituations: {
    "unknown-key": "a request schema was given for a tool the server does not advertise",
  },
  sources: ["ADR-0112 D5"],
  notApplicable: (env) => (env.capabilities.requestSchemas ? undefined : "the host does not declare requestSchemas"),
  arbitrary: () => fc.record({ world: lifecycleWorld(), target: fc.nat({ max: 1 }), ghost: fc.constantFrom("pool" as const, "visible" as const, "other-server" as const) }),
  // A request schema under a name alpha does not advertise: a pool name, the visible spelling of its own tool, beta's tool.
  coverage: () => (["pool", "visible", "other-server"] as const).flatMap((ghost) =>
    constructed(["two-servers"], (world) => ({ world, target: 0, ghost }), `; a request schema for alpha under ${ghost === "pool" ? "a name nobody advertises" : ghost === "visible" ? "its tool's visible name" : "beta's tool name"}`)
      .map((built) => ({ ...built, hazard: "unknown-key" }))),
  worlds: (value: UnknownKeyCase) => [value.world],
  requires: ["unknown-key"],
  check: (env, value) =>
    withLifecycleWorld(env, value.world, async (live) => {
      const key = value.world.servers[value.target % value.world.servers.length]!.key;
      const ghost = ghostKey(value.world, key, value.ghost);
      const session = await live.open({ config: { [key]: { requestSchemas: { [ghost]: requestSchemas[0]!.schema } } } });
      const errors = session.opened.outcome.errors;
      // An error counts when it says which server, or which key: "failed to register" says neither.
      if (errors.some((error) => errorNamesServer(error, key) || messageNames(error.message, ghost))) {
        // It is about the unknown key when it names it, or when the same open without that key brings no
        // error naming the server: a host that blames every server at every open tells nothing.
        if (errors.some((error) => messageNames(error.message, ghost))) return { ok: true, judged: ["unknown-key"] };
        await session.close();
        const plain = await live.open();
        const blamesAnyway = plain.opened.outcome.errors.some((error) => errorNamesServer(error, key));
        return blamesAnyway ? { ok: true, judged: [], arose: ["unknown-key"] } : { ok: true, judged: ["unknown-key"] };
      }
      return {
        ok: false,
        expected: `an error at open for the request schema given under "${ghost}", which "${key}" does not advertise`,
        observed: errors.length === 0 ? "no error" : `errors that name neither "${key}" nor "${ghost}" (quoted): ${JSON.stringify(errors)}`,
        judged: ["unknown-key"],
      };
    }),
});

/** The `options/*` clauses in catalogue order. */
export const optionsClauses = [keyedByWire, unknownKey];
