/**
 * The Vercel AI SDK report (`npm run reports -- --only vercel-ai`): its entry, with the hand-checked evidence
 * for every verdict that is not a pass, checked against the host's source in node_modules (file and what the
 * code does) or by the adapter tests. hosts/hosts.ts gathers it; its pins are host.json.
 */
import type { RealHost } from "../real-host.ts";
import { library, noPins } from "../library-report-entry.ts";

/** Committed reports. */
export const hosts: RealHost[] = [
  {
    id: "vercel-ai",
    notes: [
      "wire/at-most-once passes at the default `maxRetries: 0` (`DEFAULT_MAX_TOOL_CALL_RETRIES`, @ai-sdk/mcp dist/index.mjs). With `maxRetries` above 0, `callToolWithRetry` resends a call that failed with `ConnectionClosed` (`DEFAULT_RETRY_ERROR_CODES`) whatever the tool's `idempotentHint`.",
      "schema/hostile-schema passes: the MCP client wraps each input schema with `jsonSchema()` and no validator, so nothing compiles a server's `pattern`, and it does not compile output schemas unless the caller passes `schemas`.",
    ],
    title: "Vercel AI SDK createMCPClient, tool sets merged with object spread",
    ...library("vercel-ai"),
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
];
