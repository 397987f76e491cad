/** Clauses `order/*`: a surface must not depend on configuration order or on who answers first (ADR-0112 P2). */
import fc from "fast-check";
import { canonicalErrors, canonicalSurface, collidingWorld, defineClause, separatorClashWorld, type ClauseEnvironment, type World } from "../harness/index.ts";

/** Sort keys that pick a permutation; all equal is the identity, which is where shrinking heads. */
const order = fc.array(fc.nat({ max: 5 }), { minLength: 6, maxLength: 6 });

function permute<T>(items: readonly T[], keys: readonly number[]): T[] {
  return items
    .map((item, index) => ({ item, index, key: keys[index % keys.length] ?? 0 }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ item }) => item);
}

interface PermutationCase {
  world: World;
  servers: number[];
  tools: number[];
}

/** The world with its servers, and the tools inside each server's list, reordered. */
function permuted(value: PermutationCase): World {
  return {
    servers: permute(value.world.servers, value.servers).map((server) => ({ ...server, tools: permute(server.tools, value.tools) })),
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
  sources: ["ADR-0112 P2", "field guide \"swap the load order\""],
  arbitrary: () => fc.record({ world: fc.oneof(collidingWorld(), separatorClashWorld()), servers: order, tools: order }),
  worlds: (value: PermutationCase) => [value.world, permuted(value)],
  requires: ["exact-duplicate", "multi-server"],
  check: (env, value) => sameSurface(env, value.world, permuted(value), "for every order of the configured servers"),
});

const delay = fc.constantFrom(0, 40, 120);

interface TimingCase {
  world: World;
  first: number[];
  second: number[];
}

/** The world with each server answering initialize and tools/list after the given delays. */
function timed(value: World, delays: readonly number[]): World {
  return {
    servers: value.servers.map((server, index) => ({
      ...server,
      latency: { initialize: 0, toolsList: delays[index % delays.length] ?? 0 },
    })),
  };
}

export const arrivalTiming = defineClause({
  id: "order/arrival-timing",
  level: "MUST",
  summary: "give the same surface whatever order and latency the servers answer initialize and tools/list in",
  sources: ["adonis importer \"registration replays in configuration order\""],
  arbitrary: () => fc.record({
    world: collidingWorld(),
    first: fc.array(delay, { minLength: 6, maxLength: 6 }),
    second: fc.array(delay, { minLength: 6, maxLength: 6 }),
  }),
  worlds: (value: TimingCase) => [timed(value.world, value.first), timed(value.world, value.second)],
  requires: ["exact-duplicate", "multi-server"],
  check: (env, value) => sameSurface(env, timed(value.world, value.first), timed(value.world, value.second), "whatever order the servers answer in"),
});

/** The `order/*` clauses in catalogue order. */
export const orderClauses = [configPermutation, arrivalTiming];
