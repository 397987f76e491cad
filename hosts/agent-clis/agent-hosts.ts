/**
 * The agent CLIs in the real-hosts registry (hosts/hosts.ts gathers these lists): every registered CLI's
 * `hosts/agent-clis/<id>/hosts.ts` (the registry: harness/cli/agent-registry.ts), one entry per CLI and
 * variant, with the hand-checked evidence for every verdict that is not a pass. Evidence cites what the CLI
 * sent its model (the provider's record of the turn) and what the fake servers recorded, as
 * `mcp-collide repro` and hosts/agent-clis/evidence.ts show them for the committed counterexample.
 */
import { agentClis } from "../../harness/index.ts";
import type { RealHost } from "../real-host.ts";
import type { AgentDrive } from "./agent-report-entry.ts";

/** What each CLI folder's hosts.ts exports. */
interface CliReports {
  /** The drives agent-clis.agents.test.ts runs (at least the default variant's). */
  drives: AgentDrive[];
  /** Committed reports. */
  hosts: RealHost[];
  /**
   * Variants whose adapters are done but whose reports are not committed yet (hosts.ts spreads these into
   * pendingHosts): `npm run reports -- --only ID` runs one; every verdict that is not a pass needs its
   * evidence, checked by hand, before the entry moves to `hosts`.
   */
  pendingHosts?: RealHost[];
}

const folders: CliReports[] = await Promise.all(agentClis.map((id) => import(`./${id}/hosts.ts`) as Promise<CliReports>));

/** Every registered CLI's committed reports, in registry order. */
export const agentCliHosts: RealHost[] = folders.flatMap((folder) => folder.hosts);

/** Every registered CLI's end-to-end drives. */
export const agentCliDrives: AgentDrive[] = folders.flatMap((folder) => folder.drives);

/** Every registered CLI's reports not committed yet. */
export const agentCliPendingHosts: RealHost[] = folders.flatMap((folder) => folder.pendingHosts ?? []);
