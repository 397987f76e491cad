import { randomBytes } from "node:crypto";
import { HttpGateway } from "./http-gateway.ts";
import { AnswerGate } from "./answer-gate.ts";
import type { ContextLists } from "./context-definition.ts";
import { DriftStepSchema, type DriftStepInput } from "./drift-step.ts";
import { LiveServer } from "./live-server.ts";
import { holdLatenessSampler, machineLatenessMs } from "./machine-lateness.ts";
import { memoryEndpoint } from "./memory-endpoint.ts";
import type { MemoryTransportSpec } from "./memory-transport-spec.ts";
import type { MessageRecord } from "./message-record.ts";
import { Recorder } from "./recorder.ts";
import type { ServerScript } from "./server-script.ts";
import { StdioRelay, type StdioShimChoice } from "./stdio-relay.ts";
import type { ToolDefinition } from "./tool-definition.ts";
import type { HttpTransportSpec, StdioTransportSpec } from "./transport-spec.ts";

/** How a world's servers are reached. */
export type FakeTransportKind = "memory" | "stdio" | "http";

/** The transport spec a host gets for each kind of world. */
export interface TransportSpecByKind {
  memory: MemoryTransportSpec;
  stdio: StdioTransportSpec;
  http: HttpTransportSpec;
}

/** Where one script's server can be reached. */
export interface FakeEndpoint<K extends FakeTransportKind = FakeTransportKind> {
  /** The script's configuration key. */
  key: string;
  /** What to hand the host for this server. */
  transport: TransportSpecByKind[K];
}

/** A set of running fake servers, one per script, with one shared record book. */
export interface FakeWorld<K extends FakeTransportKind = FakeTransportKind> {
  /** The transport kind every server of this world uses. */
  readonly kind: K;
  /** One per script, in script order. */
  readonly endpoints: ReadonlyArray<FakeEndpoint<K>>;
  /** Every message any server of this world received, appended live as it arrives. */
  readonly records: readonly MessageRecord[];
  /** `performance.now()` when the world started; record times count from here. */
  readonly startedAt: number;
  /**
   * The keys of the servers that answered their first `tools/list`, in the order the answers were sent
   * (live, like `records`): the arrival order a host could see, as it happened rather than as scripted.
   */
  readonly answerOrder: readonly string[];
  /** Whether no two of these servers' first lists were ever asked for at once (AnswerGate.listedOneAtATime), so far. */
  listedOneAtATime(): boolean;
  /** The servers the host asked for their first list only after a wait for them ran out (AnswerGate.askedAfterWait), so far. */
  askedAfterWait(): readonly string[];
  /**
   * Changes server `key` mid-session by one drift step (validated with {@link DriftStepSchema}); see
   * LiveServer.apply for when each kind takes effect. Throws for an unknown key or a step that does not fit.
   */
  apply(key: string, step: DriftStepInput): Promise<void>;
  /** The tool list server `key` would answer now. */
  tools(key: string): readonly ToolDefinition[];
  /** The prompts, resources and templates server `key` would answer now. */
  context(key: string): ContextLists;
  /** How many list-changing steps server `key` has taken (0: as scripted). */
  revision(key: string): number;
  /** The revision of each `tools/list` server `key` answered, in order: which lists a host can have seen. */
  listings(key: string): readonly number[];
  /** Closes every connection and server of this world and forgets its tokens. Idempotent. */
  close(): Promise<void>;
}

/** How one world's servers behave beyond their scripts. */
export interface WorldOptions {
  /**
   * No server of this world will send anything on its own: no drift step will make one notify. Over HTTP
   * a host's GET stream is then answered 405, as the spec lets a server that offers no stream (a stream
   * held open for nothing costs both sides on every session), and a `notify` step throws.
   */
  quiet?: boolean;
}

/** The process-wide home of fake servers: one stdio relay and one HTTP listener shared by all worlds. */
export interface FakeServerHost {
  /** Starts one server per script, reachable over `kind`; unreachable scripts get endpoints that fail fast. */
  startWorld<K extends FakeTransportKind>(scripts: readonly ServerScript[], kind: K, options?: WorldOptions): Promise<FakeWorld<K>>;
  /** Closes every world, socket and listener. Idempotent; later `startWorld` calls reject. */
  close(): Promise<void>;
}

/**
 * Whether a server gets an HTTP listener of its own: one whose unreachable mode closes its port (`refused`, or
 * stdio's `exits`, which HTTP plays as `refused`). Its port can be closed and opened again as drift steps take it
 * down and bring it back, which a path under the shared listener cannot. Every other HTTP server is a path under
 * one origin, which a report reads to tell servers a host could take for one (harness/report/target-facts.ts).
 */
export function ownsPort(script: Pick<ServerScript, "unreachableAs">): boolean {
  return script.unreachableAs === "refused" || script.unreachableAs === "exits";
}

/** 128 random bits: one world cannot guess its way to another's server. */
function newToken(): string {
  return randomBytes(16).toString("hex");
}

/**
 * Most time between two servers' first tools/list answers over a wire. The gate waits a few times as long
 * as the host was seen to take to handle one message in the world (see AnswerGate), never longer than this:
 * a host that stalls for seconds is slow enough that the world's wait would cost more than the order is worth.
 */
const MAX_ANSWER_SPACING_MS = 1_000;

/** How a fake server host's worlds behave. */
export interface FakeServerHostOptions {
  /**
   * Least time a server holds its first tools/list answer for lower-ranked servers (default 250 ms; longer
   * on a slow host, see AnswerGate): a host that lists one server at a time, in any order, is slowed by the
   * rank wait per server, never deadlocked. A test of the rank order itself raises it.
   */
  rankWaitMs?: number;
  /** Which shim stdio servers are reached through (default "auto": the perl shim where perl can serve). */
  stdioShim?: StdioShimChoice;
  /** Serve the http worlds as https with this certificate for 127.0.0.1 (see makeRunCa). */
  tls?: { cert: string; key: string };
  /**
   * How long a server that never answers (`list-unanswered`, an unreachable `silent` or `stdout-closed` one)
   * holds a connection before dropping it, where its script does not say (default LIST_STALL_MS). A host that
   * sets no bound of its own waits for the drop whatever its length, so a run of such hosts may shorten it.
   */
  stallMs?: number;
}

/**
 * Creates the host. The relay and the HTTP listener start lazily, on the first world that needs
 * them, so a memory-only run opens no port at all.
 */
export async function startFakeServerHost(options: FakeServerHostOptions = {}): Promise<FakeServerHost> {
  const rankWaitMs = options.rankWaitMs ?? 250;
  const tls = options.tls;
  const stallMs = options.stallMs;
  let relay: Promise<StdioRelay> | undefined;
  let gateway: Promise<HttpGateway> | undefined;
  const worlds = new Set<FakeWorld>();
  let closed = false;
  /** Lets go of the machine-lateness sampler, held from the first wire world until the host closes. */
  let letGoOfLateness: (() => void) | undefined;

  const router = async (kind: "stdio" | "http"): Promise<StdioRelay | HttpGateway> =>
    kind === "stdio" ? (relay ??= StdioRelay.start(options.stdioShim)) : (gateway ??= HttpGateway.start(options.tls));

  async function startWorld<K extends FakeTransportKind>(given: readonly ServerScript[], kind: K, options: WorldOptions = {}): Promise<FakeWorld<K>> {
    if (closed) throw new Error("fake server host is closed");
    const scripts = stallMs === undefined ? given : given.map((script) => (script.stallMs === undefined ? { ...script, stallMs } : script));
    const recorder = new Recorder();
    // Servers answer their first tools/list in rank order (scripted, else configuration order), so which
    // one a host hears from first never depends on spawn or scheduling jitter.
    const ranks = new Map(scripts.map((script, index) => [script.key, script.answerRank ?? index]));
    // Over a wire, answers are spaced by the machine's lateness too (see AnswerGate); in memory order is exact.
    if (kind !== "memory") letGoOfLateness ??= holdLatenessSampler();
    const gate = kind === "memory" ? new AnswerGate(ranks, rankWaitMs, 0) : new AnswerGate(ranks, rankWaitMs, MAX_ANSWER_SPACING_MS, machineLatenessMs);
    // A server that is down or fails its listing never answers in turn: nobody waits for it.
    for (const script of scripts) if (script.unreachable || script.failure !== undefined) gate.done(script.key);
    const routes = kind === "memory" ? undefined : await router(kind);
    const servers: LiveServer[] = [];
    const byKey = new Map<string, LiveServer>();
    const tokens: string[] = [];
    /** Over HTTP, one path per sharedUrl label of this world. */
    const sharedPaths = new Map<string, string>();
    /** Over HTTP, a listener of its own for each server whose port closes when it is down (see ownPort). */
    const own = new Map<ServerScript, HttpGateway>();
    if (routes instanceof HttpGateway) {
      try {
        for (const script of scripts) if (ownsPort(script)) own.set(script, await HttpGateway.start(tls));
      } catch (error) {
        await Promise.allSettled([...own.values()].map((port) => port.close()));
        throw error;
      }
    }
    const endpoints = scripts.map((script): FakeEndpoint<K> => {
      // An unreachable script's server starts down: it refuses every connection until a drift step revives it.
      const server = new LiveServer(script, recorder, gate, options.quiet === true);
      servers.push(server);
      if (!byKey.has(script.key)) byKey.set(script.key, server);
      if (!routes) return { key: script.key, transport: memoryEndpoint(script.key, server) as TransportSpecByKind[K] };
      const port = own.get(script);
      if (port) {
        const token = newToken();
        port.register(token, server);
        server.onAvailability = (down) => (down ? port.suspend() : port.resume());
        return { key: script.key, transport: port.specFor(token) as TransportSpecByKind[K] };
      }
      if (routes instanceof HttpGateway && script.sharedUrl !== undefined) {
        let path = sharedPaths.get(script.sharedUrl);
        if (path === undefined) {
          path = newToken();
          sharedPaths.set(script.sharedUrl, path);
          tokens.push(path);
        }
        const credential = newToken();
        routes.registerShared(path, credential, server);
        return { key: script.key, transport: routes.sharedSpecFor(path, credential) as TransportSpecByKind[K] };
      }
      const token = newToken();
      routes.register(token, server);
      tokens.push(token);
      return { key: script.key, transport: routes.specFor(token) as TransportSpecByKind[K] };
    });
    const serverOf = (key: string): LiveServer => {
      const server = byKey.get(key);
      if (!server) throw new Error(`no fake server ${JSON.stringify(key)} in this world`);
      return server;
    };

    let closing: Promise<void> | undefined;
    const world: FakeWorld<K> = {
      kind,
      endpoints,
      records: recorder.records,
      startedAt: recorder.startedAt,
      answerOrder: gate.answerOrder,
      listedOneAtATime: () => gate.listedOneAtATime,
      askedAfterWait: () => gate.askedAfterWait,
      apply: async (key, step) => serverOf(key).apply(DriftStepSchema.parse(step)),
      tools: (key) => serverOf(key).tools,
      context: (key) => serverOf(key).context,
      revision: (key) => serverOf(key).revision,
      listings: (key) => serverOf(key).listings,
      close: () =>
        (closing ??= (async () => {
          for (const token of tokens) routes?.unregister(token);
          gate.release();
          await Promise.allSettled(servers.map((server) => server.close()));
          await Promise.allSettled([...own.values()].map((port) => port.close()));
          worlds.delete(world);
        })()),
    };
    // A server down from the start on a port of its own starts with that port closed.
    await Promise.all([...own].map(([script, port]) => (script.unreachable ? port.suspend() : undefined)));
    worlds.add(world);
    if (closed) {
      // The host closed while this world waited for its listener: it must not outlive the host.
      await world.close();
      throw new Error("fake server host is closed");
    }
    return world;
  }

  let closingHost: Promise<void> | undefined;
  return {
    startWorld,
    close: () =>
      (closingHost ??= (async () => {
        closed = true;
        letGoOfLateness?.();
        await Promise.allSettled([...worlds].map((world) => world.close()));
        const listeners = await Promise.allSettled([relay, gateway].filter((p) => p !== undefined));
        await Promise.allSettled(listeners.map((l) => (l.status === "fulfilled" ? l.value.close() : undefined)));
      })()),
  };
}
