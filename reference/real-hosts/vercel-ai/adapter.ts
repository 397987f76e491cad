/**
 * HAP/1 adapter for the Vercel AI SDK's MCP client (`createMCPClient` from `@ai-sdk/mcp`, which AI SDK 6
 * split out of `ai`) used the way its docs show (ai-sdk.dev cookbook "MCP Tools"): one client per server,
 * `await client.tools()` for each, and one tool set merged with object spread,
 * `{ ...toolSetOne, ...toolSetTwo }` ("this approach causes subsequent tool sets to override tools with the
 * same name"), handed to `generateText`.
 *
 *   node --import tsx reference/real-hosts/vercel-ai/adapter.ts
 *
 * - open: for each server in configuration order, `createMCPClient` (stdio: the SDK's
 *   `Experimental_StdioMCPTransport`; http: its built-in `{ type: "http", url }` transport), then
 *   `tools()`; then the spread. As in the docs' try/finally, the first rejection ends the open and is
 *   reported as its error (the SDK's MCPClientError carries no server name, so `server` stays unset).
 * - tools: what `generateText` hands the language model (`options.tools` of the model call, captured by a
 *   mock model from `ai/test`), so names, descriptions and schemas are exactly what a provider receives.
 * - call: `generateText` with a mock model that answers one tool call; the AI SDK looks the tool up in the
 *   merged set and runs it. A `tool-error` part, or an MCP result with `isError`, is `ok: false`.
 * Imports: the host's packages and ../../../harness/index.ts only.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { generateText, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import {
  serveHap,
  type CallResult,
  type HostAdapter,
  type HostOpenParams,
  type InitializeResult,
  type OpenResult,
  type ToolsResult,
  type VisibleTool,
} from "../../../harness/index.ts";

const require = createRequire(import.meta.url);
/** The installed version of a package, read from its package.json. */
function versionOf(name: string): string {
  const entry = require.resolve(name);
  const marker = `/node_modules/${name}/`;
  const root = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  return JSON.parse(readFileSync(`${root}package.json`, "utf8")).version;
}

interface Session {
  clients: MCPClient[];
  tools: ToolSet;
}

type Generated = Awaited<ReturnType<NonNullable<MockLanguageModelV3["doGenerate"]>>>;
const usage: Generated["usage"] = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
const said = (text: string): Generated => ({ content: [{ type: "text", text }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] });

function textOf(value: unknown): string {
  const content = (value as { content?: unknown } | null)?.content;
  if (Array.isArray(content)) return content.map((block) => (block as { text?: unknown }).text).filter((t) => typeof t === "string").join("\n");
  return typeof value === "string" ? value : JSON.stringify(value);
}

class VercelAiHost implements HostAdapter {
  readonly #sessions = new Map<string, Session>();
  #opened = 0;

  async initialize(): Promise<InitializeResult> {
    return {
      protocolVersion: "1",
      host: { name: "Vercel AI SDK createMCPClient ({...toolSetOne, ...toolSetTwo})", version: `@ai-sdk/mcp ${versionOf("@ai-sdk/mcp")}, ai ${versionOf("ai")}` },
      transports: ["stdio", "http"],
      capabilities: { refresh: false, listChanged: false, localTools: false, registerLocal: [], requestSchemas: false, pins: false, allowDeny: false },
    };
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const session = `s${++this.#opened}`;
    const open: Session = { clients: [], tools: {} };
    this.#sessions.set(session, open);
    const registered: Record<string, string[]> = Object.fromEntries(params.servers.map((s) => [s.key, []]));
    const sets: ToolSet[] = [];
    try {
      for (const { transport } of params.servers) {
        if (transport.type === "memory") throw new Error("transport memory is not one this adapter declared");
        const client = await createMCPClient({
          transport: transport.type === "stdio"
            ? new Experimental_StdioMCPTransport({ command: transport.command, args: transport.args, ...(transport.env ? { env: transport.env } : {}) })
            : { type: "http", url: transport.url },
        });
        open.clients.push(client);
        sets.push(await client.tools());
      }
    } catch (error) {
      return { session, outcome: { registered, errors: [{ message: error instanceof Error ? error.message : String(error) }] }, diagnostics: [] };
    }
    // The merge, as the docs write it: later sets silently override earlier ones.
    open.tools = sets.reduce<ToolSet>((merged, set) => ({ ...merged, ...set }), {});
    // Each client's own set is the host's per-server account of what it loaded.
    params.servers.forEach((server, index) => { registered[server.key] = Object.keys(sets[index]!); });
    return { session, outcome: { registered, errors: [] }, diagnostics: [] };
  }

  async tools(session: string): Promise<ToolsResult> {
    const open = this.#session(session);
    let seen: VisibleTool[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        seen = (options.tools ?? []).flatMap((tool) =>
          tool.type === "function" ? [{ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }] : []);
        return said("ok");
      },
    });
    await generateText({ model, tools: open.tools, prompt: "list" });
    return { tools: seen };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.#session(session);
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: "tool-call", toolCallId: "call_1", toolName: name, input: JSON.stringify(args) }],
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage,
        warnings: [],
      }),
    });
    try {
      const result = await generateText({ model, tools: open.tools, prompt: "call" });
      const parts = result.steps.flatMap((step) => step.content);
      const failed = parts.find((part) => part.type === "tool-error");
      if (failed) return { ok: false, error: { message: failed.error instanceof Error ? failed.error.message : String(failed.error) } };
      const done = parts.find((part) => part.type === "tool-result");
      if (!done) return { ok: false, error: { message: `no tool result: ${JSON.stringify(parts.map((part) => part.type))}` } };
      const output = done.output as { isError?: boolean; content?: unknown[] };
      if (output?.isError === true) return { ok: false, error: { message: textOf(output) } };
      return { ok: true, content: Array.isArray(output?.content) ? output.content : [{ type: "text", text: JSON.stringify(output) }] };
    } catch (error) {
      return { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
    }
  }

  async close(session: string): Promise<void> {
    const open = this.#sessions.get(session);
    this.#sessions.delete(session);
    await Promise.allSettled((open?.clients ?? []).map((client) => client.close()));
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

const host = new VercelAiHost();
await serveHap(host);
await host.shutdown();
process.exit(0);
