/**
 * One open configuration: its servers, its local tools, and the list a model is shown. Every change
 * (open, refresh, a server's list_changed, a local registration) re-runs registration over the servers'
 * current lists, so what is shown is always a function of what the servers last said. Policy carried here:
 * - The duplicate guard refuses a local registration onto any shown name, for every shape the policy
 *   covers (ADR P8, delta #8); a shape it does not cover overwrites the entry in place, as lionagi's did.
 * - A refresh of an unknown server changes nothing and says so (adonis).
 * - Past the policy's deferral threshold every server tool is listed as deferred until a search loads it;
 *   what a search loaded stays loaded for the session (a refresh keeps it by name).
 */
import type {
  CallResult, ContextList, HostOpenParams, LocalShape, OpenResult, PinResult, PromptGetResult, PromptsResult, RefreshResult, RegisterLocalResult, ResourceReadResult, ResourcesResult,
  ToolsResult,
} from "../harness/index.ts";
import { getPrompt, readResource } from "./context-calls.ts";
import type { HostPolicy } from "./host-policy.ts";
import { takePin } from "./pins.ts";
import { registerContext, type ContextRegistration } from "./register-context.ts";
import { registerServers, type LocalEntry, type Route } from "./register-servers.ts";
import { ServerSlot } from "./server-slot.ts";
import { adoptedTools } from "./server-options.ts";
import { runSearch } from "./tool-search.ts";

const quote = (text: string) => JSON.stringify(text);

/** A session's servers and the routes registration last produced. */
export class HostSession {
  readonly slots: ServerSlot[];
  readonly #locals: LocalEntry[];
  #routes: Route[] = [];
  /** The prompts, resources and templates registration last produced. */
  #context: ContextRegistration = { prompts: [], resources: [], templates: [], errors: [] };
  /** The first route of each shown name, and each slot by configuration key: a call looks up both. */
  #byName = new Map<string, Route>();
  readonly #slotByKey = new Map<string, ServerSlot>();
  /** The shown names a search loaded this session (only read while the policy defers). */
  readonly #loaded = new Set<string>();

  /**
   * @param failedAtOpen the host process's record of servers that failed to load at an open, by transport;
   *   read and written only by a policy that remembers such failures instead of trying again.
   */
  constructor(
    readonly policy: HostPolicy, clientInfo: { name: string; version: string }, params: HostOpenParams,
    private readonly failedAtOpen = new Map<unknown, string>(),
  ) {
    this.slots = launchedAs(policy, params.servers).map((config, index) =>
      new ServerSlot(config, index, policy, clientInfo, (slot) => void this.#listChanged(slot), (slot, lists) => void this.#contextChanged(slot, lists)));
    // Local tools are registered before any server loads; a second one of a name is the guard's to refuse.
    this.#locals = (params.localTools ?? []).filter((local, i, all) => all.findIndex((l) => l.name === local.name) === i);
    for (const slot of this.slots) if (!this.#slotByKey.has(slot.key)) this.#slotByKey.set(slot.key, slot);
  }

  /** The route a call of `name` takes: the first one shown under that name. */
  route(name: string): Route | undefined {
    return this.#byName.get(name);
  }

  /** The (first) slot configured under `key`. */
  slot(key: string): ServerSlot | undefined {
    return this.#slotByKey.get(key);
  }

  /** Loads every server (in parallel, or one at a time as the policy says), then registers them as the policy says. */
  async open(): Promise<Omit<OpenResult, "session">> {
    let arrivals = 0;
    const remember = this.policy.failedOpen === "remember";
    const load = async (slot: ServerSlot) => {
      const known = remember ? this.failedAtOpen.get(transportKey(slot)) : undefined;
      if (known !== undefined) {
        slot.failure = `server ${quote(slot.key)} failed to load at an earlier open and is not tried again (${known})`;
        return;
      }
      await slot.relist();
      if (slot.tools !== undefined) slot.arrival = arrivals++;
      else if (remember && slot.failure !== undefined) this.failedAtOpen.set(transportKey(slot), slot.failure);
    };
    if (this.policy.loading === "one-at-a-time") for (const slot of this.slots) await load(slot);
    else await Promise.all(this.slots.map(load));
    return this.#register();
  }

  /** Removes server `key`'s tools from the session, with no error: what a policy that drops a dead server does. */
  drop(key: string): void {
    const slot = this.slot(key);
    if (!slot) return;
    slot.tools = [];
    slot.failure = undefined;
    this.#register();
  }

  /** Re-lists one server (or all), then registers again: what a server dropped is dropped. */
  async refresh(key?: string): Promise<RefreshResult> {
    const targets = key === undefined ? this.slots : this.slots.filter((slot) => slot.key === key);
    if (targets.length === 0) {
      return { outcome: { registered: {}, errors: [{ message: `no configured server is named ${quote(key!)}; nothing was refreshed` }] }, diagnostics: [] };
    }
    await Promise.all(targets.map((slot) => slot.relist()));
    return this.#register();
  }

  /**
   * The tool list a model is given, passing each server's description and input schema through unchanged; while
   * the session defers, a server tool no search loaded yet is marked deferred.
   */
  tools(): ToolsResult {
    const defers = this.defers();
    return {
      tools: this.#routes.map((r) => (r.kind === "local"
        ? { name: r.name, description: `Local tool (${r.shape})`, inputSchema: { type: "object" } }
        : { name: r.name, description: r.tool.description, inputSchema: shownSchema(this.policy, r.tool.inputSchema), ...(defers && !this.#loaded.has(r.name) ? { deferred: true } : {}) })),
    };
  }

  /** Whether the session shows more server tools than the policy offers as they are (so it offers its search tool). */
  defers(): boolean {
    const deferral = this.policy.deferral;
    return deferral !== undefined && this.#routes.filter((route) => route.kind === "server").length > deferral.above;
  }

  /** A call of the search tool: what it found, in the model's words, and those tools loaded as the policy says. */
  search(args: Record<string, unknown>): CallResult {
    const candidates = this.#routes.flatMap((route) => (route.kind === "server" ? [{ name: route.name, tool: route.tool }] : []));
    const { result, load } = runSearch(this.policy, candidates, args);
    for (const name of load) this.#loaded.add(name);
    return result;
  }

  /** The prompts shown now: each under its shown name, with the server and prompt name it maps to. */
  prompts(): PromptsResult {
    return { prompts: this.#context.prompts.map((route) => route.shown) };
  }

  /** The resources and templates shown now. */
  resources(): ResourcesResult {
    return { resources: this.#context.resources.map((route) => route.shown), templates: this.#context.templates };
  }

  /** Gets the prompt shown as `name` from its server (context-calls.ts). */
  getPrompt(name: string, args: Record<string, string>, namespace?: string): Promise<PromptGetResult> {
    return getPrompt(this.#callSite(), name, args, namespace);
  }

  /** Reads the resource shown as `uri` (in `namespace`) as the policy routes it (context-calls.ts). */
  readResource(uri: string, namespace?: string): Promise<ResourceReadResult> {
    return readResource(this.#callSite(), uri, namespace);
  }

  /** Registers a local tool, unless the guard refuses: no shape may take a name already shown. */
  registerLocal(name: string, shape: LocalShape): RegisterLocalResult {
    if (this.policy.everyOpenThrows !== undefined) return { ok: false, error: { message: this.policy.everyOpenThrows } };
    const holder = this.#routes.findIndex((route) => route.name === name);
    if (holder >= 0 && this.policy.guardedShapes.includes(shape)) {
      const owner = this.#routes[holder]!;
      const who = owner.kind === "server" ? `tool ${quote(owner.tool.name)} of server ${quote(owner.server)}` : "a local tool";
      return { ok: false, error: { message: `the name ${quote(name)} is already shown for ${who}; a local tool may not take it` } };
    }
    this.#locals.push({ name, shape });
    if (holder >= 0) {
      // `holder` is the first route of `name`, so it is the one the index holds.
      this.#routes[holder] = { kind: "local", name, shape };
      this.#byName.set(name, this.#routes[holder]);
    } else this.#register();
    return { ok: true };
  }

  /** For each server that listed, the fingerprints of the tools it contributes now. */
  pin(): PinResult {
    if (this.policy.everyOpenThrows !== undefined) return { pins: {} };
    const listed = this.slots.filter((slot) => slot.tools !== undefined);
    return {
      pins: Object.fromEntries(listed.map((slot) => [slot.key, takePin(adoptedTools(this.policy, slot.config, slot.tools!), this.policy.fingerprint)])),
    };
  }

  /** Closes every server connection. */
  async close(): Promise<void> {
    await Promise.allSettled(this.slots.map((slot) => slot.close()));
  }

  /** A server said its list changed: re-list it and register again, if the policy listens at all. */
  async #listChanged(slot: ServerSlot): Promise<void> {
    await slot.relist();
    this.#register();
  }

  /** A server said its prompts or resources changed: list those again and register again, if the policy listens. */
  async #contextChanged(slot: ServerSlot, lists: readonly ContextList[]): Promise<void> {
    await slot.relistContext(lists);
    this.#register();
  }

  #callSite() {
    return { policy: this.policy.context, prompts: this.#context.prompts, resources: this.#context.resources, slots: this.slots };
  }

  #register(): RefreshResult {
    const thrown = this.policy.everyOpenThrows;
    if (thrown !== undefined) {
      // Loaded, then the build of the tool list throws: nothing is shown, and the error names no server.
      this.#routes = [];
      this.#indexRoutes();
      return { outcome: { registered: Object.fromEntries(this.slots.map((slot) => [slot.key, []])), errors: [{ message: thrown }] }, diagnostics: [] };
    }
    const registration = registerServers(this.policy, this.slots, this.#locals);
    this.#routes = registration.routes;
    this.#indexRoutes();
    this.#context = registerContext(this.policy.context, this.slots);
    const contextErrors = [...this.#context.errors].sort((a, b) => a.index - b.index).map(({ server, message }) => ({ server, message }));
    return { outcome: { ...registration.outcome, errors: [...registration.outcome.errors, ...contextErrors] }, diagnostics: registration.diagnostics };
  }

  #indexRoutes(): void {
    this.#byName = new Map();
    for (const route of this.#routes) if (!this.#byName.has(route.name)) this.#byName.set(route.name, route);
  }
}

/** The input schema the model is handed for a server's tool, as the policy builds it from the server's. */
function shownSchema(policy: HostPolicy, schema: Record<string, unknown>): Record<string, unknown> {
  if (policy.shownSchema === "whole") return schema;
  return { type: "object", ...(schema.properties === undefined ? {} : { properties: schema.properties }), ...(schema.required === undefined ? {} : { required: schema.required }) };
}

/** What identifies a server across opens: its transport (an in-process one by identity, else as JSON). */
function transportKey(slot: ServerSlot): unknown {
  const spec = slot.config.transport;
  return spec.type === "memory" ? spec : JSON.stringify(spec);
}

/**
 * The configurations as the policy launches them: each as given, or, where a policy identifies a stdio
 * server by its command and arguments, a later server of one command launched as the first (its environment).
 */
function launchedAs(policy: HostPolicy, servers: HostOpenParams["servers"]): HostOpenParams["servers"] {
  if (policy.launchIdentity === "key") return servers;
  const first = new Map<string, HostOpenParams["servers"][number]["transport"]>();
  return servers.map((config) => {
    const spec = config.transport;
    if (spec.type !== "stdio") return config;
    const launch = JSON.stringify([spec.command, spec.args]);
    const earlier = first.get(launch);
    if (earlier === undefined) first.set(launch, spec);
    return earlier === undefined ? config : { ...config, transport: earlier };
  });
}
