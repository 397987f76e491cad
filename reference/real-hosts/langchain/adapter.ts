/**
 * HAP/1 adapter for LangChain.js's `@langchain/mcp-adapters` `MultiServerMCPClient`, the way its README
 * wires it into an agent: one client over every configured server, `await client.getTools()` for the flat
 * list of LangChain tools, and LangGraph's prebuilt `ToolNode` to run the model's tool calls.
 *
 *   node --import tsx reference/real-hosts/langchain/adapter.ts            default options (bare names)
 *   node --import tsx reference/real-hosts/langchain/adapter.ts --prefix   prefixToolNameWithServerName: true
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
 * Imports: the host's packages and ../../../harness/index.ts only.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { parseArgs } from "node:util";
import { AIMessage, ToolMessage } from "@langchain/core/messages";
import type { StructuredToolInterface } from "@langchain/core/tools";
import { convertToOpenAITool } from "@langchain/core/utils/function_calling";
import { ToolNode } from "@langchain/langgraph/prebuilt";
import { MultiServerMCPClient } from "@langchain/mcp-adapters";
import {
  serveHap,
  type CallResult,
  type HostAdapter,
  type HostError,
  type HostOpenParams,
  type InitializeResult,
  type OpenResult,
  type ToolsResult,
} from "../../../harness/index.ts";

const require = createRequire(import.meta.url);
/** The installed version of a package, read from its package.json, so a report says what it judged. */
function versionOf(name: string): string {
  const entry = require.resolve(name);
  const marker = `/node_modules/${name}/`;
  const root = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  return JSON.parse(readFileSync(`${root}package.json`, "utf8")).version;
}

const { values: flags } = parseArgs({ options: { prefix: { type: "boolean", default: false } } });
const prefix = flags.prefix === true;

interface Session {
  client: MultiServerMCPClient;
  tools: StructuredToolInterface[];
}

type Connection =
  | { transport: "stdio"; command: string; args: string[]; env?: Record<string, string> }
  | { transport: "http"; url: string };

function errorOf(error: unknown): HostError {
  const message = error instanceof Error ? error.message : String(error);
  const server = (error as { serverName?: unknown } | null)?.serverName;
  return typeof server === "string" ? { server, message } : { message };
}

/** Text of a ToolMessage's content, whether a string or content blocks. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((block) => (block as { text?: unknown }).text).filter((t) => typeof t === "string").join("\n");
  return JSON.stringify(content);
}

class LangChainHost implements HostAdapter {
  readonly #sessions = new Map<string, Session>();
  #opened = 0;

  async initialize(): Promise<InitializeResult> {
    return {
      protocolVersion: "1",
      host: { name: `@langchain/mcp-adapters MultiServerMCPClient${prefix ? " (prefixToolNameWithServerName)" : ""}`, version: versionOf("@langchain/mcp-adapters") },
      transports: ["stdio", "http"],
      capabilities: { refresh: false, listChanged: false, localTools: false, registerLocal: [], requestSchemas: false, pins: false, allowDeny: false },
    };
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
    const session = `s${++this.#opened}`;
    const registered: Record<string, string[]> = Object.fromEntries(params.servers.map((s) => [s.key, []]));
    let client: MultiServerMCPClient;
    try {
      client = new MultiServerMCPClient({ mcpServers, ...(prefix ? { prefixToolNameWithServerName: true } : {}) });
    } catch (error) {
      // The constructor validates the configuration (and refuses an empty one): a refusal of the whole open.
      this.#sessions.set(session, { client: undefined as never, tools: [] });
      return { session, outcome: { registered, errors: [errorOf(error)] }, diagnostics: [] };
    }
    let tools: StructuredToolInterface[] = [];
    const errors: HostError[] = [];
    try {
      tools = await client.getTools();
    } catch (error) {
      errors.push(errorOf(error));
    }
    this.#sessions.set(session, { client, tools });
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
      tools: this.#session(session).tools.map((tool) => {
        const spec = convertToOpenAITool(tool);
        return { name: spec.function.name, description: spec.function.description, inputSchema: spec.function.parameters };
      }),
    };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.#session(session);
    const node = new ToolNode(open.tools);
    const request = new AIMessage({ content: "", tool_calls: [{ id: "call_1", name, args, type: "tool_call" }] });
    try {
      const output = (await node.invoke({ messages: [request] })) as { messages: unknown[] };
      const message = output.messages[0];
      if (!ToolMessage.isInstance(message)) return { ok: false, error: { message: `ToolNode answered ${JSON.stringify(message)}` } };
      if (message.status === "error") return { ok: false, error: { message: textOf(message.content) } };
      return { ok: true, content: [{ type: "text", text: textOf(message.content) }] };
    } catch (error) {
      return { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
    }
  }

  async close(session: string): Promise<void> {
    const open = this.#sessions.get(session);
    this.#sessions.delete(session);
    await open?.client?.close().catch(() => undefined);
  }

  async shutdown(): Promise<void> {
    await Promise.all([...this.#sessions.keys()].map((id) => this.close(id)));
  }

  #session(id: string): Session {
    const open = this.#sessions.get(id);
    if (!open) throw new Error(`unknown session ${JSON.stringify(id)}`);
    return open;
  }
}

const host = new LangChainHost();
await serveHap(host);
await host.shutdown();
process.exit(0);
