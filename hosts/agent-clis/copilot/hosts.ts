/**
 * The copilot report (`npm run reports -- --only copilot`), with the hand-checked evidence for every
 * verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../hosts.ts";
import type { AgentDrive } from "../agent-hosts.ts";
import { agent } from "../agent-report-entry.ts";

const copilotHost: RealHost = {
  id: "copilot",
  title: "GitHub Copilot CLI (copilot -p), offline BYOK, Chat Completions",
  ...agent("copilot"),
  packages: ["@github/copilot"],
  wiring: "`copilot -p` with `~/.copilot/mcp-config.json` (`type: local`/`http`, `tools: [\"*\"]`), `COPILOT_OFFLINE=true` and its model at the fake Chat Completions endpoint (`COPILOT_PROVIDER_BASE_URL`, dummy key), `--allow-all-tools`, `--output-format json` (whose `session.mcp_server_status_changed` events name a failed server); MCP tool `x` of server `k` is the function `k-x`; one CLI process per session in a loopback-only network namespace.",
  evidence: {},
};

/** Committed reports. */
export const hosts: RealHost[] = [];

/** Not committed yet: run, then check every verdict that is not a pass by hand. */
export const pendingHosts: RealHost[] = [copilotHost];

/** The end-to-end drive `npm test` runs (agent-clis.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [{ id: "copilot", names: ["alpha-a-b", "alpha-search", "beta-search"], alphaSearch: "alpha-search", unknownSays: "does not exist" }];
