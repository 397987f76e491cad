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

/** How MCP Hub lists each server's tools, prompts, resources and templates: one request each, no cursor, a failure taken for an empty list. */
const firstPageOnly = "`MCPConnection.updateCapabilities` (dist/cli.js) lists each capability of a server with `t = async (a, n) => { try { return await this.client.request({ method: a }, n) } catch { return null } }` over `{ tools: \"tools/list\", resources: \"resources/list\", resourceTemplates: \"resources/templates/list\", prompts: \"prompts/list\" }`, storing `?.[s] || []`: one request with no params, so no `cursor` is ever sent and every page after a server's first is dropped";

/** A list that fails is caught and stored as empty. */
const swallowed = "the same `t` catches the server's error and returns `null`, stored as `[]`: the server stays connected with nothing listed, the hub logs nothing about it (`updateCapabilities`' own `A.warn(\"Error updating capabilities …\")` is reached only if the `Promise.all` itself throws, which `t`'s catch prevents), and its client's `/mcp` lists answer as if the server had none";

/** Clause id → evidence. */
export const mcpHubEvidence: Record<string, string> = {
  "surface/no-silent-loss": `${merge}: \`a__b\`'s \`c\` and \`a\`'s \`b__c\` are both \`a__b__c\`, so one of them is never shown (direct, 2026-12-06: over a__b [c] and a [b__c] the list is [a__b__c] and its call reaches a / b__c; no error, no log line). A second, independent loss: \`MCPConnection.updateCapabilities\` lists a server's tools with one \`this.client.request({ method: "tools/list" })\`, with no cursor, so every page after the first is dropped (direct: alpha in 3 pages of 2 beside beta shows alpha's first 2 tools and beta's, alpha got one tools/list without a cursor).`,
  "surface/shortfall-names-missing": `${merge}: a__b is missing \`c\` (lost to a's \`b__c\` under \`a__b__c\`) and nothing names a__b, over MCP or on the hub's console (direct, 2026-12-06, as surface/no-silent-loss).`,
  "surface/all-or-nothing": `${merge}: over a__b [c, search] and a [b__c, query] the list is [a__b__c, a__b__search, a__query]: a__b shows \`search\` while its \`c\` was replaced by a's \`b__c\` (direct, 2026-12-06).`,
  "order/config-permutation": `${merge}: which of the two tools \`a__b__c\` reaches depends on the configuration order: configured [a__b, a] a call of \`a__b__c\` reaches a / b__c, configured [a, a__b] it reaches a__b / c (the report's two worlds; the later connection wins the \`Map.set\`).`,
  "surface/failing-server-named": "`MCPConnection.updateCapabilities` (dist/cli.js) fetches each list through `t = async (a, n) => { try { return await this.client.request({ method: a }, n) } catch { return null } }` and stores `?.[s] || []`: a server whose tools/list answers an error is kept as connected with no tools, and neither its client nor its console hears of it (direct, 2026-12-06, `mcp-collide repro … --clause surface/failing-server-named`: alpha answers tools/list with a JSON-RPC error beside beta [search]; the list is [beta__search], the hub's console has no line naming alpha).",
  "names/provider-valid": "Only the server's name is made safe (`createSafeServerName`: `e.replace(/[^a-zA-Z0-9]/g, \"_\")`); the tool's own name is appended as it is (`i + x0 + u`), so alpha's `a/b` is shown as `alpha__a/b`, which a provider refuses (direct, 2026-12-06: over alpha [request, a/b] and beta [search] the list holds `alpha__a/b`).",
  "prompts/no-silent-loss": `${firstPageOnly} (direct, 2026-12-06, \`mcp-collide run --gateway mcp-hub --clause prompts/no-silent-loss --seed 2026\`: alpha answers prompts/list in 3 pages of 1 [review, summarise, explain] beside beta [outline]; the hub's /mcp prompts/list is [alpha__review, beta__outline], alpha received one prompts/list, and no error names alpha; the same with the second page's cursor "").`,
  "prompts/tracks-list": `The hub re-lists a server on its \`notifications/prompts/list_changed\` (\`setupNotificationHandlers\` → \`updateCapabilities([\"prompts\"])\` → \`promptsChanged\` → the endpoint's \`syncCapabilities\`, which sends \`sendPromptListChanged\` to its clients when the merged keys changed), but ${firstPageOnly.slice(firstPageOnly.indexOf("one request"))} (direct, 2026-12-06: alpha [review, summarise] in pages of 1 becomes [review, explain, draft] and notifies; alpha received a second prompts/list with no cursor and the hub still shows only alpha__review, the first page; in the random case alpha's [explain, draft] shows [alpha__explain], so the hub did re-list and tell its client, and the client re-read it).`,
  "prompts/failing-server-named": `${swallowed.replace("the same `t`", "`MCPConnection.updateCapabilities`' `t` (dist/cli.js)")} (direct, 2026-12-06: alpha answers prompts/list with a JSON-RPC error beside beta [summarise]; /mcp lists [beta__summarise], the open has no error and the hub's console no line naming alpha).`,
  "resources/no-silent-loss": `${firstPageOnly} (direct, 2026-12-06, \`--clause resources/no-silent-loss --seed 2026\`: alpha's resources/list in 3 pages of 1 [mem://alpha/notes, mem://alpha/log, mem://alpha/readme] beside beta shows [alpha__mem://alpha/notes, beta__mem://beta/readme]; alpha's resources/templates/list in 2 pages of 1 shows only alpha's first template; the same with the cursor ""; no error names alpha).`,
  "resources/tracks-list": `As prompts/tracks-list: on alpha's \`notifications/resources/list_changed\` the hub re-lists resources and templates (\`updateCapabilities([\"resources\", \"resourceTemplates\"])\`), again one request with no cursor each (direct, 2026-12-06: alpha [mem://alpha/notes, mem://alpha/log] in pages of 1 becomes [notes, readme, draft]; /mcp still shows only alpha__mem://alpha/notes; in the random case the list became its first page, [alpha__mem://alpha/readme]).`,
  "resources/failing-server-named": `${swallowed.replace("the same `t`", "`MCPConnection.updateCapabilities`' `t` (dist/cli.js)")}, for resources/list and resources/templates/list alike (direct, 2026-12-06: alpha answers resources/list with an error beside beta [mem://beta/readme]: /mcp lists [beta__mem://beta/readme] with no error; alpha answering resources/templates/list with an error: its resources are shown, its templates are simply absent, no error).`,
  "resources/template-not-doubled": "A SHOULD (WARN). The endpoint keeps resources and templates in two maps (`ln.RESOURCES`, uidField `uri`; `ln.RESOURCE_TEMPLATES`, uidField `uriTemplate`, class `Op` in dist/cli.js) filled independently by `registerServerCapabilities`, and nothing compares them: a URI a server lists both as a resource and as a template without variables is shown twice, `alpha__mem://alpha/readme` in resources/list and again in resources/templates/list (direct, 2026-12-06: alpha [mem://alpha/readme, mem://alpha/notes] with the template mem://alpha/readme). It passes on what the server sent as it came; the clause asks a host to show that entry once, as the reference does.",
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
};
