/**
 * Clauses `order/*`: a surface must not depend on configuration order or on who answers first (ADR-0112 P2).
 * Each case opens one world twice, differently ordered, and says exactly what it reordered: the configured
 * servers, or the tools within a server (two situations, counted apart), or the order servers answer in.
 * A difference counts only where two identical opens of the first world agree (confoundedComparison): a host
 * whose surface differs from one open to the next is names/deterministic's, and its case here is confounded.
 */
import fc from "fast-check";
import {
  constructed, crossShrink, hazardWorlds, HOST_JOIN_CLASH, hostJoinClashMeaning, hostJoinJudged, joinClashCases,
  canonicalErrors, canonicalSurface, collidingWorld, confoundedComparison, defineClause, judgedServers, ordering, refusedAny, reorder, separatorClashWorld, sessionComparison,
  type ClauseEnvironment, type Ordering, type SessionObservation, type World,
} from "../harness/index.ts";
import { answeredAs, answerOrderSituations, describeTimingWorlds, orderExercised, keysOf, list, scriptedOrder, timed, timingWorlds, type TimingCase } from "./support/answer-timing.ts";

interface PermutationCase {
  world: World;
  servers: Ordering;
  tools: Ordering;
}

/** The world with its servers, and the tools inside each server's list, reordered. */
function permuted(value: PermutationCase): World {
  return {
    servers: reorder(value.world.servers, value.servers).map((server) => ({ ...server, tools: reorder(server.tools, value.tools) })),
  };
}

const same = (a: readonly string[], b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);

/** The servers whose tool list the permutation reorders: each with its list before and after. */
function toolsMoved(value: PermutationCase): { key: string; before: string[]; after: string[] }[] {
  return value.world.servers.flatMap((server) => {
    const before = server.tools.map((tool) => tool.name);
    const after = reorder(before, value.tools);
    return same(before, after) ? [] : [{ key: server.key, before, after }];
  });
}

/** What a permutation case reorders, in words. */
function whatPermuted(value: PermutationCase): string {
  const [before, after] = [keysOf(value.world), keysOf(permuted(value))];
  const servers = same(before, after) ? "configured servers in the same order" : `configured servers permuted: ${list(before)} → ${list(after)}`;
  const tools = toolsMoved(value).map(({ key, before: was, after: now }) => `tools within "${key}" permuted: ${list(was)} → ${list(now)}`);
  return [servers, ...(tools.length > 0 ? tools : ["tools within each server in the same order"])].join("; ");
}

/** True when two keys that both sessions judged come in another relative order in `b` than in `a`. */
function reordered(a: readonly string[], b: readonly string[], judged: ReadonlySet<string>): boolean {
  const [x, y] = [a.filter((key) => judged.has(key)), b.filter((key) => judged.has(key))];
  return x.length >= 2 && !same(x, y);
}

/** The keys of `world` whose servers the session judged (kept, or refused for a reason that can only be theirs). */
async function judgedKeys(env: ClauseEnvironment, world: World, observation: SessionObservation): Promise<Set<string>> {
  const clean = refusedAny(world, observation) && await env.acceptsCleanWorld();
  const flags = judgedServers(world, observation, clean);
  return new Set(world.servers.filter((_, at) => flags[at]).map((server) => server.key));
}

/** Whether two sessions on the servers `keys` show the same names, routes and errors. */
const agreeOn = (keys: readonly string[]) => (a: SessionObservation, b: SessionObservation) =>
  same(canonicalSurface(a), canonicalSurface(b)) && canonicalErrors(a, keys) === canonicalErrors(b, keys);

/**
 * Two sessions on the same set of servers, compared: same names, routes and errors; each titled from what it
 * showed. When they differ, `confound` says whether two identical opens of the first differ as well (then the
 * difference is no evidence about the order: see confoundedComparison).
 */
async function compare(env: ClauseEnvironment, a: World, b: World, title: (first: SessionObservation, second: SessionObservation) => readonly [string, string]) {
  const first = await env.observe(a);
  const second = await env.observe(b);
  const titles = title(first, second);
  const keys = keysOf(a);
  const [sa, sb] = [canonicalSurface(first), canonicalSurface(second)];
  const [ea, eb] = [canonicalErrors(first, keys), canonicalErrors(second, keys)];
  const agree = agreeOn(keys)(first, second);
  const confound = agree ? undefined : await confoundedComparison(env, [a, b], first, second, (x, y) => !agreeOn(keys)(x, y));
  const observed = `${titles[0]}: ${sa.join(" ") || "(nothing shown)"} errors ${ea} | ${titles[1]}: ${sb.join(" ") || "(nothing shown)"} errors ${eb}`;
  // A situation counts only where both sessions judged it (a clash under the host's own join too); a server
  // only where both judged it.
  const again = new Set([...await env.judge(b, second), ...await hostJoinJudged(env, b, second)]);
  const judged = [...await env.judge(a, first), ...await hostJoinJudged(env, a, first)].filter((situation) => again.has(situation));
  const [ka, kb] = [await judgedKeys(env, a, first), await judgedKeys(env, b, second)];
  const both = new Set([...ka].filter((key) => kb.has(key)));
  return { agree, confound, observed, judged, both, first, second, comparison: sessionComparison([`first session: ${titles[0]}`, `second session: ${titles[1]}`], [first, second], keys) };
}

export const configPermutation = defineClause({
  id: "order/config-permutation",
  level: "MUST",
  summary: "give the same surface (visible names, and for each the server and wire name it routes to) and the same set of servers reported in errors (and whether the open failed as a whole) for every permutation of the configured servers",
  why:
    "Moving two lines of a configuration file must not move a capability from one server to another. A " +
    "host that settles a duplicate by who was configured first (or last) answers a reordering with a " +
    "different tool behind the same name, silently; the person editing the file has no reason to expect " +
    "it. Swapping the load order is the first test a maintainer should run.",
  sources: ["ADR-0112 P2", "field guide \"swap the load order\""],
  // Separator worlds twice as often: there a host joining {key}_{tool} lets the later of two servers win.
  arbitrary: () => fc.record({ world: fc.oneof(crossShrink, collidingWorld(), { arbitrary: separatorClashWorld(), weight: 2 }), servers: ordering(), tools: ordering() }),
  // Each world opened as configured, then with its two servers swapped (a host that settles a duplicate or a
  // join by who came first or last changes its answer); and a server's two names that sanitise alike with
  // their list order swapped (which one a sanitising host keeps follows the list). Last, two pairs that meet
  // under the host's own join (learned from its first open), swapped: a host that lets the later of them win
  // (Inngest AgentKit's {key}-{tool}) shows another tool behind the one name.
  coverage: (env) => [
    ...constructed(["exact-duplicate", "separator-underscore", "separator-mcp", "case-keys"], (world) => ({ world, servers: [1], tools: [] }), ", servers swapped"),
    { hazard: "tools-permuted", title: `${hazardWorlds["sanitised-twin"].title}, then a_b listed before a.b`, value: { world: structuredClone(hazardWorlds["sanitised-twin"].world), servers: [], tools: [1] } },
    ...joinClashCases(env.naming, (world) => ({ world, servers: [1], tools: [] }), ", servers swapped"),
  ],
  worlds: (value: PermutationCase) => [value.world, permuted(value)],
  describeWorlds: (value: PermutationCase) => [`opened first: configured as ${list(keysOf(value.world))}`, `opened second: ${whatPermuted(value)}`],
  // "servers-permuted": two servers both sessions judged came in another configuration order; the tools
  // within a server ("tools-permuted") are reordered too, and counted apart: the clause is about the servers.
  checkSituations: {
    "servers-permuted": "two servers that both sessions judged came in another configuration order the second time",
    "tools-permuted": "the tools within a server that both sessions judged came in another order the second time",
    [HOST_JOIN_CLASH]: hostJoinClashMeaning,
  },
  requires: ["exact-duplicate", "multi-server", "servers-permuted"],
  async check(env, value) {
    const other = permuted(value);
    const titles = [`configured as ${list(keysOf(value.world))}`, `configured as ${list(keysOf(other))}`] as const;
    const { agree, confound, observed, judged, both, comparison } = await compare(env, value.world, other, () => titles);
    const moved = [
      ...(reordered(keysOf(value.world), keysOf(other), both) ? ["servers-permuted"] : []),
      ...(toolsMoved(value).some(({ key }) => both.has(key)) ? ["tools-permuted"] : []),
    ];
    if (agree) return { ok: true, judged: [...judged, ...moved] };
    if (confound) return { ok: true, judged: [], confound };
    return {
      ok: false,
      expected: "the same names, routes and errors for every order of the configured servers",
      observed: `${whatPermuted(value)}. ${observed}`,
      judged: [...judged, ...moved],
      // Titled by what was permuted, so an identity permutation (a host differing on the same order) says so.
      comparison: { ...comparison, titles: [`opened first: configured as ${list(keysOf(value.world))}`, `opened second: ${whatPermuted(value)}`] },
    };
  },
});

export const arrivalTiming = defineClause({
  id: "order/arrival-timing",
  level: "MUST",
  summary: "give the same surface whatever order and latency the servers answer initialize and tools/list in",
  why:
    "Servers load in parallel, so which one answers first is decided by process start-up and network " +
    "timing, not by anyone's intent. A host that registers in arrival order shows a different surface " +
    "from one start to the next. Listing in parallel and registering in configuration order removes the " +
    "race.",
  sources: ["adonis importer \"registration replays in configuration order\""],
  arbitrary: () => fc.record({
    world: collidingWorld(),
    first: ordering(),
    second: ordering(),
    delays: fc.array(fc.constantFrom(0, 5, 20), { minLength: 6, maxLength: 6 }),
  }),
  // The first session hears alpha's list first, the second beta's: a host registering in arrival order shows
  // another surface. beta answers initialize 5 ms sooner in both, so both sessions hold a reordered arrival;
  // the answer gate still holds beta's list until alpha's is answered, however long alpha's latency or a
  // loaded machine makes it (see AnswerGate), so the first session's order does not depend on the 5 ms.
  // Last, two pairs that meet under the host's own join (learned from its first open), answered in both
  // orders: a host that lets the later answer win (Inngest AgentKit's {key}-{tool}) shows another tool.
  coverage: (env) => [
    ...constructed(["exact-duplicate", "separator-underscore"], (world) => ({ world, first: [], second: [1], delays: [5, 0, 0, 0, 0, 0] }), ", alpha's list answered first, then beta's"),
    ...joinClashCases(env.naming, (world) => ({ world, first: [], second: [1], delays: [5, 0, 0, 0, 0, 0] }), ", the first server's list answered first, then the second's"),
  ],
  worlds: timingWorlds,
  describeWorlds: describeTimingWorlds,
  // The answer order as the servers recorded it (not as scripted: a gate that gave up on a host is no
  // reordering); a host that lists one server at a time fixes it itself, which the pass then says.
  checkSituations: { ...answerOrderSituations, [HOST_JOIN_CLASH]: hostJoinClashMeaning },
  requires: ["exact-duplicate", "arrival-reordered", "answer-order-exercised"],
  async check(env, value) {
    const [a, b] = [scriptedOrder(value, value.first), scriptedOrder(value, value.second)];
    const titles = (first: SessionObservation, second: SessionObservation) => [answeredAs(first.answerOrder, a), answeredAs(second.answerOrder, b)] as const;
    const { agree, confound, observed, judged, both, first, second, comparison } = await compare(env, timed(value, value.first), timed(value, value.second), titles);
    const order = orderExercised(first, second, both);
    if (agree) return { ok: true, judged: [...judged, ...order.judged], ...(order.note ? { note: order.note } : {}) };
    if (confound) return { ok: true, judged: [], confound };
    return { ok: false, expected: "the same names, routes and errors whatever order the servers answer in", observed, judged: [...judged, ...order.judged], comparison };
  },
});

/** The `order/*` clauses in catalogue order. */
export const orderClauses = [configPermutation, arrivalTiming];
