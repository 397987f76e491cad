/**
 * Listening in on a host adapter and on the fake servers without changing what they do: every request to
 * the host with its answer (or the error it threw), every world started, and every world's records as it
 * closes. The verbose replay prints these; a run keeps them as the evidence of a failing case.
 */
import type { FakeServerHost, FakeTransportKind, FakeWorld, ServerScript } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import { isAbandonedRequest } from "./timed-work.ts";

/** One request to the host adapter, as it happened. */
export interface AdapterCall {
  method: "initialize" | "open" | "tools" | "call" | "refresh" | "registerLocal" | "pin" | "prompts" | "getPrompt" | "resources" | "readResource" | "close";
  params: unknown[];
  result?: unknown;
  /** The error the adapter threw (the adapter broke: the runner makes it ERROR). */
  error?: string;
  ms: number;
}

/** How a wrapper turns one of the adapter's requests (`fn`, its method bound to the adapter) into its own. */
export type RequestWrap = <A extends unknown[], R>(method: AdapterCall["method"], fn: (...args: A) => Promise<R>) => (...args: A) => Promise<R>;

/** `adapter` with every request but `shutdown` made by `wrap`; optional methods stay absent when the host lacks them. */
export function wrapRequests(adapter: HostAdapter, wrap: RequestWrap): HostAdapter {
  const bound = <A extends unknown[], R>(method: AdapterCall["method"], fn: (...args: A) => Promise<R>) => wrap(method, (...args: A) => fn.apply(adapter, args));
  return {
    initialize: bound("initialize", adapter.initialize),
    open: bound("open", adapter.open),
    tools: bound("tools", adapter.tools),
    call: bound("call", adapter.call),
    refresh: adapter.refresh && bound("refresh", adapter.refresh),
    registerLocal: adapter.registerLocal && bound("registerLocal", adapter.registerLocal),
    pin: adapter.pin && bound("pin", adapter.pin),
    prompts: adapter.prompts && bound("prompts", adapter.prompts),
    getPrompt: adapter.getPrompt && bound("getPrompt", adapter.getPrompt),
    resources: adapter.resources && bound("resources", adapter.resources),
    readResource: adapter.readResource && bound("readResource", adapter.readResource),
    close: bound("close", adapter.close),
    shutdown: () => adapter.shutdown(),
  };
}

/** The adapter with every request reported after it is answered; optional methods stay absent when the host lacks them. */
export function tapAdapter(adapter: HostAdapter, listener: (call: AdapterCall, thrown?: unknown) => void): HostAdapter {
  return wrapRequests(adapter, (method, fn) => async (...args) => {
    const started = performance.now();
    try {
      const result = await fn(...args);
      listener({ method, params: args, result, ms: Math.round(performance.now() - started) });
      return result;
    } catch (error) {
      // A request of work abandoned at its timeout that a guarded host did not send: nothing the host did.
      if (isAbandonedRequest(error)) throw error;
      listener({ method, params: args, error: error instanceof Error ? error.message : String(error), ms: Math.round(performance.now() - started) }, error);
      throw error;
    }
  });
}

/** What to tell about the worlds a tapped {@link FakeServerHost} starts. */
export interface ServerListener {
  /** A world started, with its scripts and transport kind. */
  started?(world: FakeWorld, scripts: readonly ServerScript[], kind: FakeTransportKind): void;
  /** A world is about to close: its records are complete. Once per world. */
  closing?(world: FakeWorld): void;
}

/** The fake servers with each world reported when it starts, and once more just before it closes. */
export function tapServers(servers: FakeServerHost, listener: ServerListener): FakeServerHost {
  return {
    async startWorld(scripts, kind, options) {
      const world = await servers.startWorld(scripts, kind, options);
      listener.started?.(world, scripts, kind);
      let reported = false;
      const close = async () => {
        if (!reported) listener.closing?.(world);
        reported = true;
        await world.close();
      };
      // A proxy, not a copy: `records` is a live array the runner reads while the world runs.
      return new Proxy(world, { get: (target, property) => (property === "close" ? close : Reflect.get(target, property, target)) });
    },
    close: () => servers.close(),
  };
}
