/**
 * The LangChain.js reports (`npm run reports -- --only langchain,langchain-prefix`): one entry per mode, with
 * the hand-checked evidence for every verdict that is not a pass, checked against the host's source in
 * node_modules (file and what the code does) or by the adapter tests. hosts/hosts.ts gathers it; its pins are
 * host.json.
 */
import type { RealHost } from "../real-host.ts";
import { library, noPins, noRequestSchemas, noPrompts, noDeferral } from "../library-report-entry.ts";

/** Why the prompts/ clauses are not judged, in both modes. */
const noPromptApi = "@langchain/mcp-adapters 1.1.4 has no prompt API: `MultiServerMCPClient` (dist/client.d.ts) loads tools and lists and reads resources and templates, and has no listPrompts or getPrompt, so it shows its user no prompt (the adapter declares no prompts capability).";

/**
 * LangChain's resources (issue 37), the same with and without --prefix: `MultiServerMCPClient.listResources()`,
 * `listResourceTemplates()` and `readResource(serverName, uri)` (hosts/langchain/adapter.ts;
 * adapter.hosts.test.ts holds the direct checks).
 */
const resourceEvidence = {
  "resources/no-silent-loss": "`MultiServerMCPClient.listResources()` (@langchain/mcp-adapters dist/client.js) calls the SDK `client.listResources()` once per server with no cursor and never follows `nextCursor` (`listResourceTemplates()` the same): a paged server shows its first page only, and nothing names it (direct, offline, 2026-12-06: alpha [mem://alpha/notes, mem://alpha/log, mem://alpha/readme] in pages of 1: `listResources()` gives alpha [mem://alpha/notes]; hosts/langchain/adapter.hosts.test.ts).",
  "resources/tracks-list": "Same `listResources()`: the refresh's new client lists alpha's first page only (direct, offline, 2026-12-06: alpha [mem://alpha/notes, mem://alpha/log] in pages of 1, changed to [notes, readme, draft]: [mem://alpha/notes]).",
  "resources/failing-server-named": "`listResources()` and `listResourceTemplates()` (dist/client.js) catch a server's failure, write `ERROR: Failed to list resources from server \"alpha\"` to the package's debug log (off unless DEBUG is set) and give the server `[]`: the caller gets no error (direct, offline, 2026-12-06: alpha answering resources/list with an error beside beta: { alpha: [], beta: [mem://beta/readme] }, nothing thrown; adapter.hosts.test.ts).",
  "resources/template-not-doubled": "`listResources()` and `listResourceTemplates()` are two records, each as the servers sent it: a URI a server lists both as a resource and as a template without variables is in both, nothing merges them (direct, offline, 2026-12-06: alpha lists mem://alpha/readme both ways: shown once in each; adapter.hosts.test.ts).",
};

/** Committed reports. */
export const hosts: RealHost[] = [
  {
    id: "langchain",
    title: "LangChain.js MultiServerMCPClient, default options",
    ...library("langchain"),
    wiring: "`new MultiServerMCPClient({ mcpServers })` keyed by configuration key, `await client.getTools()`; tools as `convertToOpenAITool` renders them; calls through LangGraph's prebuilt `ToolNode`.",
    notApplicable: {
      ...noDeferral("@langchain/mcp-adapters"),
      ...noPrompts(noPromptApi),
      ...noPins("@langchain/mcp-adapters", "no pin option in `clientConfigSchema` / `connectionSchema`, types.js"),
      ...noRequestSchemas("@langchain/mcp-adapters", "the connection config has no per-tool schema option, types.js"),
      "drift/list-changed": "`MultiServerMCPClient` only forwards `notifications/tools/list_changed` to a user hook (`onToolsListChanged`, connection.js) and never re-lists by itself: `getTools()` reads the per-server cache filled at connection.",
      "surface/allow-deny": "`MultiServerMCPClient` has no tool filter: the config (`clientConfigSchema`, types.js) has no allow or deny list, and `loadMcpTools` keeps every named tool.",
      "names/profile": "@langchain/mcp-adapters claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      ...resourceEvidence,
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
      "surface/no-silent-loss": "A tool named \"\" is dropped while the server's others load: `loadMcpTools` (@langchain/mcp-adapters dist/tools.js) keeps `mcpTools.filter((tool) => !!tool.name)`, so alpha [\"\", request] shows `request` alone, `getTools()` resolves, and no error names alpha (direct, 2026-12-02: a `MultiServerMCPClient` over alpha [\"\", query] gives [query], and [alpha__query] with the prefix, no error, though the server answered tools/list; adapter.test.ts pins it). Catalogue entry nameless-tool-dropped. Also, a paged list ends at an empty-string cursor: `loadMcpTools` pages `do { ... } while (toolsResponse.nextCursor)` (tools.js), and `\"\"` is falsy, so a server whose `nextCursor` is `\"\"` (a valid cursor since MCP 2026-07-28) has its later pages lost with no error (the report's paged-list cases with an empty cursor, seed 2026).",
      "surface/shortfall-names-missing": "The same filter: the nameless tool is missing and no error names alpha or the name. The same for the pages after an empty-string cursor: missing, and no error names the server.",
      "surface/all-or-nothing": "The same filter: alpha shows `request` while its nameless tool did not register, so alpha is partly registered.",
      "schema/input-schema-intact": "The model is handed a schema that lost a type: `loadMcpTools` (@langchain/mcp-adapters 1.1.4 dist/tools.js, line 443) passes every input schema through `simplifyJsonSchemaForLLM(dereferenceJsonSchema(...))`, which takes `anyOf`/`oneOf` out of every (sub)schema and merges back only the branches that are objects (`schemasToMerge` filters on `type === \"object\" || properties`), recursing into `properties`; a property `note` whose server schema is `anyOf: [{type: string}, {type: null}]` (a nullable string, the any-of world) reaches the model as `{}`, with no type at all. The report's records (seed 2026, constructed case 2) show it for alpha's `order` and `search` and beta's `query`: `properties.note` lost `[\"null\",\"string\"]`.",
    },
    notes: [
      "diag/errors-name-server passes: the two worlds of it where the host reported an error (alpha's tools/list refused, alpha unreachable, each beside beta) fail the open with an `MCPClientError` whose `serverName` is the failing key (client.js, default `onConnectionError: \"throw\"`); the worlds of names it accepts silently raise nothing to judge.",
    ],
  },
  {
    id: "langchain-prefix",
    title: "LangChain.js MultiServerMCPClient, prefixToolNameWithServerName: true",
    ...library("langchain", "--prefix"),
    wiring: "As `langchain`, with `prefixToolNameWithServerName: true` (names `${serverName}__${tool}`; `additionalToolNamePrefix` left at its default \"\").",
    notApplicable: {
      ...noDeferral("@langchain/mcp-adapters"),
      ...noPrompts(noPromptApi),
      ...noPins("@langchain/mcp-adapters", "no pin option in `clientConfigSchema` / `connectionSchema`, types.js"),
      ...noRequestSchemas("@langchain/mcp-adapters", "the connection config has no per-tool schema option, types.js"),
      "drift/list-changed": "`MultiServerMCPClient` only forwards `notifications/tools/list_changed` to a user hook (`onToolsListChanged`, connection.js) and never re-lists by itself: `getTools()` reads the per-server cache filled at connection.",
      "surface/allow-deny": "`MultiServerMCPClient` has no tool filter: the config (`clientConfigSchema`, types.js) has no allow or deny list, and `loadMcpTools` keeps every named tool.",
      "names/profile": "@langchain/mcp-adapters claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      ...resourceEvidence,
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
      "surface/no-silent-loss": "As in the default mode: `loadMcpTools` drops the tool named \"\" (`filter((tool) => !!tool.name)`, tools.js) and keeps `alpha__request`, with no error (direct, 2026-12-02: alpha [\"\", query] gives [alpha__query]). Also, a paged list ends at an empty-string cursor: `loadMcpTools` pages `do { ... } while (toolsResponse.nextCursor)` (tools.js), and `\"\"` is falsy, so a server whose `nextCursor` is `\"\"` (a valid cursor since MCP 2026-07-28) has its later pages lost with no error (the report's paged-list cases with an empty cursor, seed 2026).",
      "surface/shortfall-names-missing": "The same filter: the nameless tool is missing and no error names alpha or the name. The same for the pages after an empty-string cursor: missing, and no error names the server.",
      "surface/all-or-nothing": "The same filter: alpha shows `alpha__request` while its nameless tool did not register.",
      "schema/input-schema-intact": "As in the default mode: `simplifyJsonSchemaForLLM` (tools.js) drops a property's `anyOf` of non-object branches, so the nullable `note` of the any-of world reaches the model with no type (the report's constructed case 2).",
    },
    notes: [
      "diag/errors-name-server passes as in the default mode: the host's only errors here, alpha's tools/list refused or alpha unreachable, are `MCPClientError`s whose `serverName` is the failing key (client.js).",
    ],
  },
];
