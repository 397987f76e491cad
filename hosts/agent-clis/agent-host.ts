/**
 * The HAP/1 adapter shared by every agent CLI: one CLI process per session (agent-session.ts), one fake
 * provider per adapter process, isolation checked at start. The CLI's built-in tools are told apart from
 * its MCP tools by a baseline: one session with no servers at all, whose tools (by namespace, name and
 * description) are the CLI's own; whatever else a turn offers came from the configured servers.
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
import {
  CapabilitiesSchema, identityOf, paced, pidNamespaceUnavailable, visibleKey, type CallResult, type Diagnostic, type HostOpenParams, type InitializeResult, type OpenResult,
  type ServerConfig, type ToolsResult, type VisibleTool,
} from "../../harness/index.ts";
import { emptyRegistered, RealHostAdapter } from "../real-host-adapter.ts";
import type { AgentCli } from "./agent-cli.ts";
import { AgentSession } from "./agent-session.ts";
import { sandboxDescription, type OutboundAttempt } from "./isolation/netns-sandbox.ts";
import { outboundDiagnostics } from "./isolation/outbound-record.ts";

/** How the adapter was started. */
export interface AgentHostOptions {
  bin: string;
  /** The package version, when `bin` is the pinned CLI or an npm install's `.bin` of its package (cli-options.ts). */
  pinned?: string;
  isolation: "netns" | "none";
  /** Longest wait for a CLI's first model turn (`--start-timeout`); default {@link START_TIMEOUT_MS}, paced. */
  startTimeoutMs?: number;
  /** Longest wait for each later model turn (`--turn-timeout`); default {@link TURN_TIMEOUT_MS}, paced. */
  turnTimeoutMs?: number;
}

/** A CLI's start to its first model turn, at rest: Gemini CLI's, the slowest, takes seconds; stretched by the machine's pace. */
export const START_TIMEOUT_MS = 90_000;
/** A later model turn, at rest; stretched by the machine's pace. */
export const TURN_TIMEOUT_MS = 60_000;

const builtinKey = (tool: VisibleTool) => JSON.stringify([visibleKey(tool), tool.description ?? null]);

/** A HAP/1 host backed by one agent CLI. */
export class AgentHost extends RealHostAdapter<AgentSession> {
  private provider: Promise<ModelProvider> | undefined;
  private builtins: Promise<Set<string>> | undefined;
  /** The names of the baseline's tools outside any namespace, in the CLI's order: its fixed local tools. */
  private readonly builtinNames = new Set<string>();
  private readonly outbound: OutboundAttempt[] = [];
  private version: string | undefined;
  /**
   * Every session's files live under this one directory, removed at shutdown, at exit, or (after a SIGKILL
   * from the harness) by the next adapter that starts.
   */
  private readonly scratch: OwnedTempDir;

  constructor(private readonly cli: AgentCli, private readonly options: AgentHostOptions) {
    super();
    this.scratch = ownedTempDir("mcp-collide-agents-");
  }

  async initialize(): Promise<InitializeResult> {
    this.version ??= this.cliVersion();
    // The built-ins are the CLI's fixed local tools (guard/local-occupant names a server's tool like one), so
    // the no-server baseline runs here, once, instead of at the first open.
    await this.baseline();
    const builtins = [...this.builtinNames];
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
      // Measured at rest, stretched by the machine's pace when the session starts (harness/pace.ts), unless given.
      startTimeoutMs: this.options.startTimeoutMs ?? paced(START_TIMEOUT_MS), turnTimeoutMs: this.options.turnTimeoutMs ?? paced(TURN_TIMEOUT_MS),
    }, refusalIsResult));
  }

  /** The CLI's own tools, from one session with no servers (once per adapter process). */
  private baseline(): Promise<Set<string>> {
    this.builtins ??= (async () => {
      const seen = new Set<string>();
      const session = await this.start([], (tools) => {
        for (const tool of tools) seen.add(builtinKey(tool));
        // A namespaced built-in has no one name a server's tool could be given.
        for (const tool of tools) if (tool.namespace === undefined) this.builtinNames.add(tool.name);
        return tools;
      });
      await this.release(session);
      return seen;
    })();
    return this.builtins;
  }

  async open(params: HostOpenParams): Promise<OpenResult> {
    const builtins = await this.baseline();
    const servers = params.servers.map((server) => {
      if (server.transport.type === "memory") throw new Error("transport memory is not one this adapter declared");
      return { ...server, transport: server.transport };
    });
    const own = new Set(this.cli.ownTools ?? []);
    const mine = (tool: VisibleTool) => builtins.has(builtinKey(tool)) || (tool.namespace === undefined && own.has(tool.name) && !identityOf(tool.description));
    // keepDeferred: the harness searches for deferred tools itself (surface/deferred-reachable), so no warm-up.
    const session = await this.start(servers, (tools) => tools.filter((tool) => !mine(tool)), true, params.keepDeferred === true && this.cli.search !== undefined);
    const id = this.remember(session);
    const { errors, diagnostics } = session.report(servers.map((server) => server.key));
    return { session: id, outcome: { registered: emptyRegistered(params), errors }, diagnostics };
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

  protected async release(session: AgentSession): Promise<void> {
    await session.close();
    this.outbound.push(...session.outbound());
  }

  async shutdown(): Promise<{ diagnostics: Diagnostic[] }> {
    await super.shutdown();
    this.scratch.release();
    await (await this.provider)?.close();
    // One line per distinct attempt, with how many times it was made (the same few hosts, once per CLI start), bounded.
    return { diagnostics: outboundDiagnostics(this.outbound) };
  }
}
