/**
 * Clause `schema/hostile-schema`: a server's schemas are written by someone else and may not compile, or
 * may hold a pattern that backtracks exponentially on a native RegExp (adonis "two things a remote schema
 * can do"). The host must keep working, and a call built to backtrack must be answered within a bound.
 *
 * The bound is the clause's own: the call's wall time is measured here against HOSTILE_CALL_BOUND_MS (or
 * ten times the host's answer to the same call with a short argument, if that is longer), so a host that
 * backtracks for seconds FAILs with the time it took, well inside the adapter's timeout. Only a host that never answers
 * at all reaches the adapter timeout (or the case timeout in-process), and that is ERROR: no evidence,
 * never PASS. The argument is sized so a backtracking validator takes several seconds, not minutes.
 */
import fc from "fast-check";
import type { ToolDefinition } from "../fake-servers/index.ts";
import {
  defineClause, errorNamesServer, hostileSchema, hostileSchemaKinds, hostileSchemaOf, hostileTool, visibleLabel, withLifecycleWorld, describeTool, type HostileSchema, type World,
} from "../harness/index.ts";
import { namesServerAndTool, quoted } from "./support/lifecycle.ts";

/**
 * How long the call built to backtrack may take, end to end, at least: a host that answers at all answers
 * a call in milliseconds, and a backtracking validator takes seconds on the argument sent.
 */
export const HOSTILE_CALL_BOUND_MS = 500;
/**
 * The bound also scales with the host's own pace: ten times its answer to the same call with a short
 * argument, so a slow host on a loaded machine is judged against itself, not against a fixed clock.
 */
export const HOSTILE_CALL_PACE_FACTOR = 10;

interface HostileCase {
  hostile: HostileSchema;
  /** The hostile server also advertises a plain tool. */
  sibling: boolean;
  /** A second, plain server is configured too. */
  neighbour: boolean;
}

const HOSTILE = { key: "alpha", tool: "request" };
const SIBLING = "search";
const NEIGHBOUR = { key: "beta", tool: "query" };

const plainTool = (key: string, name: string): ToolDefinition =>
  ({ name, description: describeTool(key, name), inputSchema: { type: "object", properties: { probe: { type: "string" } } } });

/** The world a case stands for: fixed keys and names, so shrinking only ever drops the extras or tames the schema. */
function worldOf(value: HostileCase): World {
  const server = (key: string, tools: ToolDefinition[]) =>
    ({ key, serverInfo: { name: key, version: "1.0.0" }, tools, latency: { initialize: 0, toolsList: 0 }, unreachable: false });
  return {
    servers: [
      server(HOSTILE.key, [hostileTool(HOSTILE.key, HOSTILE.tool, value.hostile), ...(value.sibling ? [plainTool(HOSTILE.key, SIBLING)] : [])]),
      ...(value.neighbour ? [server(NEIGHBOUR.key, [plainTool(NEIGHBOUR.key, NEIGHBOUR.tool)])] : []),
    ],
  };
}

export const hostileSchemaClause = defineClause({
  id: "schema/hostile-schema",
  level: "MUST",
  summary: "keep working when a server advertises a tool whose input or output schema does not compile, or holds a pattern that backtracks exponentially: open completes (refusing that tool with an error naming server and tool is fine), every other tool still routes, and a call of that tool with an argument built to backtrack is answered, ok or error, within the harness's bound",
  why:
    "Tool schemas are written by the server and arguments by the model, which that same server's " +
    "description can steer. A pattern that backtracks exponentially stalls a host that validates with a " +
    "backtracking regular expression engine, on its only thread; a schema that does not compile must cost" +
    " that tool, not the server or the whole load.",
  checkSituations: {
    "hostile:uncompilable": "a tool's input or output schema does not compile",
    "hostile:backtracking": "a tool's input schema holds a pattern that backtracks exponentially on a crafted argument",
  },
  sources: ["adonis importer \"two things a remote schema can do\""],
  arbitrary: () => fc.record({ hostile: hostileSchema(), sibling: fc.boolean(), neighbour: fc.boolean() }),
  // Every hostile kind once, beside a plain tool of its server and a plain server.
  coverage: () => hostileSchemaKinds.map((kind) => {
    const hostile = hostileSchemaOf(kind);
    return {
      hazard: hostile.backtracks ? "hostile:backtracking" : "hostile:uncompilable",
      title: `alpha: request (${kind}), search · beta: query`,
      value: { hostile, sibling: true, neighbour: true },
    };
  }),
  worlds: (value: HostileCase) => [worldOf(value)],
  requires: ["hostile:uncompilable", "hostile:backtracking"],
  check: (env, value) =>
    withLifecycleWorld(env, worldOf(value), async (live) => {
      const kind = value.hostile.backtracks ? "hostile:backtracking" : "hostile:uncompilable";
      const judged: string[] = [];
      const session = await live.open();
      const errors = session.opened.outcome.errors;
      const tools = await session.tools();
      const problems: string[] = [];
      const others = [
        ...(value.sibling ? [{ key: HOSTILE.key, tool: SIBLING }] : []),
        ...(value.neighbour ? [NEIGHBOUR] : []),
      ];
      // Every other tool routes. Under complete-or-fail (ADR D3) the hostile tool's own server may fall
      // with it, provided an error says so; a server with nothing hostile about it may not.
      for (const other of others) {
        const shown = tools.find((tool) => tool.identity?.server === other.key && tool.identity.tool === other.tool);
        if (!shown) {
          if (other.key !== HOSTILE.key || !errors.some((error) => errorNamesServer(error, HOSTILE.key))) problems.push(`"${other.tool}" of "${other.key}" is not shown`);
          continue;
        }
        const call = await session.call(shown.name, undefined, shown.namespace);
        if (call.deliveries.length !== 1 || call.deliveries[0]!.server !== other.key) {
          problems.push(`a call of "${visibleLabel(shown)}" reached ${quoted(call.deliveries.map((record) => record.server))}`);
        }
      }
      const hostile = tools.find((tool) => tool.identity?.server === HOSTILE.key && tool.identity.tool === HOSTILE.tool);
      if (!hostile) {
        if (!errors.some((error) => namesServerAndTool(error, HOSTILE.key, HOSTILE.tool))) problems.push(`"${HOSTILE.tool}" of "${HOSTILE.key}" is not shown and no error names "${HOSTILE.key}" and "${HOSTILE.tool}"`);
        // A refusal by name judges the schema only from a host that keeps something else (here, or in a
        // world with nothing to refuse): refusing everything is no answer to this schema.
        else if (others.some((other) => tools.some((tool) => tool.identity?.server === other.key && tool.identity.tool === other.tool)) || await env.acceptsCleanWorld()) judged.push(kind);
      } else {
        const warming = performance.now();
        await session.call(hostile.name, value.hostile.warmUp, hostile.namespace);
        const pace = performance.now() - warming;
        const bound = Math.round(Math.max(HOSTILE_CALL_BOUND_MS, HOSTILE_CALL_PACE_FACTOR * pace));
        const started = performance.now();
        await session.call(hostile.name, value.hostile.argument, hostile.namespace);
        const took = Math.round(performance.now() - started);
        judged.push(kind, "hostile-called");
        if (took > bound) {
          problems.push(`the call of "${visibleLabel(hostile)}" with ${JSON.stringify(value.hostile.argument)} was answered after ${took} ms, over the bound of ${bound} ms (the same call with ${JSON.stringify(value.hostile.warmUp)} took ${Math.round(pace)} ms)`);
        }
      }
      if (problems.length === 0) return { ok: true, judged };
      return {
        ok: false,
        expected: `open completes, every other tool routes, and "${HOSTILE.tool}" (${value.hostile.kind}: ${JSON.stringify(value.hostile.outputSchema ?? value.hostile.inputSchema)}) is refused with an error naming "${HOSTILE.key}" and it, or answers within its bound (${HOSTILE_CALL_BOUND_MS} ms, or ${HOSTILE_CALL_PACE_FACTOR} times its answer to a short argument)`,
        observed: problems.join("; "),
        judged,
      };
    }),
});

/** The `schema/*` clauses in catalogue order. */
export const schemaClauses = [hostileSchemaClause];
