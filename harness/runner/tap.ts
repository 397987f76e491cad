/**
 * Listening in on a host adapter and on the fake servers without changing what they do: every request to
 * the host with its answer (or the error it threw), every world started, and every world's records as it
 * closes. The verbose replay prints these; a run keeps them as the evidence of a failing case.
 */
import type { FakeServerHost, FakeTransportKind, FakeWorld, ServerScript } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";

/** One request to the host adapter, as it happened. */
export interface AdapterCall {
  method: "initialize" | "open" | "tools" | "call" | "refresh" | "registerLocal" | "pin" | "close";
  params: unknown[];
  result?: unknown;
  /** The error the adapter threw (the adapter broke: the runner makes it ERROR). */
  error?: string;
  ms: number;
}

/** The adapter with every request reported after it is answered; optional methods stay absent when the host lacks them. */
export function tapAdapter(adapter: HostAdapter, listener: (call: AdapterCall, thrown?: unknown) => void): HostAdapter {
  const wrap = <A extends unknown[], R>(method: AdapterCall["method"], fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    const started = performance.now();
    try {
      const result = await fn.apply(adapter, args);
      listener({ method, params: args, result, ms: Math.round(performance.now() - started) });
      return result;
    } catch (error) {
      listener({ method, params: args, error: error instanceof Error ? error.message : String(error), ms: Math.round(performance.now() - started) }, error);
      throw error;
    }
  };
  return {
    initialize: wrap("initialize", adapter.initialize),
    open: wrap("open", adapter.open),
    tools: wrap("tools", adapter.tools),
    call: wrap("call", adapter.call),
    refresh: adapter.refresh && wrap("refresh", adapter.refresh),
    registerLocal: adapter.registerLocal && wrap("registerLocal", adapter.registerLocal),
    pin: adapter.pin && wrap("pin", adapter.pin),
    close: wrap("close", adapter.close),
    shutdown: () => adapter.shutdown(),
  };
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
