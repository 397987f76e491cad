/**
 * The raw side of `mcp-collide check-adapter`: starts an adapter (argv as an array, in its own process
 * group and, where the machine allows one, PID namespace, as the runner does) and exchanges HAP/1 lines with it, keeping every line it wrote. Unlike
 * HapClient, which gives up at the first thing that is not a well-formed answer, this keeps going and
 * hands back what it saw, so the check can name each mistake precisely and go on to the next method.
 */
import { execa, type ResultPromise } from "execa";
import { createInterface } from "node:readline";
import { adapterLaunch, type AdapterLaunch } from "../adapter/pid-namespace.ts";
import { killGroup, trackGroup, untrackGroup } from "../adapter/process-groups.ts";
import { StderrTail } from "../adapter/stderr-tail.ts";

/** A line the adapter wrote to stdout that is not the answer to the request in flight. */
export interface StrayLine {
  /** 1-based position among every line the adapter wrote to stdout. */
  line: number;
  text: string;
  /** Why it is not an answer. */
  why: string;
}

/** How a request came out. */
export type Exchange =
  | { kind: "result"; result: unknown; ms: number }
  | { kind: "error"; error: { code?: unknown; message?: unknown }; ms: number }
  | { kind: "malformed"; why: string; text: string; ms: number }
  | { kind: "timeout"; ms: number }
  | { kind: "exit"; how: string; ms: number };

/** How a process ended: its exit code or the signal that ended it. */
export interface Ending {
  code?: number;
  signal?: string;
}

interface Pending {
  id: number;
  settle(exchange: Exchange): void;
  started: number;
}

/** One adapter process, driven one request at a time. */
export class LineDriver {
  private readonly child: ResultPromise;
  private readonly stderr = new StderrTail();
  private readonly strays: StrayLine[] = [];
  private pending: Pending | undefined;
  private nextId = 1;
  private lines = 0;
  private ending: Ending | undefined;
  readonly ended: Promise<Ending>;
  private readonly launch: AdapterLaunch;

  constructor(argv: readonly string[], private readonly timeoutMs: number) {
    this.launch = adapterLaunch(argv, { TMPDIR: process.env.TMPDIR });
    const [file, ...args] = this.launch.argv;
    this.child = execa(file!, args, {
      env: this.launch.env,
      stdin: "pipe", stdout: this.launch.stdout, stderr: "pipe", buffer: false, reject: false, detached: true, cleanup: true, encoding: "utf8",
    });
    if (this.child.pid !== undefined) trackGroup(this.child.pid);
    this.child.stderr?.on("data", (chunk: Buffer | string) => this.stderr.push(String(chunk)));
    this.child.stdin?.on("error", () => undefined);
    createInterface({ input: this.launch.stdoutOf(this.child.stdout, this.child.catch(() => undefined)), crlfDelay: Infinity }).on("line", (text) => this.onLine(text));
    this.ended = this.child.then((result) => {
      // With a PID namespace, everything the adapter started died with it; without, the group goes now.
      if (this.child.pid !== undefined) killGroup(this.child.pid);
      this.launch.release();
      this.ending = result.signal ? { signal: result.signal } : { code: result.exitCode ?? undefined };
      const how = result.signal ? `killed by ${result.signal}` : result.exitCode === undefined ? `could not be started: ${result.shortMessage}` : `exited with code ${result.exitCode}`;
      this.pending?.settle({ kind: "exit", how, ms: performance.now() - this.pending.started });
      return this.ending;
    });
  }

  /** Undefined when the adapter runs in a PID namespace of its own, else why not. */
  get withoutPidNamespace(): string | undefined {
    return this.launch.withoutPidNamespace;
  }

  /** The last few kilobytes the adapter wrote to stderr. */
  stderrTail(): string {
    return this.stderr.toString();
  }

  /** Lines that were not the answer to the request in flight, since the last call; the list is emptied. */
  takeStrays(): StrayLine[] {
    return this.strays.splice(0);
  }

  /** True once the process has ended. */
  get exited(): boolean {
    return this.ending !== undefined;
  }

  /** Sends one request and waits for its answer, the timeout or the end of the process. */
  request(method: string, params: unknown): Promise<Exchange> {
    const id = this.nextId++;
    const started = performance.now();
    if (this.ending) return Promise.resolve({ kind: "exit", how: "had already ended", ms: 0 });
    return new Promise<Exchange>((resolve) => {
      const timer = setTimeout(() => settle({ kind: "timeout", ms: performance.now() - started }), this.timeoutMs);
      const settle = (exchange: Exchange) => {
        clearTimeout(timer);
        if (this.pending?.id === id) this.pending = undefined;
        resolve(exchange);
      };
      this.pending = { id, settle, started };
      this.child.stdin?.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
  }

  /** Waits up to `ms` for the process to end by itself; undefined if it is still running. */
  async waitForExit(ms: number): Promise<Ending | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ms);
    });
    const ending = await Promise.race([this.ended, late]);
    clearTimeout(timer);
    return ending;
  }

  /** Closes stdin and kills the whole process group; nothing the adapter started outlives the check. */
  async stop(): Promise<void> {
    this.child.stdin?.end();
    if (this.child.pid !== undefined) {
      killGroup(this.child.pid);
      untrackGroup(this.child.pid);
    }
    await this.ended;
  }

  private onLine(text: string): void {
    const line = ++this.lines;
    if (text.trim() === "") return;
    const stray = (why: string): void => {
      this.strays.push({ line, text: text.length > 200 ? `${text.slice(0, 200)}…` : text, why });
    };
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return stray("it is not JSON");
    }
    const pending = this.pending;
    if (typeof message !== "object" || message === null || Array.isArray(message)) return stray("it is not a JSON-RPC message");
    const fields = message as Record<string, unknown>;
    if ("method" in fields) return stray("it is a request or notification; an adapter only answers");
    if (!pending) return stray("no request was waiting for an answer");
    const ms = performance.now() - pending.started;
    // An answer gone wrong settles the request at once: waiting for the timeout would teach nothing more.
    const malformed = (why: string) => pending.settle({ kind: "malformed", why, text: text.length > 120 ? `${text.slice(0, 120)}…` : text, ms });
    if (fields.id !== pending.id) return malformed(`it answers id ${JSON.stringify(fields.id)}, but the request's id is ${pending.id}`);
    if (fields.jsonrpc !== "2.0") return malformed('it lacks "jsonrpc": "2.0"');
    if ("error" in fields) pending.settle({ kind: "error", error: (fields.error ?? {}) as { code?: unknown; message?: unknown }, ms });
    else if ("result" in fields) pending.settle({ kind: "result", result: fields.result, ms });
    else malformed('it has neither "result" nor "error"');
  }
}
