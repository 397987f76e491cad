import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { ServerFailure, ServerScript } from "../../fake-servers/index.ts";
import type { World } from "../world/world.ts";
import { fakeTool } from "./_internals/fake-tool.ts";
import { lifecycleWorld } from "./lifecycle-world.ts";
import { toolNamePool } from "./tool-name.ts";

/**
 * The ways a server can fail while a host loads it: unreachable at all, or one of the scripted failures
 * (see ServerFailureSchema). Cheapest first, so a counterexample shrinks toward an unreachable server;
 * `list-unanswered` last, since each such case waits out the harness's bound.
 */
export const loadFailures = ["unreachable", "initialize-error", "list-error", "list-crash", "nameless-tool", "schema-not-object", "list-unanswered"] as const;
/** One way a server fails while a host loads it. */
export type LoadFailure = (typeof loadFailures)[number];

/** Options of {@link failingWorld}. */
export interface FailingWorldOptions {
  /** Most servers that fail (default 2; at least one always does). */
  maxFailing?: number;
  /** Most servers in all (default 3). */
  maxServers?: number;
}

/**
 * A world in which one or more servers fail while a host loads it, each in one of the {@link loadFailures},
 * beside healthy servers with no collision of any kind (a {@link lifecycleWorld}), so what the host says
 * about a failing server is the only thing judged. A failing server keeps the tools it would have
 * advertised (the report shows them; no host can list them). Shrinks toward one unreachable server alone.
 */
export function failingWorld(options: FailingWorldOptions = {}): Arbitrary<World> {
  const maxServers = options.maxServers ?? 3;
  const failure = fc.record({ at: fc.nat({ max: maxServers - 1 }), how: fc.constantFrom(...loadFailures) });
  return fc
    .record({
      base: lifecycleWorld({ maxServers }),
      failing: fc.array(failure, { minLength: 1, maxLength: options.maxFailing ?? 2 }),
    })
    .map(({ base, failing }) => {
      const how = new Map<number, LoadFailure>();
      // The first failure drawn for a position wins; positions wrap onto the servers there are.
      for (const { at, how: way } of failing) if (!how.has(at % base.servers.length)) how.set(at % base.servers.length, way);
      return {
        servers: base.servers.map((server, index) => {
          const way = how.get(index);
          if (way === undefined) return server;
          if (way === "unreachable") return { ...server, unreachable: true };
          return { ...(way === "list-crash" ? withTwoPages(server, base) : server), failure: way as ServerFailure };
        }),
      };
    });
}

/**
 * `server` holding at least two tools (a pool name no server of `world` uses is added), so that a crash in
 * the middle of listing is one: the first page answers, the second kills the server. With one tool the
 * server dies on its first `tools/list`, and a host that reads only the first page (Mastra, VoltAgent) is
 * never caught out (first-page-only went unseen in 2 seeds of 20 while half these servers held one tool).
 */
function withTwoPages(server: ServerScript, world: World): ServerScript {
  if (server.tools.length >= 2) return server;
  const used = new Set(world.servers.flatMap((other) => other.tools.map((tool) => tool.name)));
  const name = toolNamePool.find((candidate) => !used.has(candidate));
  return name === undefined ? server : { ...server, tools: [...server.tools, fakeTool(server.key, name)] };
}
