/**
 * The codex reports (`npm run reports -- --only codex,codex-required,codex-code-mode,codex-tool-search`): one entry per variant, with the
 * hand-checked evidence for every verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../real-host.ts";
import { agent, contextNotDriven, noSearchTool, relisting, type AgentDrive } from "../agent-report-entry.ts";

/** Codex's reason for `drift/list-changed` (every variant: one engine). */
const codexIgnoresListChanged = {
  ...relisting,
  "drift/list-changed": "Codex does not re-list a server on notifications/tools/list_changed (openai/codex#33266), so the adapter does not declare listChanged: measured 2026-12-05 with the notification sent between two turns of one `codex exec`, the server received a single `tools/list` per session and every later turn offered the list of the first (through the 15 s the clause waits)",
};

/** Committed reports. */
export const hosts: RealHost[] = [
  {
    id: "codex",
    title: "Codex (codex exec), eager namespace surface, optional MCP startup",
    ...agent("codex"),
    notApplicable: { ...codexIgnoresListChanged, ...contextNotDriven("Codex"), ...noSearchTool("Codex", "offered the model every MCP tool of this report's worlds without deferring one (the variant codex-tool-search judges its tool search)") },
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
    notApplicable: { ...codexIgnoresListChanged, ...contextNotDriven("Codex"), ...noSearchTool("Codex", "offered the model every MCP tool of this report's worlds without deferring one (the variant codex-tool-search judges its tool search)") },
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
    notApplicable: { ...codexIgnoresListChanged, ...contextNotDriven("Codex"), ...noSearchTool("Codex", "in code mode offers no search tool: every MCP tool of this report's worlds is a property of its `exec` tool's `tools` object, and `ALL_TOOLS` lists them all, so no tool waits behind a search (the variant codex-tool-search judges Codex's tool search)") },
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
      "names/injective": "The same join: `a__b`'s `c` and `a`'s `b__c` both take `mcp__a__b__c`, which `ALL_TOOLS` lists for `a`'s `b__c` only, and `a__b`'s `c` is gone with no error or diagnostic naming it (report run, seed 2026, 2026-12-07, catalogue 4; constructed cases separator-clash and host-join-clash).",
      "schema/input-schema-intact": "INCONCLUSIVE, not a pass: in the 6 cases none of the three schema situations (`$ref`s, `anyOf`, nested objects) could be judged (report run, seed 2026, 2026-12-07, catalogue 4: each case opened with no error and showed its 3 tools, and the report says each situation was never met). In code mode the tools reach the model inside the `exec` tool's JavaScript, not as functions with input schemas; how their schemas reach the model there was not examined by hand.",
    },
  },
  {
    id: "codex-tool-search",
    title: "Codex (codex exec), model gpt-5.5: MCP tools deferred behind tool_search",
    ...agent("codex", "tool-search"),
    notApplicable: { ...codexIgnoresListChanged, ...contextNotDriven("Codex") },
    packages: ["@openai/codex"],
    notes: [
      "The defect \"shows another surface on two identical opens of one configuration\" is no clause's failure: names/label-from-config, which passed, set one of its cases aside (case 4: six servers, `Search` with the Greek tool `αναζήτηση`, which Codex names `_________`) because two identical opens of it differed, and the report names that as a host-wide cause. It did not come back: the same clause at the same seed (the same worlds) passed with no case set aside in three more runs at rest (`npx mcp-collide run --clause names/label-from-config --seed 2026 --agent codex --agent-variant tool-search`, twice with names/deterministic, which passed too), and six direct opens of that configuration listed one surface. The report run had two Codex sessions at a time (load 9-10); as the `codex` report's note says, Codex's optional MCP startup leaves out a server that answers late, which is the likely cause.",
    ],
    timingDependent: {
      "order/stable-list": "by chance, not by timing: the order of two tools its search scores alike differs from one Codex process to the next (4 starts in 10 in the direct check), so a replay's two starts show it about half the time; the replay of 2026-12-07 (npm run test:replay) saw both starts agree, so it is left out of the replay test",
    },
    wiring: "As `codex`, with `model = \"gpt-5.5\"`, whose bundled metadata supports tool search: Codex offers its client-executed `tool_search` tool and names only `Deferred tool namespaces` in the prompt; a `tool_search_call` loads what its BM25 search finds (a `tool_search_output` item of namespaces), callable as in `codex`. At open the adapter searches once per namespace, by its key (with `keepDeferred` it searches for nothing); a server whose namespace that search does not load (a key of stop words such as `a`, or one Codex sanitised: `port-reopens` is listed as `mcp__port_reopens`) is then searched for by its tools' own names, as a model after a tool would (the harness's list-with-search.ts).",
    evidence: {
      "surface/no-silent-loss": "As in `codex` (one engine): the full-width key `ｓｅａｒｃｈ` is outside Codex's ^[a-zA-Z0-9_:@/.-]+$ for a server name, so it is never started with optional MCP startup, and nothing on stdout or stderr names it; the prompt's `Deferred tool namespaces` lists `mcp__search` alone, and no search loads `ｓｅａｒｃｈ`'s `request` (report run, seed 2026, 2026-12-07).",
      "surface/shortfall-names-missing": "Same refusal as in `codex`: `ｓｅａｒｃｈ` is never started, its `request` can be neither listed nor found by a search, and nothing Codex prints names the key or the tool.",
      "surface/failing-server-named": "As in `codex` (the same optional MCP startup): an unreachable `alpha` is not among the `Deferred tool namespaces`, a search finds nothing of it, `beta`'s `search` is found and callable, and nothing on stdout or stderr names `alpha`.",
      "names/context-free": "As in `codex`: a namespace is the sanitised key with a 12-hex hash suffix added only on a collision, and tool search loads the same namespaces: beside `store_refunds`, `store.refunds`'s tool is loaded as `mcp__store_refunds_8e813026736f`'s `issue_refund`, but as `mcp__store_refunds`'s with `store.refunds` alone.",
      "names/provider-valid": "As in `codex`: a search loads `alpha`'s 65-character `tool_x…` into namespace `mcp__alpha` unshortened, a function name over the 64 characters the Responses API accepts (the catalogue's default profile, ^[A-Za-z0-9_-]{1,64}$).",
      "diag/errors-name-server": "As in `codex`: Codex reported no error in the 5 constructed worlds (a 60-character tool, a name `a/b`, `alpha` whose `tools/list` fails, `alpha` unreachable, one name on two servers) or the 3 random ones, so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
      "wire/tool-error-reaches-model": "As in `codex`: a result with `isError: true` reaches the model as ordinary `function_call_output` text with no error mark; only the tool's own words say it failed.",
      "order/stable-list": "Two starts of one configuration can load one namespace's tools in two orders: in the report (seed 2026) `gamma`'s `request`, `search` came back as `search`, `request` at the second start, with the servers answering in one scripted order both times. Direct, 2026-12-07: ten `codex exec` sessions on one world (`beta`: `request`, `search`; then `alpha`: `request`), the adapter's search for `beta` loading both of `beta`'s tools (they score alike for that query), listed `mcp__beta`'s tools as `request`, `search` six times and `search`, `request` four times, with `mcp__alpha`'s `request` first every time; the eager namespace surface (the `codex` report) lists them in the server's order. The order reaches the model in the `tool_search_output` item, so a prompt cache keyed on it misses between two starts. A WARN, as the clause's level says.",
    },
  },
];

/** The end-to-end drives `npm run test:agents` runs (agent-clis.agents.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [
  { id: "codex", names: ["a_b", "search", "search"], namespaces: ["mcp__alpha", "mcp__alpha", "mcp__beta"] },
  // Code mode: no namespaces, the names its exec tool's `tools` object and ALL_TOOLS give; an unknown name
  // fails in Codex's JavaScript runtime, not in the adapter.
  { id: "codex", variant: "code-mode", names: ["mcp__alpha__a_b", "mcp__alpha__search", "mcp__beta__search"], alphaSearch: "mcp__alpha__search", unknownSays: "TypeError: tools.no_such_tool is not a function" },
];
