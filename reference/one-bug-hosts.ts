/**
 * The one-bug hosts: the reference host with exactly one policy point filled the way a real host fills it
 * (the sources are explained in docs/sources.md). They are the controls that prove each clause
 * can fail; a host here that fails a clause it was not built to fail is a bug in the clause or in the host.
 * Several bugs need more than one field because one real policy spans them (bare names only make sense
 * with some rule for duplicates); each entry still changes one decision a real host made.
 */
import { createHash } from "node:crypto";
import { sanitisedName } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import { contextOneBugHosts } from "./context-one-bug-hosts.ts";
import { agentsSdkName } from "./hash-on-collision.ts";
import { qualifiedName } from "./reference-policy.ts";

/** A one-bug host: what it gets wrong, where that policy comes from, and the policy fields it swaps. */
export interface OneBugHost {
  summary: string;
  /** The real host, report or document whose policy this is (docs/sources.md explains each). */
  source: string;
  swap: Partial<HostPolicy>;
}

/** Names as the server advertised them: the label takes no part, so no key can be refused for ambiguity. */
const bareNames: Partial<HostPolicy> = { refuseLabel: () => undefined, name: (_label, tool) => tool };

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** A name as a folding host keeps it: compatibility-normalised (ｓ to s, ﬁ to fi) and lower-cased. */
const folded = (name: string) => name.normalize("NFKC").toLowerCase();

/** Every one-bug host by id; the ids are stable because suites and baselines name them. */
export const oneBugHosts: Record<string, OneBugHost> = {
  /** Vercel AI SDK docs & PR#5003: `{...toolSetOne, ...toolSetTwo}`, "subsequent tool sets override". */
  "last-wins": {
    summary: "bare names; a later server silently replaces an earlier server's same-named tool",
    source: "Vercel AI SDK docs and vercel/ai PR#5003 ({...toolSetOne, ...toolSetTwo})",
    swap: { ...bareNames, collision: "last-wins" },
  },
  /** lionagi `protocols/action/manager.py` @ 669ea9b; ADR-0112 P1. */
  "first-wins": {
    summary: "bare names; a later duplicate is skipped with only a warning, and the loser registers []",
    source: "lionagi protocols/action/manager.py @ 669ea9b (ADR-0112 P1)",
    swap: { ...bareNames, collision: "first-wins" },
  },
  /** Zed PR#30600 `resolve_tool_name_conflicts`; ADR-0112 "Qualify only on collision" (rejected, P4). */
  "qualify-on-collision": {
    summary: "bare names, qualified as mcp__{key}__{tool} only when two servers advertise the same name",
    source: "zed-industries/zed PR#30600 (resolve_tool_name_conflicts); ADR-0112 alternatives, P4",
    swap: { name: (label, tool, shared) => (shared ? qualifiedName(label, tool) : tool) },
  },
  /** Mastra `packages/mcp/src/client/configuration.ts`: `<serverName>_<toolName>` as object keys. */
  "single-underscore": {
    summary: "{key}_{tool} join, so a_b+c meets a+b_c; a later same name silently overwrites",
    source: "mastra-ai/mastra packages/mcp/src/client/configuration.ts",
    swap: { refuseLabel: () => undefined, name: (label, tool) => `${label}_${tool}`, collision: "last-wins" },
  },
  /**
   * Inngest AgentKit 0.13 (packages/agent-kit/src/agent.ts, `Agent.listMCPTools`): every server is listed at
   * once (`Promise.all`), and as each answers its tools go into a Map keyed `${server.name}-${tool.name}`, so
   * a-b + c meets a + b-c and the server that answers last takes the name, with no word; the tools come in
   * the order the servers answered.
   */
  "hyphen-join": {
    summary: "{key}-{tool} join, so a-b+c meets a+b-c; servers register as they answer tools/list, and the later answer silently takes the name",
    source: "inngest/agent-kit packages/agent-kit/src/agent.ts (Agent.listMCPTools: Promise.all over the servers, this.tools.set(`${server.name}-${t.name}`, ...))",
    swap: { refuseLabel: () => undefined, name: (label, tool) => `${label}-${tool}`, collision: "last-wins", order: "arrival" },
  },
  /** VS Code `src/vs/workbench/contrib/mcp/common/mcpTypes.ts`: `.slice(0, 64)` with no hash. */
  "cut-at-64": {
    summary: "names over 64 characters are cut to their first 64 instead of refused; a later same name overwrites",
    source: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpTypes.ts (.slice(0,64), no hash)",
    swap: { name: (label, tool) => qualifiedName(label, tool).slice(0, 64), collision: "last-wins" },
  },
  /** microsoft/vscode PR#318638 (label from serverInfo); anthropics/claude-code#74635. */
  "label-from-server-info": {
    summary: "the label is the server's self-reported serverInfo.name, not the configuration key; later same name overwrites",
    source: "microsoft/vscode PR#318638; anthropics/claude-code#74635",
    swap: { label: (server) => server.serverInfo?.name ?? server.key, collision: "last-wins" },
  },
  /** ADR-0112 P2 and the adonis importer doc, inverted: Goose's "first wins in HashMap order". */
  "arrival-order": {
    summary: "bare names, later duplicate skipped with a warning, replayed in the order servers answered tools/list",
    source: "adonis importer doc (\"registration replays in configuration order\"), inverted; aaif-goose extension_manager.rs",
    swap: { ...bareNames, collision: "first-wins", order: "arrival" },
  },
  /**
   * QwenLM/qwen-code#6338 (tool declarations in registration order, which follows which MCP server settled
   * first) and librefang/librefang#3765 (reconnects spawned in parallel, their tools appended as each
   * completes): names, routes and errors are the reference's; only the list comes in arrival order.
   */
  "list-in-arrival-order": {
    summary: "registers every server as the reference does, but lists the tools in the order the servers answered tools/list",
    source: "QwenLM/qwen-code#6338 (tools listed in the order MCP servers settle); librefang/librefang#3765 (reconnect completion order)",
    swap: { order: "arrival" },
  },
  /** ADR-0112 D2: `_original_tool_name` exists so the server is sent its own name. */
  "visible-as-wire": {
    summary: "a call sends the visible mcp__{key}__{tool} name to the server instead of its own tool name",
    source: "ADR-0112 D2 (_original_tool_name passthrough never exercised)",
    swap: { wireName: "visible" },
  },
  /** Cursor's 60-character filter (ComposioHQ/composio#2788); Zed PR#30600 "filtered out". */
  "silent-shortfall": {
    summary: "a tool whose name is invalid is skipped silently; the server's other tools register with no error",
    source: "Cursor tool filter (ComposioHQ/composio#2788, awslabs/mcp#1283); ADR-0112 D3",
    swap: { shortfall: "skip-silently" },
  },
  /**
   * @langchain/mcp-adapters `loadMcpTools` (dist/tools.js, `mcpTools.filter((tool) => !!tool.name)`) and
   * @mastra/mcp `InternalMastraMCPClient.tools()` (`if (tool.name) toolsRes[tool.name] = ...`): a tool named ""
   * is filtered out before naming. Only that tool: every other invalid name meets the reference's refusal.
   */
  "drops-nameless-tools": {
    summary: "a tool whose name is the empty string is dropped without an error; the server's other tools register",
    source: "@langchain/mcp-adapters loadMcpTools (dist/tools.js: mcpTools.filter((tool) => !!tool.name)); @mastra/mcp InternalMastraMCPClient.tools() (if (tool.name) toolsRes[tool.name] = ...)",
    swap: { emptyToolName: "drop-silently" },
  },
  /** ADR-0112 D3: "deliberately not registered > 0". */
  "nonempty-check": {
    summary: "a server that registers zero tools is reported as an error",
    source: "ADR-0112 D3 (the rejected \"registered > 0\" check)",
    swap: { emptyIsError: true },
  },
  /** samanhappy/mcphub#139: `getServerByTool(name)` returns the first match. */
  "bare-fallback": {
    summary: "a call of a name not shown goes to the first configured server advertising that bare name",
    source: "samanhappy/mcphub#139 (getServerByTool)",
    swap: { unknownName: "first-bare-match" },
  },
  /** cline/cline#7972: random per-session server keys (`cEQsuU0mcp0list_dir`). */
  "random-label": {
    summary: "the label is a random 6-letter string drawn on every open, so names change between opens",
    source: "cline/cline#7972",
    swap: { label: () => Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join("") },
  },
  /** ADR-0112 P6: "Failed to register tool" on the root logger; no channel says which server. */
  "anonymous-errors": {
    summary: "errors say only that registration failed, never which server (or which tool)",
    source: "ADR-0112 P6 (lionagi root-logger warning \"Failed to register tool\")",
    swap: { errorsNameServer: false },
  },
  /** anthropics/claude-code#467, github/copilot-cli#1879: names passed through to the API unchecked. */
  "unchecked-names": {
    summary: "names are never checked against the provider rule: over-long and dotted names are shown as they are",
    source: "anthropics/claude-code#467; github/copilot-cli#1879; danny-avila/LibreChat#7435",
    swap: { refuseName: () => undefined },
  },
  /** LangChain mcp-adapters `client.py`, `tools.py`: lists concatenated, duplicates pass through. */
  concatenate: {
    summary: "bare names; every server's tools are concatenated (duplicates shown twice), calls go to the first match",
    source: "langchain-ai/langchain-mcp-adapters client.py, tools.py (MultiServerMCPClient)",
    swap: { ...bareNames, collision: "show-both" },
  },
  /** adonis importer doc, inverted: "refresh() is the server's current answer, not an addition". */
  "refresh-adds-only": {
    summary: "a refresh adds what a server now advertises but never drops what it stopped advertising",
    source: "adonis importer doc (\"a refresh removes as well as adds\"), inverted",
    swap: { refresh: "add-only" },
  },
  /** adonis importer doc, inverted: "a server that could not be reached prunes nothing". */
  "refresh-prunes-unreachable": {
    summary: "a refresh that cannot reach a server drops all of its tools",
    source: "adonis importer doc (\"its tools are unknown, not gone\"), inverted",
    swap: { unreachableRefresh: "prune" },
  },
  /** claude-code#66084: list_changed declared, never acted on. */
  "list-changed-ignored": {
    summary: "declares listChanged but never re-lists a server on notifications/tools/list_changed",
    source: "anthropics/claude-code#66084",
    swap: { listChanged: false },
  },
  /** lionagi `ActionManager.__contains__` has no dict arm (manager.py:67-74, :106); ADR-0112 P8, delta #8. */
  "guard-dict-hole": {
    summary: "the duplicate guard has no arm for the one-entry dict shape, so a dict registration overwrites a shown tool",
    source: "ADR-0112 P8 third shape (lionagi manager.py:67-74, :106), delta #8",
    swap: { guardedShapes: ["object", "name", "callable"] },
  },
  /** Vercel AI SDK `{...localTools, ...mcpTools}`; ADR-0112 D1 last bullet. */
  "local-overwritten": {
    summary: "a server tool that lands on a local tool's name silently replaces the local tool",
    source: "ADR-0112 D1 last bullet (a local tool in an mcp__*__* name); object-spread merges of local and MCP tools",
    swap: { localOccupant: "overwrite" },
  },
  /** The field guide's hash covers the description and input schema; tesserix's the schemas: this one neither. */
  "pin-description-only": {
    summary: "pins hash only the description, so a changed input or output schema passes the pin",
    source: "tesserix pinning (\"a new required field is drift\"); field guide pinned hashes, narrowed",
    swap: { fingerprint: (tool) => createHash("sha256").update(tool.description ?? "").digest("hex") },
  },
  /** ADR-0112 P7: options re-keyed at one level and read at another; the lookup never matches. */
  "options-by-visible-name": {
    summary: "request schemas are read by the visible name, so one given under the wire name is never applied, and unknown keys are never reported",
    source: "ADR-0112 P7 (lionagi request_options re-keyed to {server}_{key}, read by bare name)",
    swap: { requestSchemaKey: "visible" },
  },
  /** tesserix allow/deny, inverted. */
  "deny-ignored": {
    summary: "a server's deny list is ignored: a denied tool is shown and callable",
    source: "tesserix allow/deny (\"deny: never adopted, whatever allow says\"), inverted",
    swap: { honourDeny: false },
  },
  /** adonis "two things a remote schema can do": every SDK validator compiles `pattern` to a native RegExp. */
  "backtracking-validator": {
    summary: "validates arguments with the server's pattern as a native RegExp, unscreened: a backtracking pattern stalls the host",
    source: "adonis importer doc (\"(a+)+$ against 27 as ... ~1s, 30 ~8s\")",
    swap: { screenPatterns: false },
  },
  /** adonis "an approved action is never issued twice", inverted: invokeWithTransientRetry on every kind. */
  "retry-on-lost-answer": {
    summary: "a call whose answer was lost is sent again after reconnecting, whatever the tool",
    source: "adonis importer doc (\"an approved action is never issued twice\"), inverted",
    swap: { retryLostAnswer: "always" },
  },
  /**
   * Issue 15's Genkit run: names passed through unchecked, and every open holding a duplicate refused
   * whole, so every early world with an invalid name also held a duplicate and nothing was judged. One
   * decision, Genkit's `assertValidToolNames`: two tools of one name, two servers' or a server's and a
   * local one, refuse everything (issue 16).
   */
  "unchecked-refuses-duplicates": {
    summary: "names are never checked against the provider rule, but an open in which two tools share a name (two servers' wire names, or a server tool on a local tool's name) is refused whole, local tools included: invalid names are shown only in worlds without a duplicate",
    source: "Genkit assertValidToolNames as tried for issues 15 and 16 (dotted and 70-character names shown; a request holding two tools of one name refused); the OpenAI Agents SDK's duplicate check",
    swap: { refuseName: () => undefined, duplicates: "refuse-open", localOccupant: "refuse-open" },
  },
  /** Seen in three npm hosts (issue 15): a server whose initialize or tools/list fails is dropped, a debug line at most. */
  "drops-failing-server": {
    summary: "a server that cannot be reached, fails initialize or tools/list, or answers a malformed list is dropped with a debug line, no error",
    source: "three npm MCP hosts as tried for issue 15 (failed servers dropped with a debug log line); adonis importer doc (\"its tools are unknown, not gone\"), inverted",
    swap: { loadFailure: "drop-silently" },
  },
  /**
   * langchain-ai/langchain-mcp-adapters#492 (`MultiServerMCPClient.get_tools` gathers every server with a bare
   * `asyncio.gather`: one server that cannot connect and no server's tools are returned) and mastra-ai/mastra
   * PR#13527 (`Promise.all` over the servers' `listTools()`: one failing server and the healthy ones' tools
   * are discarded). The error still names the failing server; only the other servers' tools are lost.
   */
  "one-failure-fails-all": {
    summary: "a server that cannot be loaded refuses the whole open, with an error naming it: every other server's tools are lost with it",
    source: "langchain-ai/langchain-mcp-adapters#492 (get_tools: asyncio.gather without return_exceptions); mastra-ai/mastra PR#13527 (Promise.all over listTools, fixing mastra-ai/mastra#13521)",
    swap: { loadFailure: "refuse-open" },
  },
  /**
   * google-gemini/gemini-cli PR#6194 ("MCP errors surfaced via isError:true are currently considered a tool
   * call success") and anomalyco/opencode#16969 (fixed by PR#16988: an isError result went the normal
   * tool-result path, status "completed"): the tool's error text reaches the model as if it were its output.
   */
  "tool-error-as-output": {
    summary: "hands a tool result marked isError: true to the model as ordinary output, unmarked",
    source: "google-gemini/gemini-cli PR#6194 (isError: true taken as a successful call); anomalyco/opencode#16969 (an isError result completed as a normal tool result)",
    swap: { toolErrors: "output" },
  },
  /**
   * anthropics/claude-code#57513: a stdio server that dies mid-session has its tools removed for the rest of
   * the session, and a call of one answers "No such tool available", naming no server (also #38043).
   */
  "drops-lost-server": {
    summary: "a server found dead mid-session has its tools removed at once; the call answers only that no such tool is available, naming no server",
    source: "anthropics/claude-code#57513 (a dead stdio server's tools silently removed: \"No such tool available\"); anthropics/claude-code#38043",
    swap: { lostServer: "drop-tools" },
  },
  /**
   * NousResearch/hermes-agent#112445 (a server whose first connect failed is never tried again: the gateway runs
   * without its tools until restarted) and danny-avila/LibreChat#12143 (a server unreachable at startup keeps
   * failing until the cache is flushed): the failure is reported, every time, but never retried.
   */
  "remembers-failed-server": {
    summary: "a server that failed to load at one open is remembered as failed for the life of the host process: later opens report it and never try it again",
    source: "NousResearch/hermes-agent#112445 (first connect failed, never retried); danny-avila/LibreChat#12143 (unreachable at startup, no recovery without a flush)",
    swap: { failedOpen: "remember" },
  },
  /**
   * cursor/cursor#3688: two servers of one JAR (`java -jar dbchat.jar`), each with its own `env`; the second
   * used the first one's database. Also neo4j/mcp#113 (two `neo4j-mcp` servers, only the first one's
   * environment in effect). Modelled as: a later stdio server of the same command and arguments is launched
   * as the first one (its environment).
   */
  "dedupes-by-command": {
    summary: "identifies a stdio server by its command and arguments: a second server of the same command, with another environment, is launched as the first, and its calls reach the first",
    source: "cursor/cursor#3688 (two servers of one JAR with different env: the second used the first one's database); neo4j/mcp#113",
    swap: { launchIdentity: "command" },
  },
  /** mcp-use 1.34.6 JSONSchemaToZod.processAdditionalProperties: `.strict()` when `additionalProperties` is absent. */
  "strict-arguments": {
    summary: "reads an input schema without additionalProperties as closed: a call carrying a property the schema does not declare is refused and never sent",
    source: "mcp-use 1.34.6 JSONSchemaToZod.processAdditionalProperties (objectSchema.strict() when additionalProperties is absent), as tried for issue 16",
    swap: { undeclaredProperties: "refuse" },
  },
  /**
   * Claude Code and the OpenAI Agents SDK (default mcpConfig) sanitise a name where the reference refuses it.
   * Claude Code's rule, `[^A-Za-z0-9_-]` to `_`, because it renames only names the reference refuses (the
   * SDK's stricter `toFunctionToolName` also renames a valid `a-b`). Two names of one server that sanitise
   * alike (`a.b`, `a_b`) then meet, and the later replaces the earlier, as the SDK's
   * `resolveModelVisibleToolNameCollisions` keeps only the last (Claude Code keeps the first: lost alike).
   */
  "sanitised-tool-names": {
    summary: "a tool name with characters a provider refuses is shown with each of them replaced by _ instead of refused; two names of one server that sanitise alike (a.b, a_b) become one, and the later silently replaces the earlier",
    source: "Claude Code 2.1.332 (mcp__{server}__{tool}, each part's [^a-zA-Z0-9_-] replaced by _); @openai/agents-core 0.14.3 toFunctionToolName (utils/tools) and resolveModelVisibleToolNameCollisions (runner/modelPreparation: only the last of one name is offered)",
    swap: { name: (label, tool) => qualifiedName(label, sanitisedName(tool)), collision: "last-wins" },
  },
  /**
   * @mastra/mcp 0.14.5 and @voltagent/core 2.10.0 call `listTools()` once and never follow `nextCursor`; so did
   * the Vercel AI SDK's `MCPClient.tools()` (vercel/ai#19240), Factory Droid 0.186.0 (101 tools at 50 a page:
   * 50 registered, Factory-AI/factory#7), AG2's MCPToolkit (ag2ai/ag2#3262), Open WebUI's MCPClient
   * (open-webui/open-webui PR#29912), GitHub Copilot CLI 1.0.68 (github/copilot-cli#4006) and Claude.ai's web
   * client (anthropics/claude-ai-mcp#87): the later pages are lost with no error.
   */
  "first-page-only": {
    summary: "reads the first page of a server's tools/list and never follows nextCursor: the later pages are lost with no error",
    source: "@mastra/mcp 0.14.5 InternalMastraMCPClient.tools() and @voltagent/core 2.10.0 MCPClient.listTools (one listTools() call), as tried for issue 16; vercel/ai#19240; Factory-AI/factory#7 (101 tools, 50 registered); ag2ai/ag2#3262; open-webui/open-webui PR#29912; github/copilot-cli#4006; anthropics/claude-ai-mcp#87",
    swap: { listPages: "first" },
  },
  /**
   * Vigil-SOC/vigil#809: `refresh_from_client` prunes any server whose connection status is False, and any
   * failed `call_tool` sets it False until the next call, which never comes once the server is pruned: "The
   * server is gone for the life of the process." Here a call whose answer was lost marks its server dead for
   * the host process; every later open leaves it out and says nothing.
   */
  "lost-call-sticks": {
    summary: "a call whose answer was lost marks its server disconnected for the life of the host process: every later session leaves that server out, with no error",
    source: "Vigil-SOC/vigil#809 (app.state.mcp_registry pruned after any failed call_tool, until the backend restarts)",
    swap: { lostAnswerScope: "process" },
  },
  /**
   * Strands Agents TypeScript 1.19, tried for issue 43: one call of an MCP tool named `__proto__` poisons the
   * host process, and every later session of it fails. Here the call corrupts the registry, and every later
   * open refuses the whole configuration with one error naming no server. The poisoned process's refusals are
   * no verdict on the clauses that meet them: the run confirms them on fresh processes and then runs every case
   * on one (fresh-hosts.ts), so only lifecycle/sessions-independent fails.
   */
  "proto-call-poisons": {
    summary: "a call of a tool named __proto__ corrupts the host process's registry: every later session of the process refuses the whole configuration with one error",
    source: "Strands Agents TypeScript SDK 1.19 as tried for issue 43 (after one call of an MCP tool named __proto__, every later session of the process fails)",
    swap: { prototypeCall: "poisons-process" },
  },
  /**
   * Claude Code 2.1.218 follows every `nextCursor` with no check: against codebase-memory-mcp 0.9.0, whose cursor
   * never advanced, it showed its 8 tools about 20 times, ~160 tools (DeusData/codebase-memory-mcp#1247; the same
   * through mcp-proxy 0.12.0, sparfenyuk/mcp-proxy#233). Pages are concatenated as they come, so the copies are
   * shown as they are (`show-both`: under the reference's injective names only one server's own copies can meet).
   * Bounded at 20 pages (load-server.ts BLIND_PAGE_LIMIT) so it cannot hang a test.
   */
  "cursor-followed-blindly": {
    summary: "follows every nextCursor with no check, up to 20 pages, and concatenates them: a server whose cursor never advances, or that repeats a page, has its tools shown again and again, and no error names it",
    source: "Claude Code 2.1.218 as reported in DeusData/codebase-memory-mcp#1247 (8 tools shown ~20 times, ~160) and sparfenyuk/mcp-proxy#233 (8 -> 160)",
    swap: { listPages: "blind", collision: "show-both" },
  },
  /**
   * Cursor documents "Currently, Cursor will only send the first 40 tools to the Agent" (its MCP docs, "Tool
   * quantity", quoted in getsentry/sentry-mcp-stdio#3 and ryoppippi/sitemcp#1): the rest are dropped, and nothing
   * says which. Windsurf's 50 refuses the server that would pass it, with an error naming it: not this bug.
   */
  "tool-cap-40": {
    summary: "shows a model at most 40 server tools in all: the rest are dropped, and nothing names them or their servers",
    source: "Cursor MCP docs, \"Tool quantity\" (\"Cursor will only send the first 40 tools to the Agent\", quoted in getsentry/sentry-mcp-stdio#3 and ryoppippi/sitemcp#1)",
    swap: { toolLimit: { max: 40, beyond: "drop-silently" } },
  },
  /**
   * Hosts that key a plain object by name: assistant-ui's AISDKToolkit assigned MCP tools into `{}`, so a
   * tool named `__proto__` set the prototype and vanished (assistant-ui PR#6999); a duplicate check written
   * `if (registry[name])` finds every Object.prototype member already there (the pattern of
   * PrairieLearn/PrairieLearn#1651 and mtth/avsc#267). Servers and tools are both kept that way here, so a
   * tool named toString, constructor, hasOwnProperty, valueOf or __proto__, or a server keyed constructor, is
   * skipped as a duplicate with a warning only.
   */
  "plain-object-registry": {
    summary: "keeps servers and tools in plain objects: a tool named toString, constructor, hasOwnProperty, valueOf or __proto__ (or a server keyed constructor) is taken for a duplicate and skipped with only a warning",
    source: "assistant-ui/assistant-ui PR#6999 (@assistant-ui/ai-sdk 0.0.4 AISDKToolkit.tools(): an MCP tool named __proto__ assigned into a normal object is silently omitted); the `if (seen[name])` duplicate check that takes toString for a duplicate (PrairieLearn/PrairieLearn#1651, mtth/avsc#267)",
    swap: { registry: "plain-object" },
  },
  /**
   * Goose (crates/goose/src/agents/capabilities.rs @ a00c9ec: `normalize` lower-cases an extension's name and
   * `clients.insert(sanitized_name, ...)` keeps one client per folded name, the later) and mux
   * (src/common/utils/tools/mcpToolName.ts: `normalizeMcpToolNamePart` is `normalize("NFKD").toLowerCase()`)
   * fold names. Here the key and the tool name are folded (NFKC, lower case) into mcp__{key}__{tool}, so
   * Search and search, or ｓｅａｒｃｈ and search, become one name and the later replaces the earlier.
   */
  "folds-names": {
    summary: "folds keys and tool names (NFKC, lower case) into mcp__{key}__{tool}: Search and search, or ｓｅａｒｃｈ and search, become one name, and the later silently replaces the earlier",
    source: "block/goose crates/goose/src/agents/capabilities.rs @ a00c9ec (normalize: an extension name lower-cased, one client per folded name, the later inserted over the earlier); coder/mux src/common/utils/tools/mcpToolName.ts (normalizeMcpToolNamePart: NFKD and lower case)",
    swap: { label: (server) => folded(server.key), name: (label, tool) => qualifiedName(label, folded(tool)), collision: "last-wins" },
  },
  /**
   * Inngest AgentKit 0.13.2 as installed for issue 43: every `agent.run` that held an MCP tool threw (its JSON
   * Schema converter made zod 3 schemas, handed to zod 4), so every open, a clean world's too, failed with one
   * error after the servers had listed. A host-wide defect: no clause's hazard is what fails.
   */
  "every-open-throws": {
    summary: "every open throws one error once its servers are loaded, whatever they hold: the open is reported failed whole, naming no server, and nothing is shown",
    source: "Inngest AgentKit 0.13.2 as tried for issue 43 (every run with an MCP tool threw: a zod 3 schema from its JSON Schema converter handed to zod 4)",
    swap: { everyOpenThrows: "Cannot read properties of undefined (reading '_zod')" },
  },
  /**
   * Codex's tool_search (openai/codex#21503): deferred tools ranked with BM25 over their search text and cut at
   * the requested or default limit, with nothing to keep a tool whose name the query gives exactly; a broad query
   * left `search_graph` out. Here every query is ranked by how often its words occur in a tool's shown name and
   * description, ties in list order, and the top five are loaded: `request` listed after `request_a` …
   * `request_f` loses the cut to them, whichever of its names is asked for.
   */
  "search-misses-exact-name": {
    summary: "its search tool ranks every query by word counts and loads the top five, with no place kept for the tool the query names exactly: a tool listed after five siblings that share its name's word is never found",
    source: "openai/codex#21503 (tool_search ranks deferred tools with BM25 and keeps the top results; an exact tool name is not guaranteed to survive the limit)",
    swap: { toolSearch: "ranked-top-5" },
  },
  /**
   * wave-agent before PR#1070 (netease-lcap/wave-agent, aiManager.ts `trackDiscoveredTools`): the tools a search
   * found were read back out of its result text with `[\w, ]+`, which stops at a `-`, so `mcp__popo-acp__sendFile`
   * was found and never activated. Here the search finds what the reference's does, and what it loads is read
   * back from its `Found tools: ...` line with that pattern.
   */
  "search-activation-no-hyphen": {
    summary: "loads what its search found by reading the names back out of the result text with a pattern of word characters: a tool whose shown name holds \"-\" (a key like popo-acp, a name like read-file) is found and never loaded",
    source: "netease-lcap/wave-agent PR#1070 (trackDiscoveredTools used [\\w, ]+, which did not match mcp__popo-acp__sendFile)",
    swap: { searchActivation: "result-text-word-chars" },
  },
  /**
   * Continue CLI 1.5.47 (found by hand: the tool definitions it sends its model carry, of each MCP tool's input
   * schema, only `properties` and `required`), so a server's `$defs` are left behind and every `$ref` into them
   * dangles. Names, routes and errors are the reference's.
   */
  "schema-properties-only": {
    summary: "hands the model only properties and required of each tool's input schema: $defs are left behind, so every $ref into them dangles",
    source: "Continue CLI 1.5.47 (its tool definitions keep properties and required of an MCP tool's input schema, nothing else; found by hand)",
    swap: { shownSchema: "properties-required" },
  },
  /**
   * Kilo Code CLI 7.7.7 (found by hand, in the fake servers' records): every call that had finished was followed
   * by `notifications/cancelled` naming it. Everything else is the reference's.
   */
  "cancels-finished-calls": {
    summary: "sends notifications/cancelled for every call once its answer is in: the server is told to cancel work it has finished",
    source: "Kilo Code CLI 7.7.7 (notifications/cancelled for every tools/call that had already finished; found by hand in the servers' records)",
    swap: { settledCalls: "cancel" },
  },
  /**
   * The OpenAI Agents SDK for Python with `mcp_config={"include_server_in_tool_names": True}`
   * (src/agents/mcp/util.py @ c969c11: `mcp_{server}__{tool}`, each part sanitised, and a name another tool of
   * the listing also gets hashed, every claimant with its own SHA-1 suffix): no tool is lost, but whether a
   * tool is `mcp_alpha__b__c` or `mcp_alpha__b__c_97d64ef4` depends on whether `alpha__b: c` is configured.
   */
  "hash-on-collision": {
    summary: "names are mcp_{key}__{tool} (each part sanitised), hashed with an 8-hex suffix only when another tool would take the same name: a tool's name depends on which other servers are configured",
    source: "openai/openai-agents-python src/agents/mcp/util.py @ c969c11 (include_server_in_tool_names: _build_prefixed_tool_base_name, _shorten_tool_name, _build_prefixed_tool_name_overrides force the hash when a base name is shared)",
    swap: { refuseLabel: () => undefined, name: (label, tool) => agentsSdkName(label, tool), collision: "hash-suffix" },
  },
  // Prompts and resources (issue 37): context-one-bug-hosts.ts.
  ...contextOneBugHosts,
};
