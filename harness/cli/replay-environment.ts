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
import { clauseEnvironment } from "../runner/clause-environment.ts";
import { guardedHandle } from "../runner/guarded-host.ts";
import { learnNaming } from "../runner/learn-naming.ts";
import type { ServerTransportKind } from "../runner/observe-session.ts";
import type { SessionObservation } from "../runner/session-observation.ts";
import { tapAdapter, tapServers } from "../runner/tap.ts";

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
  /** The host answered the open of a world with nothing in it to fail (see harness/runner/host-failure.ts). */
  cleanWorldAnswered: boolean;
  close(): Promise<void>;
}

const thrownByHost = new WeakSet<object>();

/** Whether `error` came out of the host adapter (rather than from the harness replaying the case). */
export function isHostError(error: unknown): boolean {
  return typeof error === "object" && error !== null && thrownByHost.has(error);
}

/** The adapter with every call reported, and every error it throws marked as the host's. */
function loggedAdapter(adapter: HostAdapter, log: (event: ReplayEvent) => void): HostAdapter {
  return tapAdapter(adapter, ({ method, params, result, error, ms }, thrown) => {
    if (typeof thrown === "object" && thrown !== null) thrownByHost.add(thrown);
    log({ kind: "host", method, params, ...(error === undefined ? { result } : { error }), ms });
  });
}

/** The fake servers with each world reported when it starts, and its servers' records when it closes. */
function loggedServers(servers: FakeServerHost, log: (event: ReplayEvent) => void): FakeServerHost {
  return tapServers(servers, {
    started: (_world, scripts, kind) => log({ kind: "world", transport: kind, servers: [...scripts] }),
    closing: (world) => log({ kind: "records", records: [...world.records] }),
  });
}

/** Launches the host, asks initialize, and builds the environment; `log` sees everything that happens. */
export async function openReplayEnvironment(
  launcher: HostLauncher,
  options: { transport?: ServerTransportKind; profile?: string; listChangedTimeoutMs?: number; caseTimeoutMs?: number; log: (event: ReplayEvent) => void },
): Promise<ReplayEnvironment> {
  const fake = await startFakeServerHost();
  let handle: HostHandle | undefined;
  try {
    // Guarded as a run's hosts are: the clean-world open or the case abandoned at its timeout lets go first.
    handle = guardedHandle(await launcher.launch(), options.caseTimeoutMs ?? 60_000);
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
    // The host's join, read as a run reads it (run-clauses.ts), so a report's path finds the same plan.
    const learnt = await learnNaming(adapter, servers, transport, options.caseTimeoutMs ?? 60_000);
    const env: ClauseEnvironment = clauseEnvironment({
      adapter: () => adapter, host, transport, profile: chosen ?? claimed, providerProfile: chosen ?? namingProfile("default"), servers,
      naming: learnt?.naming,
      ...(learnt ? { clean: { adapter, accepted: learnt.accepted } } : {}),
      listChangedTimeoutMs: options.listChangedTimeoutMs ?? 2_000,
      onObservation: (observation) => options.log({ kind: "observation", observation }),
    });
    const stop = handle;
    return { env, host, transport, stderrTail: () => stop.stderrTail(), cleanWorldAnswered: learnt !== undefined, close: async () => { await stop.stop().catch(() => undefined); await fake.close(); } };
  } catch (error) {
    await handle?.stop().catch(() => undefined);
    await fake.close();
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { stderrTail: handle?.stderrTail() ?? "" });
  }
}
