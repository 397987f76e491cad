/**
 * HAP/1 adapter for the Vercel AI SDK's MCP client (`createMCPClient` from `@ai-sdk/mcp`, which AI SDK 6
 * split out of `ai`) used the way its docs show (ai-sdk.dev cookbook "MCP Tools"): one client per server,
 * `await client.tools()` for each, and one tool set merged with object spread,
 * `{ ...toolSetOne, ...toolSetTwo }` ("this approach causes subsequent tool sets to override tools with the
 * same name"), handed to `generateText`.
 *
 *   node --import tsx hosts/vercel-ai/adapter.ts
 *
 * - open: for each server in configuration order, `createMCPClient` (stdio: the SDK's
 *   `Experimental_StdioMCPTransport`; http: its built-in `{ type: "http", url }` transport), then
 *   `tools()`; then the spread. As in the docs' try/finally, the first rejection ends the open and is
 *   reported as its error (the SDK's MCPClientError carries no server name, so `server` stays unset).
 * - tools: what `generateText` hands the language model (`options.tools` of the model call, captured by a
 *   mock model from `ai/test`), so names, descriptions and schemas are exactly what a provider receives.
 * - call: `generateText` with a mock model that answers one tool call; the AI SDK looks the tool up in the
 *   merged set and runs it. A `tool-error` part, or an MCP result with `isError`, is `ok: false`.
 * - local tools: the application's own `tool({ description, inputSchema, execute })` under its name in the
 *   same record: `{ ...localTools, ...toolSetOne, ...toolSetTwo }` at open (defined before any server
 *   loads), `{ ...tools, [name]: localTool }` for `registerLocal` (the record entry is the only shape: a
 *   tool has no name of its own).
 * - refresh: `client.tools()` again on the refreshed server's client (it calls `tools/list` every time),
 *   then the same spread. A client that fails keeps its previous set. The client has no handler for
 *   `notifications/tools/list_changed`, so `listChanged` is not declared.
 * Imports: the host's packages, ../../harness/index.ts and ../real-host-adapter.ts only.
 */
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { Experimental_StdioMCPTransport } from "@ai-sdk/mcp/mcp-stdio";
import { generateText, jsonSchema, tool, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type {
  CallResult, HostOpenParams, InitializeResult, LocalShape, OpenResult, RefreshResult, RegisterLocalResult, ToolsResult, VisibleTool,
} from "../../harness/index.ts";
import { localAnswer, localDescription, localInputSchema } from "../local-tool.ts";
import { basicInitialize, emptyRegistered, messageOf, RealHostAdapter, serveRealHost, versionOf } from "../real-host-adapter.ts";

interface Session {
  keys: string[];
  clients: MCPClient[];
  /** Each client's own set, in configuration order. */
  sets: ToolSet[];
  /** The application's tools defined before the servers loaded, and those added since. */
  atOpen: ToolSet;
  added: ToolSet;
}

/** The record handed to generateText, merged as the docs merge it: later entries override earlier ones. */
const toolsOf = (open: Session): ToolSet => ({ ...open.atOpen, ...open.sets.reduce<ToolSet>((merged, set) => ({ ...merged, ...set }), {}), ...open.added });

/** A local tool as the AI SDK docs make one. */
function localTool(name: string, shape: LocalShape): ToolSet[string] {
  return tool({ description: localDescription({ name, shape }), inputSchema: jsonSchema(localInputSchema), execute: async () => localAnswer(name) });
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

class VercelAiHost extends RealHostAdapter<Session> {
  async initialize(): Promise<InitializeResult> {
    return basicInitialize({
      name: "Vercel AI SDK createMCPClient ({...toolSetOne, ...toolSetTwo})",
      version: `@ai-sdk/mcp ${versionOf("@ai-sdk/mcp", import.meta.url)}, ai ${versionOf("ai", import.meta.url)}`,
    }, { localTools: true, registerLocal: ["dict"], refresh: true });
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const atOpen: ToolSet = {};
    for (const local of params.localTools ?? []) atOpen[local.name] = localTool(local.name, local.shape);
    const open: Session = { keys: params.servers.map((server) => server.key), clients: [], sets: [], atOpen, added: {} };
    const session = this.remember(open);
    const registered = emptyRegistered(params);
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
        // The MCP client's set, typed by @ai-sdk/mcp, is the ToolSet `generateText` takes (AI SDK 7 types them apart).
        sets.push(await client.tools() as ToolSet);
      }
    } catch (error) {
      return { session, outcome: { registered, errors: [{ message: messageOf(error) }] }, diagnostics: [] };
    }
    open.sets = sets;
    // Each client's own set is the host's per-server account of what it loaded.
    params.servers.forEach((server, index) => { registered[server.key] = Object.keys(sets[index]!); });
    return { session, outcome: { registered, errors: [] }, diagnostics: [] };
  }

  async refresh(session: string, server?: string): Promise<RefreshResult> {
    const open = this.session(session);
    const registered: Record<string, string[]> = {};
    const errors: Array<{ server?: string; message: string }> = [];
    for (const [index, key] of open.keys.entries()) {
      if (server !== undefined && key !== server) continue;
      const client = open.clients[index];
      if (!client) continue;
      try {
        open.sets[index] = await client.tools() as ToolSet;
        registered[key] = Object.keys(open.sets[index]!);
      } catch (error) {
        // One client per server, as the docs wire it: the application knows which server's `tools()` failed
        // (the SDK's MCPClientError itself names none). The client's previous set stays in the merge.
        errors.push({ server: key, message: messageOf(error) });
        registered[key] = [];
      }
    }
    return { outcome: { registered, errors }, diagnostics: [] };
  }

  async registerLocal(session: string, name: string, shape: LocalShape): Promise<RegisterLocalResult> {
    this.session(session).added[name] = localTool(name, shape);
    return { ok: true };
  }

  async tools(session: string): Promise<ToolsResult> {
    const open = this.session(session);
    let seen: VisibleTool[] = [];
    const model = new MockLanguageModelV3({
      doGenerate: async (options) => {
        seen = (options.tools ?? []).flatMap((tool) =>
          tool.type === "function" ? [{ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }] : []);
        return said("ok");
      },
    });
    await generateText({ model, tools: toolsOf(open), prompt: "list" });
    return { tools: seen };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.session(session);
    const model = new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: "tool-call", toolCallId: "call_1", toolName: name, input: JSON.stringify(args) }],
        finishReason: { unified: "tool-calls", raw: "tool_calls" },
        usage,
        warnings: [],
      }),
    });
    try {
      const result = await generateText({ model, tools: toolsOf(open), prompt: "call" });
      const parts = result.steps.flatMap((step) => step.content);
      const failed = parts.find((part) => part.type === "tool-error");
      if (failed) return { ok: false, error: { message: messageOf(failed.error) } };
      const done = parts.find((part) => part.type === "tool-result");
      if (!done) return { ok: false, error: { message: `no tool result: ${JSON.stringify(parts.map((part) => part.type))}` } };
      const output = done.output as { isError?: boolean; content?: unknown[] };
      if (output?.isError === true) return { ok: false, error: { message: textOf(output) } };
      return { ok: true, content: Array.isArray(output?.content) ? output.content : [{ type: "text", text: JSON.stringify(output) }] };
    } catch (error) {
      return { ok: false, error: { message: messageOf(error) } };
    }
  }

  protected async release(open: Session): Promise<void> {
    await Promise.allSettled(open.clients.map((client) => client.close()));
  }
}

await serveRealHost(new VercelAiHost());
