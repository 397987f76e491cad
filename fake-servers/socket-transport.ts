import type { Socket } from "node:net";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * Server side of MCP's stdio framing (one JSON-RPC message per `\n`-terminated line) over a TCP
 * socket: the relay end of a stdio shim, so the host's pipes reach a server living in this process.
 */
export class SocketTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();
  private closed = false;
  /** Whether {@link release} handed the socket on: closing no longer destroys it. */
  private released = false;

  /**
   * @param socket a connected socket, paused so nothing is lost before {@link start};
   * @param leftover bytes already read past the handshake line, delivered first.
   */
  constructor(
    private readonly socket: Socket,
    private readonly leftover?: Buffer,
  ) {}

  /** Starts reading; the socket is resumed only now, once our handlers are in place. */
  async start(): Promise<void> {
    this.socket.on("data", (chunk: Buffer) => this.receive(chunk));
    this.socket.on("error", (error) => this.onerror?.(error));
    this.socket.on("close", () => this.finish());
    if (this.leftover && this.leftover.length > 0) this.receive(this.leftover);
    this.socket.resume();
  }

  /** Writes one line; resolves once the socket has taken it. */
  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed || this.socket.destroyed) {
        reject(new Error("socket transport is closed"));
        return;
      }
      this.socket.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Destroys the socket (unless {@link release}d): the shim on the other end sees it close and exits. */
  async close(): Promise<void> {
    if (!this.released) this.socket.destroy();
    this.finish();
  }

  /**
   * Ends this transport without touching the socket, and hands the socket back: what arrives on it from now on
   * is read and dropped, never a message (the server behind it went down, its shim still running).
   */
  release(): Socket {
    this.released = true;
    this.socket.removeAllListeners("data");
    this.socket.on("data", () => undefined);
    this.finish();
    return this.socket;
  }

  private receive(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
    } catch (error) {
      // An over-long line cannot be framed any more: nothing after it can be trusted.
      this.onerror?.(error as Error);
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        // ReadBuffer has already dropped the bad line, so reading goes on after reporting it.
        this.onerror?.(error as Error);
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    this.buffer.clear();
    this.onclose?.();
  }
}
