/**
 * The harness side of HAP/1: spawns an adapter (argv as an array, never a shell string), sends one request
 * at a time, and parses every answer with zod. Anything other than a well-formed result within the timeout
 * (a crash, a hang, a non-JSON line, a JSON-RPC error, a result of the wrong shape) becomes an
 * {@link AdapterError}; after one, the client is unusable and its process group has been killed. A line
 * longer than `maxLineBytes` and an end of the adapter's stdout while it runs are broken adapters at once.
 */
import { execa, type ResultPromise } from "execa";
import { z } from "zod";
import { PinResultSchema, RegisterLocalResultSchema, CallResultSchema } from "../protocol/call-result.ts";
import { PromptGetResultSchema, PromptsResultSchema, ResourceReadResultSchema, ResourcesResultSchema } from "../protocol/context-result.ts";
import { InitializeResultSchema, type LocalShape } from "../protocol/initialize-result.ts";
import { namedCapabilities } from "../protocol/named-capabilities.ts";
import { describeLoad } from "../pace.ts";
import { OpenResultSchema, RefreshResultSchema } from "../protocol/open-result.ts";
import type { Diagnostic } from "../protocol/open-result.ts";
import { ShutdownResultSchema } from "../protocol/shutdown-result.ts";
import { ToolsResultSchema } from "../protocol/tools-result.ts";
import { AdapterError } from "./adapter-error.ts";
import { DEFAULT_MAX_LINE_BYTES, readLines } from "./line-reader.ts";
import { adapterLaunch, type AdapterLaunch } from "./pid-namespace.ts";
import { killGroup, killMarked, newReapMarker, REAP_VARIABLE, trackGroup, untrackGroup } from "./process-groups.ts";
import type { HostAdapter, HostOpenParams } from "./host-adapter.ts";
import { StderrTail } from "./stderr-tail.ts";

/**
 * Longest wait for one adapter answer, `initialize` included, unless `--timeout` says otherwise: the one
 * default of `run` and `check-adapter` alike, so an adapter slow to start fails neither or both.
 */
export const DEFAULT_ANSWER_TIMEOUT_MS = 30_000;
/** How long an adapter in a PID namespace whose stdout ended may take to report its exit before it is killed. */
const STDOUT_END_GRACE_MS = 500;
/**
 * Longest wait, once the adapter exited, for the rest of its stdout: only a process outside its group (which the
 * exit kills) can hold the pipe open longer.
 */
const DRAIN_BOUND_MS = 5_000;

/** How to start and bound an adapter process. */
export interface HapClientOptions {
  /** The adapter's command line: program first, then its arguments. */
  argv: readonly string[];
  cwd?: string;
  env?: Record<string, string>;
  /** Longest wait for any one answer, in ms (default {@link DEFAULT_ANSWER_TIMEOUT_MS}). */
  requestTimeoutMs?: number;
  /** Longest line the adapter may write, in bytes (default 32 MiB); a longer one breaks it. */
  maxLineBytes?: number;
}

const ResponseSchema = z.union([
  z.object({ jsonrpc: z.literal("2.0"), id: z.union([z.number(), z.string()]), result: z.unknown() }),
  z.object({
    jsonrpc: z.literal("2.0"),
    id: z.union([z.number(), z.string(), z.null()]),
    error: z.object({ code: z.number(), message: z.string() }).loose(),
  }),
]);

interface Pending {
  id: number;
  method: string;
  resolve(value: unknown): void;
  reject(error: AdapterError): void;
  timer: NodeJS.Timeout;
}

/** A {@link HostAdapter} behind a HAP/1 adapter process. */
export class HapClient implements HostAdapter {
  private readonly stderr = new StderrTail();
  private readonly process: ResultPromise;
  private pending: Pending | undefined;
  private nextId = 1;
  private broken: AdapterError | undefined;
  private exited = false;
  private shuttingDown = false;
  private stdoutEnded = false;
  /** Settles once every line the adapter wrote was read (its stdout ended), or reading stopped. */
  private readonly drained: Promise<void>;
  private markDrained: () => void = () => undefined;
  private readonly stopReading: () => void;
  private readonly exit: Promise<void>;

  /** In the adapter's environment, so every process it starts can be found and ended (process-groups.ts). */
  private readonly marker = newReapMarker();
  /** Its PID namespace (where the machine allows one) and temp folder (pid-namespace.ts). */
  private readonly launch: AdapterLaunch;

  constructor(private readonly options: HapClientOptions) {
    if (!options.argv[0]) throw new AdapterError("spawn", "empty adapter command line");
    this.launch = adapterLaunch(options.argv, { TMPDIR: process.env.TMPDIR, ...options.env, [REAP_VARIABLE]: this.marker });
    const [file, ...args] = this.launch.argv;
    this.process = execa(file!, args, {
      cwd: options.cwd,
      env: this.launch.env,
      stdin: "pipe",
      stdout: this.launch.stdout,
      stderr: "pipe",
      buffer: false,
      reject: false,
      detached: true,
      cleanup: true,
      encoding: "utf8",
    });
    if (this.process.pid !== undefined) trackGroup(this.process.pid, this.marker);
    this.process.stderr?.on("data", (chunk: Buffer | string) => this.stderr.push(String(chunk)));
    this.process.stdin?.on("error", () => undefined);
    this.drained = new Promise<void>((resolve) => (this.markDrained = resolve));
    const limit = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.stopReading = readLines(this.launch.stdoutOf(this.process.stdout, this.process.catch(() => undefined)), limit, {
      line: (line) => this.onLine(line),
      overflow: (bytes) => this.fail(new AdapterError("garbage", `adapter wrote a line longer than ${limit} bytes (${bytes} so far, no newline): see --max-line-bytes`, this.stderrTail())),
      end: () => this.onStdoutEnd(),
    });
    this.exit = this.process.then(async (result) => {
      // An answer written before the exit counts: the exit can be reported before its last lines are read (a
      // PID namespace's stdout is a FIFO read apart from the process; a loaded machine widens the gap), and a
      // valid answer read as a crash would make the verdict the machine's pace. What is left of its group dies
      // first, so nothing of it holds the pipe open.
      this.killGroup();
      let bound: NodeJS.Timeout | undefined;
      await Promise.race([this.drained, new Promise<void>((resolve) => (bound = setTimeout(resolve, DRAIN_BOUND_MS)))]);
      clearTimeout(bound);
      this.exited = true;
      const how = result.signal ? `signal ${result.signal}` : `exit code ${result.exitCode}`;
      const why = result.failed && result.exitCode === undefined && !result.signal ? ` (${result.shortMessage})` : "";
      // A stdout that ended while the adapter ran is why it was killed: say that, not "signal SIGKILL".
      const message = this.stdoutEnded && result.signal === "SIGKILL"
        ? "adapter closed its stdout while still running (killed: no answer can come)"
        : `adapter exited (${how})${why}`;
      this.fail(new AdapterError("crash", message, this.stderrTail()));
      // Its namespace (or group, killed by fail) is dead now: what it left in its temp folder has no one left to remove it.
      this.launch.release();
    });
  }

  /** Undefined when the adapter runs in a PID namespace of its own, else why not (the report says so). */
  get withoutPidNamespace(): string | undefined {
    return this.launch.withoutPidNamespace;
  }

  /** The last few kilobytes the adapter wrote on stderr. */
  stderrTail(): string {
    return this.stderr.toString();
  }

  /** True once the adapter broke or exited; a new client is needed. */
  get isBroken(): boolean {
    return this.broken !== undefined || this.exited;
  }

  /** Sends one request and returns its result parsed by `schema`. */
  async request<T>(method: string, params: unknown, schema: z.ZodType<T>, timeoutMs?: number): Promise<T> {
    if (this.broken) throw this.broken;
    if (this.pending) throw new AdapterError("protocol", `harness bug: ${method} sent while ${this.pending.method} is pending`);
    const id = this.nextId++;
    const limit = timeoutMs ?? this.options.requestTimeoutMs ?? DEFAULT_ANSWER_TIMEOUT_MS;
    const raw = await new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => {
        // The load says whether a slow machine, rather than a hung adapter, may have run the bound out (--timeout raises it).
        this.fail(new AdapterError("timeout", `adapter did not answer ${method} within ${limit} ms (${describeLoad()})`, this.stderrTail()));
      }, limit);
      this.pending = { id, method, resolve, reject, timer };
      this.process.stdin?.write(`${JSON.stringify({ jsonrpc: "2.0", id, method, params })}\n`);
    });
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const error = new AdapterError("garbage", `adapter answered ${method} with a result that does not match HAP/1: ${z.prettifyError(parsed.error)}`, this.stderrTail());
      this.fail(error);
      throw error;
    }
    return parsed.data;
  }

  /**
   * The adapter's stdout ended. Outside a shutdown no answer can come any more, so the adapter is broken now
   * rather than at the next timeout: its group is killed and the exit handler reports it (with its own exit
   * code when it had already exited).
   */
  private onStdoutEnd(): void {
    this.stdoutEnded = true;
    this.markDrained();
    if (this.shuttingDown) return;
    // In a PID namespace the adapter's stdout (a FIFO) ends a moment before `unshare` reports its exit: an
    // adapter that crashed gets that moment to say its exit code; one that lives on is killed after it.
    if (this.launch.withoutPidNamespace !== undefined) return this.killGroup();
    setTimeout(() => {
      if (!this.exited) this.killGroup();
    }, STDOUT_END_GRACE_MS).unref();
  }

  private onLine(line: string): void {
    if (this.broken || line.trim() === "") return;
    let message: unknown;
    try {
      message = JSON.parse(line);
    } catch {
      this.fail(new AdapterError("garbage", `adapter wrote a line that is not JSON: ${line.slice(0, 200)}`, this.stderrTail()));
      return;
    }
    const response = ResponseSchema.safeParse(message);
    const pending = this.pending;
    // JSON-RPC 2.0: a response holds a result or an error, never both (which would it mean?).
    const both = typeof message === "object" && message !== null && "result" in message && "error" in message;
    if (!response.success || both || !pending || response.data.id !== pending.id) {
      this.fail(new AdapterError("protocol", `adapter wrote an unexpected message: ${line.slice(0, 200)}`, this.stderrTail()));
      return;
    }
    clearTimeout(pending.timer);
    this.pending = undefined;
    if ("error" in response.data) {
      this.fail(new AdapterError("rpc-error", `adapter answered ${pending.method} with a JSON-RPC error: ${response.data.error.message}`, this.stderrTail()));
      pending.reject(this.broken!);
      return;
    }
    pending.resolve(response.data.result);
  }

  private fail(error: AdapterError): void {
    this.broken ??= error;
    this.stopReading();
    this.markDrained();
    const pending = this.pending;
    this.pending = undefined;
    if (pending) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.killGroup();
  }

  /**
   * Kills the adapter's whole process group, so servers it spawned die with it even after it exited, and
   * every process carrying its marker (one that left the group).
   */
  private killGroup(): void {
    if (this.process.pid === undefined) return;
    killGroup(this.process.pid);
    killMarked([this.marker]);
    untrackGroup(this.process.pid);
  }

  async initialize() {
    let named: string[] = [];
    // The names the answer held, before the schema fills in the absent ones (see namedCapabilities).
    const seen = z.unknown().transform((raw) => {
      const capabilities = (raw as { capabilities?: unknown } | null)?.capabilities;
      if (typeof capabilities === "object" && capabilities !== null) named = Object.keys(capabilities);
      return raw;
    }).pipe(InitializeResultSchema);
    const result = await this.request("initialize", { protocolVersion: "1" }, seen);
    namedCapabilities.set(result, named);
    return result;
  }
  open(params: HostOpenParams) {
    for (const server of params.servers) {
      if (server.transport.type === "memory") throw new AdapterError("protocol", "harness bug: a memory transport cannot cross HAP/1");
    }
    return this.request("session/open", params, OpenResultSchema);
  }
  async tools(session: string) {
    return this.request("session/tools", { session }, ToolsResultSchema);
  }
  call(session: string, name: string, args: Record<string, unknown>, namespace?: string) {
    const params = namespace === undefined ? { session, name, arguments: args } : { session, name, namespace, arguments: args };
    return this.request("session/call", params, CallResultSchema);
  }
  refresh(session: string, server?: string) {
    return this.request("session/refresh", server === undefined ? { session } : { session, server }, RefreshResultSchema);
  }
  registerLocal(session: string, name: string, shape: LocalShape) {
    return this.request("session/registerLocal", { session, name, shape }, RegisterLocalResultSchema);
  }
  pin(session: string) {
    return this.request("session/pin", { session }, PinResultSchema);
  }
  prompts(session: string) {
    return this.request("session/prompts", { session }, PromptsResultSchema);
  }
  getPrompt(session: string, name: string, args: Record<string, string>, namespace?: string) {
    const params = namespace === undefined ? { session, name, arguments: args } : { session, name, namespace, arguments: args };
    return this.request("session/getPrompt", params, PromptGetResultSchema);
  }
  resources(session: string) {
    return this.request("session/resources", { session }, ResourcesResultSchema);
  }
  readResource(session: string, uri: string, namespace?: string) {
    return this.request("session/readResource", namespace === undefined ? { session, uri } : { session, uri, namespace }, ResourceReadResultSchema);
  }
  async close(session: string) {
    await this.request("session/close", { session }, z.object({}).loose());
  }

  /**
   * Asks the adapter to shut down, then makes sure its whole process group is gone. Returns the diagnostics
   * its `shutdown` answer carried (none from an adapter that broke).
   */
  async shutdown(graceMs = 3000): Promise<{ diagnostics: Diagnostic[] }> {
    let diagnostics: Diagnostic[] = [];
    this.shuttingDown = true;
    if (this.pending) {
      // Still busy with a request the harness gave up on (a hang it stopped waiting for): it cannot answer
      // `shutdown` before that one, so it gets the end of its stdin and the grace period instead.
      this.process.stdin?.end();
    } else if (!this.isBroken) {
      try {
        diagnostics = (await this.request("shutdown", {}, ShutdownResultSchema, graceMs)).diagnostics;
        this.process.stdin?.end();
      } catch {
        // Already reported through `broken`; shutting down anyway.
      }
    }
    const timer = setTimeout(() => this.killGroup(), graceMs);
    await this.exit;
    clearTimeout(timer);
    this.killGroup();
    return { diagnostics };
  }
}
