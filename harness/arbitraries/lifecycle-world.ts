import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { World } from "../world/world.ts";
import type { ServerScript } from "../../fake-servers/index.ts";
import { assignIdentities } from "./_internals/assign-identities.ts";
import { fakeTool } from "./_internals/fake-tool.ts";
import { identityGame } from "./identity-game.ts";
import { noLatency } from "./_internals/server-options.ts";
import { uniqueArrayAtLeast } from "./_internals/unique-array-at-least.ts";
import { serverKeyPool } from "./server-key.ts";
import { toolNamePool } from "./tool-name.ts";

/** Options of {@link lifecycleWorld}. */
export interface LifecycleWorldOptions {
  /** Fewest servers (default 1). */
  minServers?: number;
  /** Most servers (default 2). */
  maxServers?: number;
  /** Fewest tools per server (default 1). */
  minTools?: number;
  /** Most tools per server (default 2). */
  maxTools?: number;
  /** Whether servers advertise `tools.listChanged` (default `never`; `sometimes`: each server about half the time). */
  listChanged?: "never" | "sometimes" | "always";
  /**
   * `games`: one identity game is forced onto the world (a server reports another's key, or two report one
   * package), the only thing in it a host could stumble on (default `truthful`).
   */
  identity?: "truthful" | "games";
}

/**
 * A small world with no collision of any kind: plain pool keys, and pool tool names none of which two
 * servers share. It is the stage for the lifecycle clauses (refresh, pins, options, the guard ...), so a
 * verdict there is about the lifecycle behaviour alone, never about how a host merges duplicates (the
 * collision clauses own that). Tool j goes to server j mod n, so shrinking removes servers and tools and
 * walks keys toward `alpha` and names toward `request`.
 */
export function lifecycleWorld(options: LifecycleWorldOptions = {}): Arbitrary<World> {
  const minServers = options.minServers ?? 1;
  const maxServers = Math.max(options.maxServers ?? 2, minServers);
  const minTools = options.minTools ?? 1;
  const maxTools = Math.max(options.maxTools ?? 2, minTools);
  if (minServers < 1 || maxServers > serverKeyPool.length || maxServers * minTools > toolNamePool.length) {
    throw new RangeError(`lifecycleWorld: ${minServers}..${maxServers} servers of ${minTools}..${maxTools} tools do not fit the pools`);
  }
  const advertise = options.listChanged ?? "never";
  return fc
    .record({
      keys: uniqueArrayAtLeast(fc.constantFrom(...serverKeyPool), { minLength: minServers, maxLength: maxServers }),
      names: uniqueArrayAtLeast(fc.constantFrom(...toolNamePool), {
        minLength: minServers * minTools,
        maxLength: Math.min(toolNamePool.length, maxServers * maxTools),
      }),
      // One flag per position, so removing a server while shrinking does not shift the others' flags.
      listChanged: advertise === "sometimes" ? fc.array(fc.boolean(), { minLength: maxServers, maxLength: maxServers }) : fc.constant([]),
      game: options.identity === "games" ? identityGame({ maxServers }) : fc.constant(null),
    })
    .filter(({ keys, names }) => names.length >= keys.length * minTools)
    .map(({ keys, names, listChanged, game }) => {
      const servers: ServerScript[] = keys.map((key, index) => ({
        key,
        serverInfo: { name: key, version: "1.0.0" },
        tools: names.slice(0, keys.length * maxTools).filter((_, j) => j % keys.length === index).map((name) => fakeTool(key, name)),
        latency: noLatency,
        unreachable: false,
        ...(advertise === "never" ? {} : { listChanged: advertise === "always" || listChanged[index] === true }),
      }));
      if (game === null) return { servers };
      // Only the claims change: every other field of each server stays as built.
      const claims = assignIdentities(servers, [], game);
      return { servers: servers.map((server, index) => ({ ...server, serverInfo: claims[index]!.serverInfo })) };
    });
}
