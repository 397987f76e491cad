import type { Socket } from "node:net";
import type { Readable, Writable } from "node:stream";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * MCP's stdio framing (one JSON-RPC message per `\n`-terminated line) over any pair of streams: the relay end
 * of a stdio shim (SocketTransport, below), or the harness's client of a stdio gateway over its pipes or the
 * socket its sandbox relay listens on (harness/gateway/). The SDK's own stdio transports spawn or own their
 * process; these take streams someone else holds.
 */
export class StreamTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();
  private closed = false;
  /** Whether {@link release} handed the socket on: closing no longer destroys it. */
  private released = false;

  /**
   * @param input where messages arrive, paused so nothing is lost before {@link start};
   * @param output where messages go (the same duplex stream for a socket);
   * @param leftover bytes already read past a handshake line, delivered first.
   */
  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    private readonly leftover?: Buffer,
  ) {}

  /** Starts reading; the input is resumed only now, once our handlers are in place. */
  async start(): Promise<void> {
    this.input.on("data", (chunk: Buffer) => this.receive(chunk));
    this.input.on("error", (error) => this.onerror?.(error));
    if ((this.output as unknown) !== this.input) this.output.on("error", (error) => this.onerror?.(error));
    this.input.on("close", () => this.finish());
    this.input.on("end", () => this.finish());
    if (this.leftover && this.leftover.length > 0) this.receive(this.leftover);
    this.input.resume();
  }

  /** Writes one line; resolves once the stream has taken it. */
  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed || this.output.destroyed) {
        reject(new Error("stream transport is closed"));
        return;
      }
      this.output.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  /** Destroys the streams (unless {@link release}d): the other end sees them close (a shim exits). */
  async close(): Promise<void> {
    if (!this.released) {
      this.output.destroy();
      this.input.destroy();
    }
    this.finish();
  }

  /**
   * Ends this transport without touching its streams, and hands the input back: what arrives on it from now on
   * is read and dropped, never a message (the server behind it went down, its shim still running).
   */
  protected releaseInput(): Readable {
    this.released = true;
    this.input.removeAllListeners("data");
    this.input.on("data", () => undefined);
    this.finish();
    return this.input;
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

/** Server side of the stdio framing over a TCP socket: the relay end of a stdio shim, so the host's pipes reach a server living in this process. */
export class SocketTransport extends StreamTransport {
  /**
   * @param socket a connected socket, paused so nothing is lost before `start`;
   * @param leftover bytes already read past the handshake line, delivered first.
   */
  constructor(private readonly socket: Socket, leftover?: Buffer) {
    super(socket, socket, leftover);
  }

  /**
   * Ends this transport without touching the socket, and hands the socket back: what arrives on it from now on
   * is read and dropped, never a message (the server behind it went down, its shim still running).
   */
  release(): Socket {
    this.releaseInput();
    return this.socket;
  }
}
