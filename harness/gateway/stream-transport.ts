import type { Readable, Writable } from "node:stream";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";

/**
 * The client side of MCP's stdio framing (one JSON-RPC message per `\n`-terminated line) over any pair of
 * streams: a stdio gateway's own stdout and stdin, or the Unix socket a sandboxed one is relayed through
 * (gateway-relay.cjs). The SDK's StdioClientTransport spawns its own process; the gateway driver spawns the
 * gateway itself (in its sandbox or PID namespace), so it needs a transport over streams it already holds.
 */
export class StreamTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly buffer = new ReadBuffer();
  private closed = false;

  constructor(private readonly input: Readable, private readonly output: Writable) {}

  async start(): Promise<void> {
    this.input.on("data", (chunk: Buffer) => this.receive(chunk));
    this.input.on("error", (error) => this.onerror?.(error));
    this.output.on("error", (error) => this.onerror?.(error));
    this.input.on("close", () => this.finish());
    this.input.on("end", () => this.finish());
  }

  /** Writes one line; resolves once the stream has taken it. */
  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed || this.output.destroyed) return reject(new Error("the gateway's stdio stream is closed"));
      this.output.write(serializeMessage(message), (error) => (error ? reject(error) : resolve()));
    });
  }

  async close(): Promise<void> {
    this.output.destroy();
    this.input.destroy();
    this.finish();
  }

  private receive(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
    } catch (error) {
      this.onerror?.(error as Error);
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        // A line that is not a JSON-RPC message is the gateway's garbage: reported, and reading goes on.
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
