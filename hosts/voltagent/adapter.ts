/**
 * HAP/1 adapter for VoltAgent (`@voltagent/core` 2.x, on AI SDK 6): an `MCPConfiguration` over every
 * configured server and an `Agent` given `await mcp.getTools()`, the way VoltAgent's MCP docs wire it, run
 * with a scripted AI SDK model (`MockLanguageModelV3`), so the tool list and every call go through the
 * Agent's own machinery (its ToolManager, which keeps tools by name, and the AI SDK loop it drives).
 *
 *   node --import tsx hosts/voltagent/adapter.ts
 *
 * - open: `new MCPConfiguration({ servers })` keyed by the configuration key, `getTools()` (names
 *   `${key}_${tool}`; a server that fails is logged with `console.error` and contributes nothing), then
 *   `new Agent({ tools: [...localTools, ...mcpTools] })`. `registered` is `getToolsets()`, the host's
 *   per-server account.
 * - tools: the `tools` the Agent hands its model (captured by the scripted model).
 * - call: `agent.generateText()` whose model emits one tool call; the tool result the Agent hands back to
 *   the model is the result (a tool that threw comes back as an `error-text`/`error-json` output).
 * - local tools: `createTool({ name, description, parameters, execute })` in the Agent's `tools` at open;
 *   `registerLocal` is `agent.addTools([tool])`, VoltAgent's own call for adding tools to a running agent.
 * - refresh: `getTools()` again (each call lists every server anew) on a new Agent with the same locals.
 *   @voltagent/core's MCP client has no handler for `notifications/tools/list_changed`.
 * Offline: ../offline-env.ts sets NODE_ENV=production before @voltagent/core loads (outside production it
 * starts fetching a model registry from models.dev at import), and the Agent logs to stderr through a
 * logger of this adapter's (VoltAgent's default pino logger writes to stdout, which carries HAP/1).
 * Imports: the host's packages, ../../harness/index.ts and the sibling helpers in ../ only.
 */
import "../offline-env.ts";
import { Agent, createTool, MCPConfiguration } from "@voltagent/core";
import { MockLanguageModelV3 } from "ai/test";
import { z } from "zod";
import type {
  CallResult, HostError, HostOpenParams, InitializeResult, LocalShape, OpenResult, RefreshResult, RegisterLocalResult, ToolsResult,
} from "../../harness/index.ts";
import { localAnswer, localDescription } from "../local-tool.ts";
import { basicInitialize, consoleToStderr, runScript, type RunScript, emptyRegistered, messageOf, RealHostAdapter, serveRealHost, versionOf } from "../real-host-adapter.ts";

consoleToStderr();

/** VoltAgent's Logger, writing to stderr. */
const logger = (() => {
  const write = (level: string) => (message: unknown, context?: unknown) =>
    process.stderr.write(`[voltagent ${level}] ${typeof message === "string" ? message : JSON.stringify(message)}${context ? ` ${safeJson(context)}` : ""}\n`);
  const self: Record<string, unknown> = {};
  for (const level of ["trace", "debug", "info", "warn", "error", "fatal"]) self[level] = write(level);
  self.child = () => self;
  return self as never;
})();

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, inner) => (inner instanceof Error ? inner.message : inner));
  } catch {
    return String(value);
  }
}

type Generated = Awaited<ReturnType<NonNullable<MockLanguageModelV3["doGenerate"]>>>;
const usage: Generated["usage"] = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

type Script = RunScript;
const script = runScript;

/**
 * The Agent's model: an AI SDK mock that follows the session's current script (first turn calls, later
 * turns answer) and records the tools it was offered and the tool results handed back to it.
 */
function scriptedModel(current: () => Script) {
  return new MockLanguageModelV3({
    doGenerate: async (options) => {
      const seen = current();
      const { call } = seen;
      if (seen.turn++ === 0) {
        seen.offered = (options.tools ?? []).flatMap((one) =>
          one.type === "function" ? [{ name: one.name, description: one.description, inputSchema: one.inputSchema }] : []);
        if (call) {
          return {
            content: [{ type: "tool-call", toolCallId: "call_1", toolName: call.name, input: JSON.stringify(call.arguments) }],
            finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage, warnings: [],
          };
        }
      } else {
        seen.returned = options.prompt.flatMap((message) => (message.role === "tool" ? message.content : []))
          .filter((part) => part.type === "tool-result").map((part) => (part as { output: unknown }).output);
      }
      return { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] };
    },
  });
}

interface Session {
  mcp: MCPConfiguration;
  keys: string[];
  /** The application's tools defined before the servers loaded, and those added since. */
  atOpen: unknown[];
  added: unknown[];
  mcpTools: unknown[];
  agent: Agent;
  script: Script;
}

/** A local tool as VoltAgent's docs make one. */
function localTool(name: string, shape: LocalShape) {
  return createTool({ name, description: localDescription({ name, shape }), parameters: z.object({ probe: z.string().optional() }).passthrough(), execute: async () => localAnswer(name) });
}

/** The Agent as the docs build it, with the session's scripted model. */
function agentOf(open: Omit<Session, "agent">): Agent {
  const model = scriptedModel(() => open.script);
  return new Agent({ name: "host", instructions: "Use the tools.", model, tools: [...open.atOpen, ...open.mcpTools, ...open.added] as never, logger });
}

/** Lists every server; returns the tools, what each server registered, and the failures the host logged. */
async function load(mcp: MCPConfiguration, keys: string[]): Promise<{ tools: unknown[]; registered: Record<string, string[]>; errors: HostError[] }> {
  const errors: HostError[] = [];
  // getTools() and getToolsets() catch a server's failure and report it only with console.error(message, error).
  const previous = console.error;
  console.error = (...args: unknown[]) => {
    const match = typeof args[0] === "string" ? /(?:from|for) server (.+?):?$/.exec(args[0]) : null;
    errors.push({ ...(match && keys.includes(match[1]!) ? { server: match[1]! } : {}), message: `${String(args[0])} ${messageOf(args[1])}` });
    previous(...args);
  };
  try {
    const tools = await mcp.getTools();
    const sets = await mcp.getToolsets() as Record<string, { getTools(): Array<{ name: string }> }>;
    const registered = Object.fromEntries(keys.map((key) => [key, (sets[key]?.getTools() ?? []).map((one) => one.name)]));
    return { tools, registered, errors };
  } finally {
    console.error = previous;
  }
}

/** The tool result of an AI SDK tool-result output: `ok: false` for an error output or an MCP `isError`. */
function resultOf(output: unknown): CallResult {
  const part = output as { type?: string; value?: unknown } | undefined;
  if (part?.type === "error-text" || part?.type === "error-json") return { ok: false, error: { message: typeof part.value === "string" ? part.value : JSON.stringify(part.value) } };
  const value = part?.value;
  // buildToolErrorResult hands the model `{ error: true, message, ... }` as a plain json result when a call throws
  // (a dead server, say): that is the error the model is told of, not an ordinary result.
  const marked = value as { isError?: unknown; error?: unknown } | undefined;
  if (marked?.isError === true || marked?.error === true) return { ok: false, error: { message: JSON.stringify(value) } };
  return { ok: true, content: Array.isArray(value) ? value : [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }] };
}

class VoltAgentHost extends RealHostAdapter<Session> {
  async initialize(): Promise<InitializeResult> {
    return basicInitialize(
      { name: "VoltAgent MCPConfiguration + Agent", version: versionOf("@voltagent/core", import.meta.url) },
      { localTools: true, registerLocal: ["object"], refresh: true },
    );
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const servers: Record<string, unknown> = {};
    for (const { key, transport } of params.servers) {
      if (transport.type === "stdio") servers[key] = { type: "stdio", command: transport.command, args: transport.args, ...(transport.env ? { env: transport.env } : {}) };
      else if (transport.type === "http") servers[key] = { type: "streamable-http", url: transport.url };
      else throw new Error(`transport ${transport.type} is not one this adapter declared`);
    }
    const keys = params.servers.map((server) => server.key);
    const mcp = new MCPConfiguration({ servers: servers as never });
    const atOpen = (params.localTools ?? []).map((local) => localTool(local.name, local.shape));
    const registered = emptyRegistered(params);
    const errors: HostError[] = [];
    let mcpTools: unknown[] = [];
    try {
      const loaded = await load(mcp, keys);
      mcpTools = loaded.tools;
      Object.assign(registered, loaded.registered);
      errors.push(...loaded.errors);
    } catch (error) {
      errors.push({ message: messageOf(error) });
    }
    const open: Session = { mcp, keys, atOpen, added: [], mcpTools, script: script(), agent: undefined as never };
    open.agent = agentOf(open);
    const session = this.remember(open);
    return { session, outcome: { registered, errors }, diagnostics: [] };
  }

  async refresh(session: string): Promise<RefreshResult> {
    const open = this.session(session);
    const loaded = await load(open.mcp, open.keys);
    open.mcpTools = loaded.tools;
    open.agent = agentOf(open);
    return { outcome: { registered: loaded.registered, errors: loaded.errors }, diagnostics: [] };
  }

  async registerLocal(session: string, name: string, shape: LocalShape): Promise<RegisterLocalResult> {
    const open = this.session(session);
    const added = localTool(name, shape);
    open.agent.addTools([added]);
    open.added.push(added);
    return { ok: true };
  }

  async tools(session: string): Promise<ToolsResult> {
    const open = this.session(session);
    open.script = script();
    await open.agent.generateText("list");
    return { tools: open.script.offered };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.session(session);
    open.script = script({ name, arguments: args });
    try {
      await open.agent.generateText("call", { maxSteps: 2 } as never);
    } catch (error) {
      return { ok: false, error: { message: messageOf(error) } };
    }
    const [output] = open.script.returned;
    if (output === undefined) return { ok: false, error: { message: "the run handed the model no tool result" } };
    return resultOf(output);
  }

  protected async release(open: Session): Promise<void> {
    await open.mcp.disconnect();
  }
}

await serveRealHost(new VoltAgentHost());
