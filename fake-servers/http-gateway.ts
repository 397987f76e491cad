import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { Socket } from "node:net";
import { HttpSession, refuse } from "./http-session.ts";
import type { LiveServer } from "./live-server.ts";
import { holdPort, type PortHold } from "./port-hold.ts";
import { BodyError, readJsonBody } from "./read-json-body.ts";
import type { HttpTransportSpec } from "./transport-spec.ts";

/** One fake server's path: the server and its open streamable-HTTP sessions by id. */
interface HttpRoute {
  server: LiveServer;
  sessions: Map<string, HttpSession>;
}

/**
 * One node:http listener on 127.0.0.1 for every HTTP fake server of every world; each server is the
 * path `/mcp/<token>`. Stateful streamable HTTP: each `initialize` opens a new session (a fresh
 * server instance, a new connection number), later requests are routed by `mcp-session-id`.
 * Unknown paths answer 404 at once, which is also how an unreachable server is made. Servers of one world may
 * share one path, told apart only by the Authorization header their hosts were told to send.
 */
export class HttpGateway {
  private readonly routes = new Map<string, HttpRoute>();
  /** Paths several servers share, each server told apart by the bearer credential of its Authorization header. */
  private readonly shared = new Map<string, Map<string, HttpRoute>>();
  /** Every TCP connection the listener holds now, so a suspension can reset them all. */
  private readonly sockets = new Set<Socket>();
  /** While suspended: the port, held closed. */
  private hold: PortHold | undefined;
  private closed = false;

  private constructor(
    private readonly listener: HttpServer,
    /** `http://127.0.0.1:<port>`, or `https://` when it serves TLS */
    readonly origin: string,
    private readonly allowedHosts: string[],
    /** The port of 127.0.0.1 it listens on (and holds while suspended). */
    readonly port: number,
  ) {
    listener.on("request", (req, res) => {
      this.handle(req, res).catch((error: unknown) => fail(res, 500, `fake server failed: ${String(error)}`));
    });
    listener.on("connection", (socket: Socket) => {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }

  /** Listens on an ephemeral port of 127.0.0.1; with `tls` (a certificate for 127.0.0.1), serves https. */
  static async start(tls?: { cert: string; key: string }): Promise<HttpGateway> {
    const listener: HttpServer = tls ? createHttpsServer({ cert: tls.cert, key: tls.key }) : createServer();
    // No idle connection is closed while the gateway lives (Node closes them after 5 s by default): a host that
    // reuses a kept-alive connection just as the server closes it gets a reset, so whether a healthy server's
    // answer was lost would depend on how long the host happened to pause. That race is the machine's pace, not
    // the host's merge: on a loaded machine it failed healthy servers' loads and calls in random cases
    // ("fetch failed"). Every connection is closed with the gateway (close, suspend).
    listener.keepAliveTimeout = 0;
    await new Promise<void>((resolve, reject) => {
      listener.once("error", reject);
      listener.listen(0, "127.0.0.1", () => resolve());
    });
    const bound = listener.address();
    if (bound === null || typeof bound === "string") throw new Error("HTTP gateway has no TCP address");
    // Host checking keeps a DNS-rebinding web page from reaching the fake servers through a browser.
    const hosts = [`127.0.0.1:${bound.port}`, `localhost:${bound.port}`];
    return new HttpGateway(listener, `${tls ? "https" : "http"}://127.0.0.1:${bound.port}`, hosts, bound.port);
  }

  /**
   * Closes the port (a server of its own went down as `refused`): every connection is reset, the listener
   * stops, and the port is held closed (port-hold.ts) until {@link resume}. Idempotent.
   */
  async suspend(): Promise<void> {
    if (this.hold || this.closed) return;
    for (const socket of this.sockets) socket.resetAndDestroy();
    await new Promise<void>((resolve) => this.listener.close(() => resolve()));
    this.hold = await holdPort(this.port);
  }

  /** Listens on its port again after {@link suspend}. Idempotent. */
  async resume(): Promise<void> {
    const hold = this.hold;
    if (!hold || this.closed) return;
    this.hold = undefined;
    await hold.release();
    await new Promise<void>((resolve, reject) => {
      this.listener.once("error", reject);
      this.listener.listen(this.port, "127.0.0.1", () => {
        this.listener.off("error", reject);
        resolve();
      });
    });
  }

  /** Serves `server` at `/mcp/<token>` until {@link unregister}. */
  register(token: string, server: LiveServer): void {
    this.routes.set(token, { server, sessions: new Map() });
  }

  /** Answers 404 at that path from now on; open sessions are the LiveServer's to close. */
  unregister(token: string): void {
    this.routes.delete(token);
    this.shared.delete(token);
  }

  /** The URL a host connects to for whatever `token` routes to (or to be refused). */
  specFor(token: string): HttpTransportSpec {
    return { type: "http", url: `${this.origin}/mcp/${token}` };
  }

  /**
   * Serves `server` at the path `/mcp/<token>`, which other servers may share, to requests whose Authorization
   * header is `Bearer <credential>` (until {@link unregister} of `token`): one URL, two accounts.
   */
  registerShared(token: string, credential: string, server: LiveServer): void {
    const byCredential = this.shared.get(token) ?? new Map<string, HttpRoute>();
    byCredential.set(credential, { server, sessions: new Map() });
    this.shared.set(token, byCredential);
  }

  /** The URL and header a host connects with to the server {@link registerShared} put at `token` for `credential`. */
  sharedSpecFor(token: string, credential: string): HttpTransportSpec {
    return { type: "http", url: `${this.origin}/mcp/${token}`, headers: { Authorization: `Bearer ${credential}` } };
  }

  /** Stops listening and drops every connection, idle or not, and any port it holds. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.routes.clear();
    this.shared.clear();
    const done = new Promise<void>((resolve) => this.listener.close(() => resolve()));
    this.listener.closeAllConnections();
    for (const socket of this.sockets) socket.destroy();
    await done;
    await this.hold?.release();
    this.hold = undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? "/", this.origin).pathname;
    const match = /^\/mcp\/([^/]+)$/.exec(path);
    const route = match ? this.routes.get(match[1]) ?? this.shared.get(match[1])?.get(bearer(req.headers.authorization) ?? "") : undefined;
    // A server that is down fails as its script says (ServerScript.unreachableAs); one not here is not found.
    const down = route?.server.downAs;
    if (down === "reset") return resetMidAnswer(req, res);
    if (down === "silent" || down === "stdout-closed") return route!.server.holdDown(() => req.socket.destroy());
    if (!route || route.server.isClosed) return fail(res, 404, "no fake server at this path");
    // A socket destroyed for a lost answer must not surface as an unhandled error.
    res.on("error", () => undefined);

    let body: unknown;
    if (req.method === "POST") {
      try {
        body = await readJsonBody(req);
      } catch (error) {
        if (error instanceof BodyError) return fail(res, error.status, error.message, error.status === 400 ? -32700 : -32000);
        throw error;
      }
    }
    // Host checking keeps a DNS-rebinding web page from reaching the fake servers through a browser.
    if (!this.allowedHosts.includes(req.headers.host ?? "")) return fail(res, 403, `Invalid Host header: ${req.headers.host}`);

    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId === "string") {
      const session = route.sessions.get(sessionId);
      if (!session || session.isClosed) return fail(res, 404, "Session not found");
      if (req.method === "POST") return void session.post(req.headers, res, body, false);
      // A server that never sends on its own offers no stream: 405, which every conforming client takes.
      if (req.method === "GET" && route.server.quiet) return refuse(res, 405, -32000, "Method not allowed: this server sends nothing on its own", { allow: "POST, DELETE" });
      if (req.method === "GET") return session.get(req.headers, res);
      if (req.method === "DELETE") return session.delete(req.headers, res);
      return refuse(res, 405, -32000, "Method not allowed.", { allow: "GET, POST, DELETE" });
    }
    if (req.method === "POST" && mentionsInitialize(body)) return this.openSession(route, req, res, body);
    return fail(res, 400, "Bad Request: No valid session ID provided");
  }

  private async openSession(route: HttpRoute, req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    const session = new HttpSession();
    // A lost answer: the request's socket dies before any response header, so the host's fetch fails at
    // once (an answer that merely never came would leave its request waiting for a timeout).
    const drop = () => {
      session.dropPending();
      void server.close();
    };
    const server = await route.server.open(session, () => route.sessions.delete(session.sessionId), { listening: session.listening, drop });
    route.sessions.set(session.sessionId, session);
    // Refused (not acceptable, not JSON-RPC ...): nothing may linger.
    if (!session.post(req.headers, res, body, true)) await server.close();
  }
}

/**
 * Reads the request and resets the connection while the host awaits the answer: a server that dies as it
 * answers. Before the status line, not after: a client that has begun reading an event stream may wait for
 * its own timeout when the stream breaks (the MCP TypeScript SDK does), where the reset itself must be met.
 */
function resetMidAnswer(req: IncomingMessage, res: ServerResponse): void {
  res.on("error", () => undefined);
  req.resume();
  req.once("end", () => req.socket.resetAndDestroy());
}

/** The credential of an `Authorization: Bearer <credential>` header, or undefined. */
function bearer(header: string | undefined): string | undefined {
  return /^Bearer (\S+)$/.exec(header ?? "")?.[1];
}

/** Loose on purpose: the SDK transport judges the initialize (after the server has recorded it). */
function mentionsInitialize(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((message) => typeof message === "object" && message !== null && (message as { method?: unknown }).method === "initialize");
}

function fail(res: ServerResponse, status: number, message: string, code = -32000): void {
  refuse(res, status, code, message);
}
