/**
 * The agent CLIs in the real-hosts registry (hosts/hosts.ts spreads this list in), one entry per CLI and
 * variant: how `npm run reports` runs it (`--agent`, 10 cases per clause: each case costs CLI sessions of
 * seconds, and the runner draws more while a required situation is missing), and the hand-checked evidence
 * for every verdict that is not a pass. Evidence cites what the CLI sent its model (the provider's record of
 * the turn) and what the fake servers recorded, as `mcp-collide repro` and hosts/agent-clis/evidence.ts show
 * them for the committed counterexample.
 */
import type { RealHost } from "../hosts.ts";
import { agentAdapter, missingCli } from "./agent-test-support.ts";

const agent = (id: "claude-code" | "codex" | "gemini-cli", variant?: string) => ({
  argv: agentAdapter(id, ...(variant ? ["--variant", variant] : [])),
  runArgs: ["--agent", id, ...(variant ? ["--agent-variant", variant] : [])],
  runs: 10,
  unavailable: () => missingCli(id),
});

export const agentCliHosts: RealHost[] = [
  {
    id: "claude-code",
    title: "Claude Code (claude -p), default: deferred tool search",
    ...agent("claude-code"),
    packages: ["@anthropic-ai/claude-code"],
    wiring: "`claude -p` with `--mcp-config` + `--strict-mcp-config`, its model at the fake Anthropic Messages endpoint; MCP tools are listed by name in the prompt and loaded through `ToolSearch` (the adapter loads every listed one, as a model would), then called as `tool_use` blocks; one CLI process per session in a loopback-only network namespace.",
    evidence: {},
  },
  {
    id: "claude-code-tools-in-list",
    title: "Claude Code (claude -p), ENABLE_TOOL_SEARCH=false: every MCP tool in tools[]",
    ...agent("claude-code", "tools-in-list"),
    packages: ["@anthropic-ai/claude-code"],
    wiring: "As `claude-code`, with `ENABLE_TOOL_SEARCH=false`: every MCP tool is in the request's `tools[]` from the first turn.",
    evidence: {},
  },
  {
    id: "codex",
    title: "Codex (codex exec), eager namespace surface, optional MCP startup",
    ...agent("codex"),
    packages: ["@openai/codex"],
    wiring: "`codex exec` with a fresh `CODEX_HOME/config.toml`: a custom provider at the fake OpenAI Responses endpoint, an unknown model slug (eager tools: one `namespace` tool `mcp__<key>` per server), `[mcp_servers.\"<key>\"]` per server; calls are `function_call`s carrying namespace and name; one CLI process per session in a loopback-only network namespace.",
    evidence: {},
  },
  {
    id: "codex-required",
    title: "Codex (codex exec), required = true on every server",
    ...agent("codex", "required"),
    packages: ["@openai/codex"],
    wiring: "As `codex`, with `required = true` in every `[mcp_servers.\"<key>\"]` table.",
    evidence: {},
  },
  {
    id: "gemini-cli",
    title: "Gemini CLI (gemini -p), API-key auth, trusted servers",
    ...agent("gemini-cli"),
    packages: ["@google/gemini-cli"],
    wiring: "`gemini -p` with `GEMINI_CLI_HOME/.gemini/settings.json` (`mcpServers`, each `trust: true`), its model at the fake Gemini endpoint (`GOOGLE_GEMINI_BASE_URL`; the routing side call answered with a value fitting its JSON schema); calls are `functionCall` parts; one CLI process per session in a loopback-only network namespace.",
    evidence: {},
  },
];
