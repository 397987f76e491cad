/**
 * The example agent modules' report entries (hosts/hosts.ts spreads them in): every folder under
 * hosts/agent-modules/ with a package.json (harness/cli/agent-registry.ts `agentModuleExamples`) has a
 * `hosts.ts` exporting `hosts` (and `pendingHosts` until its reports are committed), one entry per variant judged, with the hand-checked evidence for every
 * verdict that is not a pass. They run as any module runs: `mcp-collide run --agent-module PATH`.
 */
import { agentModuleExamples } from "../../harness/index.ts";
import type { RealHost } from "../real-host.ts";

const folders = await Promise.all(agentModuleExamples.map((name) => import(`./${name}/hosts.ts`) as Promise<{ hosts: RealHost[]; pendingHosts?: RealHost[] }>));

/** Every example module's committed reports, by folder name. */
export const agentModuleHosts: RealHost[] = folders.flatMap((folder) => folder.hosts);

/** Every example module's reports not committed yet (every verdict that is not a pass is checked by hand first). */
export const agentModulePendingHosts: RealHost[] = folders.flatMap((folder) => folder.pendingHosts ?? []);
