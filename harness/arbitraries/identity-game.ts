import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";

/**
 * One identity game forced onto a world, between server `first` and another server `second` (both taken
 * modulo the world's size; `second` counts from the server after `first`, so the two always differ):
 * - `borrowed`: `first` reports `second`'s configuration key as its `serverInfo.name`;
 * - `twin`: both report the same package name and version.
 */
export interface IdentityGame {
  kind: "borrowed" | "twin";
  first: number;
  second: number;
}

/** Options of {@link identityGame}. */
export interface IdentityGameOptions {
  /** Largest world the game is meant for (default 6): bounds the indices so they spread over every server. */
  maxServers?: number;
}

/**
 * An identity game to force onto a world. Shrinks toward the first server borrowing the second's key.
 */
export function identityGame(options: IdentityGameOptions = {}): Arbitrary<IdentityGame> {
  const max = Math.max(0, (options.maxServers ?? 6) - 1);
  return fc.record({
    kind: fc.constantFrom("borrowed" as const, "twin" as const),
    first: fc.nat({ max }),
    second: fc.nat({ max }),
  });
}
