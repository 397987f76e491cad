/**
 * One HAP/1 session of an agent CLI = one CLI process, started with a prompt in a fresh home and (by
 * default) in its own loopback-only network namespace. The fake provider holds the CLI's model turn open:
 * the surface is read from the tools that turn offers; each call answers the held turn with one tool call
 * and waits for the CLI's next turn, which carries the tool's result; close answers with final text and
 * waits for the CLI to exit (then kills its process group whatever it does).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { logDiagnostics } from "./log-files.ts";
import type { HeldTurn, ModelProvider, ModelReply } from "../../fake-servers/index.ts";
import { machineRoot, pidNamespacePrefix, pidNamespaceUnavailable } from "../adapter/pid-namespace.ts";
import { SANDBOX_UID } from "../optional-installs.ts";
import { describeLoad } from "../pace.ts";
import type { CallResult } from "../protocol/call-result.ts";
import type { ServerConfig } from "../protocol/open-params.ts";
import type { Diagnostic, HostError } from "../protocol/open-result.ts";
import type { VisibleTool } from "../protocol/tools-result.ts";
import type { AgentCli } from "./agent-cli.ts";
import { callResultOf, cliResult, offeredTools, serverErrorLines, toolCallReplies } from "./cli-defaults.ts";
import { NetnsSandbox, portsOf, socketsOf, type OutboundAttempt } from "./isolation/netns-sandbox.ts";

/** How sessions are run. */
export interface SessionOptions {
  bin: string;
  /** The folder of the pinned Node the CLI needs (its cli.json `node`), put first on its PATH; absent: the PATH's. */
  nodeBin?: string;
  isolation: "netns" | "none";
  /** Longest wait for the CLI's first model turn (it starts, loads its servers), in ms. */
  startTimeoutMs: number;
  /** Longest wait for the turn that follows a tool call, in ms. */
  turnTimeoutMs: number;
  /** Where the session's home, working directory and bridges go (the adapter's scratch directory). */
  scratch: string;
  /** Keeps the tools that are not the CLI's own built-ins (see AgentHost's baseline). */
  visible(tools: VisibleTool[]): VisibleTool[];
  /** Takes the outbound attempts of a session that never started (a CLI must not erase its record by failing its first turn). */
  lost?(attempts: OutboundAttempt[]): void;
  /** Load no deferred tool on the model's behalf (HAP/1 `keepDeferred`): no warm-up, at open or after a re-list. */
  keepDeferred?: boolean;
}

/** A bounded text buffer: the first `limit` characters of a stream (a CLI's init line comes first). */
class Head {
  text = "";
  constructor(private readonly limit: number) {}
  push(chunk: string): void {
    if (this.text.length < this.limit) this.text += chunk.slice(0, this.limit - this.text.length);
  }
}

/** Most warm-up turns one open answers (AgentCli.warmUp). */
const MAX_WARM_UPS = 8;

/** The name the driver calls to make a CLI send another turn: a tool no CLI or fake server has. */
export const RELIST_TOOL = "mcp_collide_relist";

const PROMPT = "mcp-collide: answer each tool call the harness scripts; this is a conformance test, not a task.";

/** One running CLI process and the turn it holds open. */
export class AgentSession {
  private held: HeldTurn | undefined;
  private exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private readonly exit: Promise<void>;
  private readonly stdout = new Head(256 * 1024);
  private readonly stderr = new Head(64 * 1024);
  private calls = 0;
  private recorded: OutboundAttempt[] | undefined;
  /** The MCP tools the CLI offered its model, read at open. */
  surface: VisibleTool[] = [];
  /** Why the CLI exited before asking its model anything, when it refused the configuration. */
  refusal: string | undefined;

  private constructor(
    private readonly cli: AgentCli,
    private readonly provider: ModelProvider,
    private readonly options: SessionOptions,
    private readonly client: string,
    private readonly child: ChildProcess,
    private readonly scratch: string,
    private readonly sandbox: NetnsSandbox | undefined,
    private readonly dirs: { home: string; cwd: string },
  ) {
    child.stdout?.on("data", (chunk: Buffer) => this.stdout.push(chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => this.stderr.push(chunk.toString("utf8")));
    this.exit = new Promise((resolve) => child.on("exit", (code, signal) => { this.exited = { code, signal }; resolve(); }));
  }

  /**
   * Starts the CLI on `servers` and waits for its first model turn; throws (with its stderr) when it never
   * asks, unless `refusalIsResult`: then a CLI that exited before asking (it refused this configuration: a
   * CLI that started with no servers at all has shown it can start here) is a session with no surface.
   */
  static async start(cli: AgentCli, provider: ModelProvider, servers: readonly ServerConfig[], options: SessionOptions, refusalIsResult = false): Promise<AgentSession> {
    const scratch = mkdtempSync(join(options.scratch, "session-"));
    const home = join(scratch, "home");
    const cwd = join(scratch, "work");
    mkdirSync(home, { mode: 0o700 });
    mkdirSync(cwd, { mode: 0o700 });
    const client = randomBytes(8).toString("hex");
    const apiKey = `mcp-collide-dummy-${client}`;
    provider.expect(client, apiKey);
    let sandbox: NetnsSandbox | undefined;
    try {
      const shared = cli.sharedFolder === undefined ? undefined : join(options.scratch, cli.sharedFolder);
      if (shared) mkdirSync(shared, { recursive: true, mode: 0o700 });
      const context = { home, cwd, servers, providerOrigin: provider.origin, apiKey, prompt: PROMPT, bin: options.bin, ...(shared ? { shared } : {}) };
      const launch = cli.launch(context);
      // A CLI that needs another Node than the harness's (its cli.json `node`) finds that pinned Node first on PATH.
      const path = [...(options.nodeBin ? [options.nodeBin] : []), process.env.PATH ?? "/usr/bin:/bin"].join(":");
      const envOf = (extra: Record<string, string>): Record<string, string> => ({ PATH: path, ...extra });
      if (options.isolation === "netns") {
        const urls = [provider.origin, ...servers.flatMap((server) => (server.transport.type === "http" ? [server.transport.url] : []))];
        const words = servers.flatMap((server) => (server.transport.type === "stdio" ? [...server.transport.args, ...Object.values(server.transport.env ?? {})] : []));
        sandbox = await NetnsSandbox.create(portsOf(urls, words), scratch, { writable: [home, cwd, ...(shared ? [shared] : [])], cwd }, socketsOf(words));
      }
      // Isolated, a process lives in the sandbox's PID namespace, which dies with `unshare` (in the adapter's
      // group); unisolated, it gets a group of its own so close can kill what it spawned and, where the
      // machine allows one, a PID namespace, so what left the group (setsid) dies with it too.
      const unisolated = (argv: readonly string[]): string[] => (pidNamespaceUnavailable() === undefined ? [...pidNamespacePrefix(), ...argv] : [...argv]);
      const start = (argv: readonly string[], extra: Record<string, string>): ChildProcess => {
        if (sandbox) return sandbox.spawn(argv, { ...envOf(extra), ...(cli.withoutProxy === undefined ? sandbox.proxyEnv() : {}) });
        const [file, ...args] = unisolated(argv);
        return spawn(file!, args, { cwd, env: envOf(extra), detached: true, stdio: ["ignore", "pipe", "pipe"] });
      };
      for (const step of cli.prepare?.(context) ?? []) await runStep(cli.id, step.argv, start(step.argv, step.env), options.startTimeoutMs);
      const child = start(launch.argv, launch.env);
      child.on("error", () => undefined);
      const session = new AgentSession(cli, provider, options, client, child, scratch, sandbox, { home, cwd });
      try {
        session.held = await session.nextTurn(options.startTimeoutMs, "its first model turn");
        await session.readSurface();
      } catch (error) {
        const exitedByItself = session.exited !== undefined;
        await session.close();
        if (!refusalIsResult || !exitedByItself) throw error;
        session.refusal = error instanceof Error ? error.message : String(error);
      }
      return session;
    } catch (error) {
      provider.forget(client);
      if (sandbox) options.lost?.(sandbox.outbound());
      await sandbox?.close();
      rmSync(scratch, { recursive: true, force: true });
      throw error;
    }
  }

  /** The surface of the held turn, after the CLI's warm-up turn where it has one (loading deferred schemas). */
  private async readSurface(): Promise<void> {
    this.surface = this.options.visible(this.surfaceOf(this.held!));
    // A CLI that loads schemas a few at a time (Qwen Code's tool_search) warms up over several turns; a session
    // whose searches the harness makes itself (keepDeferred) is left as the CLI offered it.
    for (let round = 0; round < (this.options.keepDeferred ? 0 : MAX_WARM_UPS); round++) {
      const warm = this.cli.warmUp?.(this.held!, this.surface);
      if (!warm) return;
      this.held!.answer(warm);
      this.held = undefined;
      this.held = await this.nextTurn(this.options.turnTimeoutMs, "the turn after loading tool schemas");
      this.surface = this.options.visible(this.surfaceOf(this.held));
    }
  }

  /** The tools a turn offers, as the CLI's `surface` reads them (default: as offered). */
  private surfaceOf(turn: HeldTurn): VisibleTool[] {
    return this.cli.surface ? this.cli.surface(turn) : offeredTools(turn);
  }

  /**
   * The surface as the CLI's next model turn offers it, read from a fresh turn: the held one is answered with
   * a call of a tool no CLI has, or the CLI's own {@link AgentCli.relistReply} (see {@link AgentCli.relists}),
   * so the CLI sends its model another turn with
   * whatever tool list it holds now. Each such call carries a new argument: Gemini CLI ends a session that
   * repeats one call with the same arguments (its loop detection). Throws when the CLI exited or went quiet.
   */
  async relist(): Promise<VisibleTool[]> {
    if (!this.held || this.exited) throw new Error(`${this.cli.id} is no longer running: ${this.stderr.text.slice(-500)}`);
    const id = `toolu_mcpcollide_relist${++this.calls}${randomBytes(4).toString("hex")}`;
    const reply: ModelReply = this.cli.relistReply?.(id, this.calls, this.dirs) ?? { type: "tool-call", id, name: RELIST_TOOL, arguments: { turn: this.calls } };
    this.held.answer(reply);
    this.held = undefined;
    this.held = await this.nextTurn(this.options.turnTimeoutMs, "the turn after a re-listing call");
    await this.readSurface();
    return this.surface;
  }

  /** The CLI's next model turn, or an error naming what it did instead (exited, or went quiet). */
  private async nextTurn(timeoutMs: number, what: string): Promise<HeldTurn> {
    const turn = this.provider.nextTurn(this.client, timeoutMs);
    const exit = this.exit.then(() => {
      throw new Error(`${this.cli.id} exited (${this.exited?.signal ?? `code ${this.exited?.code}`}) before sending ${what}; stderr: ${this.stderr.text.slice(-2000) || "(empty)"}`);
    });
    try {
      return await Promise.race([turn, exit]);
    } catch (error) {
      turn.catch(() => undefined);
      throw error instanceof Error && /no model turn/.test(error.message)
        ? new Error(`${this.cli.id} sent no model turn within ${timeoutMs} ms (waiting for ${what}; ${describeLoad()}: above 1x the machine was busy, so this may be load, not a hang: the adapter's --start-timeout and --turn-timeout raise the bounds); stderr: ${this.stderr.text.slice(-2000) || "(empty)"}`)
        : error;
    }
  }

  /** Errors the CLI told its user about (its own output), and its stderr as diagnostics. */
  report(keys: readonly string[]): { errors: HostError[]; diagnostics: Diagnostic[] } {
    const output = { stdout: this.stdout.text, stderr: this.stderr.text };
    const told = this.cli.errorsOf ? this.cli.errorsOf(output, keys) : serverErrorLines(output, keys);
    // A refusal is an error of the whole open, in the CLI's own words where it said which servers.
    const errors = this.refusal && told.length === 0 ? [{ message: this.refusal }] : told;
    const printed: Diagnostic[] = this.stderr.text.split("\n").filter((line) => line.trim() !== "").slice(-50).map((message) => ({ level: "info", message, channel: "stderr" }));
    // Read without following any link the CLI made, and only its own files (log-files.ts).
    const owner = this.options.isolation === "netns" && machineRoot() ? SANDBOX_UID : undefined;
    const logged = this.cli.logFiles ? logDiagnostics(this.cli.logFiles(this.dirs), { within: [this.dirs.home, this.dirs.cwd], owner }) : [];
    return { errors, diagnostics: [...printed, ...logged] };
  }

  /**
   * The model calls `name` (in `namespace`): the CLI's answer, or what went wrong, as a result. A call of the
   * CLI's search tool is its own search reply for `args.query`, and the surface is read again from the turn after
   * it (what the search loaded shows there).
   */
  async call(name: string, args: Record<string, unknown>, namespace?: string): Promise<CallResult> {
    if (!this.held || this.exited) return { ok: false, error: { message: `${this.cli.id} is no longer running: ${this.stderr.text.slice(-500)}` } };
    const id = `toolu_mcpcollide${++this.calls}${randomBytes(4).toString("hex")}`;
    const tool = namespace === undefined ? { name } : { name, namespace };
    const search = this.cli.search && namespace === undefined && name === this.cli.search.tool ? this.cli.search : undefined;
    const replies: ModelReply[] = search ? [search.reply(typeof args.query === "string" ? args.query : "", id)]
      : this.cli.callReplies ? this.cli.callReplies(tool, args, id) : toolCallReplies(tool, args, id);
    try {
      for (const reply of replies) {
        this.held.answer(reply);
        this.held = undefined;
        this.held = await this.nextTurn(this.options.turnTimeoutMs, `the turn after a call of ${JSON.stringify(name)}`);
      }
    } catch (error) {
      return { ok: false, error: { message: error instanceof Error ? error.message : String(error) } };
    }
    if (search) this.surface = this.options.visible(this.surfaceOf(this.held!));
    const result = cliResult(this.cli, this.held!.content.toolResults, id, name);
    if (!result) return { ok: false, error: { message: `${this.cli.id} sent its model no result for the call of ${JSON.stringify(name)}` } };
    return callResultOf(this.cli, result);
  }

  /** What the CLI tried to reach outside its namespace. */
  outbound(): OutboundAttempt[] {
    return this.recorded ?? this.sandbox?.outbound() ?? [];
  }

  /** Final text, then the CLI's exit (its process group killed after a grace period); everything removed. Idempotent. */
  async close(graceMs = 10_000): Promise<void> {
    this.held?.answer(this.cli.closingReply?.(`toolu_mcpcollide_end${randomBytes(4).toString("hex")}`) ?? { type: "text", text: "done" });
    this.held = undefined;
    if (!this.exited) {
      const timer = setTimeout(() => this.kill("SIGKILL"), graceMs);
      await this.exit;
      clearTimeout(timer);
    }
    this.kill("SIGKILL"); // anything the CLI left behind in its group (MCP server processes, helpers)
    this.provider.forget(this.client);
    this.recorded ??= this.sandbox?.outbound() ?? [];
    await this.sandbox?.close();
    rmSync(this.scratch, { recursive: true, force: true });
  }

  private kill(signal: NodeJS.Signals): void {
    if (this.child.pid === undefined) return;
    try {
      if (this.options.isolation === "netns") this.child.kill(signal);
      else process.kill(-this.child.pid, signal);
    } catch {
      // the group is gone already
    }
  }
}

/** Waits for one step before launch (AgentCli.prepare) to end; throws with its output unless it exits 0 in time. */
async function runStep(id: string, argv: readonly string[], child: ChildProcess, timeoutMs: number): Promise<void> {
  const output = new Head(16 * 1024);
  child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString("utf8")));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) => {
    child.on("error", (error) => { output.push(String(error)); resolve([null, null]); });
    child.on("exit", (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  clearTimeout(timer);
  if (code !== 0) throw new Error(`${id}: the step before launch (${argv.join(" ").slice(0, 300)}) ended with ${signal ?? `code ${code}`}: ${output.text.slice(-2000) || "(no output)"}`);
}
