/**
 * HAP/1 adapter for LangChain.js's `@langchain/mcp-adapters` `MultiServerMCPClient`, the way its README
 * wires it into an agent: one client over every configured server, `await client.getTools()` for the flat
 * list of LangChain tools, and LangGraph's prebuilt `ToolNode` to run the model's tool calls.
 *
 *   node --import tsx hosts/langchain/adapter.ts            default options (bare names)
 *   node --import tsx hosts/langchain/adapter.ts --prefix   prefixToolNameWithServerName: true
 *
 * What each HAP/1 method does with the host's own API:
 * - open: `new MultiServerMCPClient({ mcpServers })` keyed by the configuration key (in configuration
 *   order), then `getTools()`. It connects and lists servers one after another and, by default
 *   (`onConnectionError: "throw"`, `throwOnLoadError: true`), rejects on the first failure: that rejection
 *   is reported as the open's error, with `server` set only from `MCPClientError.serverName`.
 * - tools: each tool as LangChain hands it to a chat model (`convertToOpenAITool`: name, description,
 *   JSON Schema parameters), in `getTools()` order.
 * - call: a `ToolNode` over the same tool array runs an AI message holding one tool call, exactly as a
 *   LangGraph agent's tool step does (`this.tools.find((tool) => tool.name === call.name)`); a ToolMessage
 *   with status "error" is `ok: false`.
 * - local tools: LangChain tools made with `tool()` from @langchain/core, in the one array the agent's
 *   `ToolNode` gets: `[...localTools, ...await client.getTools()]` at open (defined before any server
 *   loads), appended (`[...tools, localTool]`) by `registerLocal`. Nothing in either package compares them.
 * - refresh: the client caches each server's tools for as long as it is connected (`initializeConnections`
 *   skips a server it already has a connection for) and has no re-list call, so a refresh is a new
 *   `MultiServerMCPClient` over the same configuration and its `getTools()`; the old client is closed once
 *   the new one has loaded, and kept (with its tools) when the new one fails. The `onToolsListChanged`
 *   hook only calls the user back; nothing re-lists by itself, so `listChanged` is not declared.
 * - resources (issue 37): `listResources()` and `listResourceTemplates()` answer records keyed by server
 *   name, taken at open and at each refresh from the client the tools came from; each entry is shown as the
 *   client maps it (its `name` is the resource's `title ?? name`) with the server name as its `namespace`,
 *   and `readResource(serverName, uri)` takes the server name from its caller: that is what the API requires
 *   (it has no merged list and no read by URI alone); the client, not the adapter, then picks the connection.
 *   A server whose list fails is given `[]` and a debug log line: the caller gets no error. The package has no
 *   prompt API (client.d.ts: no listPrompts or getPrompt), so `prompts` is not declared.
 * Imports: the host's packages, ../../harness/index.ts and ../real-host-adapter.ts only.
 */
import { parseArgs } from "node:util";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import { tool, type StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import type {
  ResourceReadResult, ResourcesResult, ShownResource, ShownTemplate,
  CallResult, HostError, HostOpenParams, InitializeResult, LocalShape, LocalTool, OpenResult, RefreshResult, RegisterLocalResult, ToolsResult,
} from "../../harness/index.ts";
import { localAnswer, localDescription, localInputSchema } from "../local-tool.ts";
import {
  basicInitialize, emptyRegistered, messageOf, RealHostAdapter, serveRealHost, versionOf, fromServer, shownResources, shownTemplates,
} from "../real-host-adapter.ts";

const { values: flags } = parseArgs({ options: { prefix: { type: "boolean", default: false } } });
const prefix = flags.prefix === true;

interface Session {
  /** Absent when the constructor refused the configuration. */
  client?: MultiServerMCPClient;
  /** The configuration it was opened with, kept for a refresh. */
  mcpServers: Record<string, Connection>;
  keys: string[];
  /** The application's own tools defined before the servers loaded, and those added since. */
  atOpen: StructuredToolInterface[];
  added: StructuredToolInterface[];
  /** What the MCP client's getTools() gave. */
  mcpTools: StructuredToolInterface[];
  /** What listResources() and listResourceTemplates() gave, as shown. */
  resources: ShownResource[];
  templates: ShownTemplate[];
}

/** The one array the agent's ToolNode gets. */
const toolsOf = (open: Session) => [...open.atOpen, ...open.mcpTools, ...open.added];

type Connection =
  | { transport: "stdio"; command: string; args: string[]; env?: Record<string, string> }
  | { transport: "http"; url: string };

function errorOf(error: unknown): HostError {
  const message = messageOf(error);
  const server = (error as { serverName?: unknown } | null)?.serverName;
  return typeof server === "string" ? { server, message } : { message };
}

/** Text of a ToolMessage's content, whether a string or content blocks. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((block) => (block as { text?: unknown }).text).filter((t) => typeof t === "string").join("\n");
  return JSON.stringify(content);
}

/** A local tool as LangChain's docs make one: `tool(fn, { name, description, schema })`. */
function localTool(local: LocalTool | { name: string; shape: LocalShape }): StructuredToolInterface {
  return tool(async () => localAnswer(local.name), { name: local.name, description: localDescription(local), schema: localInputSchema });
}

/** Loads every server with a fresh client; the host's own errors come back as the result. */
async function load(mcpServers: Record<string, Connection>): Promise<{ client?: MultiServerMCPClient; tools: StructuredToolInterface[]; errors: HostError[] }> {
  let client: MultiServerMCPClient;
  try {
    client = new MultiServerMCPClient({ mcpServers, ...(prefix ? { prefixToolNameWithServerName: true } : {}) });
  } catch (error) {
    // The constructor validates the configuration (and refuses an empty one): a refusal of the whole open.
    return { tools: [], errors: [errorOf(error)] };
  }
  try {
    return { client, tools: await client.getTools(), errors: [] };
  } catch (error) {
    return { client, tools: [], errors: [errorOf(error)] };
  }
}

/**
 * The host has no per-server account of what it registered; each tool knows its server only through the
 * closure that calls it. The one API that groups by server is getTools(serverName), which reads the same
 * per-server cache, so `registered` comes from there.
 */
async function registeredBy(client: MultiServerMCPClient, keys: string[]): Promise<Record<string, string[]>> {
  const registered: Record<string, string[]> = {};
  for (const key of keys) registered[key] = (await client.getTools(key)).map((one) => one.name);
  return registered;
}

/** The application's resource and template lists: every server's entries under its name, as the client maps them. */
async function listedResources(client: MultiServerMCPClient): Promise<Pick<Session, "resources" | "templates">> {
  return { resources: shownResources(await client.listResources()), templates: shownTemplates(await client.listResourceTemplates()) };
}

class LangChainHost extends RealHostAdapter<Session> {
  async initialize(): Promise<InitializeResult> {
    return basicInitialize({
      name: `@langchain/mcp-adapters MultiServerMCPClient${prefix ? " (prefixToolNameWithServerName)" : ""}`,
      version: versionOf("@langchain/mcp-adapters"),
    }, { localTools: true, registerLocal: ["object"], refresh: true, resources: true, resourceTemplates: true });
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const mcpServers: Record<string, Connection> = {};
    for (const { key, transport } of params.servers) {
      if (transport.type === "stdio") {
        mcpServers[key] = { transport: "stdio", command: transport.command, args: transport.args, ...(transport.env ? { env: transport.env } : {}) };
      } else if (transport.type === "http") {
        mcpServers[key] = { transport: "http", url: transport.url };
      } else {
        throw new Error(`transport ${transport.type} is not one this adapter declared`);
      }
    }
    const registered = emptyRegistered(params);
    const atOpen = (params.localTools ?? []).map(localTool);
    const loaded = await load(mcpServers);
    const open: Session = { client: loaded.client, mcpServers, keys: Object.keys(registered), atOpen, added: [], mcpTools: loaded.tools, resources: [], templates: [] };
    const session = this.remember(open);
    if (loaded.client && loaded.errors.length === 0) {
      Object.assign(registered, await registeredBy(loaded.client, open.keys));
      Object.assign(open, await listedResources(loaded.client));
    }
    return { session, outcome: { registered, errors: loaded.errors }, diagnostics: [] };
  }

  async refresh(session: string): Promise<RefreshResult> {
    const open = this.session(session);
    const loaded = await load(open.mcpServers);
    if (!loaded.client || loaded.errors.length > 0) {
      await loaded.client?.close().catch(() => undefined);
      // The new client failed: the application keeps the client and tools it had.
      return { outcome: { registered: Object.fromEntries(open.keys.map((key) => [key, []])), errors: loaded.errors }, diagnostics: [] };
    }
    await open.client?.close().catch(() => undefined);
    open.client = loaded.client;
    open.mcpTools = loaded.tools;
    Object.assign(open, await listedResources(loaded.client));
    return { outcome: { registered: await registeredBy(loaded.client, open.keys), errors: [] }, diagnostics: [] };
  }

  async registerLocal(session: string, name: string, shape: LocalShape): Promise<RegisterLocalResult> {
    const open = this.session(session);
    open.added.push(localTool({ name, shape }));
    return { ok: true };
  }

  async tools(session: string): Promise<ToolsResult> {
    return {
      tools: toolsOf(this.session(session)).map((tool) => {
        const spec = convertToOpenAITool(tool);
        return { name: spec.function.name, description: spec.function.description, inputSchema: spec.function.parameters };
      }),
    };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.session(session);
    const node = new ToolNode(toolsOf(open));
    const request = new AIMessage({ content: "", tool_calls: [{ id: "call_1", name, args, type: "tool_call" }] });
    try {
      const output = (await node.invoke({ messages: [request] })) as { messages: unknown[] };
      const message = output.messages[0];
      if (!ToolMessage.isInstance(message)) return { ok: false, error: { message: `ToolNode answered ${JSON.stringify(message)}` } };
      if (message.status === "error") return { ok: false, error: { message: textOf(message.content) } };
      return { ok: true, content: [{ type: "text", text: textOf(message.content) }] };
    } catch (error) {
      return { ok: false, error: { message: messageOf(error) } };
    }
  }

  async resources(session: string): Promise<ResourcesResult> {
    const open = this.session(session);
    return { resources: open.resources, templates: open.templates };
  }

  async readResource(session: string, uri: string, namespace?: string): Promise<ResourceReadResult> {
    const client = this.session(session).client;
    if (!client) return { ok: false, error: { message: `readResource needs a client; "${uri}" had none (the open failed)` } };
    return fromServer("readResource", uri, namespace, async (serverName) => ({ contents: await client.readResource(serverName, uri) }));
  }

  protected async release(open: Session): Promise<void> {
    await open.client?.close();
  }
}

await serveRealHost(new LangChainHost());
