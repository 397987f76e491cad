/**
 * A HAP/1 adapter: the program mcp-collide starts to drive an MCP host through the host's own API, so it can
 * judge how the host merges tools from several MCP servers. Written by `mcp-collide init`; the protocol is
 * docs/hap-1.md in the mcp-collide package (node_modules/mcp-collide/docs/hap-1.md).
 *
 *   npx mcp-collide check-adapter -- node --import mcp-collide/register __FILE__   # seconds: is the protocol right?
 *   npx mcp-collide run -- node --import mcp-collide/register __FILE__             # the clause catalogue, a report
 *
 * The part below "THE PLACEHOLDER HOST" is a tiny host, so this file runs as it is: it loads each server with
 * the MCP TypeScript SDK (installed with mcp-collide), shows every tool as mcp__{key}__{tool}, and refuses a
 * server whose names a model provider would reject. Replace it with your host: each place to wire yours says
 * WIRE. What your host does (refuses a server, rejects a call) is a result to return, never an exception: an
 * exception here means the adapter broke, and the harness scores it ERROR.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import {
  initializeResult, serveAdapter, type CallResult, type HostAdapter, type HostError, type HostOpenParams, type HostServerConfig,
  type InitializeResult, type OpenResult, type ToolsResult, type VisibleTool,
} from "mcp-collide";

// ---- THE PLACEHOLDER HOST (replace with yours) ---------------------------------------------------------

/** The rule most model providers apply to a tool name. */
const PROVIDER_NAME = /^[A-Za-z0-9_-]{1,64}$/;

interface Route {
  client: Client;
  wire: string;
  tool: VisibleTool;
}

interface Session {
  clients: Client[];
  routes: Map<string, Route>;
}

async function load(server: HostServerConfig): Promise<{ client: Client; tools: VisibleTool[] }> {
  const { transport } = server;
  if (transport.type === "memory") throw new Error("this host loads stdio and http servers only");
  const client = new Client({ name: "placeholder-host", version: "0.0.0" });
  await client.connect(transport.type === "stdio"
    ? new StdioClientTransport({ command: transport.command, args: transport.args, env: { ...getDefaultEnvironment(), ...transport.env }, stderr: "ignore" })
    : new StreamableHTTPClientTransport(new URL(transport.url)));
  const { tools } = await client.listTools();
  return { client, tools };
}

// ---- THE ADAPTER -----------------------------------------------------------------------------------------

const sessions = new Map<string, Session>();
let opened = 0;

const adapter: HostAdapter = {
  async initialize(): Promise<InitializeResult> {
    // WIRE: your host's name and version, the server transports it can load, and only the capabilities it
    // really has (refresh, listChanged, localTools, registerLocal, requestSchemas, pins, allowDeny, profile;
    // deferredTools: { searchTool, above } for a host that offers its model a search tool in place of some tools).
    // A host that merges its servers' prompts and resources also declares prompts and resources (and
    // resourceTemplates, promptsListChanged, resourcesListChanged) and implements prompts / getPrompt and
    // resources / readResource: see "Prompts and resources" in docs/hap-1.md.
    return initializeResult({ name: "placeholder-host", version: "0.0.0" }, { transports: ["stdio", "http"], capabilities: {} });
  },

  async open(params: HostOpenParams): Promise<OpenResult> {
    // WIRE: configure your host with params.servers, in this order, each under its `key` (the name in an
    // mcpServers file), and load them the way your host does. `registered` must hold every key, [] when a
    // server registered nothing; put an error's `server` only where your host said which server.
    const session: Session = { clients: [], routes: new Map() };
    const id = `s${++opened}`;
    sessions.set(id, session);
    const registered: Record<string, string[]> = Object.fromEntries(params.servers.map((server) => [server.key, []]));
    const errors: HostError[] = [];
    const loaded = await Promise.allSettled(params.servers.map(load));
    loaded.forEach((result, index) => {
      const { key } = params.servers[index]!;
      if (result.status === "rejected") {
        errors.push({ server: key, message: `server "${key}" could not be loaded: ${String(result.reason)}` });
        return;
      }
      session.clients.push(result.value.client);
      const names = result.value.tools.map((tool) => `mcp__${key}__${tool.name}`);
      const refused = names.filter((name, at) => !PROVIDER_NAME.test(name) || session.routes.has(name) || names.indexOf(name) !== at);
      if (refused.length > 0) {
        errors.push({ server: key, message: `server "${key}" was not registered: names refused: ${refused.join(", ")}` });
        return;
      }
      result.value.tools.forEach((tool, at) => session.routes.set(names[at]!, { client: result.value.client, wire: tool.name, tool }));
      registered[key] = names;
    });
    return { session: id, outcome: { registered, errors }, diagnostics: [] };
  },

  async tools(id: string): Promise<ToolsResult> {
    // WIRE: exactly the tool list your host would hand a model now, in its order, descriptions as they came, each
    // input schema as the model gets it; a host that defers tools marks those its model reaches only through its
    // search tool `deferred: true` (docs/hap-1.md, "Deferred tools").
    const tools = [...session(id).routes].map(([name, { tool }]) => ({ name, description: tool.description, inputSchema: tool.inputSchema }));
    return { tools };
  },

  async call(id: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    // WIRE: call the tool the way your host's agent loop does when a model asks for `name`.
    const route = session(id).routes.get(name);
    if (!route) return { ok: false, error: { message: `no tool named "${name}" is shown` } };
    try {
      const result = await route.client.callTool({ name: route.wire, arguments: args });
      const content = Array.isArray(result.content) ? result.content : [];
      return result.isError ? { ok: false, error: { message: JSON.stringify(content) } } : { ok: true, content };
    } catch (error) {
      return { ok: false, error: { message: String(error) } };
    }
  },

  async close(id: string): Promise<void> {
    // WIRE: release what the session holds; no server process may outlive it.
    const open = sessions.get(id);
    sessions.delete(id);
    await Promise.all((open?.clients ?? []).map((client) => client.close().catch(() => undefined)));
  },

  async shutdown(): Promise<void> {
    await Promise.all([...sessions.keys()].map((id) => adapter.close(id)));
  },
};

function session(id: string): Session {
  const open = sessions.get(id);
  if (!open) throw new Error(`unknown session ${JSON.stringify(id)}`);
  return open;
}

// Serves HAP/1 on stdin/stdout until the harness is done, then exits. No top-level await, so this file runs
// as an ES module or as CommonJS alike.
void serveAdapter(adapter);
