/** Clauses `order/*`: a surface must not depend on configuration order or on who answers first (ADR-0112 P2). */
import fc from "fast-check";
import {
  crossShrink,
  canonicalErrors, canonicalSurface, collidingWorld, defineClause, ordering, reorder, separatorClashWorld,
  type ClauseEnvironment, type Ordering, type World,
} from "../harness/index.ts";

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

const keysOf = (value: World) => value.servers.map((server) => server.key);

/** Compares two sessions on the same set of servers: same names, routes and errors. */
async function sameSurface(env: ClauseEnvironment, a: World, b: World, what: string) {
  const first = await env.observe(a);
  const second = await env.observe(b);
  const keys = keysOf(a);
  const [sa, sb] = [canonicalSurface(first), canonicalSurface(second)];
  const [ea, eb] = [canonicalErrors(first, keys), canonicalErrors(second, keys)];
  if (JSON.stringify(sa) === JSON.stringify(sb) && ea === eb) return { ok: true as const };
  return {
    ok: false as const,
    expected: `the same names, routes and errors ${what}`,
    observed: `first: ${sa.join(" ")} errors ${ea}; second: ${sb.join(" ")} errors ${eb}`,
  };
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
  arbitrary: () => fc.record({ world: fc.oneof(crossShrink, collidingWorld(), separatorClashWorld()), servers: ordering(), tools: ordering() }),
  worlds: (value: PermutationCase) => [value.world, permuted(value)],
  requires: ["exact-duplicate", "multi-server"],
  check: (env, value) => sameSurface(env, value.world, permuted(value), "for every order of the configured servers"),
});

interface TimingCase {
  world: World;
  /** The order the servers answer tools/list in, first session and second. */
  first: Ordering;
  second: Ordering;
  /** Extra per-server delays before initialize and tools/list answers. */
  delays: number[];
}

/**
 * The world with its servers answering their first tools/list in the order `answering` gives (scripted
 * by the fake servers' answer gate, so no scheduling jitter decides it) and with small latencies.
 */
function timed(value: TimingCase, answering: Ordering): World {
  const ranks = new Map(reorder(value.world.servers.map((server) => server.key), answering).map((key, rank) => [key, rank]));
  return {
    servers: value.world.servers.map((server, index) => ({
      ...server,
      answerRank: ranks.get(server.key)!,
      latency: { initialize: value.delays[index % value.delays.length] ?? 0, toolsList: value.delays[(index + 1) % value.delays.length] ?? 0 },
    })),
  };
}

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
  worlds: (value: TimingCase) => [timed(value, value.first), timed(value, value.second)],
  requires: ["exact-duplicate", "arrival-reordered"],
  check: (env, value) => sameSurface(env, timed(value, value.first), timed(value, value.second), "whatever order the servers answer in"),
});

/** The `order/*` clauses in catalogue order. */
export const orderClauses = [configPermutation, arrivalTiming];
