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
}

/** A CLI ready to start: its argv and the environment it runs with (nothing else is inherited but PATH). */
export interface Launch {
  argv: string[];
  env: Record<string, string>;
}

/** One agent CLI in one named configuration. */
export interface AgentCli {
  /** `claude-code`, `codex`, `gemini-cli`. */
  id: string;
  /** The named variant, `default` for the configuration users get. */
  variant: string;
  /** The npm package that ships it (pinned in hosts/agent-clis/package.json). */
  packageName: string;
  /** Its executable under hosts/agent-clis/node_modules/.bin. */
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
  /** Errors the CLI reported to its user about loading servers (its own output, parsed). */
  errorsOf(output: { stdout: string; stderr: string }, keys: readonly string[]): HostError[];
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
  /** Optional: turns to answer right after open, before the surface is read (Claude's ToolSearch that loads every deferred schema). */
  warmUp?(turn: HeldTurn, surface: VisibleTool[]): ModelReply | undefined;
}
