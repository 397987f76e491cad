/**
 * A merging MCP host built on the SDK `Client`, parameterised by a {@link HostPolicy}. With the reference
 * policy it is the reference host; with one point swapped it is a one-bug host. What a server or a call
 * does wrong comes back as a result naming the server; only a misuse of the adapter itself throws.
 */
import { readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import {
  InitializeResultSchema,
  type CallResult,
  type HostAdapter,
  type HostOpenParams,
  type InitializeResult,
  type OpenResult,
  type ToolsResult,
} from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import { loadServer, type LoadedServer, type UnreachableServer } from "./load-server.ts";
import { registerServers, type Route } from "./register-servers.ts";

/** The project's version, reported as the host's version. */
const VERSION: string = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;

/** One open configuration: its connected servers (configuration order) and what the model is shown. */
interface Session {
  servers: LoadedServer[];
  routes: Route[];
}

const quote = (text: string) => JSON.stringify(text);

/** The text blocks of an MCP result, for an error message. */
function textOf(content: unknown[]): string {
  return content.map((block) => (block as { text?: unknown }).text).filter((t) => typeof t === "string").join(" ");
}

/** An in-process {@link HostAdapter} whose every merge decision comes from `policy`. */
export class PolicyHost implements HostAdapter {
  readonly #sessions = new Map<string, Session>();
  #opened = 0;

  /** @param hostName what `initialize` reports, so a report says which host it judged. */
  constructor(readonly policy: HostPolicy, readonly hostName: string) {}

  /** Declares HAP/1, the transports, and the naming profile; capabilities a later issue adds go here. */
  async initialize(): Promise<InitializeResult> {
    return InitializeResultSchema.parse({
      protocolVersion: "1",
      host: { name: this.hostName, version: VERSION },
      transports: ["stdio", "http", "memory"],
      capabilities: { profile: "adr-0112" },
    });
  }

  /** Loads every server in parallel, then registers them as the policy says. */
  async open(params: HostOpenParams): Promise<OpenResult> {
    let arrivals = 0;
    const results = await Promise.all(params.servers.map((config, index) =>
      loadServer(config, index, new Client({ name: this.hostName, version: VERSION }), () => arrivals++)));
    const loaded = results.filter((r): r is LoadedServer => "client" in r);
    const unreachable = results.filter((r): r is UnreachableServer => !("client" in r));
    const { routes, outcome, diagnostics } = registerServers(this.policy, loaded, unreachable);
    const session = `s${++this.#opened}`;
    this.#sessions.set(session, { servers: loaded, routes });
    return { session, outcome, diagnostics };
  }

  /** The list a model is given, passing each server's description and input schema through unchanged. */
  async tools(session: string): Promise<ToolsResult> {
    return {
      tools: this.#session(session).routes.map((r) => ({ name: r.name, description: r.tool.description, inputSchema: r.tool.inputSchema })),
    };
  }

  /** Sends exactly one tools/call to the server that owns `name`, or refuses without calling anyone. */
  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.#session(session);
    const route = open.routes.find((r) => r.name === name) ?? this.#guess(open, name);
    if (!route) return { ok: false, error: { message: `no tool named ${quote(name)} is shown; no server was called` } };
    const wire = this.policy.wireName === "server" ? route.tool.name : route.name;
    try {
      // client.request rather than callTool: the host routes answers, it does not judge them.
      const result = await route.client.request({ method: "tools/call", params: { name: wire, arguments: args } }, CallToolResultSchema);
      if (!result.isError) return { ok: true, content: result.content };
      return { ok: false, error: { message: `server ${quote(route.server)} answered an error for tool ${quote(wire)}: ${textOf(result.content)}` } };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, error: { message: `server ${quote(route.server)} failed the call of tool ${quote(wire)}: ${reason}` } };
    }
  }

  /** Closes every client of the session; a stdio server's process ends with its client. */
  async close(session: string): Promise<void> {
    const open = this.#sessions.get(session);
    this.#sessions.delete(session);
    await Promise.allSettled((open?.servers ?? []).map((s) => s.client.close()));
  }

  /** Closes every session. */
  async shutdown(): Promise<void> {
    await Promise.all([...this.#sessions.keys()].map((id) => this.close(id)));
  }

  /** The policy's route for a name that is not shown: none, or the first server advertising it bare. */
  #guess(open: Session, name: string): Route | undefined {
    if (this.policy.unknownName === "refuse") return undefined;
    const server = open.servers.find((s) => s.tools.some((t) => t.name === name));
    const tool = server?.tools.find((t) => t.name === name);
    return server && tool ? { name, server: server.key, tool, client: server.client } : undefined;
  }

  #session(id: string): Session {
    const open = this.#sessions.get(id);
    if (!open) throw new Error(`unknown session ${quote(id)}`);
    return open;
  }
}
