/**
 * HAP/1 adapter for the OpenAI Agents SDK for JavaScript (`@openai/agents-core`): its MCP server classes,
 * an `Agent` with `mcpServers`, and the SDK's own `Runner` driving a scripted model, so the tool list
 * and every tool call go through the code a real agent run goes through (`getAllMcpTools`, which raises
 * `UserError("Duplicate tool names found across MCP servers: ...")`, and the runner's tool lookup).
 *
 *   node --import tsx hosts/openai-agents/adapter.ts                  default (raw MCP names)
 *   node --import tsx hosts/openai-agents/adapter.ts --server-names   mcpConfig.includeServerInToolNames
 *
 * - open: one `MCPServerStdio` / `MCPServerStreamableHttp` per server, `name` = the configuration key,
 *   connected with the SDK's `connectMcpServers` (sequential, failed servers dropped; its `errors` map says
 *   which server failed). Then one agent run whose model answers at once: the run lists every server's
 *   tools exactly as each turn does. A run that raises (duplicate names) is the open's error, naming no
 *   server, and the agent shows no tools.
 * - tools: `request.tools` as the scripted model receives it (name, description, JSON Schema parameters).
 * - call: a run whose model emits one `function_call`; the runner resolves the name and invokes the MCP
 *   tool. A raise (e.g. "Tool ... not found") or the SDK's default tool-error text is `ok: false`.
 * - local tools: the SDK's `tool({ name, description, parameters, execute })` in the Agent's `tools`
 *   beside its `mcpServers` (`getAllTools` returns `[...mcpTools, ...functionTools]`): given to the
 *   constructor at open, added with `agent.clone({ tools: [...agent.tools, localTool] })` by `registerLocal`.
 * - allow/deny: each server's `toolFilter: createMCPToolStaticFilter({ allowed, blocked })` (allow `*` is
 *   no allow list: the filter has no wildcard).
 * - refresh: `invalidateToolsCache()` on the refreshed servers, the SDK's own re-list call; with the
 *   default `cacheToolsList: false` every run lists every server anyway. The SDK has no handler for
 *   `notifications/tools/list_changed`, so `listChanged` is not declared.
 * Imports: the host's packages, ../../harness/index.ts and ../real-host-adapter.ts only.
 */
import { parseArgs } from "node:util";
import {
  Agent,
  connectMcpServers,
  createMCPToolStaticFilter,
  tool,
  MCPServerStdio,
  MCPServerStreamableHttp,
  Runner,
  Usage,
  type MCPServer,
  type MCPServers,
  type FunctionTool,
  type Model,
  type ModelRequest,
  type ModelResponse,
} from "@openai/agents-core";
import type {
  CallResult, HostError, HostOpenParams, InitializeResult, LocalShape, OpenResult, RefreshResult, RegisterLocalResult, ToolsResult, VisibleTool,
} from "../../harness/index.ts";
import { localAnswer, localDescription, localInputSchema } from "../local-tool.ts";
import { basicInitialize, emptyRegistered, messageOf, RealHostAdapter, serveRealHost, versionOf } from "../real-host-adapter.ts";

const { values: flags } = parseArgs({ options: { "server-names": { type: "boolean", default: false } } });
const includeServerInToolNames = flags["server-names"] === true;

/** The SDK's defaultToolErrorFunction text: what the model is told when a tool invocation threw. */
const TOOL_ERROR_PREFIX = "An error occurred while running the tool.";

/**
 * A model that follows a script: on its first turn it calls `call` (or answers at once), on every later
 * turn it answers. It records the tools it was offered and what came back for its call.
 */
class ScriptedModel implements Model {
  offered: VisibleTool[] = [];
  returned: unknown[] = [];
  #turn = 0;

  constructor(readonly call?: { name: string; arguments: Record<string, unknown> }) {}

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const turn = this.#turn++;
    if (turn === 0) {
      this.offered = request.tools.flatMap((tool) =>
        tool.type === "function" ? [{ name: tool.name, description: tool.description, inputSchema: tool.parameters }] : []);
    }
    if (turn === 0 && this.call) {
      return {
        usage: new Usage(),
        output: [{ type: "function_call", callId: "call_1", name: this.call.name, arguments: JSON.stringify(this.call.arguments), status: "completed" }],
      };
    }
    if (Array.isArray(request.input)) {
      this.returned = request.input.filter((item) => item.type === "function_call_result").map((item) => (item as { output: unknown }).output);
    }
    return {
      usage: new Usage(),
      output: [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "done" }] }],
    };
  }

  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("this adapter never streams");
  }
}

interface Session {
  managed: MCPServers;
  agent: Agent;
  keys: string[];
  byServer: Map<MCPServer, string>;
  /** Why the host's tool listing raised at open; every later run raises it again. */
  broken?: string;
}

function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  const item = output as { type?: string; text?: unknown } | null;
  if (item?.type === "text" && typeof item.text === "string") return item.text;
  return JSON.stringify(output);
}

/** A local tool as the SDK's docs make one. */
function localTool(name: string, shape: LocalShape): FunctionTool {
  return tool({
    name, description: localDescription({ name, shape }), strict: false,
    parameters: { ...localInputSchema, required: [], additionalProperties: true } as never,
    execute: async () => localAnswer(name),
  }) as unknown as FunctionTool;
}

/** A server's static filter from HAP/1 allow/deny: `*` allows everything, which is no allow list. */
function filterOf(allow: string[] | undefined, deny: string[] | undefined) {
  return createMCPToolStaticFilter({ ...(allow && !allow.includes("*") ? { allowed: allow } : {}), ...(deny ? { blocked: deny } : {}) });
}

/** One agent run with `model` in charge (RunConfig.model overrides the agent's), tracing off: no network. */
async function run(agent: Agent, input: string, model: ScriptedModel): Promise<void> {
  await new Runner({ model, tracingDisabled: true }).run(agent, input);
}

/**
 * What the host registered per server. getAllTools lists the MCP tools first, each server's in server
 * order and in that server's list order (as filtered), then the agent's own tools, so the flat list the
 * model was offered splits back into per-server runs of the servers' own filtered list lengths.
 */
async function registeredOf(managed: MCPServers, byServer: Map<MCPServer, string>, offered: VisibleTool[], locals: number): Promise<Record<string, string[]>> {
  const registered: Record<string, string[]> = {};
  const mcp = offered.slice(0, offered.length - locals);
  let offset = 0;
  for (const server of managed.active) {
    const filter = server.toolFilter as { allowedToolNames?: string[]; blockedToolNames?: string[] } | undefined;
    const listed = (await server.listTools()).filter((tool) =>
      (!filter?.allowedToolNames?.length || filter.allowedToolNames.includes(tool.name)) && !filter?.blockedToolNames?.includes(tool.name));
    const count = Math.min(listed.length, mcp.length - offset);
    registered[byServer.get(server)!] = mcp.slice(offset, offset + count).map((tool) => tool.name);
    offset += count;
  }
  return registered;
}

class OpenAiAgentsHost extends RealHostAdapter<Session> {
  async initialize(): Promise<InitializeResult> {
    return basicInitialize({
      name: `@openai/agents-core Agent${includeServerInToolNames ? " (includeServerInToolNames)" : ""}`,
      version: versionOf("@openai/agents-core", import.meta.url),
    }, { localTools: true, registerLocal: ["object"], refresh: true, allowDeny: true });
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const byServer = new Map<MCPServer, string>();
    const servers: MCPServer[] = params.servers.map(({ key, transport, allow, deny }) => {
      let server: MCPServer;
      const toolFilter = filterOf(allow, deny);
      const filter = toolFilter ? { toolFilter } : {};
      if (transport.type === "stdio") server = new MCPServerStdio({ name: key, command: transport.command, args: transport.args, ...(transport.env ? { env: transport.env } : {}), ...filter });
      else if (transport.type === "http") server = new MCPServerStreamableHttp({ name: key, url: transport.url, ...filter });
      else throw new Error(`transport ${transport.type} is not one this adapter declared`);
      byServer.set(server, key);
      return server;
    });
    const managed = await connectMcpServers(servers);
    const errors: HostError[] = [...managed.errors].map(([server, error]) => ({ server: byServer.get(server)!, message: messageOf(error) }));
    const tools = (params.localTools ?? []).map((local) => localTool(local.name, local.shape));
    const agent = new Agent({ name: "host", instructions: "", tools, mcpServers: managed.active, mcpConfig: { includeServerInToolNames } });
    const open: Session = { managed, agent, keys: params.servers.map((server) => server.key), byServer };
    const session = this.remember(open);
    const registered = emptyRegistered(params);
    const model = new ScriptedModel();
    try {
      await run(agent, "hello", model);
    } catch (error) {
      open.broken = messageOf(error);
      errors.push({ message: open.broken });
      return { session, outcome: { registered, errors }, diagnostics: [] };
    }
    Object.assign(registered, await registeredOf(managed, byServer, model.offered, agent.tools.length));
    return { session, outcome: { registered, errors }, diagnostics: [] };
  }

  async refresh(session: string, server?: string): Promise<RefreshResult> {
    const open = this.session(session);
    const registered = Object.fromEntries(open.keys.map((key) => [key, [] as string[]]));
    for (const active of open.managed.active) {
      if (server === undefined || open.byServer.get(active) === server) await active.invalidateToolsCache();
    }
    const model = new ScriptedModel();
    try {
      await run(open.agent, "hello", model);
    } catch (error) {
      open.broken = messageOf(error);
      return { outcome: { registered, errors: [{ message: open.broken }] }, diagnostics: [] };
    }
    open.broken = undefined;
    return { outcome: { registered: { ...registered, ...await registeredOf(open.managed, open.byServer, model.offered, open.agent.tools.length) }, errors: [] }, diagnostics: [] };
  }

  async registerLocal(session: string, name: string, shape: LocalShape): Promise<RegisterLocalResult> {
    const open = this.session(session);
    open.agent = open.agent.clone({ tools: [...open.agent.tools, localTool(name, shape)] });
    return { ok: true };
  }

  async tools(session: string): Promise<ToolsResult> {
    const open = this.session(session);
    if (open.broken !== undefined) return { tools: [] };
    const model = new ScriptedModel();
    try {
      await run(open.agent, "list", model);
    } catch {
      // The run raised before the model was asked (a server it could not list): the model is offered nothing.
      return { tools: [] };
    }
    return { tools: model.offered };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.session(session);
    const model = new ScriptedModel({ name, arguments: args });
    try {
      await run(open.agent, "call", model);
    } catch (error) {
      return { ok: false, error: { message: messageOf(error) } };
    }
    const [output] = model.returned;
    if (output === undefined) return { ok: false, error: { message: "the run returned no function_call_result" } };
    const text = outputText(output);
    if (text.startsWith(TOOL_ERROR_PREFIX)) return { ok: false, error: { message: text } };
    return { ok: true, content: [output] };
  }

  protected async release(open: Session): Promise<void> {
    await open.managed.close();
  }
}

await serveRealHost(new OpenAiAgentsHost());
