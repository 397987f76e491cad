/**
 * The Continue report (`reports/continue.json`), judged from its agent module in a folder outside the
 * package (`npx mcp-collide run --agent-module ./continue.ts --seed 2026`, the package installed from its
 * tarball; `npm run reports -- --only continue` runs the same from the package root), with the hand-checked
 * evidence for every verdict that is not a pass: cn's own source ships in its package
 * (node_modules/@continuedev/cli/src, bundled as dist/index.js), and the report's server records.
 */
import type { RealHost } from "../../real-host.ts";
import { agentModule, contextNotDriven, noSearchTool, relisting } from "../../agent-clis/agent-report-entry.ts";

/** cn's one rule for a tool, read in tools/index.tsx and services/MCPService.ts (the same text in dist/index.js). */
const bareNames = "cn offers every MCP tool under its bare name (`convertMcpToolToContinueTool`, tools/index.tsx: `name: mcpTool.name`, no server prefix) and runs a call by that name on the first connected server listing it (`MCPService.runTool`: `for (const connection of this.connections.values())`, a Map filled in configuration order by `connectServer`)";

const continueHost: RealHost = {
  id: "continue",
  title: "Continue CLI (cn -p), an openai provider at the fake Chat Completions endpoint, from an agent module",
  ...agentModule("hosts/agent-modules/continue/continue.ts", "continue"),
  notApplicable: {
    ...relisting,
    "drift/list-changed": "cn registers no handler for `notifications/tools/list_changed` (services/MCPService.ts sets none; `connectServer` calls `listTools()` once per server per process), so the adapter declares no `listChanged`.",
    ...contextNotDriven("cn"),
    ...noSearchTool("cn"),
  },
  packages: ["@continuedev/cli"],
  wiring: "`cn -p \"<prompt>\" --config <home>/config.yaml --auto` (headless): a `provider: openai` model at the fake Chat Completions endpoint (`apiBase`, dummy `apiKey`), every server under `mcpServers` (`command`/`args`/`env`, or `type: streamable-http` with `url`) in configuration order; MCP tool `x` is offered to the model as `x` whatever its server; one CLI process per session in the sandbox; judged with `--agent-module` from a folder outside the package.",
  notes: [
    "Re-made at catalogue 4 with `npm run reports -- --only continue` from the package root (the same module and CLI), 2026-12-07: 11.5 min wall (692 s) at load 7 to 15 on the 2-core machine (its own CLI processes, and the lead's `npm test` beside it for 12 minutes), 274 CLI sessions observed, 117 served from the observation cache. At catalogue 3 it was judged from a folder outside the package, under the temp folder (its own package.json: `@continuedev/cli` 1.5.47 and mcp-collide from that branch's `npm pack` tarball; the module copied there), 2026-12-06: 9.4 min wall (563 s) at load 9 to 17, 128 CLI sessions observed, 26 served from the cache. Every start asks `api.continue.dev` for the latest version with the user's id (`getLatestVersion`, src/version.ts, called when the module loads, with no switch to stop it): refused by the sandbox's DNS stub, listed in the report's diagnostics.",
    "wire/unknown-name passes on cn's own words: a call of a name it does not show is refused before it runs (`preprocessStreamedToolCalls`: `Tool <name> not found`), which the module's `failureTexts` read as the error it is.",
  ],
  evidence: {
    "schema/input-schema-intact": "cn rebuilds every MCP tool's parameters from two keys of its input schema and drops the rest (`convertMcpToolToContinueTool`, tools/index.tsx: `parameters: { type: \"object\", properties: mcpTool.inputSchema.properties ?? {}, required: mcpTool.inputSchema.required }`), so a schema whose `order` property is `{ \"$ref\": \"#/$defs/Order\" }` reaches the model without its `$defs`: in the model turn's `tools`, alpha's `order` and `search` and beta's `query` each hold a reference that resolves to nothing.",
    "order/config-permutation": `${bareNames}. alpha [request] and beta [request] are both offered as \`request\`, and its call reached alpha configured [alpha, beta] and beta configured [beta, alpha] (server records): which server's tool the model gets depends on the order, and the other is unreachable, with no error.`,
    "wire/passthrough": `${bareNames}: the call of beta's \`request\` (offered second) was delivered as \`request\` to alpha (server records: alpha received tools/call \`request\` with beta's arguments, beta none), and cn answered with alpha's result as ordinary output.`,
    "wire/no-cross-routing": `Same first-match dispatch (\`MCPService.runTool\`): the call meant for beta's \`request\` reached alpha.`,
    "names/injective": `${bareNames}: the request offers \`request\` twice, one name for alpha's and beta's tool, and nothing de-duplicates or refuses either.`,
    "names/provider-valid": "Names are passed through as the server gave them (`name: mcpTool.name`, `convertToolToChatCompletionTool`): alpha's `a/b` is offered to the model as `a/b`, which the catalogue's default profile (`^[A-Za-z0-9_-]{1,64}$`, OpenAI's function-name rule) refuses.",
    "guard/local-occupant": "cn's built-ins come first and the MCP tools after (`getAllAvailableTools`, tools/index.tsx: `tools.push(...mcpState.tools.map(convertMcpToolToContinueTool))` last), so alpha's `Read` is offered under the built-in's name beside cn's own `Read`; a call of `Read` resolves to the first (`preprocessStreamedToolCalls`: `availableTools.find((t) => t.name === toolCall.name)`), the built-in, which answered `Required parameter \"filepath\" missing for tool \"Read\"` and reached no server (server records): alpha's `Read` can never be called, and nothing names alpha.",
    "surface/no-silent-loss": "cn reads one page of a server's tools: `connectServer` calls `conn.client.listTools()` once (services/MCPService.ts) and never follows `nextCursor`; alpha answering in 3 pages (request, search · query, fetch · update) shows `request`, `search` only (server records: one tools/list, no cursor), and nothing names alpha or the lost `query`, `fetch`, `update`.",
    "surface/shortfall-names-missing": "Same single `listTools()` page: alpha's `query`, `fetch`, `update` are missing and no error names alpha.",
    "surface/all-or-nothing": "Same single page: alpha shows 2 of its 5 tools, partly registered, with no error.",
    "surface/failing-server-named": "alpha's `tools/list` is refused (list-error): `connectServer` catches it as a warning only (`connection.warnings.push(\"Failed to load tools: ...\")` and `logger.warn(\"Failed to load MCP tools\", ...)`, services/MCPService.ts), the connection stays `connected`, so headless mode does not stop, and alpha's loss is written only to `~/.continue/logs/cn.log` (the report's `log-file` diagnostic: `Failed to load MCP tools {\"name\":\"alpha\",\"error\":\"MCP error -32603: scripted failure: tools/list refused\"}`); stdout and stderr say nothing, errors [].",
    "surface/one-failure-contained": "In headless mode one server that fails to connect stops the whole run: `doInitialize` (services/MCPService.ts) throws `MCP server(s) failed to load:` naming each failed server when any connection's status is `error`, and cn exits 1 before asking its model anything, so unreachable alpha takes healthy beta's `search` with it (shown: nothing). The error does name alpha (stderr, JSON).",
    "wire/tool-error-reaches-model": "cn ignores `isError`: an MCP tool's result is `JSON.stringify(result?.content)` whatever it says (`convertMcpToolToContinueTool.run`, tools/index.tsx), a normal `role: \"tool\"` message on Chat Completions (no error flag), the same shape as a success; alpha's `fail` answered isError: true and the model got its text as ordinary output. A SHOULD: WARN.",
    "drift/mid-session-loss": "After alpha died, each call of `request` reached no server and was answered `Error executing tool request: Streamable HTTP error: Error POSTing to endpoint: ...` (`executeStreamedToolCalls`, stream/streamChatResponse.helpers.ts: `Error executing tool ${call.name}: ${error.message}`): an error that names the tool but never the server, twice alike; beta's `search` kept reaching beta.",
    "schema/hostile-schema": "alpha's `request` declares an output schema with an unknown `type`: the MCP SDK's `Client.listTools()` compiles every output schema and throws, which `connectServer` takes as `Failed to load tools` (a warning in cn.log only, as for a refused list), so alpha shows neither `request` nor its healthy `search` (beta's `query` is shown and reached beta), and nothing cn prints names alpha: one bad schema loses the whole server silently.",
  },
};

/** Committed reports. */
export const hosts: RealHost[] = [continueHost];
