/** Clauses `wire/*`: what reaches the servers when the model calls a tool (ADR-0112 D2, P5; guide lab). */
import fc from "fast-check";
import {
  constructed, crossShrink, canonicalJson, collidingWorld, defineClause, HOST_JOIN_CLASH, hostJoinClashMeaning, hostJoinJudged, joinClashCases, probeOf,
  separatorClashWorld, strayCalls, visibleLabel, type ClauseEnvironment, type ObservedCall, type RecordJudgement, type ServedRecords, type SessionObservation, type World,
} from "../harness/index.ts";
import { nonAsciiCases } from "./support/shipped-hazards.ts";

/** Arguments that survive JSON but catch a host that rewrites, drops or re-encodes them. */
const payload = fc.record({
  text: fc.string({ unit: "grapheme", maxLength: 8 }),
  count: fc.integer(),
  nested: fc.record({ flags: fc.array(fc.boolean(), { maxLength: 3 }), none: fc.constant(null) }),
});

const routedWorld = () => fc.oneof(crossShrink, collidingWorld(), separatorClashWorld());

interface WireCase {
  world: World;
  payload: Record<string, unknown>;
}

const wireCase = () => fc.record({ world: routedWorld(), payload });

/**
 * Arguments a host must pass on unchanged: a string with a space and a character outside ASCII, a negative
 * number, nested arrays and a null, none of which the server's schema declares (it declares only `probe`).
 */
const fixedPayload = { text: "a é", count: -1, nested: { flags: [true, false], none: null } };

/**
 * A call through each name of two servers that share one, of two that share none, of two joins that meet, of
 * tools named after Object.prototype's members (toString, __proto__ ...), which must reach their server as
 * such, and of a server that lists one name twice (its call goes to that server, once, or nowhere). Last, of
 * two pairs that meet under the host's own join (learned from its first open): a host that keeps both under
 * one name, or splits the name back on its separator, calls the wrong server.
 */
const wireCoverage = (env: Pick<ClauseEnvironment, "naming">) => {
  const withPayload = (world: World) => ({ world, payload: structuredClone(fixedPayload) });
  return [
    ...constructed(["exact-duplicate", "two-servers", "separator-underscore", "prototype-tools", "repeated-name"], withPayload),
    ...joinClashCases(env.naming, withPayload),
  ];
};

/** What a wire clause's case judged: the world's situations, a clash under the host's own join, and a call. */
async function wireJudged(env: ClauseEnvironment, world: World, observation: SessionObservation): Promise<string[]> {
  return [...await env.judge(world, observation), ...await hostJoinJudged(env, world, observation), ...(observation.tools.some((tool) => tool.identity) ? ["call"] : [])];
}

/** What the host answered a call, in a line: the host's own words when it refused. */
const answerOf = (call: ObservedCall) =>
  call.result.ok ? `the host answered ok: ${JSON.stringify(call.result.content).slice(0, 300)}` : `the host answered an error: ${JSON.stringify(call.result.error.message)}`;

export const passthrough = defineClause({
  id: "wire/passthrough",
  level: "MUST",
  summary: "deliver a call of a visible name as exactly one tools/call, to that tool's server, carrying the server's own tool name and the arguments unchanged",
  why:
    "Showing a tool under a qualified name is safe only if its server still receives its own name and the" +
    " arguments unchanged. The indirection that makes this possible is easy to get wrong unnoticed while " +
    "the two names happen to be equal; once they differ, the server rejects the call as an unknown tool " +
    "and the fault looks like the server's.",
  checkSituations: {
    "call": "a shown tool the harness can trace to its server was called",
    [HOST_JOIN_CLASH]: hostJoinClashMeaning,
  },
  sources: ["ADR-0112 D2"],
  arbitrary: wireCase,
  // Issue 40: a tool named outside ASCII must reach its server as it named itself, byte for byte (NFC beside NFD).
  coverage: (env) => [...wireCoverage(env), ...nonAsciiCases((world) => ({ world, payload: structuredClone(fixedPayload) }))],
  worlds: (value: WireCase) => [value.world],
  // "call": a shown, identifiable tool was called; a host that shows nothing leaves this clause unjudged.
  requires: ["exact-duplicate", "multi-server", "call"],
  async check(env, value) {
    const observation = await env.observe(value.world, { payload: value.payload });
    const problems: string[] = [];
    for (const tool of observation.tools) {
      if (!tool.identity) continue;
      const call = probeOf(observation, tool)!;
      const want = tool.identity;
      const got = call.deliveries.map((record) => `"${record.tool}" at "${record.server}"`);
      const single = call.deliveries.length === 1 ? call.deliveries[0]! : undefined;
      if (!single || single.server !== want.server || single.tool !== want.tool) {
        problems.push(`"${visibleLabel(tool)}" (tool "${want.tool}" of "${want.server}"), called with ${JSON.stringify(call.arguments)}, was delivered as [${got.join(", ")}]; ${answerOf(call)}`);
      } else if (canonicalJson(single.arguments) !== canonicalJson(call.arguments)) {
        problems.push(`"${visibleLabel(tool)}" arrived with arguments ${JSON.stringify(single.arguments)} instead of ${JSON.stringify(call.arguments)}`);
      }
    }
    const judged = await wireJudged(env, value.world, observation);
    if (problems.length === 0) return { ok: true, judged };
    return { ok: false, judged, expected: "each call delivered once, to its server, under the server's own name, arguments unchanged", observed: problems.join("; ") };
  },
});

/**
 * Serve mode: a call that reached a server not advertising its name, while another server of the world does,
 * reached another server than the tool's own, whatever the app showed; one that reached a server holding its
 * name may still be the wrong one of two (an exact duplicate), which only the app's own view could tell.
 */
function crossRoutingJudged({ world, records }: ServedRecords): RecordJudgement | undefined {
  if (world.servers.length < 2) return undefined;
  const strays = strayCalls(world, records);
  if (strays.length > 0) {
    return {
      verdict: "violated",
      expected: "no server but the tool's own receives anything for its call",
      observed: strays.map((stray) => `a call of "${stray.tool}" (a tool of ${stray.owners.map((owner) => `"${owner}"`).join(", ")}) reached "${stray.at}"`).join("; "),
    };
  }
  const calls = records.filter((record) => record.method === "tools/call").length;
  return { verdict: "undecided", reason: `${calls === 0 ? "the app made no call" : `each of the app's ${calls} call(s) reached a server advertising its name`}; which visible name the app called, serve mode cannot see` };
}

export const noCrossRouting = defineClause({
  id: "wire/no-cross-routing",
  level: "MUST",
  summary: "let no other server receive anything for that call",
  why:
    "Two servers expose one name, the host keeps one entry, and a call meant for one server runs on the " +
    "other with no error: a refund recorded as a note on a help-desk case, a query run against the wrong " +
    "database. Whatever the host shows, a call must reach only the server behind the name it called.",
  checkSituations: {
    "call": "a shown tool the harness can trace to its server was called",
    [HOST_JOIN_CLASH]: hostJoinClashMeaning,
  },
  sources: ["field guide lab", "warpdotdev/warp#7874", "samanhappy/mcphub#139"],
  arbitrary: wireCase,
  coverage: wireCoverage,
  worlds: (value: WireCase) => [value.world],
  requires: ["exact-duplicate", "multi-server", "call"],
  judgeRecords: crossRoutingJudged,
  async check(env, value) {
    const observation = await env.observe(value.world, { payload: value.payload });
    const problems: string[] = [];
    for (const tool of observation.tools) {
      if (!tool.identity) continue;
      const call = probeOf(observation, tool)!;
      const strays = call.deliveries.filter((record) => record.server !== tool.identity!.server);
      if (strays.length > 0) {
        problems.push(`"${visibleLabel(tool)}" (tool "${tool.identity.tool}" of "${tool.identity.server}"), called with ${JSON.stringify(call.arguments)}, reached ${strays.map((record) => `"${record.server}" as "${record.tool}"`).join(", ")}; ${answerOf(call)}`);
      }
    }
    const judged = await wireJudged(env, value.world, observation);
    if (problems.length === 0) return { ok: true, judged };
    return { ok: false, judged, expected: "no server but the tool's own receives anything for its call", observed: problems.join("; ") };
  },
});

/** Names a host must not know: bare wire names, qualified names and look-alikes for servers that are not there. */
function unknownCandidates(world: World): string[] {
  return world.servers.flatMap((server) =>
    server.tools.flatMap((tool) => [tool.name, `mcp__${server.key}__${tool.name}`, `${server.key}_${tool.name}`, `mcp__ghost__${tool.name}`]),
  ).concat(["mcp__ghost__request", "no_such_tool"]);
}

export const unknownName = defineClause({
  id: "wire/unknown-name",
  level: "MUST",
  summary: "answer a call of a name it does not show with an error, reaching no server",
  why:
    "A name the model was never shown must reach no server. A gateway that falls back to \"the first " +
    "server advertising this bare name\" turns a stale or mistyped name into a call on a server nobody " +
    "chose; the right answer is an error saying the tool is not registered.",
  checkSituations: {
    "unknown-call": "a name the host does not show was called",
  },
  sources: ["ADR-0112 P5"],
  arbitrary: () => routedWorld(),
  coverage: () => constructed(["exact-duplicate", "two-servers"]),
  worlds: (value: World) => [value],
  requires: ["exact-duplicate", "multi-server", "unknown-call"],
  async check(env, value) {
    const observation = await env.observe(value, { probe: false, unknownNames: unknownCandidates(value) });
    const problems = observation.unknown.flatMap((call) => {
      const reached = call.deliveries.map((record) => `"${record.server}" as "${record.tool}" with ${JSON.stringify(record.arguments)}`);
      // An answer the adapter could not read as a failure or as output (HAP/1 `undetermined`) judges only where it went.
      if (call.result.ok && (call.result.undetermined === undefined || reached.length > 0)) return [`"${call.name}" is not shown but the call ${call.result.undetermined === undefined ? "succeeded" : "was answered"}${reached.length ? `, reaching ${reached.join(", ")}` : ""}`];
      if (reached.length > 0) return [`"${call.name}" is not shown but the call reached ${reached.join(", ")}; ${answerOf(call)}`];
      return [];
    });
    const judgedUnknown = observation.unknown.some((call) => !call.result.ok || call.result.undetermined === undefined);
    if (problems.length === 0) return { ok: true, judged: [...await env.judge(value, observation), ...(judgedUnknown ? ["unknown-call"] : [])] };
    return { ok: false, expected: "an error, and no server reached, for a name the host does not show", observed: problems.join("; ") };
  },
});

/** The `wire/*` clauses in catalogue order. */
export const wireClauses = [passthrough, noCrossRouting, unknownName];
