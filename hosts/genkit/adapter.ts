/**
 * HAP/1 adapter for Genkit (`genkit` with `@genkit-ai/mcp`): one `createMcpHost({ mcpServers })` over every
 * configured server and `ai.generate({ tools: await mcpHost.getActiveTools(ai) })`, the way the plugin's
 * docs wire it, with a scripted model defined on the Genkit instance (`ai.defineModel`), so the tool list
 * and every call go through Genkit's own generate loop (its tool resolution and dispatch).
 *
 *   node --import tsx hosts/genkit/adapter.ts
 *
 * - open: `genkit({})`, `createMcpHost({ name, mcpServers })` keyed by the configuration key, then
 *   `getActiveTools(ai)` (names `${key}/${tool}`). A server that cannot be connected is disabled with a
 *   warning on Genkit's logger and contributes nothing; the host's per-server account is each client's
 *   own `getActiveTools` (`mcpHost.getClient(key)`), and a server in an error state has none.
 * - tools: the `tools` of the request Genkit hands the model (captured by the scripted model). Genkit
 *   gives the model each tool's name after its last "/" and refuses a request where two tools meet
 *   ("Cannot provide two tools with the same name"): such a request never reaches the model, so the
 *   model is offered nothing; the open runs one request and reports that refusal as its error.
 * - call: `ai.generate()` whose model answers with one `toolRequest`; the `toolResponse` Genkit sends back
 *   to the model is the result (an MCP `isError` result, or a tool that threw, is `ok: false`).
 * - local tools: the two shapes Genkit's `tools` option takes: a tool object (`ai.dynamicTool(...)`) and a
 *   name reference to a tool defined on the instance (`ai.defineTool(...)`, then its name). At open they
 *   come before the MCP tools (defined before any server loads); `registerLocal` appends one, and a
 *   request Genkit then refuses is a refused registration (the tool is taken out again, as the
 *   application must to use its agent at all).
 * - refresh: `getActiveTools(ai)` again (it lists every enabled server anew). The plugin has no handler for
 *   `notifications/tools/list_changed`.
 * Imports: the host's packages, ../../harness/index.ts and the sibling helpers in ../ only.
 */
import "../offline-env.ts";
import { createMcpHost, type GenkitMcpHost } from "@genkit-ai/mcp";
import { genkit, z, type Genkit, type ToolAction } from "genkit";
import type {
  CallResult, HostError, HostOpenParams, InitializeResult, LocalShape, OpenResult, RefreshResult, RegisterLocalResult, ToolsResult,
} from "../../harness/index.ts";
import { localAnswer, localDescription } from "../local-tool.ts";
import { basicInitialize, consoleToStderr, runScript, type RunScript, emptyRegistered, messageOf, RealHostAdapter, serveRealHost, versionOf } from "../real-host-adapter.ts";

consoleToStderr();

type Script = RunScript;
const script = runScript;

/** What `tools` of generate() takes: a tool object or the name of a tool defined on the instance. */
type ToolArgument = ToolAction | string;

interface Session {
  ai: Genkit;
  host: GenkitMcpHost;
  keys: string[];
  atOpen: ToolArgument[];
  added: ToolArgument[];
  mcpTools: ToolAction[];
  script: Script;
  /** Local tools defined on this instance so far: a name is defined once. */
  defined: Set<string>;
}

/** A local tool in `shape`: a tool object ("object") or a tool defined on the instance and named ("name"). */
function localTool(open: Pick<Session, "ai" | "defined">, name: string, shape: LocalShape): ToolArgument {
  const config = { name, description: localDescription({ name, shape }), inputSchema: z.object({ probe: z.string().optional() }).passthrough(), outputSchema: z.string() };
  const run = async () => localAnswer(name);
  if (shape === "object") return open.ai.dynamicTool(config, run);
  if (!open.defined.has(name)) {
    open.ai.defineTool(config, run);
    open.defined.add(name);
  }
  return name;
}

/** The scripted model, defined on the session's Genkit instance; it follows `open.script`. */
function defineScriptedModel(open: Session): void {
  open.ai.defineModel({ name: "scripted", supports: { tools: true, multiturn: true } }, async (request) => {
    const seen = open.script;
    if (seen.turn++ === 0) {
      seen.offered = (request.tools ?? []).map((one) => ({ name: one.name, description: one.description, inputSchema: one.inputSchema }));
      if (seen.call) {
        return { message: { role: "model", content: [{ toolRequest: { name: seen.call.name, ref: "call_1", input: seen.call.arguments } }] }, finishReason: "stop" };
      }
    } else {
      seen.returned = request.messages.flatMap((message) => message.content).flatMap((part) => (part.toolResponse ? [part.toolResponse.output] : []));
    }
    return { message: { role: "model", content: [{ text: "done" }] }, finishReason: "stop" };
  });
}

/** Every enabled server's tools, and each server's own account of what it contributed. */
async function load(open: Session): Promise<{ registered: Record<string, string[]>; errors: HostError[] }> {
  open.mcpTools = await open.host.getActiveTools(open.ai);
  const registered: Record<string, string[]> = {};
  const errors: HostError[] = [];
  for (const key of open.keys) {
    const client = open.host.getClient(key);
    // The host's own getActiveTools logs a server that fails to list ("Error fetching active tools from
    // client <key>") and leaves its tools out; asked for that server's account, its client throws.
    try {
      registered[key] = client?.isEnabled() ? (await client.getActiveTools(open.ai)).map((one) => one.__action.name) : [];
    } catch (error) {
      registered[key] = [];
      errors.push({ server: key, message: messageOf(error) });
    }
  }
  return { registered, errors };
}

class GenkitHost extends RealHostAdapter<Session> {
  async initialize(): Promise<InitializeResult> {
    return basicInitialize(
      { name: "Genkit ai.generate + @genkit-ai/mcp createMcpHost", version: `genkit ${versionOf("genkit", import.meta.url)}, @genkit-ai/mcp ${versionOf("@genkit-ai/mcp", import.meta.url)}` },
      { localTools: true, registerLocal: ["object", "name"], refresh: true },
    );
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const mcpServers: Record<string, Record<string, unknown>> = {};
    for (const { key, transport } of params.servers) {
      if (transport.type === "stdio") mcpServers[key] = { command: transport.command, args: transport.args, ...(transport.env ? { env: transport.env } : {}) };
      else if (transport.type === "http") mcpServers[key] = { url: transport.url };
      else throw new Error(`transport ${transport.type} is not one this adapter declared`);
    }
    const ai = genkit({});
    const open: Session = {
      ai, host: createMcpHost({ name: "host", mcpServers: mcpServers as never }), keys: params.servers.map((server) => server.key),
      atOpen: [], added: [], mcpTools: [], script: script(), defined: new Set(),
    };
    defineScriptedModel(open);
    open.atOpen = (params.localTools ?? []).map((local) => localTool(open, local.name, local.shape));
    const session = this.remember(open);
    const registered = emptyRegistered(params);
    const errors: HostError[] = [];
    try {
      const loaded = await load(open);
      Object.assign(registered, loaded.registered);
      errors.push(...loaded.errors);
      await this.#generate(open);
    } catch (error) {
      errors.push({ message: messageOf(error) });
    }
    return { session, outcome: { registered, errors }, diagnostics: [] };
  }

  async refresh(session: string): Promise<RefreshResult> {
    const open = this.session(session);
    const previous = open.mcpTools;
    try {
      return { outcome: await load(open), diagnostics: [] };
    } catch (error) {
      open.mcpTools = previous;
      return { outcome: { registered: Object.fromEntries(open.keys.map((key) => [key, []])), errors: [{ message: messageOf(error) }] }, diagnostics: [] };
    }
  }

  async registerLocal(session: string, name: string, shape: LocalShape): Promise<RegisterLocalResult> {
    const open = this.session(session);
    try {
      open.added.push(localTool(open, name, shape));
      open.script = script();
      await this.#generate(open);
    } catch (error) {
      open.added.pop();
      return { ok: false, error: { message: messageOf(error) } };
    }
    return { ok: true };
  }

  async tools(session: string): Promise<ToolsResult> {
    const open = this.session(session);
    open.script = script();
    try {
      await this.#generate(open);
    } catch {
      // Genkit refused the request before the model saw it: the model is offered nothing.
      return { tools: [] };
    }
    return { tools: open.script.offered };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.session(session);
    open.script = script({ name, arguments: args });
    try {
      await this.#generate(open);
    } catch (error) {
      return { ok: false, error: { message: messageOf(error) } };
    }
    const [output] = open.script.returned;
    if (output === undefined) return { ok: false, error: { message: "the run handed the model no tool response" } };
    if ((output as { isError?: unknown } | null)?.isError === true) return { ok: false, error: { message: JSON.stringify(output) } };
    return { ok: true, content: [{ type: "text", text: typeof output === "string" ? output : JSON.stringify(output) }] };
  }

  protected async release(open: Session): Promise<void> {
    await open.host.close();
  }

  /** One `ai.generate()` over the local and MCP tools, the scripted model in charge. */
  async #generate(open: Session): Promise<void> {
    await open.ai.generate({ model: "scripted", prompt: "go", tools: [...open.atOpen, ...open.mcpTools, ...open.added], maxTurns: 2 });
  }
}

await serveRealHost(new GenkitHost());
