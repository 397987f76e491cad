/**
 * HAP/1 adapter for Genkit (`genkit` with `@genkit-ai/mcp`): one `createMcpHost({ mcpServers })` over every
 * configured server and `ai.generate({ tools: await mcpHost.getActiveTools(ai) })`, the way the plugin's
 * docs wire it, with a scripted model defined on the Genkit instance (`ai.defineModel`), so the tool list
 * and every call go through Genkit's own generate loop (its tool resolution and dispatch).
 *   node --import tsx hosts/genkit/adapter.ts
 *
 * - open: `genkit({})`, `createMcpHost({ name, mcpServers })` keyed by the configuration key, then
 *   `getActiveTools(ai)` (names `${key}/${tool}`). A server that cannot be connected is disabled with a
 *   warning on Genkit's logger and contributes nothing; the per-server account is each client's own
 *   `getActiveTools` (`mcpHost.getClient(key)`). The host keeps its clients in a plain object: a key such as
 *   `constructor` finds Object's member there, `connect` throws, and the host's ready promise rejects once and
 *   never settles again (lib/client/host.js `ready`, `updateServers`): that rejection is the open's error, and
 *   the session asks the host nothing more (every later call would wait forever).
 * - tools: the `tools` of the request Genkit hands the model (captured by the scripted model). Genkit
 *   refuses a request where two short names meet ("Cannot provide two tools with the same name"): the
 *   model is then offered nothing, and the open reports that refusal as its error.
 * - call: `ai.generate()` whose model answers with one `toolRequest`; the `toolResponse` Genkit sends back
 *   is the result (an MCP `isError` result, or a tool that threw, is `ok: false`).
 * - local tools (./genkit-model.ts): before the MCP tools at open; `registerLocal` appends one, and a request
 *   Genkit then refuses is a refused registration.
 * - refresh: `getActiveTools(ai)` and the context lists again. No handler for `notifications/tools/list_changed`.
 * - prompts and resources: ./genkit-context.ts, listed at open and at each refresh after the tools (whose
 *   listing waits for every client's connection; `getActivePrompts` does not).
 * Imports: the host's packages, ../../harness/index.ts and the sibling helpers in ../ only.
 */
import "../offline-env.ts";
import { createMcpHost, GenkitMcpClient, type GenkitMcpHost } from "@genkit-ai/mcp";
import { genkit, type Genkit, type ToolAction } from "genkit";
import type {
  CallResult, HostError, HostOpenParams, InitializeResult, LocalShape, OpenResult, PromptGetResult, PromptsResult, RefreshResult, RegisterLocalResult,
  ResourceReadResult, ResourcesResult, ToolsResult,
} from "../../harness/index.ts";
import { getPrompt, listContext, noContext, readResource, shownPrompts, shownResources, type GenkitContext } from "./genkit-context.ts";
import { defineScriptedModel, localTool, script, type Script, type ToolArgument } from "./genkit-model.ts";
import { basicInitialize, consoleToStderr, emptyRegistered, messageOf, RealHostAdapter, serveRealHost, versionOf } from "../real-host-adapter.ts";

consoleToStderr();

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
  context: GenkitContext;
  /** Why the host's ready promise rejected: the host can no longer be asked anything. */
  broken?: string;
}

/** Every enabled server's tools, each server's own account of what it contributed, then the prompts and resources. */
async function load(open: Session): Promise<{ registered: Record<string, string[]>; errors: HostError[] }> {
  if (open.broken !== undefined) return { registered: Object.fromEntries(open.keys.map((key) => [key, []])), errors: [{ message: open.broken }] };
  open.mcpTools = await open.host.getActiveTools(open.ai);
  const registered: Record<string, string[]> = {};
  const errors: HostError[] = [];
  for (const key of open.keys) {
    const client = [open.host.getClient(key)].find((found: unknown) => found instanceof GenkitMcpClient);
    // The host's own getActiveTools logs a server that fails to list ("Error fetching active tools from
    // client <key>") and leaves its tools out; asked for that server's account, its client throws.
    try {
      registered[key] = client?.isEnabled() ? (await client.getActiveTools(open.ai)).map((one) => one.__action.name) : [];
    } catch (error) {
      registered[key] = [];
      errors.push({ server: key, message: messageOf(error) });
    }
  }
  const listed = await listContext(open.host, open.ai);
  open.context = listed.context;
  return { registered, errors: [...errors, ...listed.errors] };
}

class GenkitHost extends RealHostAdapter<Session> {
  async initialize(): Promise<InitializeResult> {
    return basicInitialize(
      { name: "Genkit ai.generate + @genkit-ai/mcp createMcpHost", version: `genkit ${versionOf("genkit", import.meta.url)}, @genkit-ai/mcp ${versionOf("@genkit-ai/mcp", import.meta.url)}` },
      { localTools: true, registerLocal: ["object", "name"], refresh: true, prompts: true, resources: true, resourceTemplates: true },
    );
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    // Own properties, as a parsed configuration file has them: `__proto__` stays a key.
    const mcpServers = Object.fromEntries(params.servers.map(({ key, transport }) => {
      if (transport.type === "stdio") return [key, { command: transport.command, args: transport.args, ...(transport.env ? { env: transport.env } : {}) }];
      if (transport.type === "http") return [key, { url: transport.url }];
      throw new Error(`transport ${transport.type} is not one this adapter declared`);
    }));
    const ai = genkit({});
    const host = createMcpHost({ name: "host", mcpServers: mcpServers as never });
    // Asked at once, as the docs' getActiveTools right after createMcpHost asks: a rejection reaches only the
    // listeners already waiting, and every later ready() waits forever.
    const ready = host.ready().then(() => undefined, (error: unknown) => messageOf(error));
    const open: Session = {
      ai, host, keys: params.servers.map((server) => server.key), atOpen: [], added: [], mcpTools: [], script: script(), defined: new Set(), context: noContext(),
    };
    defineScriptedModel(ai, () => open.script);
    open.atOpen = (params.localTools ?? []).map((local) => localTool(ai, open.defined, local.name, local.shape));
    const session = this.remember(open);
    const registered = emptyRegistered(params);
    const errors: HostError[] = [];
    open.broken = await ready;
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
      open.added.push(localTool(open.ai, open.defined, name, shape));
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

  async prompts(session: string): Promise<PromptsResult> {
    return { prompts: shownPrompts(this.session(session).context) };
  }

  async getPrompt(session: string, name: string, args: Record<string, string>): Promise<PromptGetResult> {
    return getPrompt(this.session(session).context, name, args);
  }

  async resources(session: string): Promise<ResourcesResult> {
    return shownResources(this.session(session).context);
  }

  /** A request with a resource part and the listed `resources`, as the README passes them; no tools, which a clash would refuse. */
  async readResource(session: string, uri: string): Promise<ResourceReadResult> {
    const open = this.session(session);
    return readResource(open.context, uri, async (resources, prompt) => {
      open.script = script();
      await open.ai.generate({ model: "scripted", prompt, resources, maxTurns: 1 });
      // A model never called was handed nothing: no read happened, so none may be reported as done.
      if (open.script.received === undefined) throw new Error("Genkit never called the model with the resource");
      return open.script.received;
    });
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
