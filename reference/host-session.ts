/**
 * One open configuration: its servers, its local tools, and the list a model is shown. Every change
 * (open, refresh, a server's list_changed, a local registration) re-runs registration over the servers'
 * current lists, so what is shown is always a function of what the servers last said. Policy carried here:
 * - The duplicate guard refuses a local registration onto any shown name, for every shape the policy
 *   covers (ADR P8, delta #8); a shape it does not cover overwrites the entry in place, as lionagi's did.
 * - A refresh of an unknown server changes nothing and says so (adonis).
 */
import type { HostOpenParams, LocalShape, OpenResult, PinResult, RefreshResult, RegisterLocalResult, ToolsResult } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import { takePin } from "./pins.ts";
import { registerServers, type LocalEntry, type Route } from "./register-servers.ts";
import { ServerSlot } from "./server-slot.ts";
import { adoptedTools } from "./server-options.ts";

const quote = (text: string) => JSON.stringify(text);

/** A session's servers and the routes registration last produced. */
export class HostSession {
  readonly slots: ServerSlot[];
  readonly #locals: LocalEntry[];
  #routes: Route[] = [];
  /** The first route of each shown name, and each slot by configuration key: a call looks up both. */
  #byName = new Map<string, Route>();
  readonly #slotByKey = new Map<string, ServerSlot>();

  /**
   * @param failedAtOpen the host process's record of servers that failed to load at an open, by transport;
   *   read and written only by a policy that remembers such failures instead of trying again.
   */
  constructor(
    readonly policy: HostPolicy, clientInfo: { name: string; version: string }, params: HostOpenParams,
    private readonly failedAtOpen = new Map<unknown, string>(),
  ) {
    this.slots = launchedAs(policy, params.servers).map((config, index) => new ServerSlot(config, index, policy, clientInfo, (slot) => void this.#listChanged(slot)));
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

  /** The tool list a model is given, passing each server's description and input schema through unchanged. */
  tools(): ToolsResult {
    return {
      tools: this.#routes.map((r) => (r.kind === "local"
        ? { name: r.name, description: `Local tool (${r.shape})`, inputSchema: { type: "object" } }
        : { name: r.name, description: r.tool.description, inputSchema: r.tool.inputSchema })),
    };
  }

  /** Registers a local tool, unless the guard refuses: no shape may take a name already shown. */
  registerLocal(name: string, shape: LocalShape): RegisterLocalResult {
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

  #register(): RefreshResult {
    const registration = registerServers(this.policy, this.slots, this.#locals);
    this.#routes = registration.routes;
    this.#indexRoutes();
    return { outcome: registration.outcome, diagnostics: registration.diagnostics };
  }

  #indexRoutes(): void {
    this.#byName = new Map();
    for (const route of this.#routes) if (!this.#byName.has(route.name)) this.#byName.set(route.name, route);
  }
}

/** What identifies a server across opens: its transport (an in-process one by identity, else as JSON). */
function transportKey(slot: ServerSlot): unknown {
  const spec = slot.config.transport;
  return spec.type === "memory" ? spec : JSON.stringify(spec);
}

/**
 * The configurations as the policy launches them: each as given, or, where a policy identifies a stdio
 * server by its command and arguments, a later server of one command launched as the first (its environment),
 * or, where it identifies an HTTP server by its origin, a later server of one origin reached as the first (its
 * path and headers).
 */
function launchedAs(policy: HostPolicy, servers: HostOpenParams["servers"]): HostOpenParams["servers"] {
  if (policy.launchIdentity === "key") return servers;
  const first = new Map<string, HostOpenParams["servers"][number]["transport"]>();
  return servers.map((config) => {
    const spec = config.transport;
    const identity = policy.launchIdentity === "command" ? "stdio" : "http";
    if (spec.type !== identity) return config;
    const launch = spec.type === "stdio" ? JSON.stringify([spec.command, spec.args]) : new URL(spec.url).origin;
    const earlier = first.get(launch);
    if (earlier === undefined) first.set(launch, spec);
    return earlier === undefined ? config : { ...config, transport: earlier };
  });
}
