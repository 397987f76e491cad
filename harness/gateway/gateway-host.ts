/**
 * The HAP/1 adapter over an MCP gateway (docs/gateways.md): the harness plays the gateway's client. One
 * session is one gateway process configured with the world's servers (gateway-session.ts); `session/tools`
 * is the gateway's merged `tools/list`, `session/call` one `tools/call` through it, whose route the fake
 * servers' records show. Declared are only the capabilities a client of a gateway can see (policy):
 * - `listChanged` when the gateway says in `initialize` that it notifies its clients of list changes
 *   (`tools.listChanged`): then whether it re-lists a server on that server's notification is visible, since
 *   the client re-lists only when the gateway tells it to;
 * - `builtinTools`: the tools the gateway serves with no server configured (its own), learnt once from a
 *   baseline session with no servers, so guard/local-occupant judges them;
 * - `prompts` and `resources` (with `resourceTemplates`, part of MCP's resources) when the gateway advertises
 *   them in `initialize`, and `promptsListChanged` / `resourcesListChanged` when it advertises their
 *   `listChanged`, for the reason `listChanged` is declared; a gateway that advertises neither is
 *   NOT_APPLICABLE for the prompts/ and resources/ clauses, never failed;
 * - nothing else: no client can ask a gateway over MCP to refresh a server, pin its tools, filter them, take
 *   request schemas or local tools, so those clauses are NOT_APPLICABLE, each saying why.
 * A gateway says nothing over MCP about which server a tool, prompt or resource came from, so `registered` is []
 * for every key and no prompt or resource names a `server`: the clauses read routes from the servers' records. `errors` are what the gateway told its client (a failed
 * list) and its operator (its console, gateway-output.ts).
 */
import type { HostAdapter, HostOpenParams } from "../adapter/host-adapter.ts";
import { ownedTempDir, type OwnedTempDir } from "../../fake-servers/owned-temp-dir.ts";
import { paced } from "../pace.ts";
import type { CallResult } from "../protocol/call-result.ts";
import type { PromptGetResult, PromptsResult, ResourceReadResult, ResourcesResult } from "../protocol/context-result.ts";
import { CapabilitiesSchema, type InitializeResult } from "../protocol/initialize-result.ts";
import type { ServerConfig } from "../protocol/open-params.ts";
import type { Diagnostic, OpenResult } from "../protocol/open-result.ts";
import type { ToolsResult } from "../protocol/tools-result.ts";
import type { ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import type { GatewayModule } from "./gateway-module.ts";
import type { GatewayIsolation } from "./gateway-process.ts";
import { GatewaySession } from "./gateway-session.ts";

/** How the adapter was started. */
export interface GatewayHostOptions {
  /** The gateway's executable. */
  bin: string;
  /** The gateway's package version, as installed (the report names it). */
  version: string;
  /** The sandbox every gateway process runs in; none: each runs in a process group and PID namespace of its own. */
  isolation?: GatewayIsolation;
  /** Why it runs unisolated, for the report (with no isolation). */
  unisolated?: string;
  /** Longest wait for a gateway to be ready and answer `initialize`; default {@link GATEWAY_TIMEOUT_MS}, paced. */
  startTimeoutMs?: number;
  /** Longest wait for each request through the gateway; default {@link GATEWAY_TIMEOUT_MS}, paced. */
  requestTimeoutMs?: number;
}

/** A gateway's start, and one request through it, at rest; stretched by the machine's pace (harness/pace.ts). */
export const GATEWAY_TIMEOUT_MS = 60_000;

/** A HAP/1 host backed by one MCP gateway. */
export class GatewayHost implements HostAdapter {
  private readonly sessions = new Map<string, GatewaySession>();
  private opened = 0;
  private baseline: Promise<{ builtins: string[]; advertised: ServerCapabilities }> | undefined;
  /** Every session's files live under this one directory, removed at shutdown or exit. */
  private readonly scratch: OwnedTempDir;

  constructor(private readonly module: GatewayModule, private readonly options: GatewayHostOptions) {
    this.scratch = ownedTempDir("mcp-collide-gateways-");
  }

  private start(servers: readonly ServerConfig[], refusalIsResult: boolean): Promise<GatewaySession> {
    return GatewaySession.start(this.module, servers, {
      bin: this.options.bin, scratch: this.scratch.path, isolation: this.options.isolation,
      // Measured at rest, stretched by the machine's pace when the session starts, unless given.
      startTimeoutMs: this.options.startTimeoutMs ?? paced(GATEWAY_TIMEOUT_MS), requestTimeoutMs: this.options.requestTimeoutMs ?? paced(GATEWAY_TIMEOUT_MS),
    }, refusalIsResult);
  }

  /** The gateway with no server at all: its own tools, and whether it tells clients of list changes (once per adapter process). */
  private learn(): Promise<{ builtins: string[]; advertised: ServerCapabilities }> {
    this.baseline ??= (async () => {
      const session = await this.start([], false);
      try {
        if (session.failure) throw new Error(`the gateway with no server configured failed: ${session.failure}`);
        return { builtins: (await session.tools()).map((tool) => tool.name), advertised: session.capabilities };
      } finally {
        await session.close();
      }
    })();
    return this.baseline;
  }

  async initialize(): Promise<InitializeResult> {
    const { builtins, advertised } = await this.learn();
    const listChanged = advertised.tools?.listChanged === true;
    const prompts = advertised.prompts !== undefined;
    const resources = advertised.resources !== undefined;
    const { manifest } = this.module;
    return {
      protocolVersion: "1",
      host: { name: manifest.id, version: this.options.version },
      transports: manifest.transports,
      capabilities: CapabilitiesSchema.parse({
        listChanged, builtinTools: builtins, prompts, resources, resourceTemplates: resources,
        promptsListChanged: prompts && advertised.prompts?.listChanged === true, resourcesListChanged: resources && advertised.resources?.listChanged === true,
      }),
      environment: {
        variant: `gateway (${manifest.endpoint} endpoint, the harness its MCP client): ${manifest.describe}`,
        isolation: this.options.isolation?.description
          ?? `none: ${this.options.unisolated ?? "no sandbox was given"}; each gateway process ran with the adapter's uid, network and files, in a process group and PID namespace of its own killed at the session's end`,
        listChanged: listChanged
          ? "the gateway advertises tools.listChanged: the client re-lists only after the gateway's notifications/tools/list_changed"
          : "the gateway does not advertise tools.listChanged, so no client of it learns of a changed list: drift/list-changed does not apply",
        context: `${prompts ? `prompts (listChanged: ${advertised.prompts?.listChanged === true})` : "no prompts"}, ${resources ? `resources and templates (listChanged: ${advertised.resources?.listChanged === true})` : "no resources"} advertised in initialize; the prompts/ and resources/ clauses judge what it advertises, and only that`,
      },
    };
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    await this.learn();
    const servers = params.servers.map((server) => {
      if (server.transport.type === "memory") throw new Error("transport memory is not one this adapter declared");
      return { ...server, transport: server.transport };
    });
    const session = await this.start(servers, true);
    const id = `s${++this.opened}`;
    this.sessions.set(id, session);
    const { errors, diagnostics } = session.report(servers.map((server) => server.key));
    return { session: id, outcome: { registered: Object.fromEntries(servers.map((server) => [server.key, []])), errors }, diagnostics };
  }

  private session(id: string): GatewaySession {
    const session = this.sessions.get(id);
    if (!session) throw new Error(`unknown session ${JSON.stringify(id)}`);
    return session;
  }

  async tools(session: string): Promise<ToolsResult> {
    return { tools: await this.session(session).tools() };
  }

  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    return this.session(session).call(name, args);
  }

  async prompts(session: string): Promise<PromptsResult> {
    return { prompts: await this.session(session).prompts() };
  }

  /** A gateway shows no namespaces, so none is ever carried back. */
  async getPrompt(session: string, name: string, args: Record<string, string>): Promise<PromptGetResult> {
    return this.session(session).getPrompt(name, args);
  }

  async resources(session: string): Promise<ResourcesResult> {
    return this.session(session).resources();
  }

  async readResource(session: string, uri: string): Promise<ResourceReadResult> {
    return this.session(session).readResource(uri);
  }

  async close(id: string): Promise<void> {
    const session = this.sessions.get(id);
    this.sessions.delete(id);
    await session?.close().catch(() => undefined);
  }

  async shutdown(): Promise<{ diagnostics: Diagnostic[] }> {
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
    this.scratch.release();
    return { diagnostics: this.options.isolation?.diagnostics() ?? [] };
  }
}
