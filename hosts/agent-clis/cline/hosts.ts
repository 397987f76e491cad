/**
 * The cline report (`npm run reports -- --only cline`), with the hand-checked evidence for every verdict
 * that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../hosts.ts";
import type { AgentDrive } from "../agent-hosts.ts";
import { agent } from "../agent-report-entry.ts";

const clineHost: RealHost = {
  id: "cline",
  title: "Cline CLI (cline --yolo --json), OpenAI-compatible provider",
  ...agent("cline"),
  packages: ["cline"],
  wiring: "`cline --yolo --json` with `providers.json` (the OpenAI-compatible provider at the fake Chat Completions endpoint, as `cline auth` writes it) and `CLINE_MCP_SETTINGS_PATH` (`mcpServers`); MCP tool `x` of server `k` is the function `k__x` (a changed name gets an 8-hex hash suffix); a session ends on Cline's own `submit_and_exit`; one CLI process per session in a loopback-only network namespace.",
  evidence: {},
};

/** Committed reports. */
export const hosts: RealHost[] = [];

/** Not committed yet: run, then check every verdict that is not a pass by hand. */
export const pendingHosts: RealHost[] = [clineHost];

/** The end-to-end drive `npm test` runs (agent-clis.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [{ id: "cline", names: ["alpha__search", "alpha__a_b_d594b01b", "beta__search"], alphaSearch: "alpha__search", unknownSays: "no_such_tool" }];
