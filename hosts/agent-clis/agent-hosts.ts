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

/** Why each capability clause does not apply to an agent CLI driven black box. */
const notApplicable: Record<string, string> = {
  "guard/every-shape": "a CLI has no API to register a local tool from outside; its own built-ins are fixed",
  "guard/local-occupant": "a CLI takes no local tools from outside; the adapter tells its built-ins apart by a no-server baseline",
  "drift/refresh-tracks-list": "a CLI cannot be asked from outside to re-list a server mid-session",
  "drift/unreachable-prunes-nothing": "a CLI cannot be asked from outside to re-list a server mid-session",
  "drift/list-changed": "not declared: whether the CLI re-lists on list_changed between model turns is not driven yet",
  "drift/pin-holds-changes": "none of these CLIs pins a server's tool definitions",
  "options/keyed-by-wire": "none of these CLIs takes per-tool request schemas",
  "options/unknown-key": "none of these CLIs takes per-tool request schemas",
  "surface/allow-deny": "per-server tool filters exist (Codex enabled_tools, Gemini includeTools) but are not driven yet",
  "names/profile": "no CLI claims a naming profile; pass --profile to judge one",
};

const agent = (id: "claude-code" | "codex" | "gemini-cli", variant?: string) => ({
  notApplicable,
  argv: adapter(`agent-clis/${id}`, ...(variant ? ["--variant", variant] : [])),
  runArgs: ["--agent", id, ...(variant ? ["--agent-variant", variant] : [])],
  runs: AGENT_DEFAULT_RUNS,
  // The pinned CLI, and the network namespace its adapter refuses to run without.
  needs: [`agent-cli:${id}` as const, "netns" as const],
});

/** What both Claude Code variants do alike (the name filter sits before the deferral). */
const claudeCommon: Record<string, string> = {
  "surface/no-silent-loss": "Claude Code builds `mcp__<server>__<tool>` and drops, with no error and no log line, a tool whose built name is over the Anthropic limit (128): `alpha`'s 128-character tool gives a 140-character name, and the model turn offers nothing for `alpha` (evidence: the turn's tools/deferred listing hold no `alpha` tool, while the server's records show `tools/list` answered); the stream-json init event lists `alpha` as connected.",
  "surface/shortfall-names-missing": "Same filter: both 128-character tools of `alpha` (names 140 long once prefixed) are left out of the model turn and nothing (init event, stderr) names `alpha` or them.",
  "names/provider-valid": "The built name is checked against Anthropic's 128 limit, not the catalogue's default profile (^[A-Za-z0-9_-]{1,64}$, what OpenAI and Bedrock Converse accept): `mcp__alpha__` + a 53-character tool (65) is offered. Under `--profile anthropic-128` this clause passes.",
  "schema/hostile-schema": "A tool whose schema the CLI cannot use is dropped silently: `request` of `alpha` (the hostile tool) is neither offered to the model nor named in any error (init event: `alpha` connected).",
  "order/config-permutation": "Keys `store refunds` and `store_refunds` both sanitise to `mcp__store_refunds__issue_refund` (every character outside [A-Za-z0-9_-] becomes `_`); the turn offers that name once, for the server configured first: with `store refunds` first the call reached `store refunds`, with `store_refunds` first it reached `store_refunds` (server records). Which server's tool the model gets depends on the configuration order, and the other's is lost without a word.",
  "surface/all-or-nothing": "Servers `a_` (tool `b`) and `a` (tools `_b`, `search`) both build `mcp__a___b`; the turn offers that name once, as `a_`'s `b` (a call reached `a_`), beside `a`'s `search`: `a` is partly registered, its `_b` lost with no error.",
  "surface/failing-server-named": "A server whose `tools/list` holds a tool without a name: Claude Code asks `tools/list` four times, then offers none of alpha's tools, and neither the stream-json init event nor stderr names `alpha` (errors [], diagnostics []).",
  "diag/errors-name-server": "Claude Code reported no error in any of the 40 drawn worlds (its stream-json init event and stderr carried none: what it cannot use it drops silently, see surface/no-silent-loss), so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
};

export const agentCliHosts: RealHost[] = [
  {
    id: "claude-code",
    title: "Claude Code (claude -p), default: deferred tool search",
    ...agent("claude-code"),
    packages: ["@anthropic-ai/claude-code"],
    wiring: "`claude -p` with `--mcp-config` + `--strict-mcp-config`, its model at the fake Anthropic Messages endpoint; MCP tools are listed by name in the prompt and loaded through `ToolSearch` (the adapter loads every listed one, as a model would), then called as `tool_use` blocks; one CLI process per session in a loopback-only network namespace.",
    timingDependent: {
      "order/config-permutation": "which of two keys that sanitise alike keeps the shared name followed the configuration order in the full runs of both Claude Code variants, but one replay by value (tools-in-list) kept the other: it rests on Claude Code's concurrent server start, so it is left out of the replay test",
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
      "order/config-permutation": "which of two keys that sanitise alike keeps the shared name followed the configuration order in the full runs of both Claude Code variants, but one replay by value (tools-in-list) kept the other: it rests on Claude Code's concurrent server start, so it is left out of the replay test",
    },
    evidence: claudeCommon,
  },
  {
    id: "codex",
    title: "Codex (codex exec), eager namespace surface, optional MCP startup",
    ...agent("codex"),
    packages: ["@openai/codex"],
    wiring: "`codex exec` with a fresh `CODEX_HOME/config.toml`: a custom provider at the fake OpenAI Responses endpoint, an unknown model slug (eager tools: one `namespace` tool `mcp__<key>` per server), `[mcp_servers.\"<key>\"]` per server; calls are `function_call`s carrying namespace and name; one CLI process per session in a loopback-only network namespace.",
    notes: [
      "Measured on the 2-core machine at rest (load about 1 when the run began): every timing clause passed. In an earlier run on the same machine under heavy load (load average near 38), the optional MCP startup let `codex exec` send its first model request before slow servers had answered `tools/list`, and those servers were simply absent from the turn with no error: order/config-permutation, order/arrival-timing, surface/no-silent-loss, surface/shortfall-names-missing, names/label-from-config and names/deterministic failed then. Which tools a Codex user's model gets depends on how fast the servers start; `required = true` (the `codex-required` report) removes the race.",
    ],
    evidence: {
      "surface/failing-server-named": "With Codex's default optional MCP startup, a configured server that cannot be reached (`alpha`, connection refused) is left out of the model turn without a word: `codex exec` prints nothing naming `alpha` on stdout or stderr (the open's diagnostics are Codex's banner lines only), the turn offers no `mcp__alpha` namespace, and alpha's record is empty. The `codex-required` variant (`required = true`) fails the whole run with an error naming the server and passes this clause.",
      "names/provider-valid": "Codex puts a server's tool names into its `mcp__<key>` namespace unshortened: `alpha`'s 65-character `tool_x…` (legal MCP: names up to 128) is offered to the model as a 65-character function name, over the 64 the Responses API accepts for a function name (the catalogue's default profile, ^[A-Za-z0-9_-]{1,64}$).",
      "diag/errors-name-server": "Codex reported no error in any of the 40 drawn worlds on any channel the adapter reads (its stdout and stderr lines about MCP): it accepts every name and schema this clause draws, and with optional startup it drops a failing server silently (surface/failing-server-named), so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
    },
  },
  {
    id: "codex-required",
    title: "Codex (codex exec), required = true on every server",
    ...agent("codex", "required"),
    packages: ["@openai/codex"],
    wiring: "As `codex`, with `required = true` in every `[mcp_servers.\"<key>\"]` table.",
    evidence: {
      "names/provider-valid": "As in `codex`: `alpha`'s 65-character `tool_x…` is offered unshortened inside the `mcp__alpha` namespace, a function name over the 64 the Responses API accepts.",
      "diag/errors-name-server": "Codex reported no error in any of the 40 drawn worlds: it accepts every name and schema this clause draws (a server that fails to start fails the whole run here, but this clause draws no failing server), so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
    },
    notes: [
      "With `required = true` Codex waits for every server before its first turn, and no timing verdict can depend on how fast the servers start (see the `codex` report's note). A server that fails to start (Codex refuses a key outside ^[a-zA-Z0-9_:@/.-]+$, such as `store refunds`) fails the whole `codex exec` with an error naming it, which the adapter reports as the open's error.",
    ],
  },
  {
    id: "codex-code-mode",
    title: "Codex (codex exec), its default model slug: code mode",
    ...agent("codex", "code-mode"),
    packages: ["@openai/codex"],
    wiring: "`codex exec` as `codex`, with no model slug set, so Codex uses its own default (`gpt-6.2-sol` in 0.171) and code mode: one freeform `exec` tool (JavaScript in a V8 isolate) in an `additional_tools` input item, the MCP servers named only as deferred namespaces `mcp__<key>` in the prompt. The adapter lists the tools as a model finds them (an `exec` printing `ALL_TOOLS`: names such as `mcp__alpha__a_b`, no namespace) and calls each with an `exec` script awaiting `tools[<name>](<arguments>)`; optional MCP startup; one CLI process per session in a loopback-only network namespace.",
    evidence: {
      "surface/no-silent-loss": "In code mode Codex joins key and tool name as `mcp__<key>__<tool>` for the `tools` object of its `exec` tool, and tells apart only names that sanitise alike (a hash suffix: `a.b` and `a_b` of one server become `mcp__alpha__a_b_b661a3894576` and `mcp__alpha__a_b_a9c1abd5cb05`), not names that join alike: `a__b`'s `c` and `a`'s `b__c` both join to `mcp__a__b__c`, and `ALL_TOOLS` lists that name once, as `a`'s `b__c` (its description carries `a`'s identity marker, and a call of it reached `a`, server records). `a__b`'s `c` cannot be called at all and nothing on stdout or stderr names `a__b`. The eager namespace surface (the `codex` report) keeps the two apart: namespaces `mcp__a__b` and `mcp__a`.",
      "surface/shortfall-names-missing": "Same join: `a__b` loses `c` to `a`'s `b__c` (both `mcp__a__b__c`, listed once) and no error names `a__b` or the tool.",
      "surface/all-or-nothing": "Same join with a second tool: `a__b`'s `search` is listed and callable (`mcp__a__b__search` reached `a__b`) while its `c` is lost to `a`'s `b__c`, so `a__b` is partly registered.",
      "surface/failing-server-named": "As in `codex` (the same optional MCP startup): an unreachable `alpha` is absent from `ALL_TOOLS` and nothing on stdout or stderr names it.",
      "names/provider-valid": "`alpha`'s 53-character tool is listed as `mcp__alpha__tool_x…`, 65 characters, over the catalogue's default profile (^[A-Za-z0-9_-]{1,64}$). In code mode that name is a property of the `tools` object inside the `exec` tool's JavaScript, not a function name the Responses API receives (the API sees only `exec` and Codex's built-ins): the verdict says the name Codex gives the tool breaks the provider rule, as it would on any surface offering the tool directly; it is not an API refusal.",
      "diag/errors-name-server": "As in `codex`: Codex reported no error in any of the 40 drawn worlds, so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
    },
  },
  {
    id: "gemini-cli",
    title: "Gemini CLI (gemini -p), API-key auth, trusted servers",
    ...agent("gemini-cli"),
    // Judged against its own provider's function-name rule (Gemini API), not the default OpenAI/Anthropic one:
    // names/provider-valid and names/profile both check it.
    runArgs: ["--agent", "gemini-cli", "--profile", "gemini"],
    notApplicable: {
      ...notApplicable,
      "names/profile": "the gemini profile fixes only which names Gemini's API accepts (names/provider-valid checks that), not the exact name of each tool, and Gemini CLI claims no profile that does",
    },
    packages: ["@google/gemini-cli"],
    wiring: "`gemini -p` with `GEMINI_CLI_HOME/.gemini/settings.json` (`mcpServers`, each `trust: true`), its model at the fake Gemini endpoint (`GOOGLE_GEMINI_BASE_URL`; the routing side call answered with a value fitting its JSON schema); calls are `functionCall` parts; one CLI process per session in a loopback-only network namespace.",
    evidence: {
      "order/config-permutation": "Gemini CLI joins `mcp_<server>_<tool>` with one underscore: `a_b`'s `c` and `a`'s `b_c` both become `mcp_a_b_c`, offered once, for the server configured second: configured `a_b`, `a`, the call reached `a`; configured `a`, `a_b`, it reached `a_b` (server records). Which server's tool the model gets depends on the configuration order; the other's is lost with no error.",
      "surface/no-silent-loss": "Gemini CLI names a tool `mcp_<server>_<tool>` and shortens a name over 63 characters by keeping its start and end around `...` (`mcp_alpha_tool_xxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`): two 128-character tools that differ only in the middle become one name, the model turn's `functionDeclarations` hold one of them, and nothing names `alpha` or the other tool (the public report google-gemini/gemini-cli#28970 describes the same cut).",
      "surface/shortfall-names-missing": "Same shortening: one of `alpha`'s two tools is missing from the turn and no output line names it.",
      "surface/all-or-nothing": "Same one-underscore join: `a_b`'s `c` and `a`'s `b_c` both become `mcp_a_b_c`, offered once, as `a`'s (its call reached `a`); `a_b`'s `search` is offered and reached `a_b`: `a_b` is partly registered, its `c` lost with no error.",
      "surface/failing-server-named": "An unreachable `alpha` is left out of the turn; Gemini CLI's only word about it is `MCP issues detected. Run /mcp list for status.` on stderr, which names no server (alpha received nothing: the connection was refused).",
      "names/provider-valid": "The tool name goes into `mcp_<server>_<tool>` unsanitised: alpha's `admin.tools.list` (legal MCP) is offered as `mcp_alpha_admin.tools.list` in `functionDeclarations`; Gemini's own rule allows dots, but the catalogue's default profile (^[A-Za-z0-9_-]{1,64}$, what OpenAI and Anthropic accept) does not, so the same surface sent to those providers is refused.",
      "schema/hostile-schema": "A tool whose input schema holds the backtracking pattern `^(a|a)+$`: the call with 28 `a`s and `!` was answered after 44.8 s, over the clause's bound of 7.9 s, while the same call with 8 `a`s took 0.8 s; both were refused by Gemini CLI itself (`params/q must match pattern`) before reaching alpha, which received no call: the CLI validates arguments against the server's schema with a native regular expression.",
      "diag/errors-name-server": "Gemini CLI reported no error in any of the 40 drawn worlds on any channel the adapter reads (its one MCP message, `MCP issues detected`, comes only with a failing server, which this clause does not draw, and names none), so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
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
