/**
 * A merging MCP host built on the SDK `Client`, parameterised by a {@link HostPolicy} (its prompts and
 * resources by the policy's `context`). With the reference
 * policy it is the reference host; with one point swapped it is a one-bug host. What a server or a call
 * does wrong comes back as a result naming the server; only a misuse of the adapter itself throws.
 */
import { readFileSync } from "node:fs";
import {
  InitializeResultSchema,
  type CallResult,
  type HostAdapter,
  type HostOpenParams,
  type InitializeResult,
  type LocalShape,
  type OpenResult,
  type PinResult,
  type PromptGetResult,
  type PromptsResult,
  type ResourceReadResult,
  type ResourcesResult,
  type RefreshResult,
  type RegisterLocalResult,
  type ToolsResult,
} from "../harness/index.ts";
import { callTool } from "./call-tool.ts";
import type { HostPolicy } from "./host-policy.ts";
import { HostSession } from "./host-session.ts";
import type { Route } from "./register-servers.ts";

/** The project's version, reported as the host's version. */
const VERSION: string = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;

const quote = (text: string) => JSON.stringify(text);

/** An in-process {@link HostAdapter} whose every merge decision comes from `policy`. */
export class PolicyHost implements HostAdapter {
  readonly #sessions = new Map<string, HostSession>();
  /** Servers that failed to load at an open, by transport, for a policy that never tries them again. */
  readonly #failedAtOpen = new Map<unknown, string>();
  #opened = 0;
  /** Servers a lost answer marked disconnected for the life of this host (policy `lostAnswerScope: "process"`). */
  readonly #dead = new Set<string>();
  /** Why every later open is refused: a call of `__proto__` corrupted this host's registry (policy `prototypeCall`). */
  #poisoned: string | undefined;

  /** @param hostName what `initialize` reports, so a report says which host it judged. */
  constructor(readonly policy: HostPolicy, readonly hostName: string) {}

  /** Declares HAP/1, the transports, every lifecycle capability, and the naming profile. */
  async initialize(): Promise<InitializeResult> {
    return InitializeResultSchema.parse({
      protocolVersion: "1",
      host: { name: this.hostName, version: VERSION },
      transports: ["stdio", "http", "memory"],
      capabilities: {
        refresh: true,
        listChanged: true,
        localTools: true,
        registerLocal: ["object", "name", "callable", "dict"],
        requestSchemas: true,
        pins: true,
        allowDeny: true,
        profile: "adr-0112",
        ...(this.policy.deferral ? { deferredTools: { searchTool: this.policy.deferral.searchTool, above: this.policy.deferral.above } } : {}),
        prompts: true,
        resources: true,
        resourceTemplates: true,
        promptsListChanged: true,
        resourcesListChanged: true,
      },
    });
  }

  /** Registers the local tools, loads every server in parallel, then registers them as the policy says. */
  async open(params: HostOpenParams): Promise<OpenResult> {
    if (this.#poisoned !== undefined) return this.#refused(params, this.#poisoned);
    // A server this process holds dead is left out, and counted as having registered nothing.
    const dead = params.servers.filter((server) => this.#dead.has(server.key)).map((server) => server.key);
    const live = dead.length === 0 ? params : { ...params, servers: params.servers.filter((server) => !this.#dead.has(server.key)) };
    const open = new HostSession(this.policy, { name: this.hostName, version: VERSION }, live, this.#failedAtOpen);
    const session = `s${++this.#opened}`;
    this.#sessions.set(session, open);
    const opened = await open.open();
    for (const key of dead) opened.outcome.registered[key] = [];
    return { session, ...opened };
  }

  /** The list a model is given. */
  async tools(session: string): Promise<ToolsResult> {
    return this.#session(session).tools();
  }

  /**
   * Sends exactly one tools/call to the server that owns `name`, answers a local tool, runs the search tool of a
   * session that defers (a shown name wins over it), or refuses without calling anyone.
   */
  async call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult> {
    const open = this.#session(session);
    if (open.route(name) === undefined && name === this.policy.deferral?.searchTool && open.defers()) return open.search(args);
    const route = open.route(name) ?? this.#guess(open, name);
    if (!route) return { ok: false, error: { message: `no tool named ${quote(name)} is shown; no server was called` } };
    if (route.kind === "local") return { ok: true, content: [{ type: "text", text: `local tool ${quote(name)} ran` }] };
    const onLost = this.policy.lostAnswerScope === "process" ? () => this.#dead.add(route.server) : undefined;
    const result = await callTool(this.policy, open.slot(route.server)!, route, args, { dropServer: () => open.drop(route.server), onLost });
    if (this.policy.prototypeCall === "poisons-process" && route.tool.name === "__proto__") {
      this.#poisoned = `TypeError: Cannot read properties of undefined (reading 'get'): the tool registry was overwritten by a call of ${quote(name)}`;
    }
    return result;
  }

  /** A session that refuses the whole configuration with one error naming no server: every key registers nothing. */
  async #refused(params: HostOpenParams, message: string): Promise<OpenResult> {
    const session = `s${++this.#opened}`;
    const empty = new HostSession(this.policy, { name: this.hostName, version: VERSION }, { servers: [] }, this.#failedAtOpen);
    this.#sessions.set(session, empty);
    const { diagnostics } = await empty.open();
    return { session, outcome: { registered: Object.fromEntries(params.servers.map((server) => [server.key, []])), errors: [{ message }] }, diagnostics };
  }

  /** Re-lists one server, or all of them. */
  async refresh(session: string, server?: string): Promise<RefreshResult> {
    return this.#session(session).refresh(server);
  }

  /** Registers a local tool mid-session, through the duplicate guard. */
  async registerLocal(session: string, name: string, shape: LocalShape): Promise<RegisterLocalResult> {
    return this.#session(session).registerLocal(name, shape);
  }

  /** What the host would write down to hold each server to its current surface. */
  async pin(session: string): Promise<PinResult> {
    return this.#session(session).pin();
  }

  /** The prompts shown, each with the server and prompt name it maps to. */
  async prompts(session: string): Promise<PromptsResult> {
    return this.#session(session).prompts();
  }

  /** Gets a shown prompt from its server, as a user choosing it would. */
  async getPrompt(session: string, name: string, args: Record<string, string>, namespace?: string): Promise<PromptGetResult> {
    return this.#session(session).getPrompt(name, args, namespace);
  }

  /** The resources and templates shown. */
  async resources(session: string): Promise<ResourcesResult> {
    return this.#session(session).resources();
  }

  /** Reads a shown resource, as a model asking for it would. */
  async readResource(session: string, uri: string, namespace?: string): Promise<ResourceReadResult> {
    return this.#session(session).readResource(uri, namespace);
  }

  /** Closes every client of the session; a stdio server's process ends with its client. */
  async close(session: string): Promise<void> {
    const open = this.#sessions.get(session);
    this.#sessions.delete(session);
    await open?.close();
  }

  /** Closes every session. */
  async shutdown(): Promise<void> {
    await Promise.all([...this.#sessions.keys()].map((id) => this.close(id)));
  }

  /** The policy's route for a name that is not shown: none, or the first server advertising it bare. */
  #guess(open: HostSession, name: string): Route | undefined {
    if (this.policy.unknownName === "refuse") return undefined;
    const slot = open.slots.find((s) => s.tools?.some((t) => t.name === name));
    const tool = slot?.tools?.find((t) => t.name === name);
    return slot && tool ? { kind: "server", name, server: slot.key, tool, check: () => undefined } : undefined;
  }

  #session(id: string): HostSession {
    const open = this.#sessions.get(id);
    if (!open) throw new Error(`unknown session ${quote(id)}`);
    return open;
  }
}
