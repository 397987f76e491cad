import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { accessSync, constants } from "node:fs";
import { createServer, type Server as NetServer, type Socket } from "node:net";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { LiveServer } from "./live-server.ts";
import type { UnreachableAs } from "./server-script.ts";
import { ownedTempDir, type OwnedTempDir } from "./owned-temp-dir.ts";
import { SocketTransport } from "./socket-transport.ts";
import type { StdioTransportSpec } from "./transport-spec.ts";

/** Absolute path of the node shim a host spawns for a stdio fake server (where perl cannot serve). */
export const STDIO_SHIM_PATH = fileURLToPath(new URL("./stdio-shim.cjs", import.meta.url));
/** Absolute path of the perl shim: the same protocol for about a tenth of node's start-up CPU. */
export const PERL_SHIM_PATH = fileURLToPath(new URL("./stdio-shim.pl", import.meta.url));

/** Which shim a relay hands hosts: perl where it can serve (the default), or always node. */
export type StdioShimChoice = "auto" | "node";

/** Where a shim finds its token: the environment, which other users cannot read (a command line they can). */
export const RELAY_TOKEN_VARIABLE = "MCP_COLLIDE_RELAY_TOKEN";

/** The byte that tells the shim its token was accepted (see stdio-shim.cjs). */
const ACK = Buffer.from([0x06]);
/**
 * The byte that tells a shim to close its stdout and keep running (a server down as `stdout-closed`): JSON text
 * never holds a raw U+0004 (JSON escapes control characters), so it cannot be a message's byte.
 */
const EOT = Buffer.from([0x04]);
/** What a server down as `reset` writes after the host's first line before the shim exits: half an answer. */
const HALF_ANSWER = Buffer.from('{"jsonrpc":"2.0","id":');
/** Tokens are 32 hex characters; anything much longer is not a shim talking. */
const MAX_HANDSHAKE_BYTES = 256;
/** A local process that connects and says nothing must not hold a socket forever. */
const HANDSHAKE_TIMEOUT_MS = 5_000;
/** A perl that has not finished its check session by then is not one to hand hosts. */
const PROBE_TIMEOUT_MS = 10_000;

/**
 * Where the relay listens: a Unix socket in a fresh directory only this user can enter (mkdtemp makes it
 * 0700), so no other local user can even connect; on Windows a named pipe of a random name. The directory
 * goes with the relay, or with the process if the relay is never closed (owned-temp-dir.ts).
 */
function listenPath(): { path: string; directory?: OwnedTempDir } {
  if (process.platform === "win32") return { path: `\\\\.\\pipe\\mcp-collide-relay-${randomBytes(12).toString("hex")}` };
  const directory = ownedTempDir("mcp-collide-relay-");
  return { path: join(directory.path, "s"), directory };
}

/**
 * Policy: a stdio fake server is reachable only by processes of this user that hold its token. The relay
 * listens on a Unix socket in a 0700 directory (no other user can connect), and the token travels in the
 * shim's environment, never on its command line (which any local user can read in /proc). A connection
 * without a registered token is closed before any message is read, so nothing it sends is ever recorded.
 * Processes of the same user are trusted: they could read the host's memory anyway.
 */
export class StdioRelay {
  private readonly routes = new Map<string, LiveServer>();
  private readonly sockets = new Set<Socket>();
  private closed = false;
  private perl: string | undefined;
  /** While the perl shim is checked: the token the relay accepts and at once ends (no server behind it). */
  private probeToken: string | undefined;
  /** Whether the check's token reached the relay (an exit status alone does not show a session). */
  private probeServed = false;

  private constructor(
    private readonly listener: NetServer,
    /** The socket path (or pipe name), the shim's one argument. */
    readonly address: string,
    private readonly directory: OwnedTempDir | undefined,
  ) {
    listener.on("connection", (socket) => this.accept(socket));
  }

  /**
   * Listens on a fresh Unix socket (Windows: named pipe) only this user can reach. With `shim` "auto" (the
   * default) hosts get the perl shim when the first perl on PATH completes a session with this relay
   * (checked once), else node's.
   */
  static async start(shim: StdioShimChoice = "auto"): Promise<StdioRelay> {
    const { path, directory } = listenPath();
    const listener = createServer();
    try {
      await new Promise<void>((resolve, reject) => {
        listener.once("error", reject);
        listener.listen(path, () => resolve());
      });
    } catch (error) {
      directory?.release();
      throw error;
    }
    const relay = new StdioRelay(listener, path, directory);
    if (shim === "auto" && process.platform !== "win32") relay.perl = await relay.usablePerl();
    return relay;
  }

  /** Which shim this relay hands hosts. */
  get shim(): "perl" | "node" {
    return this.perl === undefined ? "node" : "perl";
  }

  /** Routes `token` to `server` until {@link unregister}. */
  register(token: string, server: LiveServer): void {
    this.routes.set(token, server);
  }

  /** Refuses `token` from now on; connections already made are the LiveServer's to close. */
  unregister(token: string): void {
    this.routes.delete(token);
  }

  /** What a host spawns to reach whatever `token` routes to (or to be refused): the token in its environment. */
  /**
   * How a host reaches the server behind `token`: every server of every world gets the same command and
   * arguments (the shim and the relay's address), and only its environment (the token) tells them apart, as
   * two configured servers of one package with different credentials are told apart.
   */
  specFor(token: string): StdioTransportSpec {
    const env = { [RELAY_TOKEN_VARIABLE]: token };
    if (this.perl !== undefined) return { type: "stdio", command: this.perl, args: [PERL_SHIM_PATH, this.address], env };
    return { type: "stdio", command: process.execPath, args: [STDIO_SHIM_PATH, this.address], env };
  }

  /** Stops listening, destroys every socket (so every shim still running exits) and removes the socket's directory. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.routes.clear();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => this.listener.close(() => resolve()));
    this.directory?.release();
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
    if (this.probeToken !== undefined && token === this.probeToken) {
      this.probeServed = true;
      socket.end(ACK);
      return;
    }
    const server = this.routes.get(token);
    const down = server?.downAs;
    if (server && (down === "reset" || down === "silent" || down === "stdout-closed")) return this.playDown(server, down, socket, leftover);
    if (!server || server.isClosed) {
      socket.destroy();
      return;
    }
    socket.write(ACK);
    const transport = new SocketTransport(socket, leftover);
    // Going down as stdout-closed mid-session, the shim closes its stdout and runs on; nothing more is served.
    const goDown = (mode: UnreachableAs) => {
      if (mode !== "stdout-closed") return false;
      const held = transport.release();
      held.write(EOT);
      server.holdDown(() => held.destroy());
      return true;
    };
    server.open(transport, undefined, { goDown }).catch(() => socket.destroy());
  }

  /**
   * A connection to a server that is down in a way a running command shows (ServerScript.unreachableAs): the
   * shim is accepted, and then it writes half a line after the host's first message and exits (`reset`), writes
   * nothing (`silent`), or closes its stdout (`stdout-closed`), the last two until the server's stall bound.
   */
  private playDown(server: LiveServer, down: "reset" | "silent" | "stdout-closed", socket: Socket, leftover: Buffer): void {
    socket.write(down === "stdout-closed" ? Buffer.concat([ACK, EOT]) : ACK);
    if (down !== "reset") {
      socket.on("data", () => undefined);
      socket.resume();
      server.holdDown(() => socket.destroy());
      return;
    }
    let seen = leftover;
    const answerHalf = () => {
      socket.end(HALF_ANSWER, () => socket.destroy());
    };
    if (seen.includes(0x0a)) return answerHalf();
    socket.on("data", (chunk: Buffer) => {
      seen = Buffer.concat([seen, chunk]);
      if (seen.includes(0x0a)) answerHalf();
    });
    socket.resume();
    server.holdDown(() => socket.destroy());
  }

  /**
   * The first perl on PATH that runs the perl shim through a whole session with this relay: connects,
   * presents a token from its environment (which the relay must receive), reads the ACK, and exits 0 when
   * the relay ends the session.
   */
  private async usablePerl(): Promise<string | undefined> {
    const perl = (process.env.PATH ?? "").split(delimiter).filter(Boolean).map((dir) => join(dir, "perl")).find(isExecutable);
    if (perl === undefined) return undefined;
    this.probeToken = randomBytes(16).toString("hex");
    try {
      const ok = await new Promise<boolean>((resolve) => {
        const child = spawn(perl, [PERL_SHIM_PATH, this.address], { stdio: ["pipe", "ignore", "ignore"], env: { [RELAY_TOKEN_VARIABLE]: this.probeToken! }, timeout: PROBE_TIMEOUT_MS });
        child.once("error", () => resolve(false));
        child.once("exit", (code) => resolve(code === 0));
      });
      return ok && this.probeServed ? perl : undefined;
    } finally {
      this.probeToken = undefined;
    }
  }
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
