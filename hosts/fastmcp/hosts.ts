/**
 * The fastmcp report (`npm run reports -- --only fastmcp`): its entry, with the hand-checked evidence for
 * every verdict that is not a pass, checked against the host's source in node_modules (file and what the code
 * does) or by the adapter tests. hosts/hosts.ts gathers it; its pins are host.json.
 */
import type { RealHost } from "../real-host.ts";
import { library, noContext, noDeferral } from "../library-report-entry.ts";

/** Committed reports. */
export const hosts: RealHost[] = [
  {
    id: "fastmcp",
    title: "fastmcp's multi-server Client (MCPConfig, each server mounted under its key)",
    ...library("fastmcp"),
    wiring: "`Client({\"mcpServers\": {key: server}})` entered in `open` and left in `close`, in the session's own task (the async Python kit's; no bridge of the adapter's own); tools as `client.list_tools()` gives the merged list, at open and at each refresh; calls through `client.call_tool(name)`, a `ToolError` being the model's error; `registered` from each key's mounted proxy under fastmcp's own `Namespace(key)` transform (one extra tools/list per server at open), and with one server the list as shown.",
    notApplicable: {
      ...noDeferral("fastmcp"),
      ...noContext(
        "Not judged yet: fastmcp's Client has list_prompts/get_prompt, but this adapter does not drive them (it declares no prompts capability), so these clauses are not judged for fastmcp, never passed.",
        "Not judged yet: fastmcp's Client has list_resources/list_resource_templates/read_resource, but this adapter does not drive them (it declares no resources capability), so these clauses are not judged for fastmcp, never passed.",
      ),
      "guard/every-shape": "fastmcp's `Client` has no local tools: every tool it lists comes from a configured server (client/mixins/tools.py has list and call only; local tools belong to a `FastMCP` server, not the client).",
      "guard/local-occupant": "fastmcp's `Client` has no local tools to occupy a name: its list is the router's, built from the configured servers alone (`MCPConfigTransport._build_composite`, client/transports/config.py).",
      "drift/list-changed": "The `Client` hands `notifications/tools/list_changed` to the application's `MessageHandler.on_tool_list_changed` hook (client/messages.py) and lists again only when `list_tools()` is called: it does not re-list by itself.",
      "drift/pin-holds-changes": "MCPConfig has no pin: a server entry is a command/args/env or a url/headers/auth (`StdioMCPServer`, `RemoteMCPServer`, mcp_config.py).",
      "options/keyed-by-wire": "MCPConfig takes no per-tool request schema beside the server's own: a transforming entry's `tools` rewrites a tool (`ToolTransformConfig`), which is not a schema enforced on calls (mcp_config.py).",
      "options/unknown-key": "MCPConfig takes no per-tool request schema, so there is no key to be unknown (mcp_config.py).",
      "surface/allow-deny": "MCPConfig filters by tag, not by tool name: a transforming entry's `include_tags` / `exclude_tags` (mcp_config.py); there is no allow or deny list of names.",
      "names/profile": "fastmcp claims no naming profile (none in its docs); `mcp-collide run --profile NAME` checks one.",
    },
    evidence: {
      "order/config-permutation": "`MCPConfigTransport._build_composite` (fastmcp client/transports/config.py) mounts every server on one router with `composite.mount(proxy, namespace=name)`, and `Namespace` (server/transforms/namespace.py) names a tool `f\"{prefix}_{name}\"`; `_` is not reserved, so key `a_b` + tool `c` and key `a` + tool `b_c` are both `a_b_c`. The router's `AggregateProvider` lists it once per provider and logs `Duplicate list_tools component 'tool:a_b_c@'`, the wire list shows it once, and a call goes to the first server mounted, which is the first configured (direct, offline, 2026-12-05: a `Client` over a_b [c] and a [b_c] shows [a_b_c] and the call answers from a_b; over a [b_c] and a_b [c] it shows [a_b_c] and the call answers from a).",
      "surface/no-silent-loss": "The same `{key}_{tool}` clash: a_b's `c` and a's `b_c` are both `a_b_c`, the router keeps the first (`AggregateProvider._collect_list_results` only logs `Duplicate list_tools component` at warning level), so a's `b_c` is never shown and cannot be called, and the `Client` raises nothing (direct, offline, 2026-12-05: over a_b [c] and a [b_c] `list_tools()` gives [a_b_c], the call answers from a_b).",
      "surface/shortfall-names-missing": "The same clash: a is missing `b_c` and nothing the `Client` raises names a or `b_c`; the only word is the router's log line (`Duplicate list_tools component 'tool:a_b_c@' from provider _WrappedProvider(FastMCPProvider(), transforms=[Namespace('a')])`), a log, not an error (direct, offline, 2026-12-05).",
      "surface/all-or-nothing": "The same clash with tools of their own: over a_b [c, search] and a [b_c, query] the list is [a_b_c, a_b_search, a_query], so a shows `query` while its `b_c` did not register (direct, offline, 2026-12-05: that list, and the call of `a_b_c` answers from a_b).",
      "surface/failing-server-named": "`_build_composite` (client/transports/config.py) catches any failure to connect one backend, logs `Failed to connect to MCP server %r, skipping` at warning level (\"one unavailable server must not take down healthy siblings\") and mounts the others, so the `Client` opens, unreachable alpha contributes no tools, and no error reaches the caller; only when every server fails does it raise `ConnectionError(\"All MCP servers failed to connect\")` (direct, offline, 2026-12-05: alpha an http url nobody listens on beside beta [search]: `list_tools()` gives [beta_search], the warning names 'alpha', nothing raised).",
      "names/injective": "`Namespace` joins key and tool with `_` (`f\"{prefix}_{name}\"`, server/transforms/namespace.py): a_b's `c` and a's `b_c` are one name `a_b_c` for two (server, tool) pairs, each mounted proxy registering it (direct, offline, 2026-12-05: over a_b [c] and a [b_c] the router logs the duplicate and shows [a_b_c]).",
      "names/context-free": "`MCPConfigTransport` mounts nothing when the config holds one server: `if len(self.config.mcpServers) == 1` it connects that server's transport directly (client/transports/config.py), so its tools keep their own names, while with two or more every tool is prefixed `{key}_`: alpha's `request` is `request` alone and `alpha_request` beside beta (direct, offline, 2026-12-05: [request] for alpha alone, [alpha_request, beta_request] with beta).",
      "names/provider-valid": "Neither the key nor the tool name is checked or sanitised: `Namespace._transform_name` is `f\"{self._name_prefix}{name}\"`, so alpha's `a/b` is shown as `alpha_a/b`, which a provider refuses; the MCP SDK only logs `Tool name validation warning for \"a/b\"` (mcp.shared.tool_name_validation) and goes on (direct, offline, 2026-12-05: over alpha [request, a/b] and beta [search] `list_tools()` gives [alpha_request, alpha_a/b, beta_search], and `alpha_a/b` can be called).",
      "drift/unreachable-prunes-nothing": "A refresh is `client.list_tools()` again, and the router's `AggregateProvider._collect_list_results` (server/providers/aggregate.py, `provider_error_strategy` \"warn\" by default) drops a provider whose listing fails with the log line `Error during list_tools from provider ProxyProvider(): ...`, which does not even name the key: alpha's tools leave the list and the `Client` raises nothing (direct, offline, 2026-12-05: alpha [request, die] beside beta [search]; after alpha's process ended, `list_tools()` gives [beta_search] and that warning).",
      "drift/mid-session-loss": "A call of a dead server's tool fails in the mounted proxy server, whose `call_tool` (server/server.py) raises `ToolError(f\"Error calling tool {name!r}: {e}\")` with the tool's own, unprefixed name; the router passes it on, so the model gets `Error calling tool 'request': ...`, naming neither alpha nor `alpha_request` (direct, offline, 2026-12-05: alpha [request, die] beside beta [search]: after `alpha_die` ended alpha's process, `call_tool(\"alpha_request\")` raises `ToolError: Error calling tool 'request': Connection closed`; `beta_search` still answers).",
      "diag/errors-name-server": "fastmcp raised no error on any world of this clause, so it had nothing to judge: an unreachable server or one whose listing fails is skipped with a log line (`Failed to connect to MCP server %r, skipping`, client/transports/config.py), and names a provider would refuse, a name past 64 characters or one name on two servers are shown as they come (direct, offline, 2026-12-05: the unreachable and `a/b` worlds above raise nothing). Only a config whose every server fails raises, `ConnectionError(\"All MCP servers failed to connect\")`, which names none.",
    },
    notes: [
      "wire/passthrough and wire/no-cross-routing pass: every tool of a mounted server is reached through its own proxy client (`StatefulProxyClient`, one per key), and `Namespace.get_tool` strips exactly the `{key}_` it added, so a call reaches the server that listed the tool, with its own name; only a `{key}_{tool}` clash sends a name to the wrong server (order/config-permutation).",
    ],
  },
];
