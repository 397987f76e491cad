/**
 * The bug catalogue: for each class of publicly reported collision bug (docs/sources.md lists the reports) that a
 * clause can catch, the public reports, the policy at fault, the one-bug host modelled on that policy, the
 * clause that catches it, and the smallest case that shows it, kept BY VALUE (the exact value the clause's
 * `check` receives). bug-catalogue.test.ts replays each case against its one-bug host (the clause must find
 * the violation) and against the reference host (the clause must pass). The table in
 * hosts/README.md is this list in prose.
 */
import { describeTool, WorldSchema, type World } from "../harness/index.ts";
import { intactSchemas } from "./definition.suite.ts";
import { contextBugCatalogue } from "./context-bug-catalogue.ts";

/** One bug class and the smallest case that reproduces it. */
export interface CatalogueEntry {
  /** Stable slug. */
  id: string;
  /** Public reports of the bug (owner/repo#n, owner/repo PR#n, or a document); docs/sources.md links them. */
  reports: string[];
  /** The merge policy at fault. */
  policy: string;
  /** The one-bug host modelled on that policy (reference/one-bug-hosts.ts). */
  host: string;
  /** The clause that catches it. */
  clause: string;
  /** The case, by value: a World, or the clause's case record ({ world, ... }). */
  value: unknown;
  /**
   * Why the case needs more than two tools in a server, where it does (a host-wide cap needs one tool more than
   * it keeps); absent: it holds at most two servers of at most two tools, as every case should.
   */
  large?: string;
}

/** A server of a catalogue world: tools carry the identity marker and a schema like generated ones. */
function server(key: string, tools: string[], serverInfoName = key) {
  return {
    key,
    serverInfo: { name: serverInfoName, version: "1.0.0" },
    tools: tools.map((name) => ({
      name,
      description: describeTool(key, name),
      inputSchema: { type: "object", properties: { probe: { type: "string" } } },
    })),
  };
}

/** A world from [key, tools] pairs, validated (defaults filled) by the harness's own schema. */
export function catalogueWorld(...servers: Array<[string, string[]] | [string, string[], string]>): World {
  return WorldSchema.parse({ servers: servers.map(([key, tools, info]) => server(key, tools, info)) });
}

/** `stem` padded with "x" to `length`, with `mark` at index `at`: long names that differ in one place. */
function padded(stem: string, length: number, mark?: { at: number; char: string }): string {
  const chars = (stem + "x".repeat(length - stem.length)).split("");
  if (mark) chars[mark.at] = mark.char;
  return chars.join("");
}

/** `count` filler tool names `query_001` …: a world past a host's deferral threshold. */
function filler(count: number): string[] {
  return Array.from({ length: count }, (_, at) => `query_${String(at + 1).padStart(3, "0")}`);
}

/** Arguments for the wire clauses: plain JSON that a rewriting host would change. */
const payload = { text: "refund", count: 2, nested: { flags: [true], none: null } };

const duplicate = catalogueWorld(["alpha", ["search"]], ["beta", ["search"]]);

export const bugCatalogue: CatalogueEntry[] = [
  {
    id: "object-spread-last-wins",
    reports: ["Vercel AI SDK docs, cookbook \"MCP Tools\" ({...toolSetOne, ...toolSetTwo}: \"subsequent tool sets override\")", "vercel/ai PR#5003"],
    policy: "bare names merged into one object: a later server's tool silently replaces an earlier one's",
    host: "last-wins",
    clause: "surface/no-silent-loss",
    value: duplicate,
  },
  {
    id: "first-wins-drop",
    reports: ["CopilotKit/CopilotKit#2409", "lionagi protocols/action/manager.py @ 669ea9b"],
    policy: "bare names; a later duplicate is skipped with at most a warning",
    host: "first-wins",
    clause: "surface/no-silent-loss",
    value: duplicate,
  },
  {
    id: "duplicates-shown-first-match-routes",
    reports: ["warpdotdev/warp#7874", "SAP/cloud-sdk-python#197", "LangChain MultiServerMCPClient (client.py, tools.py)"],
    policy: "every server's list concatenated; a name shown twice routes to the first match",
    host: "concatenate",
    clause: "wire/no-cross-routing",
    value: { world: catalogueWorld(["alpha", ["get_logs"]], ["beta", ["get_logs"]]), payload },
  },
  {
    id: "gateway-routes-bare-name",
    reports: ["samanhappy/mcphub#139 (getServerByTool returns the first match)"],
    policy: "a call of a name the host does not show goes to the first server advertising it bare",
    host: "bare-fallback",
    clause: "wire/unknown-name",
    value: catalogueWorld(["alpha", ["query"]]),
  },
  {
    id: "qualify-only-on-collision",
    reports: ["zed-industries/zed PR#30600 (resolve_tool_name_conflicts)"],
    policy: "bare names, prefixed only when two servers share a name, so a name depends on which other servers are configured",
    host: "qualify-on-collision",
    clause: "names/context-free",
    value: { world: duplicate, keep: [true, false, false, false, false, false] },
  },
  {
    id: "separator-not-reserved",
    reports: ["RooCodeInc/Roo-Code PR#10054 (mcp_<server>_<tool> mis-parsed)", "Zoo-Code-Org/Zoo-Code#1731", "Mastra packages/mcp/src/client/configuration.ts (`${serverName}_${toolName}`)", "@voltagent/core MCPClient.getAgentTools (`${this.clientInfo.name}_${toolDef.name}`)"],
    policy: "a {key}_{tool} join whose separator may occur inside keys and tool names",
    host: "single-underscore",
    clause: "names/injective",
    value: catalogueWorld(["a_b", ["c"]], ["a", ["b_c"]]),
  },
  {
    id: "cut-without-hash",
    reports: ["google-gemini/gemini-cli#28970", "dust-tt/dust PR#31815", "microsoft/vscode mcpTypes.ts (.slice(0, 64), no hash)"],
    policy: "long names shortened by cutting, so two names that differ past the cut become one",
    host: "cut-at-64",
    clause: "names/injective",
    value: catalogueWorld(["a", [padded("tool_", 128, { at: 64, char: "1" }), padded("tool_", 128, { at: 64, char: "2" })]]),
  },
  {
    id: "label-from-server-info",
    reports: ["anthropics/claude-code#74635", "microsoft/vscode#324992", "microsoft/vscode#296591 (after PR#318638)"],
    policy: "tools labelled by the server's self-reported serverInfo.name instead of the configuration key",
    host: "label-from-server-info",
    clause: "names/label-from-config",
    value: { world: catalogueWorld(["alpha", ["search"]], ["beta", ["query"]]), mode: "same" },
  },
  {
    id: "first-to-answer-wins",
    reports: ["aaif-goose/goose crates/goose/src/agents/extension_manager.rs (\"Duplicate tool name - skipping\", first in HashMap order)", "adonis importer doc (\"registration replays in configuration order\")"],
    policy: "duplicates settled by who answered tools/list first",
    host: "arrival-order",
    clause: "order/arrival-timing",
    value: { world: duplicate, first: [], second: [1], delays: [0, 0, 0, 0, 0, 0] },
  },
  {
    id: "join-taken-by-last-answer",
    reports: ["inngest/agent-kit packages/agent-kit/src/agent.ts (Agent.listMCPTools: Promise.all over the servers, this.tools.set(`${server.name}-${t.name}`, ...))"],
    policy: "a {key}-{tool} join into one map, filled as each server answers: of two pairs that meet, the later answer silently takes the name",
    host: "hyphen-join",
    clause: "order/arrival-timing",
    value: { world: catalogueWorld(["alpha", ["b-c"]], ["alpha-b", ["c"]]), first: [], second: [1], delays: [0, 0, 0, 0, 0, 0] },
  },
  {
    id: "listed-as-answered",
    reports: [
      "QwenLM/qwen-code#6338 (tool declarations in registration order: two MCP servers that settle in different orders give two tools blocks)",
      "librefang/librefang#3765 (MCP reconnects spawned in parallel; the tool list never sorted)",
      "openai/codex PR#2611 (MCP servers in a HashMap: the tool order changed between turns)",
    ],
    policy: "each server's tools appended to the list as its answer arrives: the same configuration gives the model another order on every start",
    host: "list-in-arrival-order",
    clause: "order/stable-list",
    value: { world: catalogueWorld(["alpha", ["search"]], ["beta", ["query"]]), first: [], second: [1], delays: [0] },
  },
  {
    id: "silent-filter",
    reports: ["ComposioHQ/composio#2788 (Cursor: over 60 characters, filtered)", "awslabs/mcp#1283", "idosal/git-mcp#31"],
    policy: "a tool whose name cannot be shown is dropped without an error; the server's other tools load",
    host: "silent-shortfall",
    clause: "surface/no-silent-loss",
    value: catalogueWorld(["alpha", ["search", padded("tool_", 60)]]),
  },
  {
    id: "nameless-tool-dropped",
    reports: [
      "@langchain/mcp-adapters loadMcpTools (`mcpTools.filter((tool) => !!tool.name)`: a tool named \"\" dropped, the server's others load)",
      "@mastra/mcp InternalMastraMCPClient.tools() (`if (tool.name)`: a tool named \"\" dropped)",
    ],
    policy: "a tool whose name is the empty string is filtered out before naming, with no error; the server's other tools load",
    host: "drops-nameless-tools",
    clause: "surface/no-silent-loss",
    value: catalogueWorld(["alpha", ["", "query"]]),
  },
  {
    id: "dotted-name-passed-through",
    reports: ["github/copilot-cli#1879", "anthropics/claude-code#467", "home-assistant/core#147760", "Genkit toToolDefinition (@genkit-ai/ai tool.ts: `a.b` offered to the model as `a.b`)"],
    policy: "names passed to the model provider unchecked: spec-legal `.` reaches an API that refuses it",
    host: "unchecked-names",
    clause: "names/provider-valid",
    value: catalogueWorld(["alpha", ["admin.tools.list"]]),
  },
  {
    id: "prefix-past-64",
    reports: ["danny-avila/LibreChat#7435", "microsoft/vscode#243602", "anthropics/claude-code#3102"],
    policy: "a prefix added with no length budget: the shown name passes the provider's 64",
    host: "unchecked-names",
    clause: "names/provider-valid",
    value: catalogueWorld(["alpha", [padded("tool_", 57)]]),
  },
  {
    id: "unstable-labels",
    reports: ["cline/cline#7972 (random per-session server keys in tool names)"],
    policy: "labels drawn afresh on every load, so a name from one session fails in the next",
    host: "random-label",
    clause: "names/deterministic",
    value: catalogueWorld(["alpha", ["search"]]),
  },
  {
    id: "anonymous-errors",
    reports: ["lionagi manager.py (root-logger \"Failed to register tool\", ADR-0112 P6)", "dust-tt/dust PR#31815 (\"surfaced only as a vague error\")"],
    policy: "errors that do not say which server (or tool) they are about",
    host: "anonymous-errors",
    clause: "diag/errors-name-server",
    value: catalogueWorld(["alpha", ["a.b"]]),
  },
  {
    id: "visible-name-sent-as-wire-name",
    reports: ["ADR-0112 D2 (the `_original_tool_name` pass-through); no public report found"],
    policy: "a call sends the server the name the model saw instead of the server's own",
    host: "visible-as-wire",
    clause: "wire/passthrough",
    value: { world: catalogueWorld(["alpha", ["search"]]), payload },
  },
  {
    id: "suffix-by-load-order",
    reports: ["mcp-use LangChainAdapter.reserveName (`${name}_2` for a name already taken, in load order)"],
    policy: "bare names, a later duplicate renamed only because another server holds the name, so a tool's name depends on the other servers",
    host: "qualify-on-collision",
    clause: "names/context-free",
    value: { world: catalogueWorld(["alpha", ["request"]], ["beta", ["request"]]), keep: [false, true, false, false, false, false] },
  },
  {
    id: "local-tools-appended-unchecked",
    reports: ["mcp-use MCPAgent.initialize (`this._tools.push(...this.additionalTools)` after the MCP tools)"],
    policy: "local tools appended after the server tools with no check: a server tool of the same name takes every call and the local tool is unreachable",
    host: "local-overwritten",
    clause: "guard/local-occupant",
    value: { world: catalogueWorld(["alpha", ["request"]]), target: 0, shape: 0 },
  },
  {
    id: "local-tools-replaced-in-merge",
    reports: [
      "Vercel AI SDK docs, cookbook \"MCP Tools\" (`{ ...localTools, ...toolSetOne }`: the server's tool set spread last)",
      "@mastra/core Agent.convertTools (toolsets merged after the assigned tools)",
      "@voltagent/core Agent tools Map (`[...localTools, ...await mcp.getTools()]`, a later name replaces an earlier)",
    ],
    policy: "local tools and a server's tools merged into one record or Map keyed by name, the server's last: a server tool of the local tool's name replaces it with no error",
    host: "local-overwritten",
    clause: "guard/local-occupant",
    value: { world: catalogueWorld(["alpha", ["request"]]), target: 0, shape: 0 },
  },
  {
    id: "long-name-passed-through",
    reports: ["Genkit toToolDefinition (@genkit-ai/ai tool.ts: the name after the last \"/\", no length check)"],
    policy: "names shown to the provider with no length budget: a spec-legal 128-character name passes the provider's 64",
    host: "unchecked-names",
    clause: "names/provider-valid",
    value: catalogueWorld(["alpha", [padded("tool_", 128, { at: 64, char: "1" }), padded("tool_", 128, { at: 64, char: "2" })]]),
  },
  {
    id: "unreachable-refresh-prunes",
    reports: ["Genkit GenkitMcpHost.getActiveTools (@genkit-ai/mcp host.ts: a client that cannot list is logged and left out)"],
    policy: "a re-list that cannot reach a server drops that server's tools, as if it had removed them",
    host: "refresh-prunes-unreachable",
    clause: "drift/unreachable-prunes-nothing",
    value: { world: catalogueWorld(["alpha", ["request"]]), target: 0, all: false },
  },
  {
    id: "failing-server-dropped",
    reports: ["mcp-use BaseConnector.initialize (a tools/list that fails is logged at debug level and taken as no tools)", "Genkit GenkitMcpClient (a server that cannot be connected is disabled with a warning and skipped)"],
    policy: "a server whose tools/list fails (or that cannot be reached) is dropped with a log line at most, no error",
    host: "drops-failing-server",
    clause: "surface/failing-server-named",
    value: WorldSchema.parse({ servers: [{ ...server("alpha", ["request"]), failure: "list-error" }] }),
  },
  {
    id: "one-failure-fails-all",
    reports: [
      "langchain-ai/langchain-mcp-adapters#492 (MultiServerMCPClient.get_tools: a bare asyncio.gather, so one server that cannot connect and no server's tools are returned)",
      "mastra-ai/mastra PR#13527 (Promise.all over the servers' listTools(): one failing server and the healthy ones' tools are discarded)",
    ],
    policy: "every server loaded under one Promise.all or asyncio.gather: one server that cannot be loaded fails the whole open, the healthy servers' tools with it",
    host: "one-failure-fails-all",
    clause: "surface/one-failure-contained",
    value: WorldSchema.parse({ servers: [{ ...server("alpha", ["request"]), failure: "list-error" }, server("beta", ["search"])] }),
  },
  {
    id: "tool-error-as-output",
    reports: [
      "google-gemini/gemini-cli PR#6194 (\"MCP errors surfaced via isError:true are currently considered a tool call success\")",
      "anomalyco/opencode#16969 (an isError result went the normal tool-result path: status \"completed\", the error text as output; fixed by PR#16988)",
      "elizaOS/eliza#30037 (CALL_MCP_TOOL never reads isError: the error text is fed to the model as the tool's data)",
    ],
    policy: "a tool result marked isError: true handed to the model as ordinary output",
    host: "tool-error-as-output",
    clause: "wire/tool-error-reaches-model",
    value: WorldSchema.parse({ servers: [{ ...server("alpha", ["request", "fail"]), errorTools: ["fail"] }] }),
  },
  {
    id: "dead-server-tools-vanish",
    reports: [
      "anthropics/claude-code#57513 (a stdio server that dies mid-session has its tools removed for the rest of the session: \"No such tool available\")",
      "anthropics/claude-code#38043 (tools permanently removed after a transient disconnect)",
    ],
    policy: "a server found dead mid-session has its tools removed at once, and a call of one answers only that no such tool exists",
    host: "drops-lost-server",
    clause: "drift/mid-session-loss",
    value: { world: catalogueWorld(["alpha", ["request"]], ["beta", ["search"]]), target: 0, mode: "dies" },
  },
  {
    id: "failed-server-never-retried",
    reports: [
      "NousResearch/hermes-agent#112445 (a server whose first connect failed is never retried: the gateway runs without its tools until restarted)",
      "danny-avila/LibreChat#12143 (a server unreachable at startup cannot be reinitialised until the cache is flushed; fixed by PR#12145)",
    ],
    policy: "a server that failed to load once is remembered as failed for the life of the host process, and never tried again",
    host: "remembers-failed-server",
    clause: "drift/mid-session-loss",
    value: { world: catalogueWorld(["alpha", ["request"]], ["beta", ["search"]]), target: 0, mode: "recovers" },
  },
  {
    id: "one-command-one-server",
    reports: [
      "cursor/cursor#3688 (two servers of one JAR, each with its own env: the second used the first one's database)",
      "neo4j/mcp#113 (two neo4j-mcp servers with different env: only the first one's settings in effect)",
    ],
    policy: "a stdio server identified by its command and arguments: a second server of one command, with another environment, runs as the first",
    host: "dedupes-by-command",
    clause: "wire/identity-by-key",
    value: catalogueWorld(["alpha", ["request"]], ["beta", ["search"]]),
  },
  {
    id: "empty-server-is-error",
    reports: ["ADR-0112 D3 (the rejected \"registered > 0\" check); no public report found"],
    policy: "a server that advertises no tools is reported as a failure",
    host: "nonempty-check",
    clause: "surface/empty-server-ok",
    value: catalogueWorld(["alpha", []]),
  },
  {
    id: "undeclared-arguments-refused",
    reports: ["mcp-use JSONSchemaToZod.processAdditionalProperties (`objectSchema.strict()` when additionalProperties is absent, via LangChainAdapter.convertTool)"],
    policy: "an input schema that does not mention additionalProperties is read as closed: arguments the server's schema allows are refused and never sent",
    host: "strict-arguments",
    clause: "wire/passthrough",
    value: { world: catalogueWorld(["alpha", ["search"]]), payload },
  },
  {
    id: "first-page-only",
    reports: ["@mastra/mcp InternalMastraMCPClient.tools() (one listTools(), nextCursor never followed)", "@voltagent/core MCPClient.listTools (one listTools(), nextCursor never followed)", "mcp-use 1.34.6 BaseConnector.initialize (one listTools(), nextCursor followed for resources only)"],
    policy: "tools/list is read once: a paginated server's later pages are lost, and a server that fails on page two is never asked for it",
    host: "first-page-only",
    clause: "surface/failing-server-named",
    value: WorldSchema.parse({ servers: [{ ...server("alpha", ["request", "create_issue"]), failure: "list-crash" }] }),
  },
  {
    id: "paged-list-read-once",
    reports: [
      "vercel/ai#19240 (MCPClient.tools(): one listTools() call, no cursor loop: \"the missing tools simply are not there, with no warning\")",
      "Factory-AI/factory#7 (Droid 0.186.0: 101 tools at 50 a page, 50 registered)",
      "ag2ai/ag2#3262 (MCPToolkit: list_tools() once)",
      "open-webui/open-webui PR#29912 (MCPClient.list_tool_specs: list_tools() once, 20 of 44 tools)",
      "github/copilot-cli#4006 (Copilot CLI 1.0.68: later pages silently ignored)",
      "anthropics/claude-ai-mcp#87 (Claude.ai web: 21 tools at 15 a page, 15 shown)",
    ],
    policy: "tools/list read once: a healthy server's later pages are lost, and nothing says a tool is missing",
    host: "first-page-only",
    clause: "surface/no-silent-loss",
    value: WorldSchema.parse({ servers: [{ ...server("alpha", ["request", "search"]), pageSize: 1 }] }),
  },
  {
    id: "stuck-cursor-followed",
    reports: [
      "DeusData/codebase-memory-mcp#1247 (a nextCursor that never advances: Claude Code 2.1.218 shows the server's 8 tools about 20 times, ~160)",
      "sparfenyuk/mcp-proxy#233 (the cursor dropped by a proxy: page 1 for ever, 8 tools become 160)",
    ],
    policy: "every nextCursor followed with no check and the pages concatenated: a cursor that never advances shows one page again and again, and no error names the server",
    host: "cursor-followed-blindly",
    clause: "surface/failing-server-named",
    value: WorldSchema.parse({ servers: [{ ...server("alpha", ["request", "search"]), failure: "stuck-cursor" }] }),
  },
  {
    id: "host-wide-tool-cap",
    reports: [
      "Cursor MCP docs, \"Tool quantity\" (\"Cursor will only send the first 40 tools to the Agent\"), as quoted in getsentry/sentry-mcp-stdio#3 and ryoppippi/sitemcp#1",
      "anyproto/anytype-mcp#5 (tools past Cursor's 40 not working, nothing said)",
    ],
    policy: "a host-wide cap on the tools a model is shown: the tools past it are dropped, and nothing names them or their servers",
    host: "tool-cap-40",
    clause: "surface/no-silent-loss",
    value: catalogueWorld(["alpha", Array.from({ length: 41 }, (_, at) => `tool_${String(at + 1).padStart(3, "0")}`)]),
    large: "a cap of 40 loses a tool only from 41 on",
  },
  {
    id: "duplicate-refuses-everything",
    reports: ["Genkit assertValidToolNames (@genkit-ai/ai resolve-tool-requests.js: two tools of one short name refuse the whole generate() request)", "OpenAI Agents SDK getAllMcpTools (\"Duplicate tool names found across MCP servers\": the run raises)"],
    policy: "one name shared by two servers refuses every tool, so a server that adds a tool another server has takes every server's tools with it",
    host: "unchecked-refuses-duplicates",
    clause: "drift/refresh-tracks-list",
    value: {
      world: catalogueWorld(["a", ["request"]], ["alpha", ["search"]]),
      // a adds the name alpha holds ("search"), then every server is refreshed.
      commands: [{ command: "change", server: 0, change: { kind: "add", name: { from: "pool", pick: 0 } } }, { command: "refresh", server: null }],
    },
  },
  {
    id: "local-clash-refuses-everything",
    reports: ["Genkit assertValidToolNames (@genkit-ai/ai resolve-tool-requests.js: a local tool and a server's tool of one short name refuse the whole generate() request, `Cannot provide two tools with the same name`)"],
    policy: "a server tool that lands on a local tool's name refuses every tool, the local one with it, with an error that names no server",
    host: "unchecked-refuses-duplicates",
    clause: "guard/local-occupant",
    value: { world: catalogueWorld(["alpha", ["request"]]), target: 0, shape: 0 },
  },
  {
    id: "sanitised-names-meet",
    reports: [
      "OpenAI Agents SDK default mcpConfig (@openai/agents-core 0.14.3 toFunctionToolName, utils/tools: every character outside [a-zA-Z0-9] becomes `_`; resolveModelVisibleToolNameCollisions, runner/modelPreparation: only the last tool of one name is offered, with a console warning)",
      "Claude Code 2.1.332 (mcp__{server}__{tool}, each part's [^a-zA-Z0-9_-] replaced by `_`: of `a.b` and `a_b` only `a.b` is offered, as `mcp__alpha__a_b`)",
    ],
    policy: "a name a provider refuses is sanitised instead of refused, so two names of one server that sanitise alike become one name and one of the two tools is lost with no error",
    host: "sanitised-tool-names",
    clause: "surface/no-silent-loss",
    value: catalogueWorld(["alpha", ["a.b", "a_b"]]),
  },
  {
    id: "prototype-name-taken",
    reports: [
      "assistant-ui/assistant-ui PR#6999 (@assistant-ui/ai-sdk 0.0.4 AISDKToolkit.tools(): an MCP tool named `__proto__` assigned into a normal object sets its prototype and is silently omitted)",
      "PrairieLearn/PrairieLearn#1651, mtth/avsc#267 (a duplicate check `if (seen[name])` on `{}` takes `toString` for a duplicate)",
    ],
    policy: "servers and tools kept in a plain object keyed by name: Object.prototype's members (toString, __proto__ ...) are found already there, so such a tool is skipped as a duplicate with a warning only",
    host: "plain-object-registry",
    clause: "surface/no-silent-loss",
    value: catalogueWorld(["alpha", ["__proto__", "toString"]]),
  },
  {
    id: "case-folded-labels",
    reports: ["block/goose crates/goose/src/agents/capabilities.rs @ a00c9ec (`normalize` lower-cases an extension name; `clients.insert(sanitized_name, ...)` keeps the later of two that fold alike)"],
    policy: "keys lower-cased into the label: two servers whose keys differ only in case share one label, and the later replaces the earlier's tools with no error",
    host: "folds-names",
    clause: "surface/no-silent-loss",
    value: catalogueWorld(["Search", ["request"]], ["search", ["request"]]),
  },
  {
    id: "compatibility-folded-names",
    reports: ["coder/mux src/common/utils/tools/mcpToolName.ts (`normalizeMcpToolNamePart`: `normalize(\"NFKD\").toLowerCase()`, so `ﬁle` and `file` build one base name)"],
    policy: "tool names compatibility-folded (NFKC or NFKD, lower case) into the shown name: a ligature or full-width letters meet their plain twin on one name",
    host: "folds-names",
    clause: "names/injective",
    value: catalogueWorld(["alpha", ["ﬁle", "file"]]),
  },
  {
    id: "repeated-name-shown-twice",
    reports: [
      "openai/openai-agents-js#1934 (getAllMcpTools rejects duplicates only across servers: two tools of one server under one name are both returned)",
      "openai/openai-agents-python PR#3561 (before it, a server listing one name twice had the later entry silently overwrite the earlier)",
    ],
    policy: "a server's list passed through as it came: a name the server lists twice is shown twice, and a provider refuses the whole request that holds two tools of one name",
    host: "concatenate",
    clause: "names/injective",
    value: catalogueWorld(["alpha", ["request", "request"]]),
  },
  {
    id: "hash-only-on-collision",
    reports: ["openai/openai-agents-python src/agents/mcp/util.py (include_server_in_tool_names: `mcp_{server}__{tool}`, and `_build_prefixed_tool_name_overrides` forces an 8-hex SHA-1 suffix only when another tool of the listing gets the same base name)"],
    policy: "names joined as mcp_{key}__{tool} and hashed only when another pair meets them under that join, so a tool is renamed when an unrelated server is added",
    host: "hash-on-collision",
    clause: "names/context-free",
    value: { world: catalogueWorld(["alpha", ["b__c"]], ["alpha__b", ["c"]]), keep: [true, false, false, false, false, false] },
  },
  {
    id: "native-regexp-validator",
    reports: [
      "LangChain DynamicStructuredTool (@cfworker/json-schema: `new RegExp(pattern, 'u')`)",
      "Mastra and VoltAgent (zod-from-json-schema PatternHandler: a native RegExp)",
      "Genkit validateSchema (@genkit-ai/core: a default Ajv, `pattern` as a native RegExp)",
    ],
    policy: "a server's `pattern` compiled to a native, backtracking RegExp and every call validated with it: a crafted argument stalls the host",
    host: "backtracking-validator",
    clause: "schema/hostile-schema",
    // The real hosts' own counterexample: 28 `a`s took them 20 s and more; the one-bug host's compiled V8
    // RegExp takes about 2 s (4 s on a loaded machine), four times the clause's 500 ms bound, so the replay
    // cannot pass by a fast machine's luck. 27 would halve the cost and the margin; 26 sits on the bound.
    value: {
      hostile: {
        kind: "alternation",
        backtracks: true,
        inputSchema: { type: "object", properties: { q: { type: "string", pattern: "^(a|a)+$" } } },
        argument: { q: `${"a".repeat(28)}!` },
        warmUp: { q: "aaaaaaaa!" },
      },
      sibling: false,
      neighbour: false,
    },
  },
  {
    id: "lost-call-kills-server-for-process",
    reports: ["Vigil-SOC/vigil#809"],
    policy: "any failed call marks its server disconnected in a process-wide registry that only a restart clears; a pruned server is never offered, so never called, so never reconnected",
    host: "lost-call-sticks",
    clause: "lifecycle/sessions-independent",
    value: {
      world: catalogueWorld(["alpha", ["request"]], ["beta", ["search"]]),
      between: [{ servers: catalogueWorld(["alpha", ["request"]], ["beta", ["search"]]).servers.map((server, index) => (index === 0 ? { ...server, loseAnswers: ["*"] } : server)) }],
    },
  },
  {
    id: "ranked-search-misses-exact-name",
    reports: ["openai/codex#21503 (tool_search ranks deferred tools with BM25 and keeps the top results: a tool the query names exactly can be left out, and the agent concludes it is not installed)", "Yeachan-Heo/oh-my-claudecode#814 (Claude Code's ToolSearch found no match for ask_codex among 100 deferred tools; select: with the full name did)"],
    policy: "deferred tools found by a ranked search cut at five, with nothing to keep the tool a query names exactly: a tool listed after five siblings that share its name's word is never loaded, whichever of its names is asked for",
    host: "search-misses-exact-name",
    clause: "surface/deferred-reachable",
    value: { world: catalogueWorld(["alpha", ["request_a", "request_b", "request_c", "request_d", "request_e", "request_f", "request"]], ["gamma", filler(14)]) },
    large: "the reference defers only past 20 tools, and a ranked search misses a name only behind five siblings that share its word",
  },
  {
    id: "activation-pattern-without-hyphen",
    reports: ["netease-lcap/wave-agent PR#1070 (trackDiscoveredTools read the tools a search found back out of its result with [\\w, ]+: mcp__popo-acp__sendFile was found and never activated)"],
    policy: "what a search found loaded by reading the names back out of its result text with a pattern of word characters: a name holding \"-\" is cut at it and never loaded",
    host: "search-activation-no-hyphen",
    clause: "surface/deferred-reachable",
    value: { world: catalogueWorld(["popo-acp", ["sendFile"]], ["gamma", filler(20)]) },
    large: "the reference defers only past 20 tools",
  },
  {
    id: "schema-cut-to-properties",
    reports: ["Continue CLI 1.5.47 (an MCP tool's input schema handed to the model as properties and required only; found by hand)"],
    policy: "the input schema handed to the model rebuilt from properties and required alone: $defs left behind, every $ref into them dangling",
    host: "schema-properties-only",
    clause: "schema/input-schema-intact",
    value: WorldSchema.parse({ servers: [{ ...server("alpha", ["order"]), tools: [{ name: "order", description: describeTool("alpha", "order"), inputSchema: structuredClone(intactSchemas["schema:refs"]) }] }] }),
  },
  {
    id: "finished-call-cancelled",
    reports: ["Kilo Code CLI 7.7.7 (notifications/cancelled for every tools/call that had already finished; found by hand in the servers' records)"],
    policy: "every call's request cancelled once its answer is in: the server is told to cancel work it has finished",
    host: "cancels-finished-calls",
    clause: "wire/cancels-only-pending",
    value: catalogueWorld(["alpha", ["request"]]),
  },
  // Prompts and resources (issue 37): suites/context-bug-catalogue.ts.
  ...contextBugCatalogue,
];
