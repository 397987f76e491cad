import { createServer, type Server as NetServer, type Socket } from "node:net";
import { fileURLToPath } from "node:url";
import type { LiveServer } from "./live-server.ts";
import { SocketTransport } from "./socket-transport.ts";
import type { StdioTransportSpec } from "./transport-spec.ts";

/** Absolute path of the shim a host spawns for every stdio fake server. */
export const STDIO_SHIM_PATH = fileURLToPath(new URL("./stdio-shim.cjs", import.meta.url));

/** The byte that tells the shim its token was accepted (see stdio-shim.cjs). */
const ACK = Buffer.from([0x06]);
/** Tokens are 32 hex characters; anything much longer is not a shim talking. */
const MAX_HANDSHAKE_BYTES = 256;
/** A local process that connects and says nothing must not hold a socket forever. */
const HANDSHAKE_TIMEOUT_MS = 5_000;

/**
 * The harness end of stdio fake servers: one TCP listener on 127.0.0.1 that every spawned shim dials.
 * A shim presents a token; the relay finds whose server that is and serves a fresh connection of it
 * over the socket. Unknown tokens are refused, which is also how an unreachable server is made.
 */
export class StdioRelay {
  private readonly routes = new Map<string, LiveServer>();
  private readonly sockets = new Set<Socket>();
  private closed = false;

  private constructor(
    private readonly listener: NetServer,
    /** `127.0.0.1:<port>` as the shim's first argument. */
    readonly address: string,
  ) {
    listener.on("connection", (socket) => this.accept(socket));
  }

  /** Listens on an ephemeral port of 127.0.0.1. */
  static async start(): Promise<StdioRelay> {
    const listener = createServer({ noDelay: true });
    await new Promise<void>((resolve, reject) => {
      listener.once("error", reject);
      listener.listen(0, "127.0.0.1", () => resolve());
    });
    const bound = listener.address();
    if (bound === null || typeof bound === "string") throw new Error("stdio relay has no TCP address");
    return new StdioRelay(listener, `127.0.0.1:${bound.port}`);
  }

  /** Routes `token` to `server` until {@link unregister}. */
  register(token: string, server: LiveServer): void {
    this.routes.set(token, server);
  }

  /** Refuses `token` from now on; connections already made are the LiveServer's to close. */
  unregister(token: string): void {
    this.routes.delete(token);
  }

  /** The command line a host spawns to reach whatever `token` routes to (or to be refused). */
  specFor(token: string): StdioTransportSpec {
    return { type: "stdio", command: process.execPath, args: [STDIO_SHIM_PATH, this.address, token] };
  }

  /** Stops listening and destroys every socket, so every shim still running exits. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.routes.clear();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.listener.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    if (this.closed) {
      socket.destroy();
      return;
    }
    this.sockets.add(socket);
    socket.on("close", () => this.sockets.delete(socket));
    socket.on("error", () => undefined); // a shim killed mid-session is normal; "close" follows
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => socket.destroy(), HANDSHAKE_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      received = Buffer.concat([received, chunk]);
      const newline = received.indexOf(0x0a);
      if (newline === -1) {
        if (received.length > MAX_HANDSHAKE_BYTES) socket.destroy();
        return;
      }
      clearTimeout(timer);
      socket.off("data", onData);
      // Paused until the transport's own listener is attached, so no message falls between the two.
      socket.pause();
      this.route(socket, received.subarray(0, newline).toString("utf8"), received.subarray(newline + 1));
    };
    socket.on("data", onData);
    socket.on("close", () => clearTimeout(timer));
  }

  private route(socket: Socket, token: string, leftover: Buffer): void {
    const server = this.routes.get(token);
    if (!server || server.isClosed) {
      socket.destroy();
      return;
    }
    socket.write(ACK);
    server.open(new SocketTransport(socket, leftover)).catch(() => socket.destroy());
  }
}
