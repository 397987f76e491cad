/**
 * HAP/1 adapter for mcp-use (TypeScript, `mcp-use` 1.x): an `MCPClient` over every configured server and an
 * `MCPAgent` on it, the way its README builds an agent, with a scripted LangChain chat model in charge, so
 * the tool list and every call go through the agent's own machinery (its `LangChainAdapter`, which names
 * the tools, and LangChain's `createAgent`, which dispatches them).
 *
 *   node --import tsx hosts/mcp-use/adapter.ts
 *
 * - open: `new MCPClient({ mcpServers })` keyed by the configuration key, `new MCPAgent({ llm, client,
 *   adapter, additionalTools })`, `agent.initialize()` (it opens every session and converts every tool).
 *   A rejection is the open's error. `registered` is the agent's adapter's per-connector tool list
 *   (`loadToolsForConnector`, the same cache `initialize` filled).
 * - tools: what the agent binds to its model (`bindTools`, captured by the scripted model), as LangChain
 *   renders it for a provider (`convertToOpenAITool`).
 * - call: `agent.run()` whose model emits one tool call; the ToolMessage handed back to the model is the
 *   result (mcp-use returns tool failures as text, `Error executing MCP tool: ...`, which is `ok: false`).
 * - local tools: LangChain `tool()`s as `additionalTools`, which the agent appends after the MCP tools;
 *   `registerLocal` builds the agent anew with the list extended (the agent has no call to add one).
 * - refresh: `client.createSession(key)` (a session lists its server's tools when it starts; a new agent
 *   over old sessions reuses their cached lists), the old session disconnected once replaced, then a new
 *   agent. A session that cannot start leaves the old one in place, and its error names the key.
 * - listChanged: each connector re-lists by itself on `notifications/tools/list_changed`
 *   (`refreshToolsCache`); whether the agent's model sees it is what drift/list-changed judges.
 * - prompts and resources (issue 37): MCPAgent offers them to its model as tools by default
 *   (`exposePromptsAsTools` / `exposeResourcesAsTools`, both true): `LangChainAdapter.convertPrompt` and
 *   `convertResource` make one tool per prompt and per static resource (`listAllResources`; templates are never
 *   offered), named by `sanitizeToolName` and `reserveName`. The adapter records each tool those two made (its
 *   name, the server's prompt or resource, the connector) and shows it: a prompt under the tool's name, a resource
 *   under its URI with the tool's name as namespace. A get or read is the model calling that tool through
 *   `agent.run()`, the only way mcp-use reaches them; the tool's text answer is the message or the contents.
 * Telemetry is off (`MCP_USE_ANONYMIZED_TELEMETRY=false`, set by ../offline-env.ts before mcp-use loads).
 * Imports: the host's packages, ../../harness/index.ts and the sibling helpers in ../ only.
 */
import "../offline-env.ts";
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, ToolMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { MCPAgent, MCPClient } from "mcp-use";
import { LangChainAdapter } from "mcp-use/adapters";
import type {
  CallResult, HostError, HostOpenParams, InitializeResult, LocalShape, OpenResult, PromptGetResult, PromptsResult, RefreshResult,
  RegisterLocalResult, ResourceReadResult, ResourcesResult, ShownPrompt, ShownResource, ToolsResult, VisibleTool,
} from "../../harness/index.ts";
import { localAnswer, localDescription, localInputSchema } from "../local-tool.ts";
import { basicInitialize, consoleToStderr, emptyRegistered, messageOf, RealHostAdapter, serveRealHost, versionOf } from "../real-host-adapter.ts";

consoleToStderr();

/** The text mcp-use's LangChainAdapter answers the model with when an MCP call threw. */
const TOOL_ERROR_PREFIX = "Error executing MCP tool";
/** What its prompt and resource tools answer when the get or read threw (as text, not as a tool error). */
const PROMPT_ERROR_PREFIX = "Error getting prompt:";
const RESOURCE_ERROR_PREFIX = "Error reading resource:";

/** The first text block of a call's content, or undefined. */
function firstText(content: unknown[]): string | undefined {
  const text = (content[0] as { text?: unknown } | undefined)?.text;
  return typeof text === "string" ? text : undefined;
}

/**
 * A LangChain chat model that follows a script: on its first turn of a run it calls `call` (or answers),
 * on every later turn it answers. It records the tools bound to it and what came back for its call.
 */
class ScriptedChatModel extends BaseChatModel {
  offered: VisibleTool[] = [];
  returned: ToolMessage[] = [];
  call?: { name: string; arguments: Record<string, unknown> };
  #turn = 0;

  constructor() {
    super({});
  }

  _llmType(): string {
    return "scripted";
  }

  /** Starts a run: the next turn is the first. */
  next(call?: { name: string; arguments: Record<string, unknown> }): this {
    this.call = call;
    this.#turn = 0;
    this.returned = [];
    return this;
  }

  override bindTools(tools: unknown[]): this {
    this.offered = tools.map((bound) => {
      const spec = convertToOpenAITool(bound as StructuredToolInterface);
      return { name: spec.function.name, description: spec.function.description, inputSchema: spec.function.parameters };
    });
    return this;
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const turn = this.#turn++;
    if (turn === 0 && this.call) {
      const message = new AIMessage({ content: "", tool_calls: [{ id: "call_1", name: this.call.name, args: this.call.arguments, type: "tool_call" }] });
      return { generations: [{ text: "", message }] };
    }
    this.returned = messages.filter((message): message is ToolMessage => ToolMessage.isInstance(message));
    return { generations: [{ text: "done", message: new AIMessage("done") }] };
  }
}

/** A tool mcp-use made of a server's prompt or resource, as `convertPrompt` / `convertResource` made it. */
interface MadeTool {
  kind: "prompt" | "resource";
  tool: string;
  /** The tool's description, which the model sees: the server's own description of the prompt or resource. */
  description: string;
  entry: Record<string, unknown>;
  connector: unknown;
}

/** mcp-use's own LangChainAdapter, noting each prompt and resource tool it makes (the names are its own). */
class RecordingAdapter extends LangChainAdapter {
  made: MadeTool[] = [];

  protected override convertPrompt(...args: Parameters<LangChainAdapter["convertPrompt"]>): StructuredToolInterface | null {
    const made = super.convertPrompt(...args);
    if (made) this.made.push({ kind: "prompt", tool: made.name, description: made.description, entry: args[0] as Record<string, unknown>, connector: args[1] });
    return made;
  }

  protected override convertResource(...args: Parameters<LangChainAdapter["convertResource"]>): StructuredToolInterface | null {
    const made = super.convertResource(...args);
    if (made) this.made.push({ kind: "resource", tool: made.name, description: made.description, entry: args[0] as Record<string, unknown>, connector: args[1] });
    return made;
  }
}

interface Session {
  client: MCPClient;
  keys: string[];
  locals: StructuredToolInterface[];
  model: ScriptedChatModel;
  agent?: MCPAgent;
  /** The agent's LangChainAdapter: its per-connector cache is the host's account of each server. */
  adapter?: LangChainAdapter;
  /** Why the agent could not be built; a broken agent shows no tools. */
  broken?: string;
  /** The prompt and resource tools the agent offers, as shown. */
  prompts: ShownPrompt[];
  resources: ShownResource[];
}

/** A local tool as LangChain's docs make one. */
function localTool(name: string, shape: LocalShape): StructuredToolInterface {
  return tool(async () => localAnswer(name), { name, description: localDescription({ name, shape }), schema: localInputSchema });
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((block) => (block as { text?: unknown }).text).filter((t) => typeof t === "string").join("\n");
  return JSON.stringify(content);
}

/** Builds and initializes an agent over the session's client; returns what each server registered. */
async function build(open: Session): Promise<Record<string, string[]>> {
  const adapter = new RecordingAdapter();
  const agent = new MCPAgent({ llm: open.model, client: open.client, adapter, additionalTools: [...open.locals], memoryEnabled: false, maxSteps: 4 });
  open.agent = undefined;
  await agent.initialize();
  open.agent = agent;
  open.adapter = adapter;
  open.broken = undefined;
  const registered: Record<string, string[]> = {};
  const keyOf = new Map<unknown, string>();
  for (const key of open.keys) {
    const connector = open.client.getSession(key)?.connector;
    if (connector) keyOf.set(connector, key);
    registered[key] = connector ? (await adapter.loadToolsForConnector(connector)).map((converted: { name: string }) => converted.name) : [];
  }
  showMade(open, adapter.made, keyOf);
  return registered;
}

/** The prompt and resource tools `initialize()` made, shown with the server each one's connector belongs to. */
function showMade(open: Session, made: MadeTool[], keyOf: Map<unknown, string>): void {
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  open.prompts = made.filter((one) => one.kind === "prompt").map(({ tool: name, description, entry, connector }) => {
    const args = Array.isArray(entry.arguments) ? (entry.arguments as ShownPrompt["arguments"]) : undefined;
    const title = text(entry.title);
    return { name, description, server: keyOf.get(connector), wireName: text(entry.name), ...(title ? { title } : {}), ...(args ? { arguments: args } : {}) };
  });
  open.resources = made.filter((one) => one.kind === "resource").map(({ tool, description, entry, connector }) => {
    const name = text(entry.name);
    return { uri: String(entry.uri), namespace: tool, description, ...(name ? { name } : {}), server: keyOf.get(connector) };
  });
}

class McpUseHost extends RealHostAdapter<Session> {
  async initialize(): Promise<InitializeResult> {
    return basicInitialize(
      { name: "mcp-use MCPClient + MCPAgent", version: versionOf("mcp-use", import.meta.url) },
      { localTools: true, registerLocal: ["object"], refresh: true, listChanged: true, prompts: true, resources: true },
    );
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const mcpServers: Record<string, Record<string, unknown>> = {};
    for (const { key, transport } of params.servers) {
      if (transport.type === "stdio") mcpServers[key] = { command: transport.command, args: transport.args, ...(transport.env ? { env: transport.env } : {}) };
      else if (transport.type === "http") mcpServers[key] = { url: transport.url, transport: "http" };
      else throw new Error(`transport ${transport.type} is not one this adapter declared`);
    }
    const open: Session = {
      client: new MCPClient({ mcpServers }), keys: params.servers.map((server) => server.key),
      locals: (params.localTools ?? []).map((local) => localTool(local.name, local.shape)), model: new ScriptedChatModel(),
      prompts: [], resources: [],
    };
    const session = this.remember(open);
    const registered = emptyRegistered(params);
    const errors: HostError[] = [];
    try {
      Object.assign(registered, await build(open));
    } catch (error) {
      open.broken = messageOf(error);
      errors.push({ message: open.broken });
    }
    return { session, outcome: { registered, errors }, diagnostics: [] };
  }

  async refresh(session: string, server?: string): Promise<RefreshResult> {
    const open = this.session(session);
    const errors: HostError[] = [];
    for (const key of open.keys.filter((one) => server === undefined || one === server)) {
      // createSession replaces the client's session for the key only once the new one has started (and
      // listed its tools), so a server that cannot be reached keeps its old session; the old one is
      // disconnected after it is replaced.
      const old = open.client.getSession(key);
      try {
        await open.client.createSession(key);
        await old?.disconnect().catch(() => undefined);
      } catch (error) {
        errors.push({ server: key, message: messageOf(error) });
      }
    }
    const registered = Object.fromEntries(open.keys.map((key) => [key, [] as string[]]));
    try {
      Object.assign(registered, await build(open));
    } catch (error) {
      open.broken = messageOf(error);
      errors.push({ message: open.broken });
    }
    return { outcome: { registered, errors }, diagnostics: [] };
  }

  async registerLocal(session: string, name: string, shape: LocalShape): Promise<RegisterLocalResult> {
    const open = this.session(session);
    open.locals.push(localTool(name, shape));
    try {
      await build(open);
    } catch (error) {
      open.locals.pop();
      return { ok: false, error: { message: messageOf(error) } };
    }
    return { ok: true };
  }

  async tools(session: string): Promise<ToolsResult> {
    const open = this.session(session);
    if (!open.agent) return { tools: [] };
    open.model.next();
    await open.agent.run({ prompt: "list", manageConnector: false });
    return { tools: open.model.offered };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.session(session);
    if (!open.agent) return { ok: false, error: { message: open.broken ?? "the agent was not built" } };
    open.model.next({ name, arguments: args });
    try {
      await open.agent.run({ prompt: "call", manageConnector: false });
    } catch (error) {
      return { ok: false, error: { message: messageOf(error) } };
    } finally {
      open.model.call = undefined;
    }
    const [message] = open.model.returned;
    if (!message) return { ok: false, error: { message: "the run returned no tool message" } };
    const text = textOf(message.content);
    if (message.status === "error" || text.startsWith(TOOL_ERROR_PREFIX)) return { ok: false, error: { message: text } };
    let parsed: { isError?: unknown; content?: unknown } | undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed?.isError === true) return { ok: false, error: { message: text } };
    return { ok: true, content: Array.isArray(parsed?.content) ? parsed.content : [{ type: "text", text }] };
  }

  async prompts(session: string): Promise<PromptsResult> {
    return { prompts: this.session(session).prompts };
  }

  /** The model calls the prompt's tool; its text answer (the messages' contents joined) is the one message. */
  async getPrompt(session: string, name: string, args: Record<string, string>): Promise<PromptGetResult> {
    const called = await this.call(session, name, args);
    if (!called.ok) return called;
    const text = firstText(called.content);
    if (text?.startsWith(PROMPT_ERROR_PREFIX)) return { ok: false, error: { message: text } };
    return { ok: true, messages: [{ role: "user", content: called.content[0] }] };
  }

  async resources(session: string): Promise<ResourcesResult> {
    return { resources: this.session(session).resources, templates: [] };
  }

  /** The model calls the resource's tool (the namespace it is shown under); a URI alone must name one tool. */
  async readResource(session: string, uri: string, namespace?: string): Promise<ResourceReadResult> {
    const shown = this.session(session).resources.filter((one) => one.uri === uri && (namespace === undefined || one.namespace === namespace));
    if (shown.length !== 1) return { ok: false, error: { message: `${shown.length} resource tools are shown for ${uri}${namespace ? ` under ${namespace}` : ""}` } };
    const called = await this.call(session, shown[0]!.namespace!, {});
    if (!called.ok) return called;
    const text = firstText(called.content);
    if (text?.startsWith(RESOURCE_ERROR_PREFIX)) return { ok: false, error: { message: text } };
    return { ok: true, contents: called.content };
  }

  protected async release(open: Session): Promise<void> {
    await open.client.closeAllSessions();
  }
}

await serveRealHost(new McpUseHost());
