import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { World } from "../world/world.ts";
import { fakeTool } from "./_internals/fake-tool.ts";
import { paddedName } from "./_internals/padded-name.ts";
import { world } from "./world.ts";
import type { WorldOptions } from "./world.ts";

/**
 * Two tools of one server whose names differ only in the middle, added to a long-name world.
 * `server` is taken modulo the world's size.
 */
export interface MiddlePair {
  /** Length of both names. */
  length: number;
  /** Which server gets the pair, modulo the world's size. */
  server: number;
}

/**
 * Lengths of a middle-differing pair, most telling first: at 128 the pair also shares its first 64
 * characters (a cut at 64 collides with or without a prefix); at 65 and 64 only the ends agree.
 */
export const middlePairLengths = [128, 65, 64, 63, 129] as const;

/**
 * A world whose tools have long names: every tool from the `long` family (lengths 51–57, 60, 63, 64, 65,
 * 128, 129, so tool lengths and `mcp__{key}__{tool}` lengths sit on every boundary), keys from the pool or
 * long, and usually (four times in five) one server holding a pair of same-length names that differ only
 * in the middle (so that server may hold `maxTools` + 2 tools). The pair is an option that shrinks to
 * absent, and the names toward the shortest. Any world option may be overridden.
 */
export function longNameWorld(options: WorldOptions = {}): Arbitrary<World> {
  const pair = fc.record({ length: fc.constantFrom(...middlePairLengths), server: fc.nat({ max: 5 }) });
  return fc
    .record({
      // Drawn with empty servers allowed, then filled: so a server holding the pair can shrink away its
      // other tools (a plain `allowEmpty: false` world keeps one of them forever).
      base: world({ toolFamilies: ["long"], keyFamilies: ["pool", "long"], ...options, allowEmpty: true }),
      pair: fc.option(pair, { freq: 5 }),
    })
    .map(({ base, pair }) => {
      const paired = pair === null ? base : withMiddlePair(base, pair);
      return options.allowEmpty === true ? paired : withoutEmptyServers(paired);
    });
}

/** The plainest long name: what a server left with no tools advertises instead. */
const fillerName = paddedName("tool_", 51);

/** `value` with every server that has no tools given the plainest long name. */
function withoutEmptyServers(value: World): World {
  return {
    servers: value.servers.map((server) =>
      server.tools.length > 0 ? server : { ...server, tools: [fakeTool(server.key, fillerName)] },
    ),
  };
}

/** `base` with a middle-differing pair added to one server (names it already has are not repeated). */
function withMiddlePair(base: World, pair: MiddlePair): World {
  if (base.servers.length === 0) return base;
  const target = pair.server % base.servers.length;
  return {
    servers: base.servers.map((server, index) => {
      if (index !== target) return server;
      const have = new Set(server.tools.map((tool) => tool.name));
      const added = [paddedName("tool_", pair.length, 1), paddedName("tool_", pair.length, 2)].filter(
        (name) => !have.has(name),
      );
      return { ...server, tools: [...server.tools, ...added.map((name) => fakeTool(server.key, name))] };
    }),
  };
}
