import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { AnswerGate } from "./answer-gate.ts";
import { createFakeServer } from "./fake-server.ts";
import type { Recorder } from "./recorder.ts";
import type { ServerScript } from "./server-script.ts";

/**
 * One script's server inside one world, across all its connections: it numbers them (each spawn,
 * HTTP session or in-memory connect is a fresh server instance, as a real restart would be) and
 * keeps them so the world can close every one.
 */
export class LiveServer {
  private readonly servers = new Set<Server>();
  private connections = 0;
  private closed = false;

  /**
   * @param script what every connection serves; @param recorder the world's record book;
   * @param gate the world's answer order, if it has one.
   */
  constructor(
    readonly script: ServerScript,
    private readonly recorder: Recorder,
    private readonly gate?: AnswerGate,
  ) {}

  /** Whether {@link close} has run: no further connection will be served. */
  get isClosed(): boolean {
    return this.closed;
  }

  /**
   * Serves a fresh connection on `transport` with connection number 1, 2, ... in arrival order.
   * `onClosed` runs once when that connection ends, from either side.
   * Rejects (after closing `transport`) once the world is closed.
   */
  async open(transport: Transport, onClosed?: () => void): Promise<Server> {
    if (this.closed) {
      await transport.close().catch(() => undefined);
      throw new Error(`fake server ${JSON.stringify(this.script.key)} is closed`);
    }
    this.connections += 1;
    const server = createFakeServer(this.script, this.recorder, this.connections, { gate: this.gate });
    this.servers.add(server);
    server.onclose = () => {
      this.servers.delete(server);
      onClosed?.();
    };
    await server.connect(transport);
    return server;
  }

  /** Closes every open connection; later `open` calls are refused. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    const open = [...this.servers];
    this.servers.clear();
    await Promise.allSettled(open.map((server) => server.close()));
  }
}
