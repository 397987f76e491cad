import type { Arbitrary } from "fast-check";
import type { World } from "../world/world.ts";
import { world } from "./world.ts";
import type { WorldOptions } from "./world.ts";

/**
 * A world of at least two servers whose keys and tool names all come from the small pools, so one wire
 * name in two servers is common: the situation of `surface/no-silent-loss` and the routing clauses.
 * A counterexample about a lost or misrouted duplicate shrinks to two servers, one tool each, one name.
 * Any option may be overridden (e.g. `latency: true` for arrival order under collisions).
 */
export function collidingWorld(options: WorldOptions = {}): Arbitrary<World> {
  return world({ minServers: 2, toolFamilies: ["pool"], keyFamilies: ["pool"], ...options });
}
