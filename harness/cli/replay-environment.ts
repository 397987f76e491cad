/**
 * The clause environment for replaying one case verbosely (`mcp-collide repro`, emitted regression tests):
 * the same environment a run builds (see harness/runner/run-clauses.ts), with the host adapter and the fake
 * servers wrapped so that every request to the host, every answer, every world started and every message
 * each server received is reported as it happens.
 */
import { startFakeServerHost, type FakeServerHost, type MessageRecord, type ServerScript } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import { namingProfile, type NamingProfile } from "../profiles/naming-profile.ts";
import type { InitializeResult } from "../protocol/initialize-result.ts";
import type { ClauseEnvironment } from "../runner/clause.ts";
import type { HostHandle, HostLauncher } from "../runner/host-launcher.ts";
import { observeSession, type ServerTransportKind } from "../runner/observe-session.ts";
import type { SessionObservation } from "../runner/session-observation.ts";

/** Something that happened during a replay, in order. */
export type ReplayEvent =
  | { kind: "world"; transport: ServerTransportKind; servers: ServerScript[] }
  | { kind: "host"; method: string; params: unknown[]; result?: unknown; error?: string; ms: number }
  | { kind: "records"; records: MessageRecord[] }
  | { kind: "observation"; observation: SessionObservation };

/** A replay environment and how to tear it down. */
export interface ReplayEnvironment {
  env: ClauseEnvironment;
  host: InitializeResult;
  transport: ServerTransportKind;
  stderrTail(): string;
  close(): Promise<void>;
}

const thrownByHost = new WeakSet<object>();

/** Whether `error` came out of the host adapter (rather than from the harness replaying the case). */
export function isHostError(error: unknown): boolean {
  return typeof error === "object" && error !== null && thrownByHost.has(error);
}

/** The adapter with every call reported; optional methods stay absent when the host lacks them. */
function loggedAdapter(adapter: HostAdapter, log: (event: ReplayEvent) => void): HostAdapter {
  const wrap = <A extends unknown[], R>(method: string, fn: (...args: A) => Promise<R>) => async (...args: A): Promise<R> => {
    const started = performance.now();
    try {
      const result = await fn.apply(adapter, args);
      log({ kind: "host", method, params: args, result, ms: Math.round(performance.now() - started) });
      return result;
    } catch (error) {
      if (typeof error === "object" && error !== null) thrownByHost.add(error);
      log({ kind: "host", method, params: args, error: error instanceof Error ? error.message : String(error), ms: Math.round(performance.now() - started) });
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

/** The fake servers with each world reported when it starts, and its servers' records when it closes. */
function loggedServers(servers: FakeServerHost, log: (event: ReplayEvent) => void): FakeServerHost {
  return {
    async startWorld(scripts, kind) {
      const world = await servers.startWorld(scripts, kind);
      log({ kind: "world", transport: kind, servers: [...scripts] });
      let reported = false;
      const close = async () => {
        if (!reported) log({ kind: "records", records: [...world.records] });
        reported = true;
        await world.close();
      };
      // A proxy, not a copy: `records` is a live array the runner reads while the world runs.
      return new Proxy(world, { get: (target, property) => (property === "close" ? close : Reflect.get(target, property, target)) });
    },
    close: () => servers.close(),
  };
}

/** Launches the host, asks initialize, and builds the environment; `log` sees everything that happens. */
export async function openReplayEnvironment(
  launcher: HostLauncher,
  options: { transport?: ServerTransportKind; profile?: string; listChangedTimeoutMs?: number; log: (event: ReplayEvent) => void },
): Promise<ReplayEnvironment> {
  const fake = await startFakeServerHost();
  let handle: HostHandle | undefined;
  try {
    handle = await launcher.launch();
    const adapter = loggedAdapter(handle.adapter, options.log);
    const host = await adapter.initialize();
    const transport = options.transport ?? (host.transports.includes("http") ? "http" : host.transports[0]!);
    if (!host.transports.includes(transport)) throw new Error(`the host does not load ${transport} servers (it loads ${host.transports.join(", ")})`);
    const chosen: NamingProfile | undefined = options.profile ? namingProfile(options.profile) : undefined;
    let claimed: NamingProfile | undefined;
    try {
      claimed = host.capabilities.profile ? namingProfile(host.capabilities.profile) : undefined;
    } catch {
      claimed = undefined;
    }
    const servers = loggedServers(fake, options.log);
    const env: ClauseEnvironment = {
      adapter, host, capabilities: host.capabilities, transport,
      profile: chosen ?? claimed, providerProfile: chosen ?? namingProfile("default"), servers,
      listChangedTimeoutMs: options.listChangedTimeoutMs ?? 2_000,
      observe: async (world, observeOptions) => {
        const observation = await observeSession(adapter, servers, transport, world, observeOptions);
        options.log({ kind: "observation", observation });
        return observation;
      },
    };
    const stop = handle;
    return { env, host, transport, stderrTail: () => stop.stderrTail(), close: async () => { await stop.stop().catch(() => undefined); await fake.close(); } };
  } catch (error) {
    await handle?.stop().catch(() => undefined);
    await fake.close();
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { stderrTail: handle?.stderrTail() ?? "" });
  }
}
