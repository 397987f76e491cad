import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";

/**
 * What a server will claim as `serverInfo` on `initialize`, before the world it sits in is known:
 * - `truthful`: its own configuration key, version `1.0.0`;
 * - `borrowed`: the key of another server of the world (the `offset`-th after it, cyclically), as a
 *   server does when it lies, or when two configured instances differ only by key;
 * - `package`: a fixed package identity, shared by every server that drew the same one (two instances of
 *   one package report one name and version: anthropics/claude-code#74635).
 */
export type ServerIdentity =
  | { kind: "truthful" }
  | { kind: "borrowed"; offset: number }
  | { kind: "package"; name: string; version: string };

/**
 * How a world's servers describe themselves: `truthful` (every server names its own key), `mixed` (each
 * server independently truthful or playing an identity game) or `games` (as `mixed`, and at least one
 * identity game is always present once the world has two servers).
 */
export type IdentityMode = "truthful" | "mixed" | "games";

/** Options of {@link serverIdentity}. */
export interface ServerIdentityOptions {
  /** `truthful` always gives the truthful identity; anything else mixes in games (default `mixed`). */
  mode?: IdentityMode;
}

/** Package identities two servers can share: two names, two versions, so same-name-other-version arises too. */
export const packageNames = ["shared-package", "other-package"] as const;
/** Versions a `package` identity reports. */
export const packageVersions = ["1.0.0", "2.0.0"] as const;

/**
 * What one server claims about itself; turned into a `serverInfo` once the world's keys are known.
 * Truthful is twice as likely as each game and is where shrinking goes first.
 */
export function serverIdentity(options: ServerIdentityOptions = {}): Arbitrary<ServerIdentity> {
  const truthful = fc.constant<ServerIdentity>({ kind: "truthful" });
  if (options.mode === "truthful") return truthful;
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: truthful, weight: 2 },
    {
      arbitrary: fc.record({ kind: fc.constant("borrowed" as const), offset: fc.nat({ max: 7 }) }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("package" as const),
        name: fc.constantFrom(...packageNames),
        version: fc.constantFrom(...packageVersions),
      }),
      weight: 1,
    },
  );
}
