/**
 * The real hosts mcp-collide judges, one entry per adapter mode: how to start its HAP/1 adapter (from the
 * package root), what it is, and, for every clause its committed report does not pass, the evidence that the
 * verdict is the host's own behaviour, checked by hand against the host's source in node_modules (file and
 * what the code does) or by the adapter tests. `npm run reports` runs them; reports.test.ts replays them.
 */

import type { OptionalInstall } from "../harness/index.ts";
import { agentCliHosts, agentCliPendingHosts } from "./agent-clis/agent-hosts.ts";

/** One real host in one configuration. */
export interface RealHost {
  /** File stem of its committed report: reports/<id>.json and reports/<id>.md. */
  id: string;
  /** What it is, in a few words. */
  title: string;
  /** The adapter command, run from the package root. */
  argv: string[];
  /** The npm packages (exact versions in package.json) or language runtime it exercises. */
  packages: string[];
  /** How the adapter drives the host, in one or two sentences. */
  wiring: string;
  /** Clause id → why the committed verdict (fail, warn, error, inconclusive) is right, checked by hand. */
  evidence: Record<string, string>;
  /**
   * Clause id → why the clause is NOT-APPLICABLE here, in one line: the host has no such feature (with the
   * doc or source that shows it). Every not-applicable verdict of a committed report needs one.
   */
  notApplicable: Record<string, string>;
  /**
   * What its adapter needs beyond `npm ci` (harness/optional-installs.ts): a library host installed in
   * hosts/<host> (`npm run hosts:libraries`), an agent CLI and network namespaces, Python 3. Tests that run
   * the host skip, saying why, where one is missing.
   */
  needs?: OptionalInstall[];
  /** Verdicts that pass but deserve a word (a pass that rests on one code path, say). */
  notes?: string[];
  /** How `npm run reports` names the host to `mcp-collide run` (default: `-- <argv>`), e.g. `--agent codex`. */
  runArgs?: string[];
  /** Cases per clause of its committed report, where not {@link reportRun}'s. */
  runs?: number;
  /**
   * Committed failures that depend on timing (an agent CLI on a loaded machine) and did not come back when
   * replayed by value: clause id → what was seen. The replay test leaves them out, by name; the evidence
   * stays in {@link evidence}.
   */
  timingDependent?: Record<string, string>;
}

const tsx = (adapter: string, ...flags: string[]) => ["node", "--import", "tsx", `hosts/${adapter}/adapter.ts`, ...flags];

/** The two pin clauses and the two request-schema clauses: no library host here has either feature. */
const noPins = (host: string, source: string) => ({
  "drift/pin-holds-changes": `${host} has no way to pin a server's tool definitions (${source}): nothing to hold a changed tool against.`,
});
const noRequestSchemas = (host: string, source: string) => ({
  "options/keyed-by-wire": `${host} takes no per-tool request schema beside the server's own (${source}).`,
  "options/unknown-key": `${host} takes no per-tool request schema, so there is no key to be unknown (${source}).`,
});

/**
 * Lines for clauses a committed report shows NOT-APPLICABLE only because it was generated before the
 * adapter declared the capability (issue 16). reports.test.ts fails on a line whose clause the report
 * judges, so each disappears at the next `npm run reports`, which judges the clause.
 */
const predates = (...clauses: string[]) => Object.fromEntries(clauses.map((id) => [id,
  "Not judged in this committed report, which predates the adapter's local tools, refresh and filters (hosts/*/adapter.ts declares them now); the next `npm run reports` judges it."]));
const lifecycle = ["guard/every-shape", "guard/local-occupant", "drift/refresh-tracks-list", "drift/unreachable-prunes-nothing"];

/** Seed and runs of the committed reports (the CLI's default run count). */
export const reportRun = { seed: 2026, runs: 25 } as const;

export const realHosts: RealHost[] = [
  {
    id: "langchain",
    title: "LangChain.js MultiServerMCPClient, default options",
    argv: tsx("langchain"),
    packages: ["@langchain/mcp-adapters", "@langchain/core", "@langchain/langgraph"],
    wiring: "`new MultiServerMCPClient({ mcpServers })` keyed by configuration key, `await client.getTools()`; tools as `convertToOpenAITool` renders them; calls through LangGraph's prebuilt `ToolNode`.",
    notApplicable: {
      ...noPins("@langchain/mcp-adapters", "no pin option in `clientConfigSchema` / `connectionSchema`, types.js"),
      ...noRequestSchemas("@langchain/mcp-adapters", "the connection config has no per-tool schema option, types.js"),
      "drift/list-changed": "`MultiServerMCPClient` only forwards `notifications/tools/list_changed` to a user hook (`onToolsListChanged`, connection.js) and never re-lists by itself: `getTools()` reads the per-server cache filled at connection.",
      "surface/allow-deny": "`MultiServerMCPClient` has no tool filter: the config (`clientConfigSchema`, types.js) has no allow or deny list, and `loadMcpTools` keeps every named tool.",
      "names/profile": "@langchain/mcp-adapters claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "order/config-permutation": "Both servers' `request` are shown: `_getAllToolsAsFlatArray` (client.js) concatenates the per-server arrays in configuration order, and LangGraph's `ToolNode.runTool` (prebuilt/tool_node.js) dispatches to `this.tools.find((tool) => tool.name === call.name)`, the first, so the call of `request` reaches alpha, and with the two servers swapped it reaches beta (direct, 2026-12-04: alpha [request] and beta [request] give [request, request], and a ToolNode call of `request` reaches alpha; adapter.test.ts pins the delivery to the first).",
      "wire/passthrough": "alpha's and beta's `request` are both shown; the `ToolNode` lookup (`this.tools.find(...)` in `ToolNode.runTool`) finds the first, so a call of the entry shown for beta's `request` is delivered to alpha, and beta's tool cannot be reached at all (direct, 2026-12-04: the call of `request` reaches alpha).",
      "wire/no-cross-routing": "Same mechanism as wire/passthrough: the call meant for beta's `request` reaches alpha (`this.tools.find(...)` in `ToolNode.runTool`).",
      "names/injective": "No de-duplication anywhere: `getTools()` returns one `DynamicStructuredTool` per MCP tool, named `${toolNamePrefix}${tool.name}` (`loadMcpTools`, tools.js) with an empty prefix by default, so alpha's and beta's `request` are one name for two (server, tool) pairs, registered once for each server (direct, 2026-12-04: alpha [request] and beta [request] give [request, request], no error).",
      "schema/hostile-schema": "alpha's `request` declares an output schema whose property has `type: \"nope\"`: the MCP SDK's `Client.listTools()` (client/index.js `cacheToolMetadata`) compiles every output schema and throws `type must be JSONType or JSONType[]: nope`, `loadMcpTools` (tools.js) lets it through, and with the default `onConnectionError: \"throw\"` `getTools()` rejects as a whole with an `MCPClientError` (`Failed to load tools from server \"alpha\"`, client.js) that names alpha but not `request`, so alpha's `search` and beta's `query` are not shown either (direct, 2026-12-04: alpha [request with that output schema, search] beside beta [query]: `getTools()` rejects with serverName `alpha` and that message).",
      "guard/every-shape": "Nothing in either package compares a local tool with the MCP tools: the agent's `ToolNode` gets one array, and a local `request` appended after alpha's (`registerLocal`) is accepted and shown beside it; `ToolNode.runTool` (@langchain/langgraph dist/prebuilt/tool_node.js) runs `this.tools.find((tool) => tool.name === call.name)`, the first, so the name still reaches alpha and the local tool can never be called (direct, 2026-12-04: alpha [request], beta [search], a ToolNode over [request, search, local request] shows `request` twice and its call reaches alpha).",
      "guard/local-occupant": "At open the local tools come first (`[...localTools, ...await client.getTools()]`): alpha's `request` is shown a second time beside the local one, no error names alpha, and `ToolNode`'s `find` sends every call to the local tool, so alpha's tool cannot be reached (direct, 2026-12-04: over [local request, request, search] the call of `request` answers from the local tool and alpha gets no call).",
      "names/provider-valid": "Names are passed through unchanged (`name: `${toolNamePrefix}${tool.name}`` in tools.js); nothing checks them against `^[A-Za-z0-9_-]{1,64}$`, and `convertToOpenAITool` keeps the name, so alpha's `a/b` reaches the model (direct, 2026-12-04: alpha [request, a/b] beside beta [search] gives [request, a/b, search], no error).",
      "drift/refresh-tracks-list": "The same first-match dispatch after a refresh: once alpha also lists `query` (delta's name), the new client's `getTools()` (`_getAllToolsAsFlatArray`, client.js) gives `[request, query, query]` in configuration order, alpha's `query` first, and `ToolNode.runTool`'s `this.tools.find(...)` sends the call meant for delta's `query` to alpha (direct, on the mirrored world: a client over delta [request, query] and alpha [query], a ToolNode call of `query` reaches delta, the first configured).",
      "drift/mid-session-loss": "Each tool's `func` calls its own server's client (`_callTool`, tools.js); when alpha is gone that call fails and `_callTool` rethrows it as `ToolException(`Error calling tool ${toolName}: ${String(error)}`)`, naming the MCP tool but not `serverName` though it has it, and `ToolNode` hands the model an error ToolMessage `Error: Error calling tool request: Error: Streamable HTTP error: Error POSTing to endpoint: ... no fake server at this path ... Please fix your mistakes.`, which names no server (direct, 2026-12-04: alpha [request], beta [search], alpha's path answering 404 after `getTools()`: that ToolMessage, status error; `search` still reaches beta).",
      "surface/failing-server-named": "`loadMcpTools` (tools.js) pages with `do { toolsResponse = await client.listTools({ cursor: toolsResponse.nextCursor }) } while (toolsResponse.nextCursor)` and never checks that the cursor advances, so alpha, answering the same page and the same cursor every time, is asked until it stops answering: the fake server refused the 51st ask, and only then did `getTools()` reject with an `MCPClientError` naming alpha (direct, 2026-12-04: alpha re-answering [request, search] with nextCursor `stuck` beside beta [query] was asked for the cursor 51 times, then the open failed with serverName `alpha`). A server that keeps answering hangs `getTools()` for good.",
      "surface/one-failure-contained": "With the default `onConnectionError: \"throw\"`, `initializeConnections` (client.js) rethrows the first server's failure and `getTools()` rejects as a whole, so unreachable alpha takes beta's `search` away, though the error names alpha (direct, 2026-12-04: alpha's path 404 beside beta [search]: `getTools()` rejects with an `MCPClientError`, serverName `alpha`, `Failed to connect to streamable HTTP server after trying to fall back to SSE`). `onConnectionError: \"ignore\"` would keep beta and drop alpha with only a `debug` line.",
      "surface/no-silent-loss": "A tool named \"\" is dropped while the server's others load: `loadMcpTools` (@langchain/mcp-adapters dist/tools.js) keeps `mcpTools.filter((tool) => !!tool.name)`, so alpha [\"\", request] shows `request` alone, `getTools()` resolves, and no error names alpha (direct, 2026-12-02: a `MultiServerMCPClient` over alpha [\"\", query] gives [query], and [alpha__query] with the prefix, no error, though the server answered tools/list; adapter.test.ts pins it). Catalogue entry nameless-tool-dropped.",
      "surface/shortfall-names-missing": "The same filter: the nameless tool is missing and no error names alpha or the name.",
      "surface/all-or-nothing": "The same filter: alpha shows `request` while its nameless tool did not register, so alpha is partly registered.",
    },
    notes: [
      "diag/errors-name-server passes: the two worlds of it where the host reported an error (alpha's tools/list refused, alpha unreachable, each beside beta) fail the open with an `MCPClientError` whose `serverName` is the failing key (client.js, default `onConnectionError: \"throw\"`); the worlds of names it accepts silently raise nothing to judge.",
    ],
  },
  {
    id: "langchain-prefix",
    title: "LangChain.js MultiServerMCPClient, prefixToolNameWithServerName: true",
    argv: tsx("langchain", "--prefix"),
    packages: ["@langchain/mcp-adapters", "@langchain/core", "@langchain/langgraph"],
    wiring: "As `langchain`, with `prefixToolNameWithServerName: true` (names `${serverName}__${tool}`; `additionalToolNamePrefix` left at its default \"\").",
    notApplicable: {
      ...noPins("@langchain/mcp-adapters", "no pin option in `clientConfigSchema` / `connectionSchema`, types.js"),
      ...noRequestSchemas("@langchain/mcp-adapters", "the connection config has no per-tool schema option, types.js"),
      "drift/list-changed": "`MultiServerMCPClient` only forwards `notifications/tools/list_changed` to a user hook (`onToolsListChanged`, connection.js) and never re-lists by itself: `getTools()` reads the per-server cache filled at connection.",
      "surface/allow-deny": "`MultiServerMCPClient` has no tool filter: the config (`clientConfigSchema`, types.js) has no allow or deny list, and `loadMcpTools` keeps every named tool.",
      "names/profile": "@langchain/mcp-adapters claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "order/config-permutation": "With `prefixToolNameWithServerName` the name is `${serverName}__${tool.name}` (tools.js `toolNamePrefix`); `__` is not reserved, so key `a__b` + tool `c` and key `a` + tool `b__c` both give `a__b__c`. Both are shown and `ToolNode` calls the first, so the route depends on the order (adapter.test.ts pins it).",
      "wire/passthrough": "`a__b__c` is shown twice (once per server); the call of it reaches `a__b` as `c` even for the entry that stands for `b__c` of `a`.",
      "wire/no-cross-routing": "Same collision: the call meant for server `a` reaches server `a__b`.",
      "names/injective": "Key `a__b` + tool `c` and key `a` + tool `b__c` are both `a__b__c` (`${serverName}__` prefix in `loadMcpTools`, tools.js): `__` is not reserved in keys or tool names, so the join is not injective, and both tools are shown under the one name, registered once for each server (direct, 2026-12-04: a client over a__b [c] and a [b__c] with the prefix gives [a__b__c, a__b__c], no error).",
      "schema/hostile-schema": "As in the default mode: the MCP SDK's `Client.listTools()` (client/index.js `cacheToolMetadata`) compiles alpha's output schema with `type: \"nope\"` and throws, and `getTools()` rejects as a whole with an `MCPClientError` naming alpha but not `request`, so no tool of alpha or beta is shown (direct, 2026-12-04, default mode: `Failed to load tools from server \"alpha\": Error: type must be JSONType or JSONType[]: nope`; the prefix does not touch listing).",
      "guard/every-shape": "As in the default mode, with the prefixed name: a local `alpha__request` appended by `registerLocal` is accepted unchecked and shown beside alpha's, and `ToolNode`'s `find` still sends the name to alpha, so the local tool cannot be called.",
      "guard/local-occupant": "As in the default mode: a local `alpha__request` given at open comes first, alpha's tool of that name is shown a second time, no error names alpha, and every call goes to the local tool.",
      "names/provider-valid": "Neither the configuration key nor the tool name is sanitised (`${toolNamePrefix}${tool.name}`, tools.js): alpha's `a/b` is shown as `alpha__a/b`, which a provider refuses (direct, 2026-12-04: alpha [request, a/b] beside beta [search] gives [alpha__request, alpha__a/b, beta__search], no error).",
      "drift/mid-session-loss": "As in the default mode: `_callTool` (tools.js) rethrows the dead server's transport error as `Error calling tool ${toolName}`, with the bare MCP name, so the model gets `Error: Error calling tool request: Error: Streamable HTTP error: ... no fake server at this path ... Please fix your mistakes.` for `alpha__request`, naming no server (direct, 2026-12-04, default mode: that ToolMessage after alpha's path went 404; the prefix changes only the shown name).",
      "surface/failing-server-named": "As in the default mode: `loadMcpTools` (tools.js) follows `nextCursor` in a `do ... while` with no check that it advances, so alpha's stuck cursor is asked until the server refuses (51 times against the fake server) and only then does `getTools()` reject with an `MCPClientError` naming alpha (direct, 2026-12-04, default mode: 51 asks, serverName `alpha`).",
      "surface/one-failure-contained": "As in the default mode: `initializeConnections` (client.js, `onConnectionError: \"throw\"` by default) rejects the whole `getTools()` on unreachable alpha, so beta's `beta__search` is not shown, though the error names alpha (direct, 2026-12-04, default mode).",
      "surface/no-silent-loss": "As in the default mode: `loadMcpTools` drops the tool named \"\" (`filter((tool) => !!tool.name)`, tools.js) and keeps `alpha__request`, with no error (direct, 2026-12-02: alpha [\"\", query] gives [alpha__query]).",
      "surface/shortfall-names-missing": "The same filter: the nameless tool is missing and no error names alpha or the name.",
      "surface/all-or-nothing": "The same filter: alpha shows `alpha__request` while its nameless tool did not register.",
    },
    notes: [
      "diag/errors-name-server passes as in the default mode: the host's only errors here, alpha's tools/list refused or alpha unreachable, are `MCPClientError`s whose `serverName` is the failing key (client.js).",
    ],
  },
  {
    id: "vercel-ai",
    notes: [
      "wire/at-most-once passes at the default `maxRetries: 0` (`DEFAULT_MAX_TOOL_CALL_RETRIES`, @ai-sdk/mcp dist/index.mjs). With `maxRetries` above 0, `callToolWithRetry` resends a call that failed with `ConnectionClosed` (`DEFAULT_RETRY_ERROR_CODES`) whatever the tool's `idempotentHint`.",
      "schema/hostile-schema passes: the MCP client wraps each input schema with `jsonSchema()` and no validator, so nothing compiles a server's `pattern`, and it does not compile output schemas unless the caller passes `schemas`.",
    ],
    title: "Vercel AI SDK createMCPClient, tool sets merged with object spread",
    argv: tsx("vercel-ai"),
    packages: ["@ai-sdk/mcp", "ai"],
    wiring: "One `createMCPClient` per server (stdio: `Experimental_StdioMCPTransport`; http: `{ type: \"http\" }`), `await client.tools()` each, `{ ...toolSetOne, ...toolSetTwo }` in configuration order; tools and calls through `generateText` with a mock model from `ai/test`.",
    notApplicable: {
      ...noPins("@ai-sdk/mcp", "`createMCPClient` options have none, dist/index.mjs"),
      "options/keyed-by-wire": "`client.tools({ schemas })` takes a schema per MCP tool name, but then loads only the tools it names (`toolsFromDefinitions` skips every other tool, dist/index.mjs): a schema for one tool would hide the server's others, so it is an allow list with types, not a per-tool option beside the whole list.",
      "options/unknown-key": "As options/keyed-by-wire: a `schemas` key names a tool to load, not an option for a loaded one; a key the server lacks is silently skipped because nothing is loaded for it.",
      "drift/list-changed": "The AI SDK MCP client registers no handler for `notifications/tools/list_changed` (only the capability fields exist, dist/index.mjs): a set changes only when `tools()` is called again.",
      "surface/allow-deny": "No deny list: `createMCPClient` / `tools()` have no filter option, and `schemas` (see options/keyed-by-wire) can only allow, each tool with a schema.",
      "names/profile": "The AI SDK claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "order/config-permutation": "The docs' merge `{ ...toolSetOne, ...toolSetTwo }` keeps the last server's `request` (each client's `tools()` is keyed by the raw MCP name, `toolsFromDefinitions` in @ai-sdk/mcp dist/index.mjs); swapping alpha and beta swaps which one the single `request` reaches.",
      "surface/no-silent-loss": "The spread silently overwrites: alpha's `request`, configured first, is replaced by beta's in the merged set and nothing reports it (the docs: \"this approach causes subsequent tool sets to override tools with the same name\") (direct, 2026-12-04: alpha [request, search] and beta [request, query] each load their own `request`, the model is offered [request, search, query] and the call of `request` reaches beta, no error; adapter.test.ts pins the later server's tool winning).",
      "surface/shortfall-names-missing": "Same overwrite, seen per server: alpha advertised `request`, beta's tool replaced it, and no error names alpha or the tool.",
      "surface/all-or-nothing": "Only the overwritten name is lost: alpha keeps `search` in the merged set while its `request` is beta's, so alpha is partly registered (direct, 2026-12-04: alpha [request, search], beta [request, query]: offered [request, search, query], `request` reaches beta).",
      "names/injective": "Each server's own `client.tools()` registers `request` (the host's per-server account: alpha and beta both), and the merged set shows one `request` for the two (server, tool) pairs (direct, 2026-12-04: both sets hold `request`, the model is offered it once).",
      "guard/every-shape": "The tools `generateText` takes are one record keyed by name, and the application's own tool goes in as a record entry beside the spread sets (`{ ...tools, [name]: localTool }`): nothing compares it with the MCP tools, so a local `request` silently replaces alpha's and the name no longer reaches alpha (direct, 2026-12-04: alpha [request], beta [search], `{ ...merged, request: local }` offers [request, search] and the call of `request` answers from the local tool, alpha gets no call).",
      "guard/local-occupant": "At open the local tools come first in the record (`{ ...localTools, ...toolSetOne }`, defined before any server loads) and alpha's `request` overwrites the local one: the call reaches alpha, the local tool is gone, and nothing names alpha (direct, 2026-12-04: `{ request: local, ...merged }` offers [request, search] and the call of `request` reaches alpha).",
      "drift/refresh-tracks-list": "After a refresh, alpha's new `query` meets delta's in the same spread, and delta, later in configuration order, overwrites it: alpha's own `client.tools()` set holds `request` and `query`, but the merged set shows alpha's `request` only (direct, on the mirrored world: two clients, delta adds `query`, `tools()` again on both, the spread's `query` is the later server's).",
      "names/provider-valid": "`toolsFromDefinitions` keys tools by the raw MCP name and `generateText` hands that name to the model unchanged (captured at the mock model): alpha's `a/b` is shown (direct, 2026-12-04: alpha [request, a/b] beside beta [search] offers [request, a/b, search]).",
      "surface/failing-server-named": "`client.tools()` (@ai-sdk/mcp dist/index.mjs) pages with `while (definitions.nextCursor != null) { definitions = await this.listTools({ params: { cursor: definitions.nextCursor } }) }` and never checks that the cursor advances, so alpha, answering the same page and cursor every time, is asked until it stops answering; the fake server refused the 51st ask, and `tools()` then rejected with an `MCPClientError` carrying the server's message, which names no server (direct, 2026-12-04: alpha re-answering [request, search] with nextCursor `stuck` was asked for the cursor 51 times, then `tools()` rejected with `MCP error -32603: ...`). A server that keeps answering hangs `tools()` for good.",
      "surface/one-failure-contained": "Wired as the docs wire it (one client per server, awaited in one try/finally), the first rejection ends the open: `createMCPClient` for unreachable alpha rejects with `MCPClientError` `MCP HTTP Transport Error: POSTing to endpoint (HTTP 404): ... This server does not support HTTP transport.` (dist/index.mjs), naming no server, and beta's `search` is never loaded (direct, 2026-12-04: alpha's path 404, then beta [search]: `createMCPClient` rejects with that message). Keeping beta is left to the application, which has only the rejected promise to go by.",
      "drift/mid-session-loss": "A tool's `execute` calls its own server's client (`self.callTool`, `toolsFromDefinitions`, dist/index.mjs); when alpha is gone the HTTP transport rejects with `MCPClientError` `MCP HTTP Transport Error: POSTing to endpoint (HTTP 404): ... This server does not support HTTP transport.`, and `generateText` records it as a `tool-error` whose message names no server (the error's `url` field holds alpha's endpoint, which the model is not given) (direct, 2026-12-04: alpha [request], beta [search], alpha's path 404 after `tools()`: the call of `request` is that tool-error; `search` still reaches beta).",
      "diag/errors-name-server": "alpha's refused tools/list reaches the application as the rejection of alpha's own `client.tools()`: an `MCPClientError` with the server's message, `MCP error -32603: scripted failure: tools/list refused`, and no field naming the server (`url` and `data` unset, `code` -32603); following the docs' wiring the adapter reports it at open without `server` (direct, 2026-12-04: alpha list-error then beta [search]).",
    },
  },
  {
    id: "openai-agents",
    title: "OpenAI Agents SDK (JS) Agent with mcpServers, default mcpConfig",
    argv: tsx("openai-agents"),
    packages: ["@openai/agents-core"],
    wiring: "`MCPServerStdio` / `MCPServerStreamableHttp` with `name` = configuration key, `connectMcpServers`, `new Agent({ mcpServers })`; tools and calls through the SDK's `Runner` with a scripted `Model`.",
    notApplicable: {
      ...noPins("@openai/agents-core", "`MCPServerStdio` / `MCPServerStreamableHttp` options have none, mcp.d.ts"),
      ...noRequestSchemas("@openai/agents-core", "tool schemas come only from the server; `mcpConfig` has `convertSchemasToStrict` and `errorFunction`, agent.d.ts"),
      "drift/list-changed": "No handler for `notifications/tools/list_changed`: the SDK lists on every run (`getAllMcpTools`, mcp.mjs; `cacheToolsList` defaults to false) and `invalidateToolsCache()` is the only re-list call.",
      "names/profile": "The Agents SDK claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "names/provider-valid": "In default mode `mcpToFunctionTool` names the tool `mcpTool.name`, and `tool()` only runs `toFunctionToolName` (utils/tools.mjs: every character outside [a-zA-Z0-9] becomes `_`); nothing limits the length (the 64 limit and sha1 suffix exist only under includeServerInToolNames), so alpha's 65-character name is offered to the model beside beta's `search`.",
      "schema/hostile-schema": "alpha's `request` declares an output schema whose property has `type: \"nope\"`; `NodeMCPServerStreamableHttp.listTools` (shims/mcp-server/node.mjs) calls `replaceClientToolMetadata`, which makes the MCP SDK Client compile every output schema and rethrows its error, and every run lists every server (`getAllMcpTools`, mcp.mjs), so the run raises `type must be JSONType or JSONType[]: nope` for the whole agent: no tool of alpha or beta is shown and the error names neither the server nor the tool (direct, 2026-12-04: alpha [request with that schema, search] beside beta [query]: `connectMcpServers` reports no error, the run raises that message).",
      "guard/every-shape": "Nothing compares a function tool with the MCP tools: `getAllTools` returns `[...mcpTools, ...functionTools]` and the runner resolves a call through `buildFunctionToolLookupMap` (toolIdentity.mjs), a Map filled in that order (`lookup.set(key, tool)`), so the local `request` added by `agent.clone({ tools })` is accepted and takes every call of the name: alpha's tool is unreachable and nothing is reported to the application (a `logger.warn` from `resolveModelVisibleToolNameCollisions` at most).",
      "guard/local-occupant": "Same lookup: a local `request` given at open also comes after the MCP tools and wins the Map; the runner's `resolveModelVisibleToolNameCollisions` (runner/modelPreparation.mjs, default policy `warn`) then offers the model only that dispatch winner, with a `logger.warn` line naming no server, so alpha's `request` is neither shown nor callable and no error names alpha (only duplicates across MCP servers raise, in `getAllMcpTools`; direct: an Agent with a local `request` and alpha [request] offers one `request`).",
      "surface/allow-deny": "An allow entry naming a tool the server does not advertise is never looked at: `createMCPToolStaticFilter({ allowed })` (mcpUtil.mjs) keeps the list as given and `getMcpToolsFromServer` (mcp.mjs) only tests each listed tool with `allowedToolNames.includes(tool.name)`, so nothing reports the ghost entry (direct, 2026-12-04: alpha [request, search] allowed [request, search, query] beside beta [query, call]: the run offers request, search, query, call and no error).",
      "drift/refresh-tracks-list": "Every run lists every server (`getAllMcpTools`, mcp.mjs; `cacheToolsList` false by default), so as soon as alpha lists a `query` like delta's, even before any refresh, the run raises `UserError(\"Duplicate tool names found across MCP servers: query\")` and the agent shows nothing: alpha's list is never shown again (direct, on the mirrored world: delta adds alpha's `query`, the next run raises).",
      "surface/all-or-nothing": "`a.b` and `a_b` of one server are both named `a_b` by `toFunctionToolName` (utils/tools.mjs: every character outside [a-zA-Z0-9] becomes `_`); duplicates are only looked for across servers (`getAllMcpTools`), and the runner's `resolveModelVisibleToolNameCollisions` (runner/modelPreparation.mjs) offers only the dispatch winner, the later one, with a `logger.warn` line naming neither server nor tool (\"Tool name collision detected ... Only the current dispatch winner will be exposed.\"), so the model is offered one `a_b` while `a.b` is lost and alpha's other tool is shown: alpha is partly registered, and no error names alpha or `a.b` (direct, 2026-12-02: alpha [a.b, a_b] offers `a_b` with a_b's description, and a call of it reaches alpha as `a_b`; adapter.test.ts).",
      "surface/no-silent-loss": "alpha's `a.b` and `a_b` are both named `a_b` (`toFunctionToolName`, utils/tools.mjs), and the runner's `resolveModelVisibleToolNameCollisions` (runner/modelPreparation.mjs) offers only the dispatch winner, `a_b`, with a `logger.warn` that names neither server nor tool, so `a.b` is lost and no error names alpha (direct, 2026-12-04: alpha [a.b, a_b] offers [a_b], the call of it reaches alpha's `a_b`, and only the warning `Tool name collision detected ... Only the current dispatch winner will be exposed.` is logged).",
      "surface/shortfall-names-missing": "The same collapse seen per server: alpha advertised `a.b`, the model is offered only `a_b`, and no error names alpha or `a.b` (direct, 2026-12-04, as surface/no-silent-loss).",
      "order/config-permutation": "Within one server the tool listed last wins the collapsed name (`buildFunctionToolLookupMap` fills a Map in list order and `resolveModelVisibleToolNameCollisions` exposes that dispatch winner): the name `a_b` reaches alpha's `a_b` when alpha lists [a.b, a_b] and alpha's `a.b` when it lists [a_b, a.b] (direct, 2026-12-02: the offered description and the recorded tools/call follow the list order).",
      "surface/failing-server-named": "`listAllMcpTools` (shims/mcp-server/node.mjs) follows `nextCursor` and stops only on a cursor it has already seen (`seenCursors`: `MCP server returned a repeated cursor while listing tools.`), never on a page it has already had: alpha's pages [request, search], [request, search] (a new cursor), [query] are concatenated, and the runner's `resolveModelVisibleToolNameCollisions` (runner/modelPreparation.mjs) keeps one of each doubled name with a `logger.warn` naming no server, so the model is offered request, search, query, lookup and nothing names alpha (direct, 2026-12-04: that list, two collision warnings, no error; a cursor that repeats itself instead raises the repeated-cursor error after one ask).",
      "surface/one-failure-contained": "Every run lists every server and `getAllMcpTools` (mcp.mjs) awaits each `getMcpToolsFromServer` → `server.listTools()` unguarded, so alpha's refused tools/list raises out of the run and the agent shows nothing, beta's `search` included (direct, 2026-12-04: alpha list-error beside beta [search]: `connectMcpServers` reports no error, every run raises `MCP error -32603: ... scripted failure: tools/list refused`).",
      "wire/tool-error-reaches-model": "`mcpToFunctionTool`'s `invoke` (mcp.mjs) reads the result's `isError` only for the custom-data extractor and returns the content (`content[0]` when there is one item) as the tool's output; nothing throws, so the runner records an ordinary `function_call_result` with `status: \"completed\"` (only a raised error gets the `errorFunction` text) (direct, 2026-12-04: alpha's `fail` answering isError: true reaches the model as `{type: \"function_call_result\", status: \"completed\", output: [{type: \"input_text\", text: \"tool \\\"fail\\\" ... failed on purpose\"}]}`).",
      "drift/unreachable-prunes-nothing": "Every run lists every server with no per-server error handling (`getMcpToolsFromServer` awaits `server.listTools()` unguarded, mcp.mjs): after a refresh (`invalidateToolsCache()`) that cannot reach alpha the run raises the transport's `StreamableHTTPError`, which names no server, and beta's `search` goes with alpha's `request` (direct, 2026-12-04, with includeServerInToolNames, the same listing: after alpha's path went 404 and its cache was invalidated the run raises `Streamable HTTP error: Error POSTing to endpoint: ... no fake server at this path`).",
      "drift/mid-session-loss": "Each run lists every server before the model is asked (`getAllMcpTools`, mcp.mjs, `listTools()` unguarded), so once alpha is gone every run raises the transport's `StreamableHTTPError`: the call of `request` never reaches a tool and its error names no server, and beta's `search` fails the same way (direct, 2026-12-04: alpha [request], beta [search], alpha's path 404 after open: both calls raise `Streamable HTTP error: Error POSTing to endpoint: ... no fake server at this path`, and beta gets no call).",
      "diag/errors-name-server": "alpha's refused tools/list raises out of every run (`getAllMcpTools` awaits `listTools()` unguarded, mcp.mjs) as the server's own `McpError`, `MCP error -32603: scripted failure: tools/list refused`: nothing adds the server's name (`connectMcpServers` keys by server only the failures of connecting) (direct, 2026-12-04: alpha list-error beside beta [search]).",
    },
    notes: [
      "A tool whose name is empty is offered as `invoke`: `tool()` falls back to the execute function's name when `name` is empty (adapter.test.ts).",
    ],
  },
  {
    id: "openai-agents-server-names",
    title: "OpenAI Agents SDK (JS), mcpConfig.includeServerInToolNames: true",
    argv: tsx("openai-agents", "--server-names"),
    packages: ["@openai/agents-core"],
    wiring: "As `openai-agents`, with `mcpConfig: { includeServerInToolNames: true }` (names `mcp_<server>__<tool>`, sanitised, 64 max with a sha1 suffix).",
    notApplicable: {
      ...noPins("@openai/agents-core", "`MCPServerStdio` / `MCPServerStreamableHttp` options have none, mcp.d.ts"),
      ...noRequestSchemas("@openai/agents-core", "tool schemas come only from the server; `mcpConfig` has `convertSchemasToStrict` and `errorFunction`, agent.d.ts"),
      "drift/list-changed": "No handler for `notifications/tools/list_changed`: the SDK lists on every run (`getAllMcpTools`, mcp.mjs; `cacheToolsList` defaults to false) and `invalidateToolsCache()` is the only re-list call.",
      "names/profile": "The Agents SDK claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "guard/every-shape": "A local tool is a reserved name under `includeServerInToolNames`: `Agent.getMcpToolReservedNames` (agent.mjs) collects the agent's function tool names and `buildPrefixedToolNameOverrides` (mcp.mjs) sets `forceHash` when `reservedNames.has(baseName)`, so once `registerLocal` adds `mcp_alpha__request` the next run renames alpha's tool to `mcp_alpha__request_<sha1>` and the name the model was shown for alpha's tool now runs the local one, with no error.",
      "guard/local-occupant": "Same reservation at open: beside a local `mcp_alpha__request`, alpha's `request` is shown as `mcp_alpha__request_de641ea5` (`forceHash` in `buildPrefixedToolNameOverrides`, mcp.mjs) and nothing names alpha (direct: an Agent with that function tool and alpha [request] offers `mcp_alpha__request_de641ea5`, `mcp_alpha__request`).",
      "drift/unreachable-prunes-nothing": "As in the default mode: every run lists every server (`getAllMcpTools`, mcp.mjs, the `includeServerInToolNames` branch awaits `getMcpToolsFromServer` for all servers in one `Promise.all`) with no per-server error handling, so after a refresh (`invalidateToolsCache()`) that cannot reach alpha the run raises the transport's `StreamableHTTPError`, which names no server, and beta's `mcp_beta__search` goes too (direct, 2026-12-04: alpha [request], beta [search]; after alpha's path went 404 and its cache was invalidated the run raises `Streamable HTTP error: Error POSTing to endpoint: ... no fake server at this path`).",
      "surface/allow-deny": "As in the default mode: `createMCPToolStaticFilter({ allowed })` keeps the list as given and `getMcpToolsFromServer` (mcp.mjs) only tests each listed tool with `allowedToolNames.includes(tool.name)`, so an allow entry alpha does not advertise is never reported (direct, 2026-12-04: alpha [request, search] allowed [request, search, query] beside beta [query, call] offers mcp_alpha__request, mcp_alpha__search, mcp_beta__query, mcp_beta__call and no error).",
      "diag/errors-name-server": "As in the default mode: alpha's refused tools/list raises out of every run (`getAllMcpTools`, mcp.mjs, one `Promise.all` over `getMcpToolsFromServer`) as the server's own `McpError`, `MCP error -32603: scripted failure: tools/list refused`, and nothing adds the server's name (direct, 2026-12-04: alpha list-error beside beta [search]).",
      "schema/hostile-schema": "As in the default mode: `NodeMCPServerStreamableHttp.listTools` (shims/mcp-server/node.mjs) has the MCP SDK Client compile alpha's output schema with `type: \"nope\"` (`replaceClientToolMetadata`) and rethrows, so every run raises `type must be JSONType or JSONType[]: nope`: no tool of alpha or beta is shown and the error names neither the server nor the tool (direct, 2026-12-04: alpha [request with that schema, search] beside beta [query]).",
      "surface/failing-server-named": "`listAllMcpTools` (shims/mcp-server/node.mjs) stops only on a cursor it has already seen (`seenCursors`), never on a page it has already had, so alpha's pages [request, search], [request, search], [query] are concatenated; `buildPrefixedToolNameOverrides` (mcp.mjs) then counts `mcp_alpha__request` and `mcp_alpha__search` twice and hashes both copies apart (`forceHash`), so the model is offered two names for each of alpha's first two tools and nothing names alpha (direct, 2026-12-04: mcp_alpha__request_de641ea5, mcp_alpha__search_061a5500, mcp_alpha__request_9ea45c3e, mcp_alpha__search_1a24b92c, mcp_alpha__query, mcp_beta__lookup, no error).",
      "surface/one-failure-contained": "As in the default mode: the `includeServerInToolNames` branch of `getAllMcpTools` (mcp.mjs) lists all servers in one `Promise.all` with no per-server handling, so alpha's refused tools/list raises out of every run and beta's `mcp_beta__search` is not shown (direct, 2026-12-04: every run raises `MCP error -32603: ... scripted failure: tools/list refused`).",
      "wire/tool-error-reaches-model": "As in the default mode: `mcpToFunctionTool`'s `invoke` (mcp.mjs) returns the content of an isError: true result as the tool's output and reads `isError` only for the custom-data extractor, so the model gets an ordinary `function_call_result`, `status: \"completed\"` (direct, 2026-12-04: a call of `mcp_alpha__fail` comes back as `{type: \"function_call_result\", status: \"completed\", output: [{type: \"input_text\", text: ...}]}`).",
      "names/context-free": "`buildPrefixedToolNameOverrides` (mcp.mjs) hashes a name whenever its base name occurs more than once across all the agent's servers (`forceHash = (baseNameCounts.get(baseName) ?? 0) > 1 || reservedNames.has(baseName)`): `c` of `a__b` and `b__c` of `a` share the base `mcp_a__b__c`, so beside `a` the first is `mcp_a__b__c_36cc4720` and alone it is `mcp_a__b__c`: a server's tool names depend on which other servers are configured (direct, 2026-12-04: [mcp_a__b__c_36cc4720, mcp_a__b__c_feb530ad] for both, [mcp_a__b__c] for `a__b` alone).",
      "drift/mid-session-loss": "As in the default mode: each run lists every server before the model is asked (`getAllMcpTools`, mcp.mjs), so once alpha is gone every run raises the transport's `StreamableHTTPError`, naming no server: the call of `mcp_alpha__request` reaches no tool and `mcp_beta__search` fails the same way (direct, 2026-12-04, default mode: both calls raise `Streamable HTTP error: Error POSTing to endpoint: ... no fake server at this path`; the same listing raises here after a refresh).",
    },
    notes: [
      "drift/refresh-tracks-list passes: with `cacheToolsList: false` (the default) every run lists every server anew (`getAllMcpTools`, mcp.mjs), so what the host shows after a server's change is already the server's current list, and a refresh (`invalidateToolsCache()`) shows the same (the clause judges a refresh against what the host showed at its last open or refresh).",
      "Not caught by any clause here: the override names are made unique and then `tool()` runs `toFunctionToolName` over them, turning `-` into `_`, so `a-b` and `a.b` of one server both end as `mcp_alpha__a_b` and one is lost silently (adapter.test.ts).",
    ],
  },
  {
    id: "mastra-tools",
    title: "Mastra MCPClient getTools() on an Agent",
    argv: tsx("mastra"),
    packages: ["@mastra/mcp", "@mastra/core"],
    wiring: "`new MCPClient({ servers })` keyed by configuration key, `new Agent({ tools: await mcp.getTools() })`; tools and calls through `agent.generate()` with a scripted AI SDK v5 model.",
    notApplicable: {
      ...noPins("@mastra/mcp", "`MCPClient` server definitions have none, dist/index.d.ts"),
      ...noRequestSchemas("@mastra/mcp", "input schemas come only from the server (`convertInputSchema`), dist/index.js"),
      "drift/list-changed": "@mastra/mcp registers no handler for `notifications/tools/list_changed` (the only list_changed code is its server side, dist/index.js): tools change only when `getTools()` / `getToolsets()` is called again.",
      "surface/allow-deny": "`MCPClient` and the Agent have no tool filter by name: server definitions take connection options only (dist/index.d.ts), and `InternalMastraMCPClient.tools()` keeps every named tool.",
      "names/profile": "Mastra claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "order/config-permutation": "`getTools()` (@mastra/mcp dist/index.js) fills `connectedTools[`${serverName}_${toolName}`]` inside `eachClientTools`, which lists the servers in `Promise.all` and assigns each server's tools when its list arrives: `a_b`'s `c` and `a`'s `b_c` are both `a_b_c`, the server that answers last owns the name, and the fake servers answer in configuration order, so swapping the two servers changes where `a_b_c` goes (`a` vs `a_b`).",
      "surface/failing-server-named": "`InternalMastraMCPClient.tools()` (@mastra/mcp dist/index.js) calls `this.client.listTools()` once and never follows `nextCursor`: alpha, whose first page (`request`) carries a cursor and which dies when asked for the next, is never asked, so `request` is shown, `search` is lost, and nothing names alpha, not even its error-level log channel (direct, 2026-12-04: alpha [request, search] in pages of one, dying at page two, beside beta [query]: `getTools()` gives [alpha_request, beta_query], alpha got one tools/list with no cursor, no error log).",
      "guard/every-shape": "The Agent takes its tools as one record keyed by name (`new Agent({ tools })`, @mastra/core), and neither it nor `MCPClient` compares a local tool's name with the MCP tools: the application's `{ ...tools, alpha_request: local }` replaces alpha's tool without a word, so `alpha_request` no longer reaches alpha (direct, 2026-12-04: alpha [request] · beta [search]: an Agent over `{ ...await mcp.getTools(), alpha_request: local }` offers [alpha_request, beta_search], and the call of `alpha_request` runs the local tool; alpha gets no call).",
      "guard/local-occupant": "Same record: with the local tools first (`{ ...localTools, ...await mcp.getTools() }`), alpha's `alpha_request` replaces the local tool of that name; the call reaches alpha, the local tool is gone, and nothing names alpha (direct, 2026-12-04: alpha [request] · beta [search]: over `{ alpha_request: local, ...await mcp.getTools() }` the call of `alpha_request` reaches alpha, no error).",
      "drift/unreachable-prunes-nothing": "The refresh is `getTools()` again: alpha's cached client is reused (`getConnectedClient`), its `tools()` rejects with the transport's `Streamable HTTP error: Error POSTing to endpoint ...`, and `getTools` rethrows it as `MCP_CLIENT_GET_TOOLS_FAILED` with no server name; nothing is logged on alpha's channel, so the application learns that a refresh failed, never which server (direct, 2026-12-04: alpha [request] · beta [search], alpha's path 404 after the first `getTools()`: the second rejects with message and cause `Streamable HTTP error: Error POSTing to endpoint: {...\"no fake server at this path\"...}`, no error log). The adapter keeps the tools it had.",
      "surface/no-silent-loss": "`getTools()` (@mastra/mcp dist/index.js) assigns `connectedTools[`${serverName}_${toolName}`]` as each server's tools arrive, so `a_b`'s `c` and `a`'s `b_c` are both `a_b_c`, the later replaces the earlier, and nothing reports it, not even either server's error-level log channel (direct, 2026-12-04: a_b [c] · a [b_c]: `getTools()` gives the one key `a_b_c`, which reaches whichever server answered last; no error log). A tool named \"\" is lost the same silent way (`if (tool.name)` in `InternalMastraMCPClient.tools()`; adapter.test.ts).",
      "surface/shortfall-names-missing": "The same `if (tool.name)`: alpha's nameless tool is missing and no error names alpha or the name. A tool named `__proto__` vanishes the same way (`toolsRes[tool.name] = mastraTool` on a plain object sets its prototype; adapter.test.ts), as does the loser of the `a_b_c` overwrite.",
      "surface/all-or-nothing": "The same `if (tool.name)`: alpha shows `alpha_request` while its nameless tool did not register, so alpha is partly registered (direct, 2026-12-02, the overwrite does it too: `getTools()` over a_b [c, search] and a [b_c] gives `a_b_c` with `b_c`'s description and `a_b_search`).",
      "names/injective": "The host's per-server account (`getToolsets()`, keyed back as `${server}_${tool}` the way `getTools()` builds names) gives `a_b_c` to both `a_b` and `a`.",
      "schema/hostile-schema": "alpha's `request` has `q: { $ref: \"#/$defs/missing\" }`: `convertInputSchema` (@mastra/mcp dist/index.js) runs `$RefParser.dereference`, which throws `MissingPointerError`, and `tools()` catches the failed wrapper, so `request` is left out while alpha's `search` and beta's `query` load; the only word is alpha's log channel, `[alpha] Failed to convert JSON schema to Zod schema using zodFromJsonSchema` and `[alpha] Failed to create Mastra tool wrapper for MCP tool: request`, which names the tool in running text, not quoted, so it does not count as naming `request` (direct, 2026-12-04: `getTools()` gives [alpha_search, beta_query] and those two error-level entries on alpha's logger).",
      "wire/at-most-once": "The tool's execute (@mastra/mcp `InternalMastraMCPClient.tools()`) catches the lost answer (`fetch failed`), `isSessionError` matches it, and it calls `forceReconnect()` and sends the same `tools/call` again (direct, 2026-12-04: alpha [request] · beta [search], alpha's server closing the connection on every tools/call: one `execute` of `alpha_request` reached alpha twice, then threw `fetch failed`).",
      "diag/errors-name-server": "alpha's refused tools/list rejects `client.tools()` (`this.client.listTools()` has no catch, @mastra/mcp dist/index.js) and `getTools()` rethrows it as `MCP_CLIENT_GET_TOOLS_FAILED` whose message is the server's own, `MCP error -32603: scripted failure: tools/list refused`, with empty details and nothing on alpha's log channel, so the error names no server (direct, 2026-12-04: alpha list-error beside beta [search]: that message from `getTools()` and `getToolsets()`, no error log).",
      "order/arrival-timing": "`getTools()` (@mastra/mcp dist/index.js) assigns `connectedTools[`${serverName}_${toolName}`]` in `eachClientTools`'s callback as each server's `tools()` resolves inside one `Promise.all`: `a_b`'s `c` and `a`'s `b_c` are both `a_b_c`, and the server whose tools/list answers last owns the name (direct, 2026-12-04: a_b [c] · a [b_c]: with a_b's tools/list delayed 200 ms the call of `a_b_c` reaches a_b as `c`; with a's delayed, it reaches a as `b_c`).",
      "order/stable-list": "The same `eachClientTools`: `connectedTools` gets its keys in the order the servers' lists arrive, and the Agent offers the tools in the record's order, so the listed order follows the answers, not the configuration (direct, 2026-12-04: alpha [request] · beta [search]: with alpha's tools/list delayed 200 ms `getTools()` gives [beta_search, alpha_request] and the model is offered them in that order; with beta's delayed, [alpha_request, beta_search]).",
      "surface/one-failure-contained": "`eachClientTools` (@mastra/mcp dist/index.js) runs every server in one `Promise.all` with no per-server catch: unreachable alpha makes `getConnectedClient` throw `MCP_CLIENT_CONNECT_FAILED` (`Failed to connect to MCP server alpha: Error: Could not connect to server with any available HTTP transport`) and `getTools()` rejects as a whole (`MCP_CLIENT_GET_TOOLS_FAILED`), so beta's `search` is not shown either, though alpha is named (direct, 2026-12-04: alpha's path 404 beside beta [search]: `getTools()` and `getToolsets()` reject with that message, and alpha's log channel has `[alpha] Failed to connect with SSE transport after failing to connect to Streamable HTTP transport first ...`).",
      "drift/mid-session-loss": "A tool's `execute` (`InternalMastraMCPClient.tools()`, @mastra/mcp dist/index.js) calls its own server's client; dead alpha's 404 fails with the MCP SDK's `Streamable HTTP error: Error POSTing to endpoint: ...`, which `isSessionError` does not match, so it is logged on alpha's channel (`[alpha] Error calling tool: request`) and rethrown, and the Agent hands the model a `TOOL_EXECUTION_FAILED` result whose message is the transport's and names no server (direct, 2026-12-04: alpha [request] · beta [search], alpha's path 404 after `getTools()`: both calls of `alpha_request` give that message, the only mention of alpha is the log entry; `beta_search` still reaches beta).",
    },
    notes: [
      "Tools that fail schema conversion are skipped with only a log line (`Failed to create Mastra tool wrapper`); the adapter reports the server's error-level log entries, which carry the server name, as errors naming that server.",
    ],
  },
  {
    id: "mastra-toolsets",
    title: "Mastra MCPClient getToolsets() passed to agent.generate()",
    argv: tsx("mastra", "--toolsets"),
    packages: ["@mastra/mcp", "@mastra/core"],
    wiring: "As `mastra-tools`, but `agent.generate(prompt, { toolsets: await mcp.getToolsets() })`, which the Agent flattens by bare tool name.",
    notApplicable: {
      ...noPins("@mastra/mcp", "`MCPClient` server definitions have none, dist/index.d.ts"),
      ...noRequestSchemas("@mastra/mcp", "input schemas come only from the server (`convertInputSchema`), dist/index.js"),
      "drift/list-changed": "@mastra/mcp registers no handler for `notifications/tools/list_changed` (the only list_changed code is its server side, dist/index.js): tools change only when `getTools()` / `getToolsets()` is called again.",
      "surface/allow-deny": "`MCPClient` and the Agent have no tool filter by name: server definitions take connection options only (dist/index.d.ts), and `InternalMastraMCPClient.tools()` keeps every named tool.",
      "names/profile": "Mastra claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "surface/failing-server-named": "As in mastra-tools: `InternalMastraMCPClient.tools()` (@mastra/mcp dist/index.js) calls `listTools()` once and never follows `nextCursor`, so alpha, dying when asked for its second page, is never asked; `request` is shown, `search` is lost, and nothing names alpha (direct, 2026-12-04: in getTools() mode, which lists through the same `tools()`: alpha [request, search] in pages of one beside beta [query] gives alpha's `request` and beta's `query`, one tools/list of alpha with no cursor, no error log).",
      "guard/every-shape": "`Agent.convertTools` (@mastra/core dist/chunk-GSQD3QNR.js) merges `{ ...assignedTools, ...memoryTools, ...toolsetTools, ... }` by name with no check: the application's local `request` in the Agent's `tools` record is accepted, and alpha's toolset `request` silently replaces it in every request, so the local tool can never be called and nothing is reported (direct, 2026-12-04: alpha [request] · beta [search], an Agent with a local `request` given the toolsets: offered [request, search], the call of `request` reaches alpha).",
      "guard/local-occupant": "Same merge in `Agent.convertTools`: the toolsets come after the assigned tools, so alpha's `request` replaces the local tool given at open; the call reaches alpha, the local tool is gone, and no error names alpha (direct, 2026-12-04, as guard/every-shape).",
      "drift/refresh-tracks-list": "The refresh is `getToolsets()` again; alpha's new `query` meets delta's `query` in the Agent's flattening (`getToolsets`: `toolsForRequest[toolName] = ...`, @mastra/core), the later (delta's) is kept, and alpha's list after the refresh (`request`, `query`) is never shown whole.",
      "drift/unreachable-prunes-nothing": "As in mastra-tools: `getToolsets()` reuses alpha's cached client, its `tools()` rejects with the transport's `Streamable HTTP error ...`, rethrown with no server name and nothing logged on alpha's channel, so the refresh's error never says which server failed (direct, 2026-12-04, in getTools() mode: the second listing rejects with that message and no error log).",
      "order/config-permutation": "The Agent's `getToolsets` (@mastra/core) flattens the toolsets with `toolsForRequest[toolName] = ...`: the last toolset's `search` wins, and the toolsets object is filled in the order the servers answer (`eachClientTools` runs them in `Promise.all`), which follows configuration order here.",
      "order/arrival-timing": "Same flattening; `connectedToolsets[serverName] = tools` is assigned when each server's `tools()` resolves, so the server that answers last owns `request`.",
      "surface/no-silent-loss": "The Agent's `getToolsets` (@mastra/core dist/chunk-GSQD3QNR.js) flattens the toolsets by bare name, `toolsForRequest[toolName] = convertedToCoreTool`: alpha's and beta's `request` meet, the later toolset's wins, and nothing reports it (direct, 2026-12-04: alpha [request] · beta [request]: `getToolsets()` gives {alpha: [request], beta: [request]}, the model is offered one `request`, and its call reaches beta).",
      "surface/shortfall-names-missing": "A tool named \"\" is dropped while its server's others load: `InternalMastraMCPClient.tools()` (@mastra/mcp dist/index.js) adds a tool only `if (tool.name)`, so alpha [\"\", request] shows `request` alone, with no error and nothing on alpha's error-level log (as in mastra-tools; adapter.test.ts: alpha [\"\", __proto__, search] shows `alpha_search` only, errors []). Catalogue entry nameless-tool-dropped.",
      "surface/all-or-nothing": "A tool named \"\" is dropped while alpha's others load: `InternalMastraMCPClient.tools()` (@mastra/mcp dist/index.js) adds a tool only `if (tool.name)`, so alpha shows `request` while `\"\"` did not register, and no error or error-level log names alpha (direct, 2026-12-04: `getToolsets()` over alpha [\"\", request] gives {alpha: [request]}, no error log).",
      "wire/unknown-name": "The Agent's tool-call step resolves `tools?.[inputData.toolName] || Object.values(tools||{})?.find(tool2 => `id` in tool2 && tool2.id === inputData.toolName)` (@mastra/core dist/chunk-GSQD3QNR.js), and MCPClient tool ids are `${serverName}_${toolName}`: `beta_request`, never shown (the model is offered one `request`), reaches beta's `request` (direct, 2026-12-04: alpha [request] · beta [request]: a call of `beta_request` reaches beta).",
      "names/injective": "alpha's and beta's toolsets both register `request` (`getToolsets()` keys each server's tools by bare name) and the Agent's flattening (`toolsForRequest[toolName]`, @mastra/core) shows it once, for two (server, tool) pairs (direct, 2026-12-04: `getToolsets()` gives {alpha: [request], beta: [request]}, one `request` offered).",
      "schema/hostile-schema": "As in mastra-tools: `convertInputSchema`'s `$RefParser.dereference` throws on `$ref: \"#/$defs/missing\"`, the wrapper for `request` is dropped, and the only word is alpha's log channel (`Failed to create Mastra tool wrapper for MCP tool: request`), naming the tool unquoted in running text (direct, 2026-12-04, in getTools() mode: alpha's `search` and beta's `query` load, `request` does not).",
      "wire/at-most-once": "As in mastra-tools: `isSessionError` matches `fetch failed` and the tool call is sent again after `forceReconnect()` (direct, 2026-12-04, in getTools() mode: one call delivered to alpha twice).",
      "diag/errors-name-server": "As in mastra-tools: alpha's refused tools/list reaches the application as `getToolsets()`'s `MCP_CLIENT_GET_TOOLSETS_FAILED` with the server's own message, `MCP error -32603: scripted failure: tools/list refused`, and nothing on alpha's log channel, so no error names alpha (direct, 2026-12-04: alpha list-error beside beta [search]).",
      "order/stable-list": "`getToolsets()` (@mastra/mcp dist/index.js) assigns `connectedToolsets[serverName]` as each server's list arrives (`eachClientTools`, `Promise.all`), and the Agent's `getToolsets` (@mastra/core dist/chunk-GSQD3QNR.js) flattens `Object.values(toolsets)` in that order, so the listed order follows the answers (direct, 2026-12-04: alpha [request] · beta [search]: with alpha's tools/list delayed 200 ms the toolsets are {beta, alpha} and the model is offered [search, request]; with beta's delayed, [request, search]).",
      "surface/one-failure-contained": "As in mastra-tools: `eachClientTools` has no per-server catch, so unreachable alpha's `MCP_CLIENT_CONNECT_FAILED` makes `getToolsets()` reject as a whole (`MCP_CLIENT_GET_TOOLSETS_FAILED`, `Failed to connect to MCP server alpha: ...`) and beta's `search` is not shown (direct, 2026-12-04: alpha's path 404 beside beta [search]: `getToolsets()` rejects with that message).",
      "drift/mid-session-loss": "As in mastra-tools: the tool's `execute` rethrows dead alpha's `Streamable HTTP error: Error POSTing to endpoint: ...` (not an `isSessionError`), and the Agent hands the model a `TOOL_EXECUTION_FAILED` result (`Failed toolset execution`) whose message names no server; alpha appears only on its log channel (`[alpha] Error calling tool: request`) (direct, 2026-12-04: alpha [request] · beta [search], alpha's path 404 after `getToolsets()`: the call of `request` gives that result).",
    },
    timingDependent: {
      "order/arrival-timing": "Which of alpha and beta owns `request` follows which list arrives last (`connectedToolsets` filled as each `tools()` resolves). The committed verdict is on the constructed answer-order swap, but an earlier report's shrunk case (every delay 0, a race) passed once in a CI replay on a fresh clone (2 cores), so this clause stays out of the replay test until replays of the constructed case have been seen stable under load; the verdict stands on the full run's evidence.",
    },
  },
  {
    id: "mcp-use",
    title: "mcp-use MCPAgent over an MCPClient",
    argv: tsx("mcp-use"),
    packages: ["mcp-use", "langchain", "@langchain/core"],
    needs: ["library-host:mcp-use"],
    wiring: "`new MCPClient({ mcpServers })` keyed by configuration key, `new MCPAgent({ llm, client, additionalTools })`, `agent.initialize()`; tools as bound to a scripted LangChain chat model, calls through `agent.run()` (LangChain `createAgent`).",
    notApplicable: {
      ...noPins("mcp-use", "`MCPServerConfig` has command/args/env/url/headers/auth only, agents/types.d.ts"),
      ...noRequestSchemas("mcp-use", "input schemas come only from the server (`schemaToZod(mcpTool.inputSchema)` in `LangChainAdapter.convertTool`)"),
      "surface/allow-deny": "mcp-use has no per-server lists: `disallowedTools` is one deny list of bare tool names for every server at once (`LangChainAdapter.convertTool`: `if (this.disallowedTools.includes(mcpTool.name)) return null`), with no allow list.",
      "names/profile": "mcp-use claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "surface/failing-server-named": "`BaseConnector.initialize` (mcp-use dist/chunk-V64O255P.js) wraps `this.client.listTools()` in a catch that logs `Failed to list tools, assuming empty` at debug level and sets `toolsCache = []`: alpha, whose tools/list errors, connects and then contributes no tools, `agent.initialize()` resolves and no error names it (direct, 2026-12-04: alpha list-error beside beta [search]: `initialize()` resolves and the model is offered [search]). That same call is its only tools/list (it follows `nextCursor` for resources, never for tools), so a server dying at its second page is not noticed either. A server that cannot be reached does make `initialize()` reject, which this clause accepts.",
      "diag/errors-name-server": "The one error mcp-use raises on this clause's worlds is an unreachable server failing `agent.initialize()` with `Could not connect to server with any available transport. Streamable HTTP: Server returned 404 - server likely doesn't support streamable HTTP` (dist/chunk-3XAZE4TX.js), which names no server (direct, 2026-12-04: as surface/one-failure-contained).",
      "order/config-permutation": "`LangChainAdapter.reserveName` (mcp-use dist/chunk-27JERD25.js) gives a name already taken `${name}_2`, `_3`, ... in the order `createToolsFromConnectors` walks the sessions, which is configuration order: alpha+beta shows alpha's `search` as `search` and beta's as `search_2`; swap them and beta owns `search` (direct: two `convertTool` calls of `search` on one adapter return `search`, `search_2`).",
      "names/context-free": "Same `reserveName`: beta's `request` is `request` when beta is configured alone and `request_2` when alpha comes first, so a name depends on which other servers are configured.",
      "drift/refresh-tracks-list": "Same `reserveName`, run again on every `agent.initialize()` (`createToolsFromConnectors` clears `usedToolNames`): when a refresh gives alpha `query` too, alpha (configured first) takes `query` and delta's unchanged `query` becomes `query_2`.",
      "wire/passthrough": "`LangChainAdapter.convertTool` builds the tool's zod schema with `JSONSchemaToZod.convert`, whose `processAdditionalProperties` (dist/chunk-LG5NSHEL.js) returns `objectSchema.strict()` whenever `additionalProperties` is absent, though JSON Schema then allows other properties; LangChain's `DynamicStructuredTool.call` refuses the call and nothing reaches the server (direct, 2026-12-04: alpha [request] · beta [request], shown as request and request_2: the call of `request` with {probe, text, count, nested} comes back `Error invoking tool 'request' ... Received tool input did not match expected schema ✖ Unrecognized keys: \"text\", \"count\", \"nested\"`, no delivery).",
      "names/provider-valid": "`convertTool` names the tool `reserveName(mcpTool.name)`, unsanitised (`sanitizeToolName` exists in the same file but is applied only to resources and prompts), and `convertToOpenAITool` keeps it (direct, 2026-12-04: alpha [request, a/b] beside beta [search]: the model is offered [request, a/b, search]).",
      "guard/every-shape": "`MCPAgent.initialize` (dist/chunk-FRPS4EPQ.js) does `this._tools.push(...this.additionalTools)` after the MCP tools with no check, so a local `request` beside alpha's `request` is accepted, both are shown, and LangChain's tool node runs the first of the name, alpha's (direct, 2026-12-04: alpha [request] · beta [search] with a local `request`: offered [request, search, request], the call of `request` reaches alpha).",
      "guard/local-occupant": "Same `this._tools.push(...this.additionalTools)`: `request` is shown twice, no error names alpha, and LangChain's tool node runs the first tool of the name, the MCP one, so the local tool cannot be called (direct, 2026-12-04, as guard/every-shape; adapter.test.ts).",
      "drift/list-changed": "The connector re-lists on `notifications/tools/list_changed` (`refreshToolsCache`, dist/chunk-NF3GBT4Z.js), but only `connector.tools` changes: the agent's `_tools` are built once by `initialize()` and `stream()` re-reads tools only `if (this.useServerManager && this.serverManager)` (dist/chunk-FRPS4EPQ.js), so after alpha drops `search` and notifies, the model is still offered [request, search] (from source; the report shows every later listing unchanged).",
      "schema/hostile-schema": "`BaseConnector.initialize` (dist/chunk-V64O255P.js) calls the MCP SDK `Client.listTools`, whose `cacheToolMetadata` compiles every output schema and throws on `{type: \"nope\"}`; the connector catches it, logs `Failed to list tools, assuming empty` at debug level and keeps no tools: alpha's `request` and `search` are both gone and no error is raised (direct, 2026-12-04: alpha [request with that output schema, search] beside beta [query]: `initialize()` resolves and the model is offered [query] only).",
      "surface/no-silent-loss": "`BaseConnector.initialize` (mcp-use dist/chunk-V64O255P.js) lists tools with one `this.client.listTools(void 0, defaultRequestOptions)` and never sends `nextCursor`: alpha's first page (request, search) is shown, `query`, `fetch` and `update` are lost, `agent.initialize()` resolves and no error names alpha (direct, 2026-12-04: alpha [request, search, query, fetch, update] in pages of 2 beside beta [lookup]: the model is offered [request, search, lookup]; alpha got one tools/list, with no cursor).",
      "surface/shortfall-names-missing": "The same single page: alpha is missing `query`, `fetch`, `update` and no error names it (direct, 2026-12-04, as surface/no-silent-loss).",
      "surface/all-or-nothing": "The same single page: alpha shows `request` and `search` while its other three tools did not register (direct, 2026-12-04, as surface/no-silent-loss).",
      "surface/one-failure-contained": "`MCPAgent.initialize` (dist/chunk-FRPS4EPQ.js) opens every server with `this.client.createAllSessions()`, and an unreachable one rejects it as a whole: `Could not connect to server with any available transport. Streamable HTTP: Server returned 404 - server likely doesn't support streamable HTTP` (connector, dist/chunk-3XAZE4TX.js), naming no server, so beta's `search` is not shown either (direct, 2026-12-04: alpha's path 404 beside beta [search]: `initialize()` rejects with that message and no session is left).",
      "drift/mid-session-loss": "The tool's `func` (`LangChainAdapter.convertTool`, dist/chunk-27JERD25.js) catches the call's error and returns `Error executing MCP tool: ${String(err)}` as the tool's text, so the model gets `Error executing MCP tool: Error: Streamable HTTP error: Error POSTing to endpoint: ... no fake server at this path ...`, naming no server though the connector is alpha's (direct, 2026-12-04: alpha [request] · beta [search], alpha's path 404 after `initialize()`: both calls of `request` give that text; `search` still reaches beta).",
    },
  },
  {
    id: "genkit",
    title: "Genkit ai.generate() with @genkit-ai/mcp createMcpHost",
    argv: tsx("genkit"),
    packages: ["genkit", "@genkit-ai/mcp"],
    needs: ["library-host:genkit"],
    wiring: "`createMcpHost({ name, mcpServers })` keyed by configuration key, `ai.generate({ tools: [...localTools, ...await mcpHost.getActiveTools(ai)] })` with a model defined on the instance (`ai.defineModel`) that follows a script.",
    notApplicable: {
      ...noPins("@genkit-ai/mcp", "`McpServerConfig` takes connection options, `disabled` and `roots`, client.ts"),
      ...noRequestSchemas("@genkit-ai/mcp", "input schemas come only from the server (`inputJsonSchema: tool.inputSchema` in `createDynamicTool`, util/tools.ts)"),
      "drift/list-changed": "@genkit-ai/mcp registers no handler for `notifications/tools/list_changed` (its client only sends roots/list_changed, client.ts): tools change only when `getActiveTools()` is called again.",
      "surface/allow-deny": "@genkit-ai/mcp has no tool filter: `McpServerConfig` has connection options, `disabled` and `roots` only (client.ts), and `fetchDynamicTools` keeps every tool.",
      "names/profile": "Genkit claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "surface/failing-server-named": "`GenkitMcpClient` (@genkit-ai/mcp lib/client/client.js) catches a failed `client.connect(transport)`, logs `[MCP Client] Error connecting server via http transport: ${e}` at warn level on Genkit's logger and sets `this.disabled = true`; `GenkitMcpHost.getActiveTools` (lib/client/host.js) skips a disabled client, so unreachable alpha contributes no tools and `getActiveTools` resolves with no error (direct, 2026-12-04: alpha's path 404 beside beta [search]: `getActiveTools` gives [beta/search], the model is offered [search], and the warning quotes only the transport's error, no server).",
      "order/config-permutation": "Three servers share `request`: `assertValidToolNames` (@genkit-ai/ai lib/generate/resolve-tool-requests.js) walks the tools in configuration order and throws at the first short name it has seen, `Cannot provide two tools with the same name: '<second>/request' and '<first>/request'`, so the whole request fails naming the first two servers configured and never the third: configured beta, alpha, gamma the error names alpha and beta; configured gamma, beta, alpha it names beta and gamma. Which servers the operator is told of depends on the configuration order (read from the source; the message is the one surface/one-failure-contained's direct check printed, 2026-12-04).",
      "names/provider-valid": "`toToolDefinition` (@genkit-ai/ai lib/tool.js) keeps the name after the last `/` unchanged, with no character check or length limit (direct, 2026-12-04: alpha's 65-character `tool_x…x` beside beta [search] is offered to the model as is, 65 characters).",
      "guard/local-occupant": "A local tool and a server's tool of one short name meet in `assertValidToolNames`, which refuses the whole `generate()` request before the model sees it: the local tool and every other tool are gone and no error names alpha on its own (direct, 2026-12-04: alpha [request] · beta [search] with a local `request` first: `generate()` rejects `Cannot provide two tools with the same name: 'alpha/request' and 'request'`, nothing delivered).",
      "drift/refresh-tracks-list": "A refresh that gives alpha a tool named like delta's (`query`) makes every request fail in `assertValidToolNames` (`Cannot provide two tools with the same name`), so the model is offered nothing: alpha's new list is never shown.",
      "drift/unreachable-prunes-nothing": "`GenkitMcpHost.getActiveTools` (@genkit-ai/mcp lib/client/host.js) catches a client that cannot list, logs `Error fetching active tools from client alpha.` and returns the other servers' tools: the unreachable server's tools are dropped from the list the application passes to `generate()` (direct, 2026-12-04: alpha [request] · beta [search], alpha's path 404 after the first `getActiveTools`: the second gives [beta/search], with `Error fetching active tools from client alpha. {\"code\":404}` at error level on Genkit's logger).",
      "schema/hostile-schema": "`fetchDynamicTools` (@genkit-ai/mcp lib/util/tools.js) lists through the MCP SDK `Client.listTools`, whose `cacheToolMetadata` compiles every output schema and throws `type must be JSONType or JSONType[]: nope`; `GenkitMcpHost.getActiveTools` (lib/client/host.js) catches it, logs `Error fetching active tools from client alpha. {}` (the error stringified to `{}`) and leaves all of alpha out, so `request` (and `search`) are gone while beta's `query` loads, and the error alpha's own client raises names no tool (direct, 2026-12-04: alpha [request with that output schema, search] beside beta [query]: `getActiveTools` gives [beta/query], alpha's client rejects `type must be JSONType or JSONType[]: nope`).",
      "surface/one-failure-contained": "Two servers' `request` meet in `assertValidToolNames` (@genkit-ai/ai lib/generate/resolve-tool-requests.js), which compares the names after the last `/` and refuses the whole `generate()` request, so gamma's healthy `search` is not offered either (direct, 2026-12-04: alpha [request] · beta [request] · gamma [search]: `getActiveTools` gives [alpha/request, beta/request, gamma/search] and `generate()` rejects with `INVALID_ARGUMENT: Cannot provide two tools with the same name: 'beta/request' and 'alpha/request'`).",
      "wire/tool-error-reaches-model": "`processResult` (@genkit-ai/mcp lib/util/tools.js) turns an `isError: true` result into `{ error: toText(result.content) }` and returns it as the tool's ordinary output, so the model gets a plain `toolResponse` whose output is `{\"error\": \"...\"}`: the text arrives, nothing marks the response as an error (direct, 2026-12-04: alpha [request, fail], `fail` answering isError: the toolResponse handed back is `{name: \"fail\", ref: \"c1\", output: {error: \"tool \\\"fail\\\" of server \\\"alpha\\\" failed on purpose\"}}`).",
      "names/injective": "`fetchDynamicTools` (@genkit-ai/mcp lib/util/tools.js) makes one dynamic tool per listed tool, named `${serverName}/${tool.name}`, without de-duplicating, so alpha's doubled `request` is registered twice as `alpha/request` (and `generate()` then refuses the request whole) (direct, 2026-12-04: alpha [request, request, search] · beta [query]: alpha's client gives [alpha/request, alpha/request, alpha/search], and `generate()` rejects `Cannot provide two tools with the same name: 'alpha/request' and 'alpha/request'`).",
      "drift/mid-session-loss": "A tool's action calls its own server's client (`client.callTool`, @genkit-ai/mcp lib/util/tools.js) with no catch, so dead alpha's error escapes the tool and `ai.generate()` rejects with the MCP SDK's `Streamable HTTP error: Error POSTing to endpoint: ... no fake server at this path ...`, naming no server (direct, 2026-12-04: alpha [request] · beta [search], alpha's path 404 after `getActiveTools`: both calls of `request` reject so; `search` still reaches beta).",
    },
  },
  {
    id: "voltagent",
    title: "VoltAgent Agent with MCPConfiguration.getTools()",
    argv: tsx("voltagent"),
    packages: ["@voltagent/core", "ai"],
    needs: ["library-host:voltagent"],
    wiring: "`new MCPConfiguration({ servers })` keyed by configuration key, `new Agent({ tools: [...localTools, ...await mcp.getTools()] })`; tools and calls through `agent.generateText()` with a scripted AI SDK model (`MockLanguageModelV3`).",
    notApplicable: {
      ...noPins("VoltAgent", "`MCPConfiguration` server entries have connection options only, index.d.ts"),
      ...noRequestSchemas("VoltAgent", "input schemas come only from the server (`convertJsonSchemaToZod(toolDef.inputSchema)` in `MCPClient.getAgentTools`)"),
      "drift/list-changed": "@voltagent/core's MCP client registers no handler for `notifications/tools/list_changed` (no such code in dist/index.mjs): tools change only when `getTools()` is called again.",
      "surface/allow-deny": "VoltAgent has no allow or deny list: `MCPConfiguration`'s `authorization.can` is a callback the application writes (`filterToolsByAuthorization`), so any list would be this adapter's code, not the host's.",
      "names/profile": "VoltAgent claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "order/config-permutation": "`a_b`'s `c` and `a`'s `b_c` are both named `a_b_c` (`${this.clientInfo.name}_${toolDef.name}` in `MCPClient.getAgentTools`); `MCPConfiguration.getTools` flattens the servers' tools in configuration order (`results.flatMap` over `Promise.all`), and the Agent's Map (`BaseToolManager.addStandaloneTool`: `this.baseTools.set(tool.name, tool)`) keeps the later one, so the server configured last owns `a_b_c` and swapping the two changes where it goes.",
      "surface/failing-server-named": "`MCPClient.listTools` (@voltagent/core dist/index.mjs) calls `this.client.listTools()` once and never follows `nextCursor`: alpha, whose first page carries a cursor and which dies when asked for the next, is never asked, so `request` is shown, `search` is lost, and nothing is logged or raised (direct, 2026-12-04: alpha [request, search] in pages of one, dying at page two, beside beta [query]: `getTools()` gives [alpha_request, beta_query], alpha got one tools/list with no cursor, no console.error). A server whose list fails outright is only logged (`Error fetching agent tools from server alpha`), which this adapter reports as an error naming it.",
      "diag/errors-name-server": "VoltAgent's MCP client logs a connection failure under the transport type, not the configuration key (`serverName: `${serverInfo.type}-server``, @voltagent/core dist/index.mjs): `MCP connection error: streamable-http-server - Streamable HTTP error: ...` names no server, though the two console.error lines after it (`Failed to connect to MCP server alpha: ...`, `Error fetching agent tools from server alpha: ...`) name alpha (direct, 2026-12-04: alpha's path 404 beside beta [search]: `getTools()` gives [beta_search] and those three lines, the first with `\"serverName\":\"streamable-http-server\"`).",
      "surface/no-silent-loss": "`MCPClient.getAgentTools` (@voltagent/core dist/index.mjs) names each tool `${this.clientInfo.name}_${toolDef.name}`, and `MCPConfiguration.getConnectedClient` sets `clientInfo.name` to the configuration key: `a_b` + `c` and `a` + `b_c` are both `a_b_c`. The Agent keeps tools in a Map by name (`BaseToolManager.addStandaloneTool`: `this.baseTools.set(tool.name, tool)`), so the later one replaces the earlier; the only trace is a logger warning that wrongly speaks of a toolkit (direct: two `createTool`s named `a_b_c` leave one, the second).",
      "surface/shortfall-names-missing": "Same replacement: `a_b`'s `c` is gone and no error names `a_b` or `c`.",
      "surface/all-or-nothing": "Same replacement, where the loser also holds another tool: `a_b`'s `c` and `a`'s `b_c` are both `a_b_c` (`${this.clientInfo.name}_${toolDef.name}` in `MCPClient.getAgentTools`), `a`'s (configured later) replaces `a_b`'s in the Agent's Map, and `a_b_search` stays, so `a_b` is partly registered, with only a ToolManager warning that speaks of a toolkit (direct, 2026-12-04: a_b [c, search] · a [b_c, query]: `getTools()` gives [a_b_c, a_b_search, a_b_c, a_query], the Agent offers [a_b_c, a_b_search, a_query], and the call of `a_b_c` reaches a as `b_c`; nothing on console.error).",
      "names/injective": "The host's per-server account (`getToolsets()`, each keyed `${key}_${tool}` by the same `getAgentTools`) gives `a_b_c` to both `a_b` and `a`.",
      "names/provider-valid": "Neither the configuration key nor the tool name is sanitised (`${this.clientInfo.name}_${toolDef.name}` in `MCPClient.getAgentTools`) (direct, 2026-12-04: alpha [request, a/b] beside beta [search]: the model is offered [alpha_request, alpha_a/b, beta_search]).",
      "guard/every-shape": "`agent.addTools([tool])` ends in the Agent's Map (`BaseToolManager.addStandaloneTool`: `this.baseTools.set(tool.name, tool)`): a local `alpha_request` is accepted and replaces alpha's tool, so the name no longer reaches alpha and nothing is reported (direct, 2026-12-04: alpha [request] · beta [search]: after `addTools` of a local `alpha_request` the model is offered [alpha_request, beta_search] and the call runs the local tool; alpha gets no call).",
      "guard/local-occupant": "At open the local tools come first in the Agent's `tools` (`[...localTools, ...await mcp.getTools()]`) and the server's `alpha_request` replaces the local one in the Map: the call reaches alpha, the local tool is gone, and no error names alpha (direct, 2026-12-04: alpha [request] · beta [search]: the call of `alpha_request` reaches alpha).",
      "schema/hostile-schema": "alpha's `request` has `pattern: \"(unclosed\"`: `MCPClient.getAgentTools` (@voltagent/core dist/index.mjs) fails to convert its input schema to zod, catches it, logs `Failed to create executable tool wrapper for 'request'` on the client's logger (whose context carries the server's URL, not its key) and leaves the tool out, so `request` is not shown and no error names alpha (direct, 2026-12-04: `getTools()` gives [alpha_search, beta_query] and that one error log line).",
      "drift/unreachable-prunes-nothing": "A refresh is `getTools()` again: `MCPConfiguration.getTools` catches a server that cannot be reached, logs `Error fetching agent tools from server alpha` with `console.error` and returns `{ serverName, tools: [] }` for it, so its tools are dropped from the list the Agent gets (direct, 2026-12-04: alpha [request] · beta [search], alpha's path 404 after the first `getTools()`: the second gives [beta_search] and that console.error line).",
      "drift/mid-session-loss": "The tool's `execute` (`MCPClient.getAgentTools`, @voltagent/core dist/index.mjs) rethrows dead alpha's `Streamable HTTP error: Error POSTing to endpoint: ...`, and the Agent turns it into `buildToolErrorResult` (src/agent/error-utils.ts), `{ error: true, name, message, stack, toolCallId, toolName }`, handed to the model as an ordinary `json` tool result whose message names no server; alpha appears only as the URL in a log line (`Error executing remote tool 'request'`) (direct, 2026-12-04: alpha [request] · beta [search], alpha's path 404 after `getTools()`: both calls of `alpha_request` give that result; `beta_search` still reaches beta). The adapter reads that `{ error: true }` result as the error it is: an error, naming no server.",
    },
  },
  {
    id: "python-host",
    title: "The Python standard-library host (ADR-0112 policy), in hosts/python-host",
    argv: ["python3", "hosts/python-host/adapter.py"],
    packages: ["python3"],
    needs: ["python3"],
    wiring: "A host written for this project in Python with only the standard library; it speaks MCP over stdio and Streamable HTTP itself and follows ADR-0112 (mcp__{key}__{tool}, validated names, complete-or-fail).",
    notApplicable: {
      "guard/every-shape": "The Python host registers MCP tools only: mcp_host.py has no local-tool registration (adapter.py declares no registerLocal shapes).",
      "guard/local-occupant": "The Python host has no local tools: mcp_host.py builds its list from the configured servers only.",
      "drift/refresh-tracks-list": "The Python host lists each server once, at open (mcp_host.py): it has no refresh.",
      "drift/unreachable-prunes-nothing": "The Python host has no refresh (mcp_host.py lists each server once, at open).",
      "drift/list-changed": "The Python host ignores server notifications (mcp_host.py reads only the responses it asked for).",
      "drift/pin-holds-changes": "The Python host has no pins (mcp_host.py).",
      "options/keyed-by-wire": "The Python host takes no per-tool request schemas (mcp_host.py).",
      "options/unknown-key": "The Python host takes no per-tool request schemas (mcp_host.py).",
      "surface/allow-deny": "The Python host has no allow or deny lists (mcp_host.py).",
    },
    evidence: {},
    notes: [
      "Every clause that applies passes, as the reference host's do: the protocol needs nothing from TypeScript. The host loads servers in parallel threads and registers them in configuration order.",
    ],
  },
  // Agent CLIs, judged black box through the fake model provider: hosts/agent-clis/agent-hosts.ts.
  ...agentCliHosts,
];

/**
 * Hosts whose adapters are done but whose reports are not committed yet: every verdict that is not a pass
 * must be checked by hand before its report goes in (then the host moves to {@link realHosts}).
 * `npm run reports -- --only ID` runs one; hosts/offline.test.ts and the adapter tests already cover them.
 */
export const pendingHosts: RealHost[] = [...agentCliPendingHosts];
