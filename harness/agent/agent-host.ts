/**
 * The HAP/1 adapter shared by every agent CLI: one CLI process per session (agent-session.ts), one fake
 * provider per adapter process, isolation checked at start. The CLI's built-in tools are told apart from
 * its MCP tools by a baseline: one session with no servers at all, whose tools (by namespace and name, never
 * by description: builtin-tools.ts) are the CLI's own; whatever else a turn offers came from the configured servers.
 *
 * An agent CLI has no API that says what it registered per server, so `registered` is [] for every key;
 * `errors` are what the CLI itself told its user about loading servers (its own output); diagnostics are
 * its stderr. None of these CLIs can be asked to refresh, pin, filter or take local tools from outside; the
 * adapter declares the baseline's tools as `builtinTools` (its fixed local tools, for guard/local-occupant)
 * and `listChanged` where the CLI re-lists on list_changed (AgentCli.relists; then every `session/tools` is
 * read from a fresh turn). Shutdown reports every outbound attempt the isolation recorded, as diagnostics.
 */
import { spawnSync } from "node:child_process";
import { ModelProvider, ownedTempDir, type OwnedTempDir, type ProviderRecord } from "../../fake-servers/index.ts";
import type { HostAdapter, HostOpenParams } from "../adapter/host-adapter.ts";
import { pidNamespaceUnavailable } from "../adapter/pid-namespace.ts";
import { paced } from "../pace.ts";
import type { CallResult } from "../protocol/call-result.ts";
import { CapabilitiesSchema, type InitializeResult } from "../protocol/initialize-result.ts";
import type { ServerConfig } from "../protocol/open-params.ts";
import type { Diagnostic, OpenResult } from "../protocol/open-result.ts";
import type { ToolsResult, VisibleTool } from "../protocol/tools-result.ts";
import type { AgentCli } from "./agent-cli.ts";
import { AgentSession } from "./agent-session.ts";
import { BuiltinTools } from "./builtin-tools.ts";
import { sandboxDescription, type OutboundAttempt } from "./isolation/netns-sandbox.ts";
import { outboundDiagnostics } from "./isolation/outbound-record.ts";

/** How the adapter was started. */
export interface AgentHostOptions {
  bin: string;
  /** The package version, when `bin` is the pinned CLI or an npm install's `.bin` of its package (cli-options.ts). */
  pinned?: string;
  isolation: "netns" | "none";
  /** The folder of the pinned Node the CLI needs (cli-options.ts `cliNodeBin`), first on the CLI's PATH. */
  nodeBin?: string;
  /** Longest wait for a CLI's first model turn (`--start-timeout`); default {@link START_TIMEOUT_MS}, paced. */
  startTimeoutMs?: number;
  /** Longest wait for each later model turn (`--turn-timeout`); default {@link TURN_TIMEOUT_MS}, paced. */
  turnTimeoutMs?: number;
}

/** A CLI's start to its first model turn, at rest: Gemini CLI's, the slowest, takes seconds; stretched by the machine's pace. */
export const START_TIMEOUT_MS = 90_000;
/** A later model turn, at rest; stretched by the machine's pace. */
export const TURN_TIMEOUT_MS = 60_000;

/** A HAP/1 host backed by one agent CLI. */
export class AgentHost implements HostAdapter {
  private provider: Promise<ModelProvider> | undefined;
  private builtins: Promise<BuiltinTools> | undefined;
  private readonly sessions = new Map<string, AgentSession>();
  private opened = 0;
  private readonly outbound: OutboundAttempt[] = [];
  private version: string | undefined;
  /**
   * Every session's files live under this one directory, removed at shutdown, at exit, or (after a SIGKILL
   * from the harness) by the next adapter that starts.
   */
  private readonly scratch: OwnedTempDir;

  constructor(private readonly cli: AgentCli, private readonly options: AgentHostOptions) {
    this.scratch = ownedTempDir("mcp-collide-agents-");
  }

  async initialize(): Promise<InitializeResult> {
    this.version ??= this.cliVersion();
    // The built-ins are the CLI's fixed local tools (guard/local-occupant names a server's tool like one), so
    // the no-server baseline runs here, once, instead of at the first open.
    const builtins = (await this.baseline()).names;
    return {
      protocolVersion: "1",
      host: { name: `${this.cli.id}${this.cli.variant === "default" ? "" : ` (${this.cli.variant})`}`, version: this.version },
      transports: ["stdio", "http"],
      capabilities: CapabilitiesSchema.parse({
        listChanged: this.cli.relists === true, builtinTools: builtins,
        ...(this.cli.search ? { deferredTools: { searchTool: this.cli.search.tool, ...(this.cli.search.above === undefined ? {} : { above: this.cli.search.above }) } } : {}),
      }),
      environment: {
        variant: `${this.cli.variant}: ${this.cli.describe}`,
        isolation: this.options.isolation === "netns"
          ? `${sandboxDescription()}${this.cli.withoutProxy === undefined ? "" : `; HTTPS_PROXY/HTTP_PROXY not set for this CLI (${this.cli.withoutProxy}): its outbound attempts are refused by the namespace and recorded only as DNS queries`}`
          : `none: --no-isolation was given; the CLI ran with the adapter's uid, capabilities, network, processes and files (dummy keys, telemetry switches off, provider on 127.0.0.1); at each session's end its process group was killed${pidNamespaceUnavailable() === undefined ? ", and its PID namespace with every process in it" : ` (no PID namespace: ${pidNamespaceUnavailable()})`}`,
      },
    };
  }

  /**
   * `<package> <version>` of the pinned CLI (read from its package.json: starting Gemini CLI just to ask
   * takes seconds), or what `bin --version` prints for a CLI the user pointed at.
   */
  private cliVersion(): string {
    if (this.options.pinned) return `${this.cli.packageName} ${this.options.pinned}`;
    const printed = spawnSync(this.options.bin, ["--version"], { encoding: "utf8", timeout: 60_000, env: { PATH: process.env.PATH ?? "", HOME: "/nonexistent" } });
    return `${printed.stdout ?? ""}`.trim().split("\n").at(-1) || `unknown (${this.options.bin})`;
  }

  private start(servers: readonly ServerConfig[], visible: (tools: VisibleTool[]) => VisibleTool[], refusalIsResult = false, keepDeferred = false): Promise<AgentSession> {
    this.provider ??= ModelProvider.start();
    return this.provider.then((provider) => AgentSession.start(this.cli, provider, servers, {
      bin: this.options.bin, isolation: this.options.isolation, visible, scratch: this.scratch.path, lost: (attempts) => this.outbound.push(...attempts), keepDeferred,
      ...(this.options.nodeBin ? { nodeBin: this.options.nodeBin } : {}),
      // Measured at rest, stretched by the machine's pace when the session starts (harness/pace.ts), unless given.
      startTimeoutMs: this.options.startTimeoutMs ?? paced(START_TIMEOUT_MS), turnTimeoutMs: this.options.turnTimeoutMs ?? paced(TURN_TIMEOUT_MS),
    }, refusalIsResult));
  }

  /** The CLI's own tools, from one session with no servers (once per adapter process). */
  private baseline(): Promise<BuiltinTools> {
    this.builtins ??= (async () => {
      const seen: VisibleTool[] = [];
      const session = await this.start([], (tools) => {
        seen.push(...tools);
        return tools;
      });
      await this.release(session);
      return new BuiltinTools(seen, this.cli.ownTools);
    })();
    return this.builtins;
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const builtins = await this.baseline();
    const servers = params.servers.map((server) => {
      if (server.transport.type === "memory") throw new Error("transport memory is not one this adapter declared");
      return { ...server, transport: server.transport };
    });
    // keepDeferred: the harness searches for deferred tools itself (surface/deferred-reachable), so no warm-up.
    const session = await this.start(servers, (tools) => tools.filter((tool) => !builtins.has(tool)), true, params.keepDeferred === true && this.cli.search !== undefined);
    const id = `s${++this.opened}`;
    this.sessions.set(id, session);
    const { errors, diagnostics } = session.report(servers.map((server) => server.key));
    // A CLI has no API that says what it registered per server.
    return { session: id, outcome: { registered: Object.fromEntries(params.servers.map((server) => [server.key, []])), errors }, diagnostics };
  }

  /** Every request the CLI processes of this adapter sent the fake provider (for evidence.ts, in-process). */
  async providerRecords(): Promise<ProviderRecord[]> {
    return this.provider ? [...(await this.provider).records] : [];
  }

  /** The surface the CLI's model has now: for a CLI that re-lists on list_changed, read from a fresh turn. */
  async tools(session: string): Promise<ToolsResult> {
    const held = this.session(session);
    return { tools: this.cli.relists && !held.refusal ? await held.relist() : held.surface };
  }

  async call(session: string, name: string, args: Record<string, unknown>, namespace?: string): Promise<CallResult> {
    return this.session(session).call(name, args, namespace);
  }

  /** The session filed under `id`; throws for an id never given out or closed. */
  private session(id: string): AgentSession {
    const open = this.sessions.get(id);
    if (open === undefined) throw new Error(`unknown session ${JSON.stringify(id)}`);
    return open;
  }

  private async release(session: AgentSession): Promise<void> {
    await session.close();
    this.outbound.push(...session.outbound());
  }

  async close(id: string): Promise<void> {
    const open = this.sessions.get(id);
    this.sessions.delete(id);
    // A release that throws is ignored: the session is gone either way.
    if (open !== undefined) await this.release(open).catch(() => undefined);
  }

  async shutdown(): Promise<{ diagnostics: Diagnostic[] }> {
    await Promise.all([...this.sessions.keys()].map((id) => this.close(id)));
    this.scratch.release();
    await (await this.provider)?.close();
    // One line per distinct attempt, with how many times it was made (the same few hosts, once per CLI start), bounded.
    return { diagnostics: outboundDiagnostics(this.outbound) };
  }
}
