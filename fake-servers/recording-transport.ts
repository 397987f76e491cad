import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage, MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";
import type { AnswerGate } from "./answer-gate.ts";
import type { Recorder, UnstampedRecord } from "./recorder.ts";
import { LIST_STALL_MS, type Latency, type ServerFailure } from "./server-script.ts";

/** Who is listening on a {@link RecordingTransport}: enough to write a record and to apply latency. */
export interface RecordingContext {
  /** Configuration key of the server this transport belongs to. */
  server: string;
  /** Connection number of this transport within its server. */
  connection: number;
  /** Where records go. */
  recorder: Recorder;
  /** How long to hold `initialize` and `tools/list` before the server sees them. */
  latency: Latency;
  /** The world's answer order: the first `tools/list` waits its turn here before its latency. */
  gate?: AnswerGate;
  /** Whether a call of this wire name loses its answer (recorded, then the connection drops). */
  losesAnswer?: (tool: string) => boolean;
  /**
   * Drops the connection abruptly. Default: close this transport. Streamable HTTP needs more (its
   * request sockets destroyed before any response header), so the gateway supplies its own.
   */
  drop?: () => void;
  /** How the server fails while a host loads it (see ServerFailureSchema); played here, after the record. */
  failure?: ServerFailure;
  /** For `list-unanswered`: how long `tools/list` is held before the connection drops. */
  stallMs?: number;
  /** For `list-crash`: how many tools the server advertises now (fewer than two: it dies on the first `tools/list`). */
  toolCount?: () => number;
}

/** The JSON-RPC error a scripted failure answers with: "internal error", saying it was scripted. */
const SCRIPTED_ERROR = -32603;

/**
 * Wraps any server-side transport so that every incoming message is recorded the moment it arrives,
 * before the server parses or judges it, and so that scripted latency is applied in one place for
 * every transport kind. Latency delays delivery, not recording: the record shows when the host asked.
 */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  /** Held deliveries; cleared on close so no timer outlives the connection. */
  private readonly pending = new Set<NodeJS.Timeout>();
  /** Id of the gated `tools/list` whose answer tells the gate this server has answered. */
  private gatedId: string | number | undefined;
  /** Id of the host's `initialize`, until it is answered; then when the answer was sent, until the next message. */
  private initializeId: string | number | undefined;
  private initializeAnsweredAt: number | undefined;
  /** Requests of the host's on this connection not answered yet: the gate waits for a server that owes one. */
  private owed = 0;
  private closed = false;
  /** The host's requests on this connection by id, and whether each was answered: what a cancellation names. */
  private readonly requests = new Map<string | number, { method: string; tool?: string; answered: boolean }>();

  /** @param inner the real transport; @param context whose records these are and what latency applies. */
  constructor(
    private readonly inner: Transport,
    private readonly context: RecordingContext,
  ) {}

  /** Session id of the inner transport (streamable HTTP routes by it). */
  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  /** Forwards the negotiated protocol version to the inner transport when it cares. */
  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  /** Hooks the inner transport only now, so no message can arrive before our own handlers exist. */
  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => this.receive(message, extra);
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.finish();
    await this.inner.start();
  }

  /** Sends through the inner transport unchanged; the gated `tools/list` answer opens the gate behind it. */
  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const answer = "id" in message && !("method" in message);
    let sent = false;
    // Marked before the send: an in-memory host has the answer (and may cancel) before the send resolves.
    const request = answer && message.id !== undefined ? this.requests.get(message.id) : undefined;
    if (request) request.answered = true;
    try {
      await this.inner.send(message, options);
      sent = true;
      if (this.initializeId !== undefined && answer && message.id === this.initializeId) {
        this.initializeId = undefined;
        this.initializeAnsweredAt = performance.now();
      }
    } finally {
      if (request && !sent) request.answered = false;
      if (answer) this.settle(1);
      if (this.gatedId !== undefined && answer && message.id === this.gatedId) {
        this.gatedId = undefined;
        if (sent) this.context.gate?.firstAnswer(this.context.server);
        else this.context.gate?.done(this.context.server);
      }
    }
  }

  /** `count` of this connection's owed answers were given (or never will be: the connection ended). */
  private settle(count: number): void {
    const settled = Math.min(count, this.owed);
    this.owed -= settled;
    this.context.gate?.settled(this.context.server, settled);
  }

  /** Drops held deliveries and closes the inner transport. */
  async close(): Promise<void> {
    this.dropPending();
    try {
      await this.inner.close();
    } finally {
      this.finish();
    }
  }

  private receive(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (this.closed) return;
    this.measureHandling(message);
    const owes = "method" in message && "id" in message;
    if (owes) this.owed += 1;
    this.context.gate?.heard(this.context.server, owes);
    const record = this.context.recorder.record(describe(message, this.context, this.requests));
    if (owes && record.method !== RESPONSE_METHOD) {
      this.requests.set(message.id, { method: record.method, ...(record.tool === undefined ? {} : { tool: record.tool }), answered: false });
    }
    if (record.tool !== undefined && this.context.losesAnswer?.(record.tool)) {
      // Synchronously, before the server sees it: over HTTP no response header may have left yet, so the
      // host's request fails as a lost answer does, rather than waiting on an empty stream.
      this.dropConnection();
      return;
    }
    if (this.context.failure !== undefined && "method" in message && "id" in message && this.playFailure(message)) return;
    const { gate, server } = this.context;
    if (gate && !gate.hasAnswered(server) && this.gatedId === undefined && "method" in message && message.method === "tools/list" && "id" in message) {
      this.gatedId = message.id;
      gate.askedList(server);
      void gate.turn(server).then(() => this.deliver(message, extra));
      return;
    }
    this.deliver(message, extra);
  }

  /**
   * The host's pace, for the gate's spacing and rank wait: from this connection's `initialize` answer to the
   * host's next message on it (`notifications/initialized` from any conforming host), the host read an
   * answer, acted on it and wrote again. The `initialize` itself tells the gate the host contacted the server.
   */
  private measureHandling(message: JSONRPCMessage): void {
    if (this.initializeAnsweredAt !== undefined) {
      this.context.gate?.observeHandling(performance.now() - this.initializeAnsweredAt);
      this.initializeAnsweredAt = undefined;
    } else if ("method" in message && message.method === "initialize" && "id" in message && this.initializeId === undefined) {
      this.initializeId = message.id;
      this.context.gate?.contact(this.context.server);
    }
  }

  /**
   * Plays the scripted failure on a request, if it concerns this one; returns true when the request is not
   * to be delivered to the server. Malformed lists are the server's own answer (see createFakeServer).
   */
  private playFailure(request: JSONRPCMessage & { method: string; id: string | number }): boolean {
    const { failure } = this.context;
    const answerError = (what: string) => {
      const error = { jsonrpc: "2.0" as const, id: request.id, error: { code: SCRIPTED_ERROR, message: `scripted failure: ${what}` } };
      this.inner.send(error).catch(() => undefined).finally(() => this.settle(1));
      return true;
    };
    if (request.method === "initialize" && failure === "initialize-error") return answerError("initialize refused");
    if (request.method !== "tools/list") return false;
    if (failure === "list-error") return answerError("tools/list refused");
    if (failure === "list-unanswered") {
      const timer = setTimeout(() => {
        this.pending.delete(timer);
        this.dropConnection();
      }, this.context.stallMs ?? LIST_STALL_MS);
      this.pending.add(timer);
      return true;
    }
    if (failure === "list-crash") {
      const params = "params" in request && typeof request.params === "object" && request.params !== null ? request.params as Record<string, unknown> : {};
      // The first page comes back with a cursor; asking for the next one is what kills the server.
      if (params.cursor !== undefined || (this.context.toolCount?.() ?? 0) < 2) {
        this.dropConnection();
        return true;
      }
    }
    return false;
  }

  /** Drops the connection abruptly, as a lost answer or a crash does. */
  private dropConnection(): void {
    if (this.context.drop) this.context.drop();
    else void this.close();
  }

  private deliver(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    if (this.closed) return;
    const delay = delayFor(message, this.context.latency);
    if (delay <= 0) {
      this.onmessage?.(message, extra);
      return;
    }
    const timer = setTimeout(() => {
      this.pending.delete(timer);
      if (!this.closed) this.onmessage?.(message, extra);
    }, delay);
    this.pending.add(timer);
  }

  private dropPending(): void {
    for (const timer of this.pending) clearTimeout(timer);
    this.pending.clear();
  }

  /** Both our close() and the peer's close lead here; the server hears about it once. */
  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    // A connection that ends before answering must not hold the servers ranked after it.
    if (this.gatedId !== undefined) this.context.gate?.done(this.context.server);
    this.settle(this.owed);
    this.dropPending();
    this.onclose?.();
  }
}

function delayFor(message: JSONRPCMessage, latency: Latency): number {
  if (!("method" in message) || !("id" in message)) return 0;
  if (message.method === "initialize") return latency.initialize;
  if (message.method === "tools/list") return latency.toolsList;
  return 0;
}

/** Responses from the client carry no method; they are still received messages, so they get a label. */
const RESPONSE_METHOD = "(response)";

function describe(message: JSONRPCMessage, context: RecordingContext, requests: ReadonlyMap<string | number, { method: string; tool?: string; answered: boolean }>): UnstampedRecord {
  const method = "method" in message && typeof message.method === "string" ? message.method : RESPONSE_METHOD;
  const entry: UnstampedRecord = { server: context.server, method, connection: context.connection };
  const params: Record<string, unknown> =
    "params" in message && typeof message.params === "object" && message.params !== null ? message.params : {};
  // Which page a host asked for: a host that read one page of three shows as one request with no cursor.
  if (method.endsWith("/list")) {
    if (typeof params.cursor === "string") entry.cursor = params.cursor;
    return entry;
  }
  // A cancellation says which request it names and, from this connection's book, whether that one was answered.
  if (method === "notifications/cancelled") {
    const id = params.requestId;
    if (typeof id === "string" || typeof id === "number") {
      entry.requestId = id;
      const request = requests.get(id);
      if (request) entry.cancelled = { ...request };
    }
    return entry;
  }
  if (method === "prompts/get" || method === "resources/read") return describeContextRequest(entry, params);
  if (method !== "tools/call") return entry;
  // A non-string name is not a tool name at all; the record keeps the key absent rather than invent one.
  if (typeof params.name === "string") entry.tool = params.name;
  if ("arguments" in params) entry.arguments = snapshot(params.arguments);
  return entry;
}

/** What a `prompts/get` or `resources/read` asked for: the prompt name (and arguments), or the URI, as it arrived. */
function describeContextRequest(entry: UnstampedRecord, params: Record<string, unknown>): UnstampedRecord {
  if (entry.method === "resources/read") return typeof params.uri === "string" ? { ...entry, uri: params.uri } : entry;
  return {
    ...entry,
    ...(typeof params.name === "string" ? { prompt: params.name } : {}),
    ...("arguments" in params ? { arguments: snapshot(params.arguments) } : {}),
  };
}

/** In-memory hosts hand us their own objects; a copy keeps the record as it was when it arrived. */
function snapshot(value: unknown): unknown {
  try {
    return structuredClone(value);
  } catch {
    return value;
  }
}
