/**
 * The agent CLIs in the real-hosts registry (hosts/hosts.ts spreads these lists in): every registered CLI's
 * `hosts/agent-clis/<id>/hosts.ts` (the registry: harness/cli/agent-registry.ts), one entry per CLI and
 * variant, with the hand-checked evidence for every verdict that is not a pass. Evidence cites what the CLI
 * sent its model (the provider's record of the turn) and what the fake servers recorded, as
 * `mcp-collide repro` and hosts/agent-clis/evidence.ts show them for the committed counterexample.
 */
import { agentClis } from "../../harness/index.ts";
import type { RealHost } from "../hosts.ts";

/**
 * One end-to-end drive of a CLI in `npm run test:agents` (agent-clis.agents.test.ts): the world `alpha` [search, a.b] +
 * `beta` [search] through its real binary, and the names (and namespaces) it shows, in order.
 */
export interface AgentDrive {
  id: string;
  variant?: string;
  names: string[];
  /** The namespace of each shown tool (default: none). */
  namespaces?: Array<string | undefined>;
  /** A name whose call must reach alpha's `search`, where the names alone do not say which server is whose. */
  alphaSearch?: string;
  /** Text the result of a call of a name the CLI does not show must hold (the CLI's own words). */
  unknownSays?: string;
}

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
