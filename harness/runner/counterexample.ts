import type { Counterexample, ReportServer } from "../report/report-model.ts";
import type { World } from "../world/world.ts";
import type { Clause } from "./clause.ts";

/**
 * The report's `failure` of a server: its scripted load failure, or, for one that cannot be reached, how it
 * cannot (a closed port, a reset ...), where that is more than nothing serving its address.
 */
export function reportedFailure(server: World["servers"][number]): { failure?: string } {
  if (server.unreachable && server.unreachableAs !== undefined && server.unreachableAs !== "not-found") return { failure: server.unreachableAs };
  return server.failure !== undefined ? { failure: server.failure } : {};
}

/** The report's picture of a world's servers. */
export function serversOf(world: World): ReportServer[] {
  return world.servers.map((server) => ({
    key: server.key,
    tools: server.tools.map((tool) => tool.name),
    serverInfo: server.serverInfo,
    latency: server.latency,
    unreachable: server.unreachable,
    ...reportedFailure(server),
    ...(server.pageSize !== undefined ? { pageSize: server.pageSize } : {}),
    ...(server.emptyCursor !== undefined ? { emptyCursor: server.emptyCursor } : {}),
  }));
}

/** The report's picture of a case: its main world, the other worlds it opened (titled), and the value itself for replay. */
export function counterexampleOf(clause: Pick<Clause, "worlds" | "describeWorlds">, value: unknown): Counterexample {
  const [main, ...variants] = clause.worlds(value);
  const titles = clause.describeWorlds?.(value);
  return {
    servers: main ? serversOf(main) : [],
    variants: variants.map((world) => ({ servers: serversOf(world) })),
    ...(titles ? { titles } : {}),
    value: JSON.parse(JSON.stringify(value ?? null)),
  };
}
