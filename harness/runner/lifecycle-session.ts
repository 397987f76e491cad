/**
 * Driving a host through a session's life, for the lifecycle clauses: a world's fake servers keep running
 * across several host sessions (a pin taken in one, honoured in the next), and a session can be refreshed,
 * extended with local tools and pinned while the harness changes its servers. Like observeSession, every
 * call is judged by what the servers recorded, and everything is torn down whatever happens; unlike it,
 * nothing is done that the clause did not ask for.
 */
import type { DriftStepInput, FakeServerHost, FakeWorld, MessageRecord } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import type { PinResult, RegisterLocalResult } from "../protocol/call-result.ts";
import type { Capabilities, LocalShape } from "../protocol/initialize-result.ts";
import type { LocalTool, ServerConfig } from "../protocol/open-params.ts";
import type { OpenResult, RefreshResult } from "../protocol/open-result.ts";
import { identityOf } from "../world/tool-identity.ts";
import { listWithSearch } from "./list-with-search.ts";
import type { World } from "../world/world.ts";
import type { ServerTransportKind } from "./observe-session.ts";
import type { ObservedCall, ObservedTool } from "./session-observation.ts";

/** What a lifecycle world needs of the run. */
export interface LifecycleEnvironment {
  readonly adapter: HostAdapter;
  readonly servers: FakeServerHost;
  readonly transport: ServerTransportKind;
  /** The host's capabilities: a host that defers tools behind a search has its list searched as a model would (list-with-search.ts). */
  readonly capabilities?: Capabilities;
}

/** Per-server configuration beyond the transport, by server key. */
export type ServerOptions = Partial<Omit<ServerConfig, "key" | "transport">>;

/** What to open a session with. */
export interface LifecycleOpenOptions {
  /** Extra configuration per server key: request schemas, a pin, allow and deny lists. */
  config?: Readonly<Record<string, ServerOptions>>;
  /** Local tools registered before any server loads. */
  localTools?: readonly LocalTool[];
  /** Ask the host to load no deferred tool on the model's behalf (HAP/1 `keepDeferred`): the clause searches itself. */
  keepDeferred?: boolean;
}

/** One host session on a running lifecycle world. */
export interface LifecycleSession {
  readonly id: string;
  /** What `open` answered. */
  readonly opened: OpenResult;
  /** The host's list now, each tool with the identity its description carries. */
  tools(): Promise<ObservedTool[]>;
  /**
   * Calls `name` (in `namespace`, for a host that shows namespaces; default arguments: a probe nonce fresh
   * within the world) and returns what the servers received meanwhile.
   */
  call(name: string, args?: Record<string, unknown>, namespace?: string): Promise<ObservedCall>;
  refresh(server?: string): Promise<RefreshResult>;
  registerLocal(name: string, shape: LocalShape): Promise<RegisterLocalResult>;
  pin(): Promise<PinResult>;
  /** Closes the host session (idempotent); the world keeps running. */
  close(): Promise<void>;
}

/** A world's fake servers, running until {@link LifecycleWorld.close}, and the host sessions opened on them. */
export interface LifecycleWorld {
  readonly world: World;
  readonly fake: FakeWorld;
  /** Opens a host session on the world's servers, in configuration order. */
  open(options?: LifecycleOpenOptions): Promise<LifecycleSession>;
  /** Changes server `key` by one drift step (see FakeWorld.apply). */
  apply(key: string, step: DriftStepInput): Promise<void>;
  /** Every `tools/call` the servers received so far. */
  calls(): MessageRecord[];
}

/** The adapter's optional method, or an error saying the host declared a capability it does not implement. */
function method<K extends "refresh" | "registerLocal" | "pin">(adapter: HostAdapter, name: K): NonNullable<HostAdapter[K]> {
  const fn = adapter[name];
  if (typeof fn !== "function") throw new Error(`the host adapter has no ${name} method, though the clause needs it`);
  return fn.bind(adapter) as NonNullable<HostAdapter[K]>;
}

/**
 * Starts `world`'s servers, runs `body` with them, then closes every session `body` left open and the
 * servers, whatever happened. Adapter errors propagate untouched: the runner turns them into ERROR.
 */
export async function withLifecycleWorld<T>(env: LifecycleEnvironment, world: World, body: (live: LifecycleWorld) => Promise<T>): Promise<T> {
  const fake = await env.servers.startWorld(world.servers, env.transport);
  const sessions = new Set<LifecycleSession>();
  // A nonce unique within this world (records are per world), and the same on every run of one seed, so a
  // report's evidence is too.
  let probes = 0;
  const live: LifecycleWorld = {
    world,
    fake,
    apply: (key, step) => fake.apply(key, step),
    calls: () => fake.records.filter((record) => record.method === "tools/call"),
    async open(options = {}) {
      const servers = fake.endpoints.map(({ key, transport }) => ({ key, transport, ...options.config?.[key] }));
      const opened = await env.adapter.open({
        servers, ...(options.localTools ? { localTools: [...options.localTools] } : {}), ...(options.keepDeferred ? { keepDeferred: true } : {}),
      });
      let closed = false;
      let searched = false;
      const session: LifecycleSession = {
        id: opened.session,
        opened,
        async tools() {
          // The first list a session reads is what a model of a searching host reaches after its searches; a clause
          // that searches itself opened with keepDeferred, and a later list must show what the session did since.
          const deferral = options.keepDeferred || searched ? undefined : env.capabilities?.deferredTools;
          searched = true;
          const listed = await listWithSearch(env.adapter, opened.session, deferral?.searchTool, world, deferral?.above);
          return listed.tools.map((tool) => ({ ...tool, identity: identityOf(tool.description) }));
        },
        async call(name, args = { probe: `probe-${++probes}` }, namespace) {
          const before = fake.records.length;
          const result = namespace === undefined
            ? await env.adapter.call(opened.session, name, args)
            : await env.adapter.call(opened.session, name, args, namespace);
          const deliveries = fake.records.slice(before).filter((record) => record.method === "tools/call");
          return { name, ...(namespace === undefined ? {} : { namespace }), arguments: args, result, deliveries };
        },
        refresh: async (server) => method(env.adapter, "refresh")(opened.session, server),
        registerLocal: async (name, shape) => method(env.adapter, "registerLocal")(opened.session, name, shape),
        pin: async () => method(env.adapter, "pin")(opened.session),
        async close() {
          if (closed) return;
          closed = true;
          sessions.delete(session);
          await env.adapter.close(opened.session);
        },
      };
      sessions.add(session);
      return session;
    },
  };
  try {
    return await body(live);
  } finally {
    try {
      for (const session of [...sessions]) await session.close();
    } finally {
      await fake.close();
    }
  }
}
