/**
 * Why each verdict of MCP Hub's committed report (reports/mcp-hub.json) that is not a pass is right, checked
 * by hand against its source as installed (hosts/gateways/mcp-hub/node_modules/mcp-hub/dist/cli.js, one
 * bundle: the names below are its minified ones) and a direct run (`mcp-collide repro reports/mcp-hub.json
 * --clause ID -- node --import tsx hosts/gateways/gateway-main.ts --module hosts/gateways/mcp-hub/mcp-hub.ts`,
 * which prints every message each server received); and why each NOT-APPLICABLE clause cannot apply to a
 * gateway judged as its MCP client.
 */

/** The unified endpoint's merged list: one Map per capability, keyed by the merged name. */
const merge = "The unified endpoint (class `Op`, dist/cli.js) keeps each capability in a `Map` keyed by the merged name: `registerServerCapabilities` sets `i + x0 + u` (the server's safe name, `x0 = \"__\"`, the tool's own name) with `o.set(l, …)`, servers in the order of its connections, so a later server's tool under the same merged name silently replaces the earlier one; nothing is logged and the client is told nothing";

/** Clause id → evidence. */
export const mcpHubEvidence: Record<string, string> = {
  "surface/no-silent-loss": `${merge}: \`a__b\`'s \`c\` and \`a\`'s \`b__c\` are both \`a__b__c\`, so one of them is never shown (direct, 2026-12-06: over a__b [c] and a [b__c] the list is [a__b__c] and its call reaches a / b__c; no error, no log line). A second, independent loss: \`MCPConnection.updateCapabilities\` lists a server's tools with one \`this.client.request({ method: "tools/list" })\`, with no cursor, so every page after the first is dropped (direct: alpha in 3 pages of 2 beside beta shows alpha's first 2 tools and beta's, alpha got one tools/list without a cursor).`,
  "surface/shortfall-names-missing": `${merge}: a__b is missing \`c\` (lost to a's \`b__c\` under \`a__b__c\`) and nothing names a__b, over MCP or on the hub's console (direct, 2026-12-06, as surface/no-silent-loss).`,
  "surface/all-or-nothing": `${merge}: over a__b [c, search] and a [b__c, query] the list is [a__b__c, a__b__search, a__query]: a__b shows \`search\` while its \`c\` was replaced by a's \`b__c\` (direct, 2026-12-06).`,
  "order/config-permutation": `${merge}: which of the two tools \`a__b__c\` reaches depends on the configuration order: configured [a__b, a] a call of \`a__b__c\` reaches a / b__c, configured [a, a__b] it reaches a__b / c (the report's two worlds; the later connection wins the \`Map.set\`).`,
  "surface/failing-server-named": "`MCPConnection.updateCapabilities` (dist/cli.js) fetches each list through `t = async (a, n) => { try { return await this.client.request({ method: a }, n) } catch { return null } }` and stores `?.[s] || []`: a server whose tools/list answers an error is kept as connected with no tools, and neither its client nor its console hears of it (direct, 2026-12-06, `mcp-collide repro … --clause surface/failing-server-named`: alpha answers tools/list with a JSON-RPC error beside beta [search]; the list is [beta__search], the hub's console has no line naming alpha).",
  "names/provider-valid": "Only the server's name is made safe (`createSafeServerName`: `e.replace(/[^a-zA-Z0-9]/g, \"_\")`); the tool's own name is appended as it is (`i + x0 + u`), so alpha's `a/b` is shown as `alpha__a/b`, which a provider refuses (direct, 2026-12-06: over alpha [request, a/b] and beta [search] the list holds `alpha__a/b`).",
  "drift/mid-session-loss": "A call goes through `rawRequest` → `MCPConnection.raw_request`, whose error is the transport's own (wrapped with `{ server }` in its data, not its message), and the endpoint's `form_error` answers `{ content: [{ type: \"text\", text: r.message }], isError: true }`: after alpha's http server is gone, a call of `alpha__request` answers `Error POSTing to endpoint (HTTP 404): …`, naming neither alpha nor the tool (direct, 2026-12-06: alpha [request] beside beta [search]; after alpha died, both later calls of `alpha__request` answered that text, and beta's call still reached beta).",
};

const noMcp = (what: string) => `A gateway's client cannot ${what} over MCP: the harness is MCP Hub's MCP client (docs/gateways.md), so the clause has nothing to judge. (MCP Hub's own REST API, its \`api/servers\` routes, is for its operator, not its MCP clients.)`;

/** Clause id → why it does not apply. */
export const mcpHubNotApplicable: Record<string, string> = {
  "guard/every-shape": noMcp("register a tool of its own beside the servers'"),
  "guard/local-occupant": "MCP Hub serves no tool of its own: started with no server configured, its `/mcp` lists no tool (the adapter's baseline session), so there is no local occupant to guard.",
  "drift/refresh-tracks-list": noMcp("ask a gateway to refresh a server"),
  "drift/unreachable-prunes-nothing": noMcp("ask a gateway to refresh a server"),
  "drift/pin-holds-changes": noMcp("pin a server's tool definitions"),
  "options/keyed-by-wire": noMcp("hand a gateway a per-tool request schema"),
  "options/unknown-key": noMcp("hand a gateway a per-tool request schema"),
  "surface/allow-deny": noMcp("configure an allow or deny list of tools"),
  "names/profile": "MCP Hub claims no naming profile; `mcp-collide run --gateway mcp-hub --profile NAME` checks one.",
  "surface/deferred-reachable": "MCP Hub lists every tool as it is; it serves no search tool for deferred tools.",
  ...Object.fromEntries(["no-silent-loss", "injective", "context-free", "get-routes", "order-independent", "tracks-list", "failing-server-named"].map((id) => [`prompts/${id}`,
    "MCP Hub merges prompts too (`prompts/list`, `prompts/get` on `/mcp`), but the gateway driver reads tools only (docs/gateways.md): not judged yet."])),
  ...Object.fromEntries(["no-silent-loss", "read-routes", "shared-uri", "template-not-doubled", "tracks-list", "failing-server-named"].map((id) => [`resources/${id}`,
    "MCP Hub merges resources too (`resources/list`, `resources/read` on `/mcp`), but the gateway driver reads tools only (docs/gateways.md): not judged yet."])),
};
