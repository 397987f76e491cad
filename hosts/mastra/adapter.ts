/**
 * HAP/1 adapter for Mastra's `MCPClient` (`@mastra/mcp`) feeding a Mastra `Agent` (`@mastra/core`), in the
 * two ways Mastra's docs wire them:
 *
 *   node --import tsx hosts/mastra/adapter.ts              new Agent({ tools: await mcp.getTools() })
 *   node --import tsx hosts/mastra/adapter.ts --toolsets   agent.generate(..., { toolsets: await mcp.getToolsets() })
 *
 * `getTools()` names each tool `${serverName}_${toolName}`; `getToolsets()` groups tools by server under
 * their own names, and the Agent flattens the groups into one object by tool name. Either way the Agent's
 * `formatTools` then rewrites names a provider refuses (characters outside [A-Za-z0-9_-] become "_", a "_"
 * goes in front of a name not starting with a letter or "_", the rest is cut at 63) and throws when a
 * rewritten name is already taken.
 *
 * - open: `new MCPClient({ servers })` keyed by the configuration key, with each server's `logger` handler
 *   (Mastra's per-server log channel) collecting error-level entries as errors naming that server; then
 *   `getTools()` / `getToolsets()`, then one `agent.generate()` whose model answers at once, so the
 *   Agent's own tool conversion runs. A rejection at either step is the open's error.
 * - tools: the `tools` the Agent hands its language model (captured by a scripted AI SDK v5 model).
 * - call: `agent.generate()` with a model that emits one tool call; the Agent looks the tool up and runs it.
 *   A raise (e.g. "Tool ... not found") or a `tool-error` part is `ok: false`.
 * - local tools: the application's `createTool({ id, description, inputSchema, execute })` under its name
 *   in the Agent's `tools` record (the record entry is the only shape: the Agent keys tools by their record
 *   key). getTools(): `new Agent({ tools: { ...localTools, ...await mcp.getTools() } })` at open;
 *   getToolsets(): `new Agent({ tools: localTools })` beside the request's `toolsets`. `registerLocal` adds
 *   the entry after the MCP tools (`{ ...tools, [name]: localTool }`) on a new Agent.
 * - refresh: `getTools()` / `getToolsets()` again (each lists every server anew); a rejection keeps the
 *   tools the application had. @mastra/mcp has no handler for `notifications/tools/list_changed`, so
 *   `listChanged` is not declared.
 * - prompts and resources (issue 37): MCPClient's own `prompts` and `resources` namespaces, taken at open and
 *   at each refresh: `prompts.list()`, `resources.list()` and `resources.templates()` each answer a record
 *   keyed by server name, so an entry is shown under its own name or URI with the server name as its
 *   `namespace`; `prompts.get({ serverName, name, args })` and `resources.read(serverName, uri)` take the
 *   server name from their caller. Passing the namespace back is what Mastra's API requires of its caller (it
 *   has no merged list and no lookup by name alone); Mastra, not the adapter, then picks the client. A server
 *   whose list fails is logged on the MCPClient's own logger and left out of the record: the caller gets no
 *   error. No `list_changed` handler is installed by default (`onListChanged` is the application's opt-in).
 * Imports: the host's packages, ../../harness/index.ts and ../real-host-adapter.ts only.
 */
import { parseArgs } from "node:util";
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { MCPClient } from "@mastra/mcp";
import { z } from "zod";
import type {
  PromptGetResult, PromptsResult, ResourceReadResult, ResourcesResult, ShownPrompt, ShownResource, ShownTemplate,
  CallResult, HostError, HostOpenParams, InitializeResult, LocalShape, OpenResult, RefreshResult, RegisterLocalResult, ToolsResult, VisibleTool,
} from "../../harness/index.ts";
import { localAnswer, localDescription } from "../local-tool.ts";
import {
  basicInitialize, consoleToStderr, emptyRegistered, RealHostAdapter, serveRealHost, versionOf, fromServer, shownPrompts, shownResources, shownTemplates,
} from "../real-host-adapter.ts";

// Mastra's loggers print with console.info/console.error.
consoleToStderr();

const { values: flags } = parseArgs({ options: { toolsets: { type: "boolean", default: false } } });
const useToolsets = flags.toolsets === true;

/**
 * The listing methods of the installed major, by the names its docs give them: @mastra/mcp 2 calls them
 * `listTools()` / `listToolsets()`, 0.x `getTools()` / `getToolsets()` (same results), so one adapter
 * judges either (`npm run reports -- --from DIR` for an earlier version).
 */
const renamed = typeof (MCPClient.prototype as { listTools?: unknown }).listTools === "function";
const [toolsMethod, toolsetsMethod] = renamed ? ["listTools", "listToolsets"] as const : ["getTools", "getToolsets"] as const;
const listTools = (mcp: MCPClient) => (mcp as unknown as Record<string, () => Promise<AnyTools>>)[toolsMethod]!();
const listToolsets = (mcp: MCPClient) => (mcp as unknown as Record<string, () => Promise<Record<string, AnyTools>>>)[toolsetsMethod]!();

type AnyTools = Record<string, unknown>;

/**
 * An AI SDK v5 language model (the LanguageModelV2 interface Mastra's Agent calls) that follows a script:
 * its first turn calls `call` (or answers), every later turn answers. It records the tools it was offered.
 */
class ScriptedModel {
  readonly specificationVersion = "v2";
  readonly provider = "scripted";
  readonly modelId = "scripted";
  readonly supportedUrls = {};
  offered: VisibleTool[] = [];
  #turn = 0;

  constructor(readonly call?: { name: string; arguments: Record<string, unknown> }) {}

  async doGenerate(options: { tools?: Array<{ type: string; name: string; description?: string; inputSchema?: unknown }> }) {
    const turn = this.#turn++;
    if (turn === 0) {
      this.offered = (options.tools ?? []).flatMap((tool) =>
        tool.type === "function" ? [{ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }] : []);
    }
    const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    if (turn === 0 && this.call) {
      return {
        content: [{ type: "tool-call", toolCallId: "call_1", toolName: this.call.name, input: JSON.stringify(this.call.arguments) }],
        finishReason: "tool-calls", usage, warnings: [],
      };
    }
    return { content: [{ type: "text", text: "done" }], finishReason: "stop", usage, warnings: [] };
  }

  async doStream(): Promise<never> {
    throw new Error("this adapter never streams");
  }
}

interface Session {
  mcp: MCPClient;
  agent: Agent;
  keys: string[];
  toolsets: Record<string, AnyTools>;
  /** getTools() mode: what getTools() gave. */
  mcpTools: AnyTools;
  /** The application's tools defined before the servers loaded, and those added since. */
  atOpen: AnyTools;
  added: AnyTools;
  /** Where the servers' error-level log entries are collected. */
  sink: { errors: HostError[] };
  /** The model the next generate() runs with; the Agent's model is a function returning it. */
  model: ScriptedModel;
  /** What prompts.list(), resources.list() and resources.templates() gave, as shown. */
  prompts: ShownPrompt[];
  resources: ShownResource[];
  templates: ShownTemplate[];
  /** Why the open failed; a failed open shows no tools. */
  broken?: string;
}

/** An error's message with its cause's, without the stack trace Mastra folds into wrapped messages. */
function messageOf(error: unknown): string {
  const cut = (text: string) => text.split(/\n\s+at /)[0]!.trim();
  if (!(error instanceof Error)) return cut(String(error));
  const cause = (error as { cause?: unknown }).cause;
  const own = cut(error.message);
  return cause instanceof Error && !own.includes(cut(cause.message)) ? `${own}: ${cut(cause.message)}` : own;
}

/** A local tool as Mastra's docs make one. */
function localTool(name: string, shape: LocalShape): unknown {
  return createTool({
    id: name, description: localDescription({ name, shape }),
    inputSchema: z.object({ probe: z.string().optional() }).passthrough(),
    execute: async () => localAnswer(name),
  });
}

/** The Agent as the docs build it: local tools and, in getTools() mode, the MCP tools in one record. */
function agentOf(open: Session): Agent {
  const model = () => open.model as never;
  const tools = useToolsets ? { ...open.atOpen, ...open.added } : { ...open.atOpen, ...open.mcpTools, ...open.added };
  // `id` is required since @mastra/core 1 (0.x takes it too).
  return new Agent({ id: "host", name: "host", instructions: "", model, tools: tools as never });
}

class MastraHost extends RealHostAdapter<Session> {
  async initialize(): Promise<InitializeResult> {
    return basicInitialize({
      name: `@mastra/mcp MCPClient + @mastra/core Agent (${useToolsets ? toolsetsMethod : toolsMethod}())`,
      version: `@mastra/mcp ${versionOf("@mastra/mcp", import.meta.url)}, @mastra/core ${versionOf("@mastra/core", import.meta.url)}`,
    }, { localTools: true, registerLocal: ["dict"], refresh: true, prompts: true, resources: true, resourceTemplates: true });
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const errors: HostError[] = [];
    // Where the servers' error-level log entries go: the open's errors, then each refresh's.
    const sink = { errors };
    const servers: Record<string, unknown> = {};
    for (const { key, transport } of params.servers) {
      const logger = (entry: { level: string; message: string; serverName: string; details?: unknown }) => {
        if (entry.level !== "error") return;
        const detail = (entry.details as { error?: unknown } | undefined)?.error;
        const firstLine = typeof detail === "string" ? detail.split("\n")[0] : undefined;
        sink.errors.push({ server: entry.serverName, message: firstLine ? `${entry.message}: ${firstLine}` : entry.message });
      };
      if (transport.type === "stdio") servers[key] = { command: transport.command, args: transport.args, ...(transport.env ? { env: transport.env } : {}), logger };
      else if (transport.type === "http") servers[key] = { url: new URL(transport.url), logger };
      else throw new Error(`transport ${transport.type} is not one this adapter declared`);
    }
    const registered = emptyRegistered(params);
    const mcp = new MCPClient({ servers: servers as never });
    const atOpen: AnyTools = {};
    for (const local of params.localTools ?? []) atOpen[local.name] = localTool(local.name, local.shape);
    const open: Session = { mcp, agent: undefined as never, keys: Object.keys(registered), toolsets: {}, mcpTools: {}, atOpen, added: {}, sink, model: new ScriptedModel(), prompts: [], resources: [], templates: [] };
    const session = this.remember(open);
    try {
      Object.assign(registered, await this.#load(open));
      await this.#generate(open, new ScriptedModel());
    } catch (error) {
      open.broken = messageOf(error);
      errors.push({ message: open.broken });
    }
    return { session, outcome: { registered, errors }, diagnostics: [] };
  }

  async refresh(session: string): Promise<RefreshResult> {
    const open = this.session(session);
    const registered = Object.fromEntries(open.keys.map((key) => [key, [] as string[]]));
    const errors: HostError[] = [];
    const keep = { toolsets: open.toolsets, mcpTools: open.mcpTools };
    open.sink.errors = errors;
    try {
      Object.assign(registered, await this.#load(open));
      open.broken = undefined;
    } catch (error) {
      // The application keeps the tools it had.
      Object.assign(open, keep);
      open.agent = agentOf(open);
      errors.push({ message: messageOf(error) });
    }
    return { outcome: { registered, errors }, diagnostics: [] };
  }

  async registerLocal(session: string, name: string, shape: LocalShape): Promise<RegisterLocalResult> {
    const open = this.session(session);
    open.added[name] = localTool(name, shape);
    open.agent = agentOf(open);
    return { ok: true };
  }

  /** Lists every server (getToolsets() or getTools()), builds the Agent, and returns what each server registered. */
  async #load(open: Session): Promise<Record<string, string[]>> {
    const registered: Record<string, string[]> = {};
    if (useToolsets) {
      open.toolsets = await listToolsets(open.mcp);
      for (const [key, tools] of Object.entries(open.toolsets)) registered[key] = Object.keys(tools);
    } else {
      open.mcpTools = await listTools(open.mcp);
      // getTools() keys are `${serverName}_${toolName}`; its per-server source is getToolsets().
      for (const [key, set] of Object.entries(await listToolsets(open.mcp))) {
        registered[key] = Object.keys(set).map((name) => `${key}_${name}`);
      }
    }
    open.agent = agentOf(open);
    await this.#listContext(open);
    return registered;
  }

  /** The application's prompt and resource lists: each namespace's list(), every server's entries under its name. */
  async #listContext(open: Session): Promise<void> {
    open.prompts = shownPrompts(await open.mcp.prompts.list());
    open.resources = shownResources(await open.mcp.resources.list());
    open.templates = shownTemplates(await open.mcp.resources.templates());
  }

  async prompts(session: string): Promise<PromptsResult> {
    return { prompts: this.session(session).prompts };
  }

  async getPrompt(session: string, name: string, args: Record<string, string>, namespace?: string): Promise<PromptGetResult> {
    return fromServer("prompts.get", name, namespace, async (serverName) => {
      const got = await this.session(session).mcp.prompts.get({ serverName, name, args }) as { messages: unknown[]; description?: string };
      return { messages: got.messages, ...(typeof got.description === "string" ? { description: got.description } : {}) };
    });
  }

  async resources(session: string): Promise<ResourcesResult> {
    const open = this.session(session);
    return { resources: open.resources, templates: open.templates };
  }

  async readResource(session: string, uri: string, namespace?: string): Promise<ResourceReadResult> {
    return fromServer("resources.read", uri, namespace, async (serverName) => ({
      contents: (await this.session(session).mcp.resources.read(serverName, uri) as { contents: unknown[] }).contents,
    }));
  }

  async tools(session: string): Promise<ToolsResult> {
    const open = this.session(session);
    if (open.broken !== undefined) return { tools: [] };
    const model = new ScriptedModel();
    await this.#generate(open, model);
    return { tools: model.offered };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.session(session);
    if (open.broken !== undefined) return { ok: false, error: { message: open.broken } };
    let result: { steps?: Array<{ content?: Array<{ type: string; output?: unknown; error?: unknown }> }> };
    try {
      result = await this.#generate(open, new ScriptedModel({ name, arguments: args })) as typeof result;
    } catch (error) {
      return { ok: false, error: { message: messageOf(error) } };
    }
    const parts = (result.steps ?? []).flatMap((step) => step.content ?? []);
    const failed = parts.find((part) => part.type === "tool-error");
    if (failed) return { ok: false, error: { message: messageOf(failed.error) } };
    const done = parts.find((part) => part.type === "tool-result");
    if (!done) return { ok: false, error: { message: `no tool result: ${JSON.stringify(parts.map((part) => part.type))}` } };
    // @mastra/core 1 hands results on as the AI SDK's tool outputs: a failure (a tool that threw, an
    // unknown name, an MCP result with isError) is `{ type: "error-text" | "error-json", value }`, which
    // the model is given as an error. 0.x gave the raw value.
    const output = done.output as { type?: unknown; value?: unknown } | undefined;
    if (output?.type === "error-text" || output?.type === "error-json") {
      return { ok: false, error: { message: typeof output.value === "string" ? output.value : JSON.stringify(output.value) } };
    }
    const value = output?.value ?? done.output;
    // CoreToolBuilder's execute wrapper returns its failures as the tool's result: a MastraError
    // (TOOL_EXECUTION_FAILED) when the tool threw, `{ error: true, message, validationErrors }` when the
    // input did not validate. The model is handed those as the tool's output; to the caller they are errors.
    const failure = value as { error?: unknown; message?: unknown; code?: unknown; id?: unknown; isError?: unknown } | null;
    if (value instanceof Error || failure?.error === true || failure?.code === "TOOL_EXECUTION_FAILED" || failure?.id === "TOOL_EXECUTION_FAILED") {
      return { ok: false, error: { message: typeof failure?.message === "string" ? failure.message : JSON.stringify(value) } };
    }
    if (failure?.isError === true) return { ok: false, error: { message: JSON.stringify(value) } };
    return { ok: true, content: [value] };
  }

  protected async release(open: Session): Promise<void> {
    await open.mcp.disconnect();
  }

  /** One `agent.generate()` with `model` in charge, passing the toolsets in --toolsets mode. */
  async #generate(open: Session, model: ScriptedModel): Promise<unknown> {
    open.model = model;
    return open.agent.generate("go", useToolsets ? { toolsets: open.toolsets as never } : {});
  }
}

await serveRealHost(new MastraHost());
