import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { World } from "../world/world.ts";
import { assignIdentities } from "./_internals/assign-identities.ts";
import { uniqueArrayAtLeast } from "./_internals/unique-array-at-least.ts";
import { identityGame } from "./identity-game.ts";
import { serverIdentity } from "./server-identity.ts";
import type { IdentityMode } from "./server-identity.ts";
import { serverScript } from "./server-script.ts";
import { assertWithinBound, MAX_SERVERS_PER_WORLD } from "./world-bounds.ts";
import type { ServerScriptOptions } from "./server-script.ts";

/** Options of {@link world}: those of {@link serverScript}, applied to every server, plus the world's own. */
export interface WorldOptions extends ServerScriptOptions {
  /** Fewest servers (default 1). */
  minServers?: number;
  /** Most servers (default 6). */
  maxServers?: number;
  /** How servers describe themselves in `serverInfo` (default `truthful`; see {@link IdentityMode}). */
  identity?: IdentityMode;
}

/** Bounds of a world's server count under the options; throws on options that admit no world. */
function serverCountBounds(options: WorldOptions): { minServers: number; maxServers: number } {
  const minServers = options.minServers ?? 1;
  const maxServers = Math.max(options.maxServers ?? 6, minServers);
  if (!Number.isInteger(minServers) || !Number.isInteger(maxServers) || minServers < 0) {
    throw new RangeError(`world: server counts must be integers >= 0, got ${minServers}..${maxServers}`);
  }
  assertWithinBound("world: maxServers", maxServers, MAX_SERVERS_PER_WORLD);
  return { minServers, maxServers };
}

/**
 * A world: the servers a host is configured with, in configuration order. Keys are unique (the servers
 * are a unique array by key) and names are unique within each server.
 *
 * Shrinking removes whole servers and tools and moves keys and names toward their pools, so a
 * counterexample ends as few servers with few, plain tools. Identities are planned per server and
 * resolved by a map once every key is known (no `chain`, which would forget how to shrink).
 */
export function world(options: WorldOptions = {}): Arbitrary<World> {
  const { minServers, maxServers } = serverCountBounds(options);
  const mode = options.identity ?? "truthful";
  return fc
    .record({
      drafts: uniqueArrayAtLeast(fc.record({ server: serverScript(options), identity: serverIdentity({ mode }) }), {
        selector: (draft) => draft.server.key,
        minLength: minServers,
        maxLength: maxServers,
      }),
      game: mode === "games" ? identityGame({ maxServers }) : fc.constant(null),
    })
    .map(({ drafts, game }) => ({
      servers: assignIdentities(
        drafts.map((draft) => draft.server),
        drafts.map((draft) => draft.identity),
        game,
      ),
    }));
}
