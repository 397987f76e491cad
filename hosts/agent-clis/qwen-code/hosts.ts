/**
 * The Qwen Code reports (`npm run reports -- --only qwen-code,qwen-code-eager`): one entry per variant, with
 * the hand-checked evidence for every verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../hosts.ts";
import type { AgentDrive } from "../agent-hosts.ts";
import { agent } from "../agent-report-entry.ts";

/** Committed reports. */
export const hosts: RealHost[] = [];

/** Variants whose reports are not committed yet. */
export const pendingHosts: RealHost[] = [
  {
    id: "qwen-code",
    title: "Qwen Code (qwen -p), default: deferred tool search",
    ...agent("qwen-code"),
    packages: ["@qwen-code/qwen-code"],
    wiring: "`qwen -p --approval-mode yolo` with a fresh `~/.qwen/settings.json` (`mcpServers`, each `trust: true`; OpenAI auth), its model at the fake Chat Completions endpoint (`OPENAI_BASE_URL`); MCP tools are listed by name in the system prompt's Deferred Tools section and loaded through `tool_search` (the adapter loads every listed one, as a model would), then called as `tool_calls`; one CLI process per session in the sandbox, without the recording proxy (Qwen Code sends loopback through it too).",
    evidence: {},
  },
  {
    id: "qwen-code-eager",
    title: "Qwen Code (qwen -p), tool_search denied: every MCP tool in tools[]",
    ...agent("qwen-code", "eager"),
    packages: ["@qwen-code/qwen-code"],
    wiring: "As `qwen-code`, with `permissions.deny: [\"tool_search\"]`: with no tool search Qwen Code reveals every deferred tool, so every MCP tool is in `tools[]` from the first turn.",
    evidence: {},
  },
];

/** The end-to-end drives `npm test` runs (agent-clis.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [
  { id: "qwen-code", names: ["mcp__alpha__search", "mcp__alpha__a.b", "mcp__beta__search"], alphaSearch: "mcp__alpha__search", unknownSays: "Tool \\\"no_such_tool\\\" not found in registry." },
];
