/**
 * What one agent CLI adapter supplies to the shared session driver: how to configure and start the CLI for
 * one HAP/1 session, how to read the surface out of the model turn it sends, and how a model calls a tool.
 * Everything else (the fake provider, isolation, the process, holding turns) is the driver's.
 */
import type { FrontEnd, HeldTurn, ModelReply, ProviderToolResult } from "../../fake-servers/index.ts";
import type { HostError, ServerConfig, VisibleTool } from "../../harness/index.ts";

/** What a CLI needs to be started for one session. */
export interface LaunchContext {
  /** A fresh, empty home for this session (its config goes here), 0700. */
  home: string;
  /** An empty working directory. */
  cwd: string;
  servers: readonly ServerConfig[];
  /** `http://127.0.0.1:<port>` of the fake provider. */
  providerOrigin: string;
  /** The dummy API key that ties this process's requests to its session. */
  apiKey: string;
  prompt: string;
  /** The CLI binary. */
  bin: string;
  /**
   * The folder the sessions of one adapter process share, when the CLI asks for one (`sharedFolder`):
   * writable in every session's sandbox, removed with the adapter's scratch. For a cache of the CLI's own
   * code only, never for state a session could leave to the next.
   */
  shared?: string;
}

/** A CLI ready to start: its argv and the environment it runs with (nothing else is inherited but PATH). */
export interface Launch {
  argv: string[];
  env: Record<string, string>;
}

/** One agent CLI in one named configuration. */
export interface AgentCli {
  /** Its folder under hosts/agent-clis/ (the registry id, `--agent ID`). */
  id: string;
  /** The named variant (a key of its cli.json's `variants`), `default` for the configuration users get. */
  variant: string;
  /** The npm package that ships it (its cli.json's `package`, pinned in hosts/agent-clis/package.json). */
  packageName: string;
  /** Its executable under hosts/agent-clis/node_modules/.bin (its cli.json's `bin`). */
  binName: string;
  frontEnd: FrontEnd;
  /** What this variant sets, for the report. */
  describe: string;
  /** Writes the CLI's own configuration under `context.home` and says how to start it. */
  launch(context: LaunchContext): Launch;
  /** The MCP tools a model turn offers (built-ins already removed by the driver's baseline). */
  surface(turn: HeldTurn): VisibleTool[];
  /**
   * The model replies that call `tool`, in order (a tool search first, where the CLI defers schemas);
   * `id` names the final call. The driver answers the turns with them one by one.
   */
  callReplies(tool: { name: string; namespace?: string }, args: Record<string, unknown>, id: string): ModelReply[];
  /** The result of the call `id` of `name`, among what a turn sent back. */
  resultOf(results: readonly ProviderToolResult[], id: string, name: string): ProviderToolResult | undefined;
  /**
   * Errors the CLI reported to its user about loading servers (its own output, parsed), each with the
   * channel it came from (`stdout` or `stderr`): only what the user sees belongs here.
   */
  errorsOf(output: { stdout: string; stderr: string }, keys: readonly string[]): HostError[];
  /**
   * Optional: commands run before the CLI starts, one after another, in the same sandbox, home and
   * environment as the launch (Cline's `cline auth ...`); each must exit 0, else the session is an error.
   */
  prepare?(context: LaunchContext): Launch[];
  /**
   * Optional: the model reply that ends a session (default: final text). A CLI that ends only on a tool of
   * its own (Cline's `submit_and_exit`) loops on plain text; `id` is a fresh call id.
   */
  closingReply?(id: string): ModelReply;
  /** Optional: the tools a request's text lists by name only (deferred, loaded through a tool search), for evidence. */
  deferredNames?(text: string): string[];
  /**
   * Optional: why the CLI runs without the sandbox's recording proxy in HTTPS_PROXY/HTTP_PROXY (a CLI that
   * sends loopback through the proxy too, ignoring NO_PROXY, cannot reach the fake provider with it). Its
   * outbound attempts are then refused by the namespace itself and recorded only as DNS queries.
   */
  withoutProxy?: string;
  /**
   * Optional: log files (or folders of them) the CLI writes, under the session's home or working directory.
   * Their error and warning lines become diagnostics with channel `log-file`: a CLI that names a failing
   * server only there has not told its user (Copilot CLI, Cline).
   */
  logFiles?(context: { home: string; cwd: string }): string[];
  /**
   * Optional: the name of a folder every session of one adapter shares (LaunchContext.shared): Copilot CLI
   * unpacks its 235 MB package on first start, which each fresh home would otherwise repeat.
   */
  sharedFolder?: string;
  /**
   * Tools the CLI adds itself only when some server is configured (so the no-server baseline lacks them),
   * told apart from a server's tool of the same name by the identity marker every fake tool carries.
   */
  ownTools?: readonly string[];
  /**
   * Optional, as measured for this CLI: it re-lists a server on `notifications/tools/list_changed` and offers
   * the new list in its next model turn of the same process. The adapter then declares HAP/1 `listChanged`
   * and reads every `session/tools` from a fresh turn (AgentSession.relist). Absent: not declared, and the
   * host's `notApplicable` entry says why.
   */
  relists?: boolean;
  /**
   * Optional: the call that makes the CLI send another turn when re-listing (AgentSession.relist), in the
   * session's directories as the CLI sees them. Default: a call of a tool no CLI has, which most CLIs answer
   * with an error result and go on; Cline counts it as a mistake and stops at its third in a row.
   */
  relistReply?(id: string, turn: number, dirs: { home: string; cwd: string }): ModelReply;
  /**
   * Optional: turns to answer right after open, before the surface is read (Claude's ToolSearch that loads
   * every deferred schema); asked again after each, until it returns undefined (at most 8 rounds).
   */
  warmUp?(turn: HeldTurn, surface: VisibleTool[]): ModelReply | undefined;
  /**
   * Optional, for a CLI that offers its model a search tool in place of some MCP tools (Claude Code's ToolSearch,
   * Qwen Code's tool_search): the adapter declares HAP/1 `deferredTools` (the tool's name, and `above` where the
   * CLI defers only past that many server tools), `surface` marks the tools listed by name only `deferred`, an
   * open with `keepDeferred` skips the warm-up, and a HAP/1 call of `tool` is the model reply `reply` gives for
   * the harness's query (the CLI's own search arguments), after which the surface is read from the next turn.
   */
  search?: { tool: string; above?: number; reply(query: string, id: string): ModelReply };
}
