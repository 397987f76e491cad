import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { Latency } from "../../../fake-servers/index.ts";
import type { World } from "../../world/world.ts";
import { identityGame } from "../identity-game.ts";
import type { IdentityGame } from "../identity-game.ts";
import { serverIdentity } from "../server-identity.ts";
import type { ServerIdentity } from "../server-identity.ts";
import type { WorldOptions } from "../world.ts";
import { assignIdentities } from "./assign-identities.ts";
import { fakeTool } from "./fake-tool.ts";
import { latencyFor, noLatency, unreachableFor } from "./server-options.ts";

/** One server of a hand-built world fragment: a key and its wire names. */
export interface Fragment {
  key: string;
  tools: readonly string[];
}

/** The options every targeted world shares: how its servers behave, not what they advertise. */
export type ShapeOptions = Pick<WorldOptions, "latency" | "identity" | "unreachable">;

/** Per-position behaviour for a world whose servers are built by hand: position i goes to server i. */
export interface WorldShape {
  latencies: readonly Latency[];
  identities: readonly ServerIdentity[];
  unreachable: readonly boolean[];
  game: IdentityGame | null;
}

/**
 * Behaviour for up to `maxServers` hand-built servers. Fixed-length tuples, not arrays: removing an entry
 * while shrinking would shift every later server onto its neighbour's behaviour; each entry shrinks toward
 * the plain behaviour in place instead.
 */
export function worldShape(options: ShapeOptions, maxServers: number): Arbitrary<WorldShape> {
  const perServer = <T>(arb: Arbitrary<T>): Arbitrary<T[]> =>
    fc.array(arb, { minLength: maxServers, maxLength: maxServers });
  const mode = options.identity ?? "truthful";
  return fc.record({
    latencies: options.latency === true ? perServer(latencyFor(true)) : fc.constant([]),
    identities: mode === "truthful" ? fc.constant([]) : perServer(serverIdentity({ mode })),
    unreachable: options.unreachable === "sometimes" ? perServer(unreachableFor("sometimes")) : fc.constant([]),
    game: mode === "games" ? identityGame({ maxServers }) : fc.constant(null),
  });
}

/**
 * Joins fragments into servers: fragments with one key become one server (first appearance fixes its
 * place; names keep their first occurrence), so gadgets that share a key such as `a` stay a valid world.
 */
export function mergeFragments(fragments: readonly Fragment[]): Fragment[] {
  const byKey = new Map<string, string[]>();
  for (const fragment of fragments) {
    const names = byKey.get(fragment.key) ?? [];
    for (const name of fragment.tools) if (!names.includes(name)) names.push(name);
    byKey.set(fragment.key, names);
  }
  return [...byKey].map(([key, tools]) => ({ key, tools }));
}

/** The world made of `fragments` (merged by key) with `shape`'s behaviour. */
export function buildWorld(fragments: readonly Fragment[], shape: WorldShape): World {
  const servers = mergeFragments(fragments).map((fragment, index) => ({
    key: fragment.key,
    tools: fragment.tools.map((name) => fakeTool(fragment.key, name)),
    latency: shape.latencies[index] ?? noLatency,
    unreachable: shape.unreachable[index] ?? false,
  }));
  return { servers: assignIdentities(servers, shape.identities, shape.game) };
}
