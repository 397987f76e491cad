/**
 * The evidence of one case: every request the harness made to the host (arguments included) with the
 * host's answer, every world of fake servers started, and every message each server received. Kept for
 * every case as it runs (raw, cheaply) and written out only for the case a verdict rests on. Policy
 * carried here: the evidence is part of the report, so it must be the same for the same seed; what differs
 * between runs (the host's session ids, the servers' addresses and tokens, ports, timings) is left out or
 * replaced by a stable label, and long lists are cut with a count of what was left out.
 */
import type { FakeServerHost, FakeTransportKind, FakeWorld, MessageRecord, ServerScript } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import { mapStrings, pathContext, portableText, type PathContext } from "../report/portable-path.ts";
import type { Evidence, EvidenceStep } from "../report/report-model.ts";
import type { ClauseEnvironment, ObservationRecord } from "./clause.ts";
import type { OpenAnswer } from "./confounds.ts";
import { contextOfScript } from "./context-evidence.ts";
import { tapAdapter, tapServers, type AdapterCall } from "./tap.ts";
import { reportedFailure } from "./counterexample.ts";

/** Most steps kept, and most messages kept per server and world; the rest are counted as omitted. */
const MAX_STEPS = 300;
const MAX_MESSAGES = 120;
/** Longest string kept inside a request or answer. */
const MAX_TEXT = 600;

type Raw =
  | { kind: "world"; world: number; transport: FakeTransportKind; scripts: readonly ServerScript[] }
  | { kind: "host"; call: AdapterCall }
  | { kind: "received"; world: number; keys: string[]; records: MessageRecord[] };

/** What one observation added to a transcript: its raw entries and the secrets they mention. */
interface TranscriptSlice {
  raw: Raw[];
  secrets: [string, string][];
}

const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi;
const LOOPBACK_PORT = /127\.0\.0\.1:\d+/g;

/** A case's transcript; {@link environment} gives the environment its check runs in. */
export class CaseTranscript {
  readonly #raw: Raw[] = [];
  /** Addresses and tokens of this case's servers, each with the label that replaces it. */
  readonly #secrets = new Map<string, string>();
  #worlds = 0;
  readonly #worldNumbers = new WeakMap<FakeWorld, number>();
  /** Each error the host adapter threw during the case, with the request it answered and where the transcript stood. */
  readonly #thrown = new WeakMap<object, { method: AdapterCall["method"]; at: number }>();

  /** `env` with its adapter and fake servers tapped into this transcript; judging still asks `env`. */
  environment(env: ClauseEnvironment): ClauseEnvironment {
    let tappedFor: HostAdapter | undefined;
    let tapped: HostAdapter | undefined;
    const adapter = () => {
      const base = env.adapter;
      if (base !== tappedFor) {
        tappedFor = base;
        tapped = tapAdapter(base, (call, thrown) => {
          // A broken adapter throws its first error again for every later request: the first one is where it came from.
          if (typeof thrown === "object" && thrown !== null && !this.#thrown.has(thrown)) this.#thrown.set(thrown, { method: call.method, at: this.#raw.length });
          this.#raw.push({ kind: "host", call });
        });
      }
      return tapped!;
    };
    let servers: ClauseEnvironment["servers"] | undefined;
    const fake = () => (servers ??= tapServers(env.servers, {
      started: (world, scripts, kind) => this.#started(world, scripts, kind),
      closing: (world) => this.#closing(world),
    }));
    return {
      get adapter() { return adapter(); },
      get host() { return env.host; },
      get capabilities() { return env.capabilities; },
      get transport() { return env.transport; },
      get profile() { return env.profile; },
      get providerProfile() { return env.providerProfile; },
      get naming() { return env.naming; },
      get servers() { return fake(); },
      get listChangedTimeoutMs() { return env.listChangedTimeoutMs; },
      // Through the run's environment (its observation cache and listeners), on the tapped adapter and servers;
      // the adapter is read when the session starts (the run may have replaced the host for it: fresh-hosts.ts).
      observe: (world, options) => env.observe(world, options, { get adapter() { return adapter(); }, servers: fake(), record: this.#record }),
      judge: (world, observation) => env.judge(world, observation),
      acceptsCleanWorld: () => env.acceptsCleanWorld(),
      acceptsCleanContext: () => env.acceptsCleanContext(),
    };
  }

  /**
   * Where `error` came from, when the host adapter threw it during this case (else undefined): the request it
   * answered, the servers of the world started last before it (the one that request was about), those of the
   * worlds started before that one, and whether the host had answered an earlier request of the case.
   */
  thrownBy(error: unknown): { method: AdapterCall["method"]; world: readonly ServerScript[]; earlier: readonly ServerScript[]; answeredBefore: boolean } | undefined {
    const found = typeof error === "object" && error !== null ? this.#thrown.get(error) : undefined;
    if (!found) return undefined;
    const before = this.#raw.slice(0, found.at);
    const worlds = before.flatMap((raw) => (raw.kind === "world" ? [raw.scripts] : []));
    const answeredBefore = before.some((raw) => raw.kind === "host" && raw.call.error === undefined);
    return { method: found.method, world: worlds.at(-1) ?? [], earlier: worlds.slice(0, -1).flat(), answeredBefore };
  }

  /**
   * `adapter` and `servers` tapped into this transcript, for a session the runner makes outside any clause
   * (the clean world's open before the clauses run: see learn-naming.ts).
   */
  tapped(adapter: HostAdapter, servers: FakeServerHost): { adapter: HostAdapter; servers: FakeServerHost } {
    return {
      adapter: tapAdapter(adapter, (call) => this.#raw.push({ kind: "host", call })),
      servers: tapServers(servers, { started: (world, scripts, kind) => this.#started(world, scripts, kind), closing: (world) => this.#closing(world) }),
    };
  }

  /** The host's answer to every open of the case so far, in order (undefined where the adapter threw), as given. */
  opens(): Array<OpenAnswer | undefined> {
    return this.#raw.flatMap((raw) => (raw.kind === "host" && raw.call.method === "open" ? [openAnswer(raw.call.result)] : []));
  }

  /** What an observation cache carries (see ObservationRecord): raw entries, and the secrets they hold. */
  readonly #record: ObservationRecord = {
    mark: () => this.#raw.length,
    since: (mark): TranscriptSlice => ({ raw: this.#raw.slice(mark), secrets: [...this.#secrets] }),
    replay: (entries) => {
      const slice = entries as TranscriptSlice;
      for (const [secret, label] of slice.secrets) this.#secrets.set(secret, label);
      // The earlier case numbered its worlds its own way: they get this transcript's next numbers.
      const numbers = new Map<number, number>();
      const renumber = (world: number) => {
        if (!numbers.has(world)) numbers.set(world, ++this.#worlds);
        return numbers.get(world)!;
      };
      for (const raw of slice.raw) this.#raw.push(raw.kind === "host" ? raw : { ...raw, world: renumber(raw.world) });
    },
  };

  #started(world: FakeWorld, scripts: readonly ServerScript[], kind: FakeTransportKind): void {
    const number = ++this.#worlds;
    this.#worldNumbers.set(world, number);
    world.endpoints.forEach((endpoint) => {
      const label = `<server ${JSON.stringify(endpoint.key)}>`;
      const spec = endpoint.transport as { type: string; url?: string; args?: string[] };
      if (spec.url) this.#secrets.set(spec.url, label);
      for (const arg of spec.args?.slice(1) ?? []) this.#secrets.set(arg, label);
    });
    this.#raw.push({ kind: "world", world: number, transport: kind, scripts });
  }

  #closing(world: FakeWorld): void {
    const number = this.#worldNumbers.get(world) ?? 0;
    this.#raw.push({ kind: "received", world: number, keys: world.endpoints.map((endpoint) => endpoint.key), records: [...world.records] });
  }

  /** The transcript as the report's evidence: stable for the same seed, cut where it grows long. */
  evidence(): Evidence {
    const sessions = new Map<string, number>();
    const sessionOf = (id: unknown) => {
      if (typeof id !== "string") return undefined;
      if (!sessions.has(id)) sessions.set(id, sessions.size + 1);
      return sessions.get(id);
    };
    let omitted = 0;
    const steps: EvidenceStep[] = [];
    for (const raw of this.#raw) {
      for (const step of this.#steps(raw, sessionOf)) {
        if (steps.length < MAX_STEPS) steps.push(step);
        else omitted++;
      }
    }
    for (const step of steps) {
      if (step.kind === "received" && step.messages.length > MAX_MESSAGES) {
        omitted += step.messages.length - MAX_MESSAGES;
        step.messages = step.messages.slice(0, MAX_MESSAGES);
      }
    }
    return { steps: this.#clean(steps) as EvidenceStep[], omitted };
  }

  #steps(raw: Raw, sessionOf: (id: unknown) => number | undefined): EvidenceStep[] {
    switch (raw.kind) {
      case "world":
        return [{
          kind: "world", world: raw.world, transport: raw.transport,
          servers: raw.scripts.map((script) => ({
            key: script.key, tools: script.tools.map((tool) => tool.name),
            ...(script.unreachable ? { unreachable: true } : {}), ...reportedFailure(script),
            ...(script.pageSize !== undefined ? { pageSize: script.pageSize } : {}),
            ...contextOfScript(script),
            ...(script.emptyCursor !== undefined ? { emptyCursor: script.emptyCursor } : {}),
          })),
        }];
      case "received":
        return raw.keys.map((key) => ({
          kind: "received" as const, world: raw.world, server: key,
          messages: raw.records.filter((record) => record.server === key).map((record) => ({
            method: record.method, connection: record.connection,
            ...(record.tool !== undefined ? { tool: record.tool } : {}), ...(record.arguments !== undefined ? { arguments: record.arguments } : {}),
            ...(record.cursor !== undefined ? { cursor: record.cursor } : {}),
            ...(record.requestId !== undefined ? { requestId: record.requestId } : {}), ...(record.cancelled !== undefined ? { cancelled: record.cancelled } : {}),
            ...(record.prompt !== undefined ? { prompt: record.prompt } : {}), ...(record.uri !== undefined ? { uri: record.uri } : {}),
          })),
        }));
      case "host":
        return [hostStep(raw.call, sessionOf)];
    }
  }

  /** This machine's paths, looked up only when a case's evidence is written (most cases never are). */
  #paths: PathContext | undefined;

  /** Every string with this case's addresses, ports, random ids and machine paths replaced, and cut when long. */
  #clean(value: unknown): unknown {
    return mapStrings(value, (value) => {
      const text = this.stable(value);
      return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more characters)` : text;
    });
  }

  /**
   * `text` (what a check saw: host errors quote server addresses) with this case's server addresses and tokens,
   * ports, random ids and machine paths replaced as in the evidence, so a verdict reads the same on every run.
   */
  stable(text: string): string {
    let out = text;
    for (const [secret, label] of this.#secrets) if (out.includes(secret)) out = out.split(secret).join(label);
    out = out.replace(LOOPBACK_PORT, "127.0.0.1:<port>").replace(UUID, "<uuid>");
    // Paths made portable before any cut: a path cut in half no longer matches this machine's prefixes.
    return portableText(out, (this.#paths ??= pathContext()));
  }
}

/** An open's answer, if it has the shape of one (a host's answer is data: anything else counts as none). */
function openAnswer(result: unknown): OpenAnswer | undefined {
  const outcome = (result as { outcome?: { registered?: unknown; errors?: unknown } } | undefined)?.outcome;
  if (typeof outcome?.registered !== "object" || outcome.registered === null || !Array.isArray(outcome.errors)) return undefined;
  const registered = Object.fromEntries(Object.entries(outcome.registered).map(([key, names]) => [key, Array.isArray(names) ? names.map(String) : []]));
  const errors = outcome.errors.flatMap((error: unknown) => {
    const { server, message } = (error ?? {}) as { server?: unknown; message?: unknown };
    return typeof message === "string" ? [{ ...(typeof server === "string" ? { server } : {}), message }] : [];
  });
  return { registered, errors };
}

/** A server configuration as the evidence shows it: its transport by kind only. */
function configOf(server: { transport?: { type?: unknown } } & Record<string, unknown>): Record<string, unknown> {
  return { ...server, transport: server.transport?.type };
}

/** Whether a schema holds a `$ref` anywhere. */
const refers = (schema: unknown, depth = 0): boolean => typeof schema === "object" && schema !== null && depth <= 64
  && Object.entries(schema).some(([key, value]) => (key === "$ref" && typeof value === "string") || refers(value, depth + 1));

/** One adapter request as a step: parameters by name, the host's session ids replaced by their order in the case. */
function hostStep(call: AdapterCall, sessionOf: (id: unknown) => number | undefined): EvidenceStep {
  const [first, ...rest] = call.params;
  const answered = call.error === undefined ? { answer: call.result } : { error: call.error };
  if (call.method === "open") {
    const params = first as { servers: Array<Record<string, unknown>>; localTools?: unknown; keepDeferred?: boolean };
    const result = call.result as { session?: string } | undefined;
    const { session, ...answer } = result ?? {};
    return {
      kind: "host", method: "open", session: sessionOf(session),
      request: { servers: params.servers.map(configOf), ...(params.localTools ? { localTools: params.localTools } : {}), ...(params.keepDeferred ? { keepDeferred: true } : {}) },
      ...(call.error === undefined ? { answer } : { error: call.error }),
    };
  }
  const session = sessionOf(first);
  const named = (names: string[]) => Object.fromEntries(names.flatMap((name, index) => (rest[index] === undefined ? [] : [[name, rest[index]]])));
  switch (call.method) {
    case "tools": {
      const tools = (call.result as { tools?: Array<{ name: string; description?: string; inputSchema?: unknown }> } | undefined)?.tools;
      // A schema that refers ($ref) is kept whole, so a reader can tell whether its references resolve; others are left out to keep the evidence small.
      const answer = tools ? { tools: tools.map((tool) => ({ name: tool.name, ...(tool.description !== undefined ? { description: tool.description } : {}), ...(refers(tool.inputSchema) ? { inputSchema: tool.inputSchema } : {}) })) } : undefined;
      return { kind: "host", method: "tools", session, request: {}, ...(call.error === undefined ? { answer } : { error: call.error }) };
    }
    case "call": return { kind: "host", method: "call", session, request: named(["name", "arguments", "namespace"]), ...answered };
    case "refresh": return { kind: "host", method: "refresh", session, request: named(["server"]), ...answered };
    case "registerLocal": return { kind: "host", method: "registerLocal", session, request: named(["name", "shape"]), ...answered };
    case "getPrompt": return { kind: "host", method: "getPrompt", session, request: named(["name", "arguments", "namespace"]), ...answered };
    case "readResource": return { kind: "host", method: "readResource", session, request: named(["uri", "namespace"]), ...answered };
    default: return { kind: "host", method: call.method, session, request: {}, ...answered };
  }
}
