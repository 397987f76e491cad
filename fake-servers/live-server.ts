import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { AnswerGate } from "./answer-gate.ts";
import { applyToContext, contextListsOf, type ContextLists } from "./context-definition.ts";
import { applyToList, type DriftStep } from "./drift-step.ts";
import { createFakeServer } from "./fake-server.ts";
import type { Recorder } from "./recorder.ts";
import type { ServerScript } from "./server-script.ts";
import type { ToolDefinition } from "./tool-definition.ts";

/** What a transport kind knows about one connection that the server cannot see for itself. */
export interface ConnectionHooks {
  /**
   * Resolves once the host can hear server-initiated messages on this connection. Streamable HTTP
   * delivers them only on the host's GET stream, which opens a little after `initialize`; a
   * notification sent before it would be silently lost. Absent: at once.
   */
  listening?: Promise<void>;
  /** Drops this connection abruptly (a lost answer). Absent: its transport closes. */
  drop?: () => void;
}

/** How long a notification waits for a connection to start listening before it is sent anyway. */
const LISTEN_WAIT_MS = 2_000;

/**
 * One script's server inside one world, across all its connections: it numbers them (each spawn,
 * HTTP session or in-memory connect is a fresh server instance, as a real restart would be), keeps them
 * so the world can close every one, and holds the server's drifting state: the tool list every
 * connection answers from (changed by {@link apply}, counted by a revision), and whether it is down.
 */
export class LiveServer {
  private readonly servers = new Map<Server, ConnectionHooks>();
  private connections = 0;
  private closed = false;
  private down: boolean;
  private current: ToolDefinition[];
  private currentContext: ContextLists;
  private revisionCount = 0;
  private readonly answered: number[] = [];

  /**
   * @param script what every connection serves at first (an `unreachable` script starts down);
   * @param recorder the world's record book; @param gate the world's answer order, if it has one;
   * @param quiet whether this server never sends anything on its own (no stream for it; `notify` throws).
   */
  constructor(
    readonly script: ServerScript,
    private readonly recorder: Recorder,
    private readonly gate?: AnswerGate,
    readonly quiet = false,
  ) {
    this.down = script.unreachable;
    this.current = [...script.tools];
    this.currentContext = contextListsOf(script);
  }

  /** Whether new connections are refused: the world closed, or the server is down. */
  get isClosed(): boolean {
    return this.closed || this.down;
  }

  /** The tool list a `tools/list` would answer now. */
  get tools(): readonly ToolDefinition[] {
    return this.current;
  }

  /** The prompts, resources and templates the server answers now. */
  get context(): ContextLists {
    return this.currentContext;
  }

  /** How many list-changing steps have been applied (0: the script as written). */
  get revision(): number {
    return this.revisionCount;
  }

  /** The revision each `tools/list` answered so far carried, in answer order. */
  get listings(): readonly number[] {
    return this.answered;
  }

  /**
   * Serves a fresh connection on `transport` with connection number 1, 2, ... in arrival order.
   * `onClosed` runs once when that connection ends, from either side.
   * Rejects (after closing `transport`) once the world is closed or while the server is down.
   */
  async open(transport: Transport, onClosed?: () => void, hooks: ConnectionHooks = {}): Promise<Server> {
    if (this.isClosed) {
      await transport.close().catch(() => undefined);
      throw new Error(`fake server ${JSON.stringify(this.script.key)} is ${this.closed ? "closed" : "unreachable"}`);
    }
    this.connections += 1;
    const server = createFakeServer(this.script, this.recorder, this.connections, {
      gate: this.gate,
      tools: () => this.current,
      context: () => this.currentContext,
      onListed: () => this.answered.push(this.revisionCount),
      drop: hooks.drop,
    });
    this.servers.set(server, hooks);
    server.onclose = () => {
      this.servers.delete(server);
      onClosed?.();
    };
    await server.connect(transport);
    return server;
  }

  /**
   * Applies one drift step. List changes take effect for the next request on any connection; `notify`
   * resolves once the notification was handed to every open connection; `unreachable` once every
   * connection is closed. Throws when the step does not fit the current list or the world is closed.
   */
  async apply(step: DriftStep): Promise<void> {
    if (this.closed) throw new Error(`fake server ${JSON.stringify(this.script.key)} is closed`);
    if (step.kind === "notify") {
      if (this.quiet) throw new Error(`fake server ${JSON.stringify(this.script.key)} is in a quiet world: it cannot notify`);
      return this.notify(step.list ?? "tools");
    }
    const context = applyToContext(this.currentContext, step);
    if (context !== undefined) {
      this.currentContext = context;
      return;
    }
    if (step.kind === "reachable") {
      this.down = false;
      return;
    }
    if (step.kind === "unreachable") {
      this.down = true;
      return this.closeConnections();
    }
    const next = applyToList(this.current, step);
    if (typeof next === "string") throw new Error(`fake server ${JSON.stringify(this.script.key)}: ${step.kind}: ${next}`);
    this.current = next;
    this.revisionCount += 1;
  }

  /** Closes every open connection; later `open` calls are refused. Idempotent. */
  async close(): Promise<void> {
    this.closed = true;
    await this.closeConnections();
  }

  private async notify(list: "tools" | "prompts" | "resources"): Promise<void> {
    await Promise.all([...this.servers].map(async ([server, hooks]) => {
      if (hooks.listening) await waitAtMost(hooks.listening, LISTEN_WAIT_MS);
      // A connection that closed meanwhile simply misses it, as a real one would (and a server that does not
      // serve the list cannot send its notification).
      const send = list === "prompts" ? server.sendPromptListChanged() : list === "resources" ? server.sendResourceListChanged() : server.sendToolListChanged();
      await send.catch(() => undefined);
    }));
  }

  private async closeConnections(): Promise<void> {
    const open = [...this.servers.keys()];
    this.servers.clear();
    await Promise.allSettled(open.map((server) => server.close()));
  }
}

function waitAtMost(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]).finally(() => clearTimeout(timer));
}
