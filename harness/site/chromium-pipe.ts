/**
 * Headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`: the browser
 * reads commands on fd 3 and writes answers and events on fd 4, each a JSON text ended by NUL), so a test
 * can open pages, read their DOM and watch every request without a WebSocket or an npm dependency. The
 * profile is a fresh temp directory, removed at close; host names resolve nowhere.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";

/** A DevTools event: its method, params, and the session it came from. */
export interface CdpEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

const FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-extensions", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost"];

/** One browser process and its protocol pipe. */
export class ChromiumPipe {
  private next = 1;
  private buffer = "";
  private readonly pending = new Map<number, { resolve: (value: Record<string, unknown>) => void; reject: (error: Error) => void }>();
  private readonly listeners: Array<(event: CdpEvent) => void> = [];

  private constructor(private readonly child: ChildProcess, private readonly profile: string) {
    const output = child.stdio[4] as Readable;
    output.setEncoding("utf8");
    output.on("data", (chunk: string) => this.receive(chunk));
    child.on("exit", () => {
      for (const waiter of this.pending.values()) waiter.reject(new Error("chromium exited"));
      this.pending.clear();
    });
  }

  /** Starts `chromium` with a fresh profile. */
  static start(chromium: string): ChromiumPipe {
    const profile = mkdtempSync(join(tmpdir(), "mcp-collide-chromium-"));
    const child = spawn(chromium, [...FLAGS, `--user-data-dir=${profile}`, "--remote-debugging-pipe", "about:blank"], {
      stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"],
    });
    return new ChromiumPipe(child, profile);
  }

  private receive(chunk: string): void {
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf("\0")) >= 0) {
      const message = JSON.parse(this.buffer.slice(0, end)) as { id?: number; result?: Record<string, unknown>; error?: { message: string }; method?: string; params?: Record<string, unknown>; sessionId?: string };
      this.buffer = this.buffer.slice(end + 1);
      if (message.id !== undefined) {
        const waiter = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiter?.reject(new Error(message.error.message));
        else waiter?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listen of this.listeners) listen({ method: message.method, params: message.params ?? {}, ...(message.sessionId ? { sessionId: message.sessionId } : {}) });
      }
    }
  }

  /** Sends one command (to a page's session when given) and waits for its answer. */
  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = this.next++;
    const answer = new Promise<Record<string, unknown>>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    (this.child.stdio[3] as Writable).write(`${JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) })}\0`);
    return answer;
  }

  /** Calls `listen` with every event from now on. */
  onEvent(listen: (event: CdpEvent) => void): void {
    this.listeners.push(listen);
  }

  /** Resolves at the first event `method` of `sessionId` that `match` accepts. */
  waitFor(method: string, sessionId: string, match: (params: Record<string, unknown>) => boolean = () => true): Promise<Record<string, unknown>> {
    return new Promise((resolve) => {
      const listen = (event: CdpEvent) => {
        if (event.method !== method || event.sessionId !== sessionId || !match(event.params)) return;
        this.listeners.splice(this.listeners.indexOf(listen), 1);
        resolve(event.params);
      };
      this.onEvent(listen);
    });
  }

  /** A new page, attached: its session id. */
  async newPage(): Promise<string> {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    return sessionId as string;
  }

  /** Ends the browser and removes its profile. */
  async close(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once("exit", resolve));
    await this.send("Browser.close").catch(() => undefined);
    const timer = setTimeout(() => this.child.kill("SIGKILL"), 5_000);
    if (this.child.exitCode === null && this.child.signalCode === null) await exited;
    clearTimeout(timer);
    rmSync(this.profile, { recursive: true, force: true });
  }
}
