/**
 * The claude-code reports (`npm run reports -- --only claude-code,claude-code-tools-in-list`): one entry per variant, with the
 * hand-checked evidence for every verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../real-host.ts";
import { agent, contextNotDriven, noSearchTool, relisting, type AgentDrive } from "../agent-report-entry.ts";

/** What both Claude Code variants do alike (the name filter sits before the deferral). */
const claudeCommon: Record<string, string> = {
  "names/injective": "The same join: `a__b`'s `c` and `a`'s `b__c` both take `mcp__a__b__c`, which is shown for `a__b`'s `c` only (the server configured first), and `a`'s `b__c` is gone with no error or diagnostic naming it (report run, seed 2026, 2026-12-07, catalogue 4; constructed cases separator-clash and host-join-clash).",
  "order/arrival-timing": "The same join, where the answer order decides: `alpha`'s `b__c` and `alpha__b`'s `c` both take `mcp__alpha__b__c`; with `alpha`'s list answered first the name is `alpha`'s `b__c`, with `alpha__b`'s first it is `alpha__b`'s `c`, and no error names either (report run, seed 2026, 2026-12-07, catalogue 4): the server whose list answers first keeps the name.",
  "drift/mid-session-loss": "After a server died mid-session by a closed port (connection refused), a connection reset while an answer was awaited, or (stdio) closing its stdout, the next call of its tool reached no server and the model got the bare transport error, `ECONNRESET: The socket connection was closed unexpectedly. For more information, pass `verbose: true` in the second argument to fetch()`, which names no server (report run, seed 2026, 2026-12-07, catalogue 4; constructed cases closes-port, resets, closes-stdout).",
  "surface/no-silent-loss": "Claude Code joins `mcp__<server>__<tool>` and does not tell apart names that join alike: `a__b`'s `c` and `a`'s `b__c` both become `mcp__a__b__c`, and the model turn offers that name once, as `a__b`'s `c` (the server configured first: its description carries `a__b`'s identity marker and the call reached `a__b`, server records), while `a`'s `b__c` is offered under no name; neither the stream-json init event nor stderr names `a` or the tool (evidence replay 2026-12-04).",
  "surface/shortfall-names-missing": "Claude Code drops, with no error and no log line, a tool whose built `mcp__<server>__<tool>` name is over the Anthropic limit (128): both 128-character tools of `alpha` (140 once prefixed) are left out of the model turn, which offers only `mcp__alpha__request`, and nothing (init event, stderr) names `alpha` or them.",
  "names/provider-valid": "The built name is checked against Anthropic's 128 limit, not the catalogue's default profile (^[A-Za-z0-9_-]{1,64}$, what OpenAI and Bedrock Converse accept): `mcp__alpha__` + alpha's 60-character tool (72 characters) is offered beside `mcp__beta__search`. Under `--profile anthropic-128` this clause passes.",
  "schema/hostile-schema": "A tool whose input schema Claude Code cannot use is dropped silently: `request` of `alpha` (schema with an unknown `type`) is neither offered to the model nor named in any error (init event: `alpha` connected), while `alpha`'s `search` and `beta`'s `query` are offered and their calls reach their servers.",
  "order/config-permutation": "`a__b`'s `c` and `a`'s `b__c` both join to `mcp__a__b__c`; the turn offers that name once, for the server configured first: configured `a__b`, `a`, it carries `a__b`'s identity and the call reached `a__b`; configured `a`, `a__b`, it carries `a`'s and the call reached `a` (server records). Which server's tool the model gets depends on the configuration order, and the other's is lost without a word.",
  "surface/all-or-nothing": "`alpha` lists two 128-character tools (names of 140 once prefixed, over Anthropic's 128) beside `request`: the turn offers `mcp__alpha__request` (a call reached `alpha`) and neither long tool, with no error: `alpha` is partly registered.",
  "drift/list-changed": "Claude Code re-lists a server on `notifications/tools/list_changed` (its handler, `onMcpToolListChanged` in the bundle, logs `Received tools/list_changed notification, refreshing tools` and re-fetches): after `alpha` removed `search` and notified, `alpha` received a second `tools/list` (answered with `request` alone), yet every later model turn of the same `claude -p` process still offered `mcp__alpha__search` in `tools[]`, with its old description, beside `mcp__alpha__request`: every turn after it in the evidence replays (four with deferred tool search, eight with tools in the list, within the replay's 2 s) and in the report runs' 15 s (the provider's records; each turn answered a call of a tool no CLI has, which Claude Code refused with `No such tool available`). The refreshed list never reaches the model within the session it changed in.",
  "surface/failing-server-named": "A server that answers `tools/list` with a JSON-RPC error (`alpha`): Claude Code asks `tools/list` four times, then offers none of alpha's tools beside `beta`'s `search`, and neither the stream-json init event nor stderr names `alpha` (errors [], diagnostics []).",
};

/** Committed reports. */
export const hosts: RealHost[] = [
  {
    id: "claude-code",
    title: "Claude Code (claude -p), default: deferred tool search",
    ...agent("claude-code"),
    notApplicable: { ...relisting, ...contextNotDriven("Claude Code") },
    packages: ["@anthropic-ai/claude-code"],
    wiring: "`claude -p` with `--mcp-config` + `--strict-mcp-config`, its model at the fake Anthropic Messages endpoint; MCP tools are listed by name in the prompt and loaded through `ToolSearch` (the adapter loads every listed one, as a model would), then called as `tool_use` blocks; one CLI process per session in a loopback-only network namespace.",
    timingDependent: {
      "order/config-permutation": "which of two servers whose names join alike keeps the shared name followed the configuration order in the full runs of both Claude Code variants and in the 2026-12-04 replays, but an earlier replay by value (tools-in-list, keys that sanitise alike) kept the other: it rests on Claude Code's concurrent server start, so it is left out of the replay test",
    },
    evidence: claudeCommon,
  },
  {
    id: "claude-code-tools-in-list",
    title: "Claude Code (claude -p), ENABLE_TOOL_SEARCH=false: every MCP tool in tools[]",
    ...agent("claude-code", "tools-in-list"),
    notApplicable: { ...relisting, ...contextNotDriven("Claude Code"), ...noSearchTool("Claude Code", "has its tool search turned off here, so every MCP tool is in `tools[]`") },
    packages: ["@anthropic-ai/claude-code"],
    wiring: "As `claude-code`, with `ENABLE_TOOL_SEARCH=false`: every MCP tool is in the request's `tools[]` from the first turn.",
    timingDependent: {
      "order/config-permutation": "which of two servers whose names join alike keeps the shared name followed the configuration order in the full runs of both Claude Code variants and in the 2026-12-04 replays, but an earlier replay by value (tools-in-list, keys that sanitise alike) kept the other: it rests on Claude Code's concurrent server start, so it is left out of the replay test",
    },
    evidence: claudeCommon,
  },
];

/** The end-to-end drives `npm run test:agents` runs (agent-clis.agents.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [{ id: "claude-code", names: ["mcp__alpha__a_b", "mcp__alpha__search", "mcp__beta__search"], alphaSearch: "mcp__alpha__search" }];
