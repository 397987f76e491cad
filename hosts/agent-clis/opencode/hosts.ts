/**
 * The opencode reports (`npm run reports -- --only opencode,opencode-anthropic`): one entry per variant,
 * with the hand-checked evidence for every verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../hosts.ts";
import type { AgentDrive } from "../agent-hosts.ts";
import { agent } from "../agent-report-entry.ts";

/** Committed reports. */
export const hosts: RealHost[] = [];

/** Variants whose reports are not committed yet. */
export const pendingHosts: RealHost[] = [
  {
    id: "opencode",
    title: "opencode (opencode run), an @ai-sdk/openai-compatible provider",
    ...agent("opencode"),
    packages: ["opencode-ai"],
    wiring: "`opencode run` with `OPENCODE_CONFIG` naming a fresh opencode.json: an `@ai-sdk/openai-compatible` provider at the fake Chat Completions endpoint, an `mcp` entry per server, `permission: {\"*\": \"allow\"}`, `autoupdate: false`; calls are `tool_calls`; one CLI process per session in the sandbox.",
    evidence: {},
  },
  {
    id: "opencode-anthropic",
    title: "opencode (opencode run), its anthropic provider",
    ...agent("opencode", "anthropic"),
    packages: ["opencode-ai"],
    wiring: "As `opencode`, with its `anthropic` provider (`options.baseURL`) at the fake Anthropic Messages endpoint; calls are `tool_use` blocks.",
    evidence: {},
  },
];

/** The end-to-end drives `npm test` runs (agent-clis.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [
  { id: "opencode", names: ["alpha_a_b", "alpha_search", "beta_search"], alphaSearch: "alpha_search", unknownSays: "Model tried to call unavailable tool 'no_such_tool'" },
];
