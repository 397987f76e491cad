/**
 * The real hosts mcp-collide judges, one entry per adapter mode, gathered from their folders: every library
 * host's hosts/<id>/hosts.ts (a folder with a host.json: its adapter, pins, report entries and tests) and
 * every agent CLI's hosts/agent-clis/<id>/hosts.ts (hosts/agent-clis/agent-hosts.ts). Each entry says how to
 * start its HAP/1 adapter, what it is, and, for every clause its committed report does not pass, the
 * evidence that the verdict is the host's own behaviour, checked by hand. `npm run reports` runs them;
 * reports.replay.test.ts replays them (npm run test:replay). Adding a host is one folder: nothing here names it.
 */

import { hostRegistry } from "../harness/index.ts";
import { agentCliHosts, agentCliPendingHosts } from "./agent-clis/agent-hosts.ts";
import { agentModuleHosts, agentModulePendingHosts } from "./agent-modules/agent-module-hosts.ts";
import { gatewayHosts } from "./gateways/gateway-hosts.ts";
import type { RealHost } from "./real-host.ts";

export { launchArgv, reportRun, type RealHost } from "./real-host.ts";

/** What each library host folder's hosts.ts exports. */
interface HostReports {
  /** Committed reports. */
  hosts: RealHost[];
  /**
   * Modes whose adapters are done but whose reports are not committed yet: `npm run reports -- --only ID`
   * runs one; every verdict that is not a pass needs its evidence, checked by hand, before the entry moves
   * to `hosts`.
   */
  pendingHosts?: RealHost[];
}

/**
 * The order the reports list the library hosts in: the order they were first judged, which the committed
 * tables follow. A folder not named here comes after these, by id.
 */
const firstJudged = ["langchain", "vercel-ai", "openai-agents", "mastra", "mcp-use", "genkit", "voltagent", "python-host", "fastmcp", "python-sdk"];
const rank = (id: string) => (firstJudged.includes(id) ? firstJudged.indexOf(id) : firstJudged.length);
const ids = hostRegistry.map((entry) => entry.id).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

const folders: HostReports[] = await Promise.all(ids.map((id) => import(`./${id}/hosts.ts`) as Promise<HostReports>));

/**
 * Every committed report: the library hosts', then the agent CLIs' (judged black box through the fake model
 * provider), those judged from an agent module, as from outside the package (hosts/agent-modules/), and the
 * gateways, judged as MCP servers (hosts/gateways/).
 */
export const realHosts: RealHost[] = [...folders.flatMap((folder) => folder.hosts), ...agentCliHosts, ...agentModuleHosts, ...gatewayHosts];

/**
 * Hosts whose adapters are done but whose reports are not committed yet: every verdict that is not a pass
 * must be checked by hand before its report goes in (then the host moves to {@link realHosts}).
 * `npm run reports -- --only ID` runs one; hosts/offline.hosts.test.ts and the adapter tests already cover them.
 */
export const pendingHosts: RealHost[] = [...folders.flatMap((folder) => folder.pendingHosts ?? []), ...agentCliPendingHosts, ...agentModulePendingHosts];
