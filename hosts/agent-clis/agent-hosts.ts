/**
 * The agent CLIs in the real-hosts registry (hosts/hosts.ts spreads this list in), one entry per CLI and
 * variant: how `npm run reports` runs it (`--agent`, with its defaults: the coverage plan, then a few random
 * cases per clause, since each case costs CLI sessions of seconds), and the hand-checked evidence
 * for every verdict that is not a pass. Evidence cites what the CLI sent its model (the provider's record of
 * the turn) and what the fake servers recorded, as `mcp-collide repro` and hosts/agent-clis/evidence.ts show
 * them for the committed counterexample.
 */
import { AGENT_DEFAULT_RUNS } from "../../harness/index.ts";
import type { RealHost } from "../hosts.ts";
import { adapter } from "../test-support.ts";

/**
 * Why each capability clause does not apply to an agent CLI driven black box. Every CLI is judged on
 * `guard/local-occupant` through its built-ins (HAP/1 `builtinTools`, learnt from its no-server baseline)
 * and on `drift/mid-session-loss` (a server dies between two calls of one CLI process), which needs nothing;
 * `drift/list-changed` applies where the CLI re-lists a server on list_changed (AgentCli.relists), and each
 * CLI that does not says why below.
 */
const notApplicable: Record<string, string> = {
  "guard/every-shape": "a CLI has no API to register a local tool from outside; its own built-ins are fixed (guard/local-occupant judges them)",
  "drift/refresh-tracks-list": "a CLI cannot be asked from outside to re-list a server mid-session",
  "drift/unreachable-prunes-nothing": "a CLI cannot be asked from outside to re-list a server mid-session",
  "drift/pin-holds-changes": "none of these CLIs pins a server's tool definitions",
  "options/keyed-by-wire": "none of these CLIs takes per-tool request schemas",
  "options/unknown-key": "none of these CLIs takes per-tool request schemas",
  "surface/allow-deny": "per-server tool filters exist (Codex enabled_tools, Gemini includeTools) but are not driven yet",
  "names/profile": "no CLI claims a naming profile; pass --profile to judge one",
};

/** Codex's reason for `drift/list-changed` (every variant: one engine). */
const codexIgnoresListChanged = {
  ...notApplicable,
  "drift/list-changed": "Codex does not re-list a server on notifications/tools/list_changed (openai/codex#33266), so the adapter does not declare listChanged: measured 2026-12-05 with the notification sent between two turns of one `codex exec`, the server received a single `tools/list` per session and every later turn offered the list of the first (through the 15 s the clause waits)",
};

// A CLI re-lists in turns that cost seconds: drift/list-changed gets 15 s, not the library hosts' 2 s.
const agent = (id: "claude-code" | "codex" | "gemini-cli", variant?: string) => ({
  notApplicable,
  argv: adapter(`agent-clis/${id}`, ...(variant ? ["--variant", variant] : [])),
  runArgs: ["--agent", id, ...(variant ? ["--agent-variant", variant] : []), "--list-changed-timeout", "15000"],
  runs: AGENT_DEFAULT_RUNS,
  // The pinned CLI, and the network namespace its adapter refuses to run without.
  needs: [`agent-cli:${id}` as const, "netns" as const],
});

/** What both Claude Code variants do alike (the name filter sits before the deferral). */
const claudeCommon: Record<string, string> = {
  "surface/no-silent-loss": "Claude Code joins `mcp__<server>__<tool>` and does not tell apart names that join alike: `a__b`'s `c` and `a`'s `b__c` both become `mcp__a__b__c`, and the model turn offers that name once, as `a__b`'s `c` (the server configured first: its description carries `a__b`'s identity marker and the call reached `a__b`, server records), while `a`'s `b__c` is offered under no name; neither the stream-json init event nor stderr names `a` or the tool (evidence replay 2026-12-04).",
  "surface/shortfall-names-missing": "Claude Code drops, with no error and no log line, a tool whose built `mcp__<server>__<tool>` name is over the Anthropic limit (128): both 128-character tools of `alpha` (140 once prefixed) are left out of the model turn, which offers only `mcp__alpha__request`, and nothing (init event, stderr) names `alpha` or them.",
  "names/provider-valid": "The built name is checked against Anthropic's 128 limit, not the catalogue's default profile (^[A-Za-z0-9_-]{1,64}$, what OpenAI and Bedrock Converse accept): `mcp__alpha__` + alpha's 60-character tool (72 characters) is offered beside `mcp__beta__search`. Under `--profile anthropic-128` this clause passes.",
  "schema/hostile-schema": "A tool whose input schema Claude Code cannot use is dropped silently: `request` of `alpha` (schema with an unknown `type`) is neither offered to the model nor named in any error (init event: `alpha` connected), while `alpha`'s `search` and `beta`'s `query` are offered and their calls reach their servers.",
  "order/config-permutation": "`a__b`'s `c` and `a`'s `b__c` both join to `mcp__a__b__c`; the turn offers that name once, for the server configured first: configured `a__b`, `a`, it carries `a__b`'s identity and the call reached `a__b`; configured `a`, `a__b`, it carries `a`'s and the call reached `a` (server records). Which server's tool the model gets depends on the configuration order, and the other's is lost without a word.",
  "surface/all-or-nothing": "`alpha` lists two 128-character tools (names of 140 once prefixed, over Anthropic's 128) beside `request`: the turn offers `mcp__alpha__request` (a call reached `alpha`) and neither long tool, with no error: `alpha` is partly registered.",
  "drift/list-changed": "Claude Code re-lists a server on `notifications/tools/list_changed` (its handler, `onMcpToolListChanged` in the bundle, logs `Received tools/list_changed notification, refreshing tools` and re-fetches): after `alpha` removed `search` and notified, `alpha` received a second `tools/list` (answered with `request` alone), yet every later model turn of the same `claude -p` process still offered `mcp__alpha__search` in `tools[]`, with its old description, beside `mcp__alpha__request`: every turn after it in the evidence replays (four with deferred tool search, eight with tools in the list, within the replay's 2 s) and in the report runs' 15 s (the provider's records; each turn answered a call of a tool no CLI has, which Claude Code refused with `No such tool available`). The refreshed list never reaches the model within the session it changed in.",
  "surface/failing-server-named": "A server that answers `tools/list` with a JSON-RPC error (`alpha`): Claude Code asks `tools/list` four times, then offers none of alpha's tools beside `beta`'s `search`, and neither the stream-json init event nor stderr names `alpha` (errors [], diagnostics []).",
};

export const agentCliHosts: RealHost[] = [
  {
    id: "claude-code",
    title: "Claude Code (claude -p), default: deferred tool search",
    ...agent("claude-code"),
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
    packages: ["@anthropic-ai/claude-code"],
    wiring: "As `claude-code`, with `ENABLE_TOOL_SEARCH=false`: every MCP tool is in the request's `tools[]` from the first turn.",
    timingDependent: {
      "order/config-permutation": "which of two servers whose names join alike keeps the shared name followed the configuration order in the full runs of both Claude Code variants and in the 2026-12-04 replays, but an earlier replay by value (tools-in-list, keys that sanitise alike) kept the other: it rests on Claude Code's concurrent server start, so it is left out of the replay test",
    },
    evidence: claudeCommon,
  },
  {
    id: "codex",
    title: "Codex (codex exec), eager namespace surface, optional MCP startup",
    ...agent("codex"),
    notApplicable: codexIgnoresListChanged,
    packages: ["@openai/codex"],
    wiring: "`codex exec` with a fresh `CODEX_HOME/config.toml`: a custom provider at the fake OpenAI Responses endpoint, an unknown model slug (eager tools: one `namespace` tool `mcp__<key>` per server), `[mcp_servers.\"<key>\"]` per server; calls are `function_call`s carrying namespace and name; one CLI process per session in a loopback-only network namespace.",
    notes: [
      "Measured on the 2-core machine at rest (load about 1 when the run began): every timing clause passed. In an earlier run on the same machine under heavy load (load average near 38), the optional MCP startup let `codex exec` send its first model request before slow servers had answered `tools/list`, and those servers were simply absent from the turn with no error: order/config-permutation, order/arrival-timing, surface/no-silent-loss, surface/shortfall-names-missing, names/label-from-config and names/deterministic failed then. Which tools a Codex user's model gets depends on how fast the servers start; `required = true` (the `codex-required` report) removes the race.",
    ],
    evidence: {
      "surface/no-silent-loss": "Codex refuses a server key outside ^[a-zA-Z0-9_:@/.-]+$ before starting it (`validate_mcp_server_name` in codex-rs/codex-mcp/src/rmcp_client.rs), and with optional MCP startup (the default) that refusal is said nowhere `codex exec` prints: the full-width key `ｓｅａｒｃｈ` is never contacted (its server records are empty), the turn offers only `mcp__search` with `search`'s `request`, and neither stdout nor stderr names `ｓｅａｒｃｈ`. The clash with `search` plays no part: `ｓｅａｒｃｈ` alone, or `store refunds` alone, is dropped the same way (direct, 2026-12-04: codex exec in a loopback-only namespace, no server request, no line about the key, also with --json).",
      "surface/shortfall-names-missing": "Same refusal: `ｓｅａｒｃｈ` (full-width letters, outside Codex's ^[a-zA-Z0-9_:@/.-]+$ for a server name) is never started, its `request` is missing from the turn, and nothing Codex prints names the key or the tool; `required = true` turns the same refusal into a run-wide error naming the key.",
      "surface/failing-server-named": "With Codex's default optional MCP startup, a configured server that cannot be reached (`alpha`, connection refused) is left out of the model turn without a word: the turn offers `mcp__beta` only, and `codex exec` prints nothing naming `alpha` (its only trace is rmcp's `ERROR rmcp::transport::worker: worker quit with fatal: ... error sending request for url (http://127.0.0.1:<port>/mcp)` on stderr, which names the URL, not the key). A server whose `tools/list` fails is dropped with no line at all (direct, 2026-12-04, also with --json). The `codex-required` variant fails the whole run instead, naming the server.",
      "wire/tool-error-reaches-model": "A tool result with `isError: true` reaches the model as ordinary output: Codex's `function_call_output` for alpha's `fail` is two `input_text` items, `Wall time: … seconds` / `Output:` and then the tool's own text (`tool \"fail\" of server \"alpha\" failed on purpose: …`), the same shape as a successful call's, with no error mark (the provider's record, evidence replay 2026-12-04): Codex keeps `success: false` only for itself (FunctionCallOutputPayload's Serialize in codex-rs/protocol/src/models.rs writes the body alone, never `success`). Only the tool's own words say it failed.",
      "names/context-free": "Codex sanitises a server key into its namespace (`.` becomes `_`) and adds a 12-hex hash suffix only when two namespaces collide (`append_namespace_hash_suffix` in Codex's MCP tool naming): beside `store_refunds`, `store.refunds`'s tool is offered in namespace `mcp__store_refunds_8e813026736f` (and `store_refunds`'s in `mcp__store_refunds_d331dd3b2472`), but with `store.refunds` alone it is `mcp__store_refunds`: the name a tool gets depends on what else is configured.",
      "names/provider-valid": "Codex puts a server's tool names into its `mcp__<key>` namespace unshortened: `alpha`'s 65-character `tool_x…` (legal MCP: names up to 128) is offered to the model as a 65-character function name beside `mcp__beta`'s `search`, over the 64 the Responses API accepts for a function name (the catalogue's default profile, ^[A-Za-z0-9_-]{1,64}$).",
      "diag/errors-name-server": "Codex reported no error on any channel the adapter reads in the 5 constructed worlds (a 60-character tool, a name `a/b`, `alpha` whose `tools/list` fails, `alpha` unreachable, one name on two servers) or the 3 random ones: it accepts the names, and with optional startup it drops a failing server silently (surface/failing-server-named), so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass (direct, 2026-12-04: the list-error and unreachable worlds print no line naming `alpha` on stdout, stderr or the --json event stream).",
    },
  },
  {
    id: "codex-required",
    title: "Codex (codex exec), required = true on every server",
    ...agent("codex", "required"),
    notApplicable: codexIgnoresListChanged,
    packages: ["@openai/codex"],
    wiring: "As `codex`, with `required = true` in every `[mcp_servers.\"<key>\"]` table.",
    evidence: {
      "diag/errors-name-server": "With `required = true`, alpha's refused `tools/list` fails the whole run with `required MCP servers failed to initialize: alpha: Mcp error: -32603: scripted failure: tools/list refused` (stderr and the thread/start error): Codex writes the key as the head of a `<server>: <error>` list item, unquoted, which the catalogue's naming rule (docs/hap-1.md: a key counts only quoted, or as one end of a quoted qualified name, since a short key is also a word) does not read as naming it. A reader sees alpha named; the WARN is the rule's, kept so that one rule judges every host.",
      "surface/failing-server-named": "`alpha` answers `tools/list` in pages whose second repeats the first (`request`, `search` · `request`, `search` · `query`): Codex follows every cursor (three `tools/list`), keeps each name once and offers `mcp__alpha` with `query`, `request` and `search` (each call reached `alpha`) beside `mcp__beta`'s `lookup`, and says nothing about the repeated page. No tool is lost; the FAIL is the catalogue's rule that a list naming tools twice is a failing server a careful host refuses by name.",
      "surface/one-failure-contained": "With `required = true`, an unreachable `alpha` fails the whole `codex exec` (`required MCP servers failed to initialize: alpha: handshaking with MCP server failed: ...`), so healthy `beta`'s `search` is not offered either: that is what `required` asks for, and the `codex` report (optional startup) shows `beta` alone instead.",
      "wire/tool-error-reaches-model": "As in `codex`: alpha's `fail` result (`isError: true`) reaches the model as `Wall time: ... Output:` followed by the tool's text, the shape of a successful call, with no error mark (`success` is never serialised).",
      "names/context-free": "As in `codex`: `store.refunds`'s tool is in namespace `mcp__store_refunds_8e813026736f` beside `store_refunds`, and in `mcp__store_refunds` alone: the hash suffix is added only on a collision.",
      "names/provider-valid": "As in `codex`: `alpha`'s 65-character `tool_x…` is offered unshortened inside the `mcp__alpha` namespace, a function name over the 64 the Responses API accepts.",
    },
    notes: [
      "With `required = true` Codex waits for every server before its first turn, and no timing verdict can depend on how fast the servers start (see the `codex` report's note). A server that fails to start (Codex refuses a key outside ^[a-zA-Z0-9_:@/.-]+$, such as `store refunds`) fails the whole `codex exec` with an error naming it, which the adapter reports as the open's error.",
    ],
  },
  {
    id: "codex-code-mode",
    title: "Codex (codex exec), its default model slug: code mode",
    ...agent("codex", "code-mode"),
    notApplicable: codexIgnoresListChanged,
    packages: ["@openai/codex"],
    wiring: "`codex exec` as `codex`, with no model slug set, so Codex uses its own default (`gpt-6.2-sol` in 0.171) and code mode: one freeform `exec` tool (JavaScript in a V8 isolate) in an `additional_tools` input item, the MCP servers named only as deferred namespaces `mcp__<key>` in the prompt. The adapter lists the tools as a model finds them (an `exec` printing `ALL_TOOLS`: names such as `mcp__alpha__a_b`, no namespace) and calls each with an `exec` script awaiting `tools[<name>](<arguments>)`; optional MCP startup; one CLI process per session in a loopback-only network namespace.",
    evidence: {
      "surface/no-silent-loss": "In code mode Codex joins key and tool name as `mcp__<key>__<tool>` for the `tools` object of its `exec` tool, and tells apart only names that sanitise alike (a hash suffix: `a.b` and `a_b` of one server become `mcp__alpha__a_b_b661a3894576` and `mcp__alpha__a_b_a9c1abd5cb05`), not names that join alike: `a__b`'s `c` and `a`'s `b__c` both join to `mcp__a__b__c`, and `ALL_TOOLS` lists that name once, as `a`'s `b__c` (its description carries `a`'s identity marker, and a call of it reached `a`, server records). `a__b`'s `c` cannot be called at all and nothing on stdout or stderr names `a__b`. The eager namespace surface (the `codex` report) keeps the two apart: namespaces `mcp__a__b` and `mcp__a`.",
      "surface/shortfall-names-missing": "Same join: `a__b` loses `c` to `a`'s `b__c` (both `mcp__a__b__c`, listed once) and no error names `a__b` or the tool.",
      "surface/all-or-nothing": "Same join, each server with a tool of its own: `a__b`'s `search` and `a`'s `query` are listed and callable (`mcp__a__b__search` reached `a__b`, `mcp__a__query` reached `a`) while `a__b`'s `c` is lost to `a`'s `b__c` (both `mcp__a__b__c`, listed once, reaching `a`), so `a__b` is partly registered.",
      "surface/failing-server-named": "As in `codex` (the same optional MCP startup): an unreachable `alpha` is absent from `ALL_TOOLS`, `beta`'s `mcp__beta__search` is listed, and nothing on stdout or stderr names `alpha`.",
      "names/context-free": "As in the namespace surface: `store.refunds`'s tool is `mcp__store_refunds_8e813026736f__issue_refund` in `ALL_TOOLS` beside `store_refunds` (whose tool gets another hash suffix), but `mcp__store_refunds__issue_refund` with `store.refunds` alone: the hash suffix is added only on a collision.",
      "names/provider-valid": "`alpha`'s 60-character tool is listed as `mcp__alpha__tool_x…`, 72 characters, over the catalogue's default profile (^[A-Za-z0-9_-]{1,64}$). In code mode that name is a property of the `tools` object inside the `exec` tool's JavaScript, not a function name the Responses API receives (the API sees only `exec` and Codex's built-ins): the verdict says the name Codex gives the tool breaks the provider rule, as it would on any surface offering the tool directly; it is not an API refusal.",
      "diag/errors-name-server": "As in `codex`: Codex reported no error in the 5 constructed worlds (among them `alpha` whose `tools/list` fails and `alpha` unreachable, both dropped silently with optional startup) or the 3 random ones, so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
    },
  },
  {
    id: "gemini-cli",
    title: "Gemini CLI (gemini -p), API-key auth, trusted servers",
    ...agent("gemini-cli"),
    // Judged against its own provider's function-name rule (Gemini API), not the default OpenAI/Anthropic one:
    // names/provider-valid checks it. The gemini profile fixes only the charset, not each tool's exact name, so
    // names/profile stays NOT-APPLICABLE.
    runArgs: ["--agent", "gemini-cli", "--profile", "gemini", "--list-changed-timeout", "15000"],
    notApplicable: {
      ...notApplicable,
      "names/profile": "the gemini profile fixes only which names Gemini's API accepts (names/provider-valid checks that), not the exact name of each tool, and Gemini CLI claims no profile that does",
    },
    packages: ["@google/gemini-cli"],
    wiring: "`gemini -p` with `GEMINI_CLI_HOME/.gemini/settings.json` (`mcpServers`, each `trust: true`), its model at the fake Gemini endpoint (`GOOGLE_GEMINI_BASE_URL`; the routing side call answered with a value fitting its JSON schema); calls are `functionCall` parts; one CLI process per session in a loopback-only network namespace.",
    evidence: {
      "order/config-permutation": "Gemini CLI joins `mcp_<server>_<tool>` with one underscore (`generateValidName` in the bundle) and keeps the last tool registered under a name (`ToolRegistry.registerTool`: `Tool with name ... is already registered. Overwriting.`, a debug-log line only): `a_b`'s `c` and `a`'s `b_c` both become `mcp_a_b_c`, offered once, for the server configured second: configured `a_b`, `a`, the call reached `a`; configured `a`, `a_b`, it reached `a_b` (server records). Which server's tool the model gets depends on the configuration order; the other's is lost with no error.",
      "order/arrival-timing": "Same overwrite, driven by which list answers last: with `a_b`'s `tools/list` answered first, `mcp_a_b_c` is `a`'s `b_c` (the call reached `a`); with `a`'s answered first, it is `a_b`'s `c` (the call reached `a_b`). The server whose list arrives last takes the shared name, and the other's tool is lost with no error.",
      "surface/no-silent-loss": "Same one-underscore join: `a_b`'s `c` and `a`'s `b_c` both become `mcp_a_b_c`, and the model turn's `functionDeclarations` hold it once, as `a`'s `b_c` (its call reached `a`); `a_b`'s `c` has no name and nothing Gemini CLI prints names `a_b` or it.",
      "surface/shortfall-names-missing": "Gemini CLI shortens a name over 63 characters by keeping 30 characters either side of `...` (`generateValidName`): `alpha`'s two 128-character tools, which differ only at character 65, both become `mcp_alpha_tool_xxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, offered once (as the second tool: a call reached `alpha`'s `…2…`), beside `mcp_alpha_request`; nothing names `alpha` or the lost tool (cf. google-gemini/gemini-cli#28970).",
      "surface/all-or-nothing": "Same shortening: `alpha` shows `mcp_alpha_request` and one shortened name (for its second long tool) while its first long tool is lost with no error: `alpha` is partly registered.",
      "surface/failing-server-named": "An unreachable `alpha` is left out of the turn beside `beta`'s `mcp_beta_search`; Gemini CLI's only word about it is `MCP issues detected. Run /mcp list for status.` on stderr, which names no server (alpha received nothing: the connection was refused).",
      "drift/mid-session-loss": "After `alpha` died, a call of `mcp_alpha_request` came back to the model as a `functionResponse` whose `error` is `MCP tool 'request' reported tool error for function call: ... Error POSTing to endpoint (HTTP 404): ...`: an error, but naming the tool's wire name only, never the server (the bundle's DiscoveredMCPToolInvocation builds it from `this.serverToolName`); `beta`'s `search` kept working.",
      "schema/hostile-schema": "Gemini CLI validates a call's arguments against the server's input schema itself, with a native regular expression: alpha's `request` with pattern `^(a+)+$` and `q` = 29 `a`s and `!` was refused (`params/q must match pattern \"^(a+)+$\"`) after 3.9 s in the report run (11.5 s in the evidence replay, 2026-12-04), over the clause's bound of 500 ms, while the same call with 8 `a`s took 26 ms; alpha received neither call.",
      "diag/errors-name-server": "Gemini CLI reported no error in the 5 constructed worlds (a 60-character tool, a name `a/b`, `alpha` whose `tools/list` fails, `alpha` unreachable, one name on two servers) or the 3 random ones on any channel the adapter reads (its one MCP message, `MCP issues detected`, names no server, and the adapter does not count it as an error), so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
    },
  },
];

/**
 * Agent CLI variants whose adapters are done but whose reports are not committed yet (hosts.ts spreads this
 * list into pendingHosts): `npm run reports -- --only ID` runs one; every verdict that is not a pass needs
 * its evidence here, checked by hand, before the entry moves to {@link agentCliHosts}.
 */
export const agentCliPendingHosts: RealHost[] = [
];
