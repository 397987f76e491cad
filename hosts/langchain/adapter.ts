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
 * Imports: the host's packages, ../../harness/index.ts and ../real-host-adapter.ts only.
 */
import { parseArgs } from "node:util";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import type { CallResult, HostError, HostOpenParams, InitializeResult, OpenResult, ToolsResult } from "../../harness/index.ts";
import { basicInitialize, emptyRegistered, messageOf, RealHostAdapter, serveRealHost, versionOf } from "../real-host-adapter.ts";

const { values: flags } = parseArgs({ options: { prefix: { type: "boolean", default: false } } });
const prefix = flags.prefix === true;

interface Session {
  /** Absent when the constructor refused the configuration. */
  client?: MultiServerMCPClient;
  tools: StructuredToolInterface[];
}

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

class LangChainHost extends RealHostAdapter<Session> {
  async initialize(): Promise<InitializeResult> {
    return basicInitialize({
      name: `@langchain/mcp-adapters MultiServerMCPClient${prefix ? " (prefixToolNameWithServerName)" : ""}`,
      version: versionOf("@langchain/mcp-adapters"),
    });
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
    let client: MultiServerMCPClient;
    try {
      client = new MultiServerMCPClient({ mcpServers, ...(prefix ? { prefixToolNameWithServerName: true } : {}) });
    } catch (error) {
      // The constructor validates the configuration (and refuses an empty one): a refusal of the whole open.
      const session = this.remember({ tools: [] });
      return { session, outcome: { registered, errors: [errorOf(error)] }, diagnostics: [] };
    }
    let tools: StructuredToolInterface[] = [];
    const errors: HostError[] = [];
    try {
      tools = await client.getTools();
    } catch (error) {
      errors.push(errorOf(error));
    }
    const session = this.remember({ client, tools });
    // The host has no per-server account of what it registered; each tool knows its server only through
    // the closure that calls it. The one API that groups by server is getTools(serverName), which reads the
    // same per-server cache, so `registered` comes from there.
    if (errors.length === 0) {
      for (const key of Object.keys(registered)) registered[key] = (await client.getTools(key)).map((tool) => tool.name);
    }
    return { session, outcome: { registered, errors }, diagnostics: [] };
  }

  async tools(session: string): Promise<ToolsResult> {
    return {
      tools: this.session(session).tools.map((tool) => {
        const spec = convertToOpenAITool(tool);
        return { name: spec.function.name, description: spec.function.description, inputSchema: spec.function.parameters };
      }),
    };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.session(session);
    const node = new ToolNode(open.tools);
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

  protected async release(open: Session): Promise<void> {
    await open.client?.close();
  }
}

await serveRealHost(new LangChainHost());
