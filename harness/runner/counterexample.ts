import type { Counterexample, ReportServer } from "../report/report-model.ts";
import type { World } from "../world/world.ts";

function serversOf(world: World): ReportServer[] {
  return world.servers.map((server) => ({
    key: server.key,
    tools: server.tools.map((tool) => tool.name),
    serverInfo: server.serverInfo,
    latency: server.latency,
    unreachable: server.unreachable,
  }));
}

/** The report's picture of a case: its main world, the other worlds it opened, and the value itself for replay. */
export function counterexampleOf(worlds: World[], value: unknown): Counterexample {
  const [main, ...variants] = worlds;
  return {
    servers: main ? serversOf(main) : [],
    variants: variants.map((world) => ({ servers: serversOf(world) })),
    value: JSON.parse(JSON.stringify(value ?? null)),
  };
}
