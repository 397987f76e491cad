/**
 * The MCP Python SDK's `ClientSessionGroup` (mcp 2.3.0), in two modes: bare names, and the naming hook of the
 * class's docstring. Every verdict of the committed reports that is not a pass has its evidence here, from
 * mcp/client/session_group.py (line numbers of mcp 2.3.0) and from hosts/python-sdk/direct-check.ts (the group
 * driven as its docstring shows, no harness, no adapter), checked against the reports' own cases.
 * hosts/hosts.ts gathers it; its pins are host.json.
 */
import type { RealHost } from "../real-host.ts";
import { library, noContext, noDeferral, noPins, noRequestSchemas } from "../library-report-entry.ts";

const sdk = "The MCP Python SDK's `ClientSessionGroup`";
const source = "mcp/client/session_group.py";
const direct = "direct, offline, 2026-12-07, hosts/python-sdk/direct-check.ts";

/** The clauses the group has no feature for: the same in both modes. */
const notApplicable: Record<string, string> = {
  ...noDeferral(sdk),
  ...noPins(sdk, `\`connect_to_server\` takes only server and session parameters, ${source}`),
  ...noRequestSchemas(sdk, `\`ServerParameters\` and \`ClientSessionParameters\`, ${source}`),
  ...noContext(
    `The group merges prompts into \`group.prompts\` (keyed by name) but has no \`get_prompt\` (${source}: its only call is \`call_tool\`), and maps no prompt back to its session: the adapter does not drive them.`,
    `The group merges resources into \`group.resources\`, keyed by the resource's \`name\`, not its URI (${source}:404), and has no \`read_resource\`: the adapter does not drive them.`,
  ),
  "guard/every-shape": `The group has no local tools: \`group.tools\` is filled only by \`_aggregate_components\` from connected servers (${source}:375-448).`,
  "guard/local-occupant": `The group has no local tools to occupy a name (${source}: \`_tools\` is written only in \`_aggregate_components\`).`,
  "drift/refresh-tracks-list": `The group lists each server once, inside \`connect_to_server\` (\`_aggregate_components\`, ${source}:375-448); it has no re-list.`,
  "drift/unreachable-prunes-nothing": `The group has no refresh: a server's tools are listed once, at \`connect_to_server\` (${source}:297-304).`,
  "drift/list-changed": `The group installs no handler for \`notifications/tools/list_changed\` (\`ClientSessionParameters.message_handler\` is the application's, ${source}:76-85) and never re-lists by itself.`,
  "surface/allow-deny": `The group has no tool filter: \`_aggregate_components\` keeps every listed tool (${source}:410-417).`,
  "names/profile": "The MCP Python SDK claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
};

/** Evidence shared by both modes: listing, failures, the cancelled task, mid-session loss, names as given. */
const shared: Record<string, string> = {
  "surface/no-silent-loss": `\`_aggregate_components\` lists each server's tools with one \`session.list_tools()\` and no cursor (${source}:412): a \`nextCursor\` is never followed, so a paged server shows its first page only, and nothing is raised or logged (${direct}: alpha [request, search, query] in pages of 1 beside beta [lookup]: \`group.tools\` [request, lookup], alpha asked tools/list once). The same for the empty-string cursors of the report's paged-list cases. Where a later server's name is already in the group, that server's other tools are lost too (order/config-permutation), but that error names the server.`,
  "surface/shortfall-names-missing": `The same first page: alpha is missing the tools of its later pages and nothing names them (${source}:412). And a server refused for a name already in the group (\`MCPError: {'name'} already exist in group tools.\`, ${source}:439-441) loses every tool, while the message names only the clashing ones (the report's shrunk random case: beta's second tool, not in the clash, is missing and named nowhere).`,
  "surface/all-or-nothing": `The same first page: alpha shows its first page's tools while its later pages did not register (${source}:412).`,
  "surface/failing-server-named": `A server whose tools/list answers an error is only logged: \`except MCPError as err: logging.warning(f"Could not fetch tools: {err}")\` (${source}:418-419), a log line naming no server, and \`connect_to_server\` returns normally with nothing of it in \`group.tools\` (the report: alpha list-error beside beta: errors [], diagnostics \`Could not fetch tools: scripted failure: tools/list refused\`, shown [search]). A server that crashes on its second page, repeats a page or never advances its cursor is never found out: the group does not ask for a second page (${source}:412), so it shows page 1 and says nothing. (Those three cases fail because the cursor is never followed, not because the broken pager misled the group.)`,
  "surface/one-failure-contained": `Over Streamable HTTP each request's POST runs as a task of the transport's task group (\`tg.start_soon(self._run_request_post, ...)\`, mcp/client/streamable_http.py:680), and \`_run_request_post\` (346-361) and \`_handle_post_request\` (363-372) let an httpx error through; that task group is entered in the caller's task (streamable_http.py:771) and kept open in the group's exit stack (${source}:337-343, 366), so a refused connection, a reset, or a connection accepted and closed with no answer (the report's constructed cases 8-10) cancels the application's own task with \`CancelledError\`, which \`_establish_session\`'s \`except Exception\` (${source}:369-373) does not catch and no per-server \`except Exception\` in the application can either: the servers after it are never connected, those before it are torn down, nothing is left to call (${direct}: alpha refused beside beta: \`connect_to_server(alpha)\` raises \`CancelledError: Cancelled via cancel scope ...\`, beta never asked; beta refused after alpha: \`connect_to_server(beta)\` raises \`CancelledError\`, and leaving the group raises \`RuntimeError: Attempted to exit a cancel scope that isn't the current tasks's current cancel scope\`, with \`httpx2.ConnectError: All connection attempts failed\` on stderr). A server answering 404 raises an \`MCPError\` (an \`Exception\`) and is contained; so is a stdio server that exits.`,
  "drift/mid-session-loss": `\`call_tool\` (${source}:224-253) calls the session that listed the name, and what a dead server's session raises names no server: over stdio \`MCPError: Connection closed\`, over HTTP a 404 \`MCPError: no fake server at this path\` (the report). A connection refused or reset mid-session is worse: the failed POST cancels the application's task as at open (surface/one-failure-contained), so the call never returns and the live servers go with it (${direct}: alpha [die, request] beside beta [search], alpha dropping the socket on \`die\`: \`group.call_tool("die")\` raises \`CancelledError\`, and leaving the group raises \`ExceptionGroup\` [\`RemoteProtocolError: Server disconnected without sending a response.\`]; the report: beta's \`search\` is then refused with \`the application's task ended: ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)\`, reaching no server).`,
  "names/provider-valid": `Names are not checked or sanitised: without a hook \`_component_name\` returns the name as the server sent it (${source}:450-453), so \`a/b\`, \`""\`, a name past 64 characters and names outside ASCII (\`查询\`, \`café\` composed and decomposed, two keys) are shown as they come (the report, constructed cases 1-10).`,
};

/** The committed reports (reports/python-sdk.json, reports/python-sdk-hook.json). */
export const hosts: RealHost[] = [
  {
    id: "python-sdk",
    title: "The MCP Python SDK's ClientSessionGroup, bare names",
    ...library("python-sdk"),
    wiring: "One `ClientSessionGroup()` per session, entered in an application task of the adapter's own (the group's transports keep anyio task groups in it); `connect_to_server(StdioServerParameters | StreamableHttpParameters)` for each server in configuration order, catching `Exception` per server; tools as `group.tools` gives them (name, description, input schema); calls through `group.call_tool(name)`, an `is_error` result marked as such; `registered` is the names `group.tools` gained while that server connected.",
    notApplicable,
    evidence: {
      ...shared,
      "order/config-permutation": `Without a hook the group keeps bare names, and a later server's name already in the group is refused, not overwritten: \`_aggregate_components\` raises \`MCPError(code=INVALID_PARAMS, message=f"{matching_tools} already exist in group tools.")\` (${source}:439-441) before it adds anything of that server, so the first configured server owns the name and the later one contributes none of its tools (${direct}: alpha [request, search], beta [search, query]: \`connect_to_server(beta)\` raises \`MCPError: {'search'} already exist in group tools.\`, \`group.tools\` [request, search], both calls reach alpha, beta's \`query\` is gone). Swapped, beta owns \`request\` and alpha is refused. Within one server a repeated name overwrites (\`tools_temp[name] = tool\`, ${source}:415). The refused server stays connected until the group closes: \`_establish_session\` put its stack in the group's exit stack (${source}:363-366) before \`_aggregate_components\` raised, and the caller got no session to disconnect.`,
    },
    notes: [
      "names/injective and diag/errors-name-server pass because a clash is refused, never merged: the second server's `connect_to_server` raises, and the application knows which call raised, so the adapter names that server (the MCPError names only the tool).",
    ],
  },
  {
    id: "python-sdk-hook",
    title: "The MCP Python SDK's ClientSessionGroup, with its docstring's component_name_hook",
    ...library("python-sdk", "--hook"),
    wiring: "As `python-sdk`, with `ClientSessionGroup(component_name_hook=lambda name, server_info: f\"{(server_info.name)}_{name}\")`, the hook of the class's docstring: each tool is named by the server's self-reported `serverInfo.name`, `_`, the tool's name.",
    notApplicable,
    evidence: {
      ...shared,
      "names/label-from-config": `The hook is given the server's \`InitializeResult.server_info\` (\`return result.server_info, session\`, ${source}:368; \`self._component_name_hook(name, server_info)\`, 450-453), never the configuration key, and the docstring's hook joins \`server_info.name\`: a server naming itself after another server's key takes that key's label (${direct}: key alpha reporting serverInfo \`svc\` beside beta: \`group.tools\` [svc_request, beta_search]; the report: alpha and beta reporting each other's names are shown as beta_request and alpha_search).`,
      "order/config-permutation": `The hook joins with \`_\`, which names may hold, so a_b's \`c\` and a's \`b_c\` are both \`a_b_c\`; the later server is refused with \`MCPError: {'a_b_c'} already exist in group tools.\` (${source}:439-441), so which server owns the name depends on the order (the report, constructed cases 2 and 6; ${direct}: two servers reporting one serverInfo name \`shared\`, each with \`request\`: beta refused with \`{'shared_request'} already exist in group tools.\`).`,
    },
    notes: [
      "names/injective passes in this mode too: a hooked name that two servers meet on is refused for the later one (its connect_to_server raises), never shown twice.",
    ],
  },
];
