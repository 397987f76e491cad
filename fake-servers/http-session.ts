/**
 * The server end of one streamable-HTTP session, on node:http directly. It replaces the SDK's
 * StreamableHTTPServerTransport for fake servers: that one turns every request and answer into web
 * Request/Response objects and streams (through @hono/node-server) and parses each message several times,
 * which was most of the harness's CPU over HTTP (bench/README.md). It speaks the subset of the transport a
 * fake server needs, with the SDK's status codes and messages:
 * - a POST holding requests is answered with one application/json body once every request in it is
 *   answered (one object, or an array for several); a POST of only notifications or responses gets 202;
 * - the host's GET stream (SSE) carries what the server sends on its own (list_changed), with the SDK's
 *   15 s keep-alive comments; one GET stream per session (409 for a second);
 * - DELETE ends the session; so does the server closing it, which ends the GET stream and destroys the
 *   sockets of unanswered POSTs, so no host waits on an answer that cannot come.
 * Every message is parsed with the SDK's JSONRPCMessageSchema before the server sees it.
 */
import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, ServerResponse } from "node:http";
import type { Transport, TransportSendOptions } from "@modelcontextprotocol/sdk/shared/transport.js";
import { JSONRPCMessageSchema, SUPPORTED_PROTOCOL_VERSIONS, type JSONRPCMessage, type MessageExtraInfo } from "@modelcontextprotocol/sdk/types.js";

/** The SDK's bound on messages in one batch. */
const MAX_BATCH_SIZE = 100;
/** The SDK's interval between keep-alive comments on an SSE stream. */
const KEEP_ALIVE_MS = 15_000;

type Id = string | number;
/** A POST whose requests are not all answered yet. */
interface PendingPost {
  res: ServerResponse;
  ids: Id[];
  answers: Map<Id, JSONRPCMessage>;
}

/** Answers `res` with a JSON-RPC error body, as the SDK does for a refused request. */
export function refuse(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

const isRequest = (message: JSONRPCMessage): message is JSONRPCMessage & { id: Id; method: string } => "method" in message && "id" in message;
const isInitialize = (message: JSONRPCMessage) => isRequest(message) && message.method === "initialize";
const isAnswer = (message: JSONRPCMessage): message is JSONRPCMessage & { id: Id } => !("method" in message) && "id" in message;

/** One session: a fresh server instance's transport, from the `initialize` POST that opened it. */
export class HttpSession implements Transport {
  /** The `mcp-session-id` the host must send from now on. */
  readonly sessionId = randomUUID();
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly pending = new Map<Id, PendingPost>();
  private stream: ServerResponse | undefined;
  private keepAlive: NodeJS.Timeout | undefined;
  private closed = false;
  private heard!: () => void;
  /** Resolves once the host's GET stream is open: server-initiated messages reach the host from then on. */
  readonly listening = new Promise<void>((resolve) => (this.heard = resolve));

  async start(): Promise<void> {}

  /** Whether the session has ended (closed by either side). */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Handles a POST of `body` (already parsed from JSON). `opening`: this is the `initialize` POST that made
   * the session; returns false when it was refused, so the caller can drop the session.
   */
  post(headers: IncomingHttpHeaders, res: ServerResponse, body: unknown, opening: boolean): boolean {
    const accept = headers.accept ?? "";
    if (!accept.includes("application/json") || !accept.includes("text/event-stream")) {
      refuse(res, 406, -32000, "Not Acceptable: Client must accept both application/json and text/event-stream");
      return false;
    }
    if (!/^application\/json\s*(;|$)/i.test(headers["content-type"] ?? "")) {
      refuse(res, 415, -32000, "Unsupported Media Type: Content-Type must be application/json");
      return false;
    }
    const raw = Array.isArray(body) ? body : [body];
    if (raw.length > MAX_BATCH_SIZE) {
      refuse(res, 400, -32600, `Invalid Request: Batch must not exceed ${MAX_BATCH_SIZE} messages`);
      return false;
    }
    const parsed = raw.map((message) => JSONRPCMessageSchema.safeParse(message));
    if (parsed.some((result) => !result.success)) {
      refuse(res, 400, -32700, "Parse error: Invalid JSON-RPC message");
      return false;
    }
    const messages = parsed.map((result) => result.data!);
    const initializing = messages.some(isInitialize);
    if (initializing && !opening) {
      refuse(res, 400, -32600, "Invalid Request: Server already initialized");
      return false;
    }
    if (initializing && messages.length > 1) {
      refuse(res, 400, -32600, "Invalid Request: Only one initialization request is allowed");
      return false;
    }
    if (!opening && !this.protocolVersionOk(headers, res)) return false;
    if (this.closed) {
      refuse(res, 404, -32001, "Session not found");
      return false;
    }
    const extra: MessageExtraInfo = { requestInfo: { headers } };
    const ids = messages.filter(isRequest).map((message) => message.id);
    if (ids.length === 0) {
      for (const message of messages) this.onmessage?.(message, extra);
      res.writeHead(202).end();
      return true;
    }
    const post: PendingPost = { res, ids, answers: new Map() };
    for (const id of ids) this.pending.set(id, post);
    res.once("close", () => {
      for (const id of post.ids) if (this.pending.get(id) === post) this.pending.delete(id);
    });
    for (const message of messages) this.onmessage?.(message, extra);
    return true;
  }

  /** Handles the host's GET: opens the session's one SSE stream for server-initiated messages. */
  get(headers: IncomingHttpHeaders, res: ServerResponse): void {
    if (!(headers.accept ?? "").includes("text/event-stream")) return refuse(res, 406, -32000, "Not Acceptable: Client must accept text/event-stream");
    if (!this.protocolVersionOk(headers, res)) return;
    if (this.closed) return refuse(res, 404, -32001, "Session not found");
    if (this.stream) return refuse(res, 409, -32000, "Conflict: Only one SSE stream is allowed per session");
    this.stream = res;
    res.once("close", () => {
      if (this.stream !== res) return;
      this.stream = undefined;
      clearInterval(this.keepAlive);
    });
    res.writeHead(200, {
      "content-type": "text/event-stream", "cache-control": "no-cache, no-transform", connection: "keep-alive",
      "x-accel-buffering": "no", "mcp-session-id": this.sessionId,
    });
    res.flushHeaders();
    this.keepAlive = setInterval(() => res.write(": keepalive\n\n"), KEEP_ALIVE_MS).unref();
    this.heard();
  }

  /** Handles the host's DELETE: ends the session. */
  delete(headers: IncomingHttpHeaders, res: ServerResponse): void {
    if (!this.protocolVersionOk(headers, res)) return;
    res.writeHead(200).end();
    void this.close();
  }

  /** Answers go to the POST that asked; anything else to the GET stream, if the host opened one. */
  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if (isAnswer(message)) {
      const post = this.pending.get(message.id);
      if (!post) throw new Error(`No connection established for request ID: ${String(message.id)}`);
      post.answers.set(message.id, message);
      if (!post.ids.every((id) => post.answers.has(id))) return;
      for (const id of post.ids) this.pending.delete(id);
      const answers = post.ids.map((id) => post.answers.get(id));
      post.res.writeHead(200, { "content-type": "application/json", "mcp-session-id": this.sessionId });
      post.res.end(JSON.stringify(answers.length === 1 ? answers[0] : answers));
      return;
    }
    // A message tied to a request cannot travel inside a JSON answer; the SDK drops it there too.
    if (options?.relatedRequestId !== undefined) return;
    this.stream?.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  /** Destroys the socket of every unanswered POST before any header leaves: the host sees a lost answer. */
  dropPending(): void {
    for (const post of new Set(this.pending.values())) post.res.socket?.destroy();
    this.pending.clear();
  }

  /** Ends the session: its GET stream ends, unanswered POSTs are dropped, later requests get 404. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepAlive);
    this.stream?.end();
    this.stream = undefined;
    this.dropPending();
    this.onclose?.();
  }

  private protocolVersionOk(headers: IncomingHttpHeaders, res: ServerResponse): boolean {
    const version = headers["mcp-protocol-version"];
    if (version === undefined || (typeof version === "string" && SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return true;
    refuse(res, 400, -32000, `Bad Request: Unsupported protocol version: ${String(version)} (supported versions: ${SUPPORTED_PROTOCOL_VERSIONS.join(", ")})`);
    return false;
  }
}
