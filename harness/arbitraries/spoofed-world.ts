import type { Arbitrary } from "fast-check";
import type { World } from "../world/world.ts";
import { world } from "./world.ts";
import type { WorldOptions } from "./world.ts";

/**
 * A world of at least two servers in which some server plays an identity game: it reports another
 * server's key as its `serverInfo.name`, or two servers report one `serverInfo` name and version. The
 * situation of `names/label-from-config`. `identity` is always `games`; other options may be overridden.
 */
export function spoofedWorld(options: Omit<WorldOptions, "identity"> = {}): Arbitrary<World> {
  return world({ ...options, minServers: Math.max(2, options.minServers ?? 2), identity: "games" });
}
