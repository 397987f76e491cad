/**
 * The bounds of every world the catalogue generates or constructs. The generators hold to them (their
 * options are checked against these constants, and suites/world-bounds.test.ts samples every clause), and
 * a world that arrives from outside (a report's counterexample, an emitted regression test) is held to
 * them before any server starts: a report re-sealed by whoever edited it (its hash is no signature) cannot
 * make `repro` start hundreds of servers or serve megabytes of tools.
 */
import type { World } from "../world/world.ts";

/** Most servers in one world: separatorClashWorld's 3 gadgets of 2 servers plus 2 extra servers. */
export const MAX_SERVERS_PER_WORLD = 8;
/** Most tools one server lists: the constructed many-tools world's 120, rounded up. */
export const MAX_TOOLS_PER_SERVER = 128;
/** Most worlds one case opens (a world and its permutation, or a world and the ones opened in between). */
export const MAX_WORLDS_PER_CASE = 4;
/** Most bytes of a case's worlds as JSON (the largest constructed case is about 26 kB). */
export const MAX_WORLD_BYTES = 512 * 1024;

/** Throws a RangeError when a generator's options admit more than `max` of `what`. */
export function assertWithinBound(what: string, value: number, max: number): void {
  if (value > max) throw new RangeError(`${what}: ${value} is over the bound of ${max} every world keeps (harness/arbitraries/world-bounds.ts)`);
}

/** Why `worlds` exceed the bounds of a generated case, or undefined when they keep them. */
export function worldBoundsBreach(worlds: readonly World[]): string | undefined {
  if (worlds.length > MAX_WORLDS_PER_CASE) return `${worlds.length} worlds, more than the ${MAX_WORLDS_PER_CASE} a case opens`;
  for (const [index, world] of worlds.entries()) {
    if (world.servers.length > MAX_SERVERS_PER_WORLD) return `world ${index + 1} has ${world.servers.length} servers, more than the ${MAX_SERVERS_PER_WORLD} a generated world holds`;
    const crowded = world.servers.find((server) => server.tools.length > MAX_TOOLS_PER_SERVER);
    if (crowded) return `server ${JSON.stringify(crowded.key.slice(0, 80))} of world ${index + 1} lists ${crowded.tools.length} tools, more than the ${MAX_TOOLS_PER_SERVER} a generated server lists`;
  }
  const bytes = Buffer.byteLength(JSON.stringify(worlds), "utf8");
  if (bytes > MAX_WORLD_BYTES) return `the worlds take ${bytes} bytes as JSON, more than the ${MAX_WORLD_BYTES} a generated case takes`;
  return undefined;
}
