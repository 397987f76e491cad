import { z } from "zod";
import { contextScriptFields } from "./context-definition.ts";
import { ToolDefinitionSchema } from "./tool-definition.ts";

/** Milliseconds a fake server waits before it answers each method (absent: answers at once). */
export const LatencySchema = z.object({
  initialize: z.number().int().min(0).max(60_000).default(0),
  toolsList: z.number().int().min(0).max(60_000).default(0),
});
/** Per-method answer delay of a fake server. */
export type Latency = z.infer<typeof LatencySchema>;

/**
 * How a server fails while a host loads it, on every connection (a server that cannot be reached at all is
 * `unreachable` instead). Each message is recorded before the failure is played, so what the host asked is
 * known whatever the host makes of it:
 * - `initialize-error`: answers `initialize` with a JSON-RPC error;
 * - `list-error`: answers `tools/list` with a JSON-RPC error;
 * - `list-unanswered`: never answers `tools/list`: holds it for `stallMs` (the harness's bound, so no host
 *   waits forever) and then drops the connection without an answer;
 * - `list-crash`: answers the first page of its list with a cursor, and dies (drops the connection) when
 *   asked for the next page, or at once when it has fewer than two tools;
 * - `nameless-tool`: its list holds, after its tools, one tool without a `name`;
 * - `schema-not-object`: its list holds, after its tools, one tool whose `inputSchema` is a string;
 * - `stuck-cursor`: its first page (`pageSize` tools, or all of them) comes with a `nextCursor`, and asking for
 *   that cursor answers the same page with the same cursor, for ever: a host that follows it blindly never ends
 *   (DeusData/codebase-memory-mcp#1247: 8 tools shown 20 times in Claude Code);
 * - `repeated-page`: its second page repeats the first page's tools under a fresh cursor, and the real pages
 *   follow and end as usual: every tool is listed, the first page's twice, and no cursor repeats.
 */
export const ServerFailureSchema = z.enum([
  "initialize-error", "list-error", "list-unanswered", "list-crash", "nameless-tool", "schema-not-object", "stuck-cursor", "repeated-page",
]);
/** How a server fails while a host loads it. */
export type ServerFailure = z.infer<typeof ServerFailureSchema>;

/** The text a tool of `errorTools` answers every call with: names its server and tool, so a host that passes it on can be seen to. */
export function toolErrorText(server: string, tool: string): string {
  return `tool ${JSON.stringify(tool)} of server ${JSON.stringify(server)} failed on purpose: the record it was asked for does not exist`;
}

/**
 * The tool error a call of `name` answers on `script`'s server while it advertises `tools` (a result with
 * `isError: true` and this text), or undefined when the call runs: a name it does not advertise, or one of
 * its `errorTools`. The fake server answers by it, and a clause reads what a server answered by it.
 */
export function scriptedToolError(script: Pick<ServerScript, "key" | "errorTools">, tools: readonly { name: string }[], name: string): string | undefined {
  if (!tools.some((tool) => tool.name === name)) return `unknown tool ${JSON.stringify(name)} on server ${JSON.stringify(script.key)}`;
  return script.errorTools?.includes(name) ? toolErrorText(script.key, name) : undefined;
}

/** How long a `list-unanswered` server holds `tools/list` before it drops the connection, unless scripted. */
export const LIST_STALL_MS = 1_000;

/**
 * The whole behaviour of one scripted MCP server.
 * `key` is the operator's configuration key (the host must label by it); `serverInfo` is what the
 * server claims about itself on `initialize` (free to lie: spoofing is part of the test).
 */
export const ServerScriptSchema = z.object({
  key: z.string(),
  serverInfo: z.object({ name: z.string(), version: z.string() }),
  tools: z.array(ToolDefinitionSchema),
  latency: LatencySchema.default({ initialize: 0, toolsList: 0 }),
  /**
   * Where this server comes in the order the world's servers answer their first `tools/list` (lower first;
   * absent: its position in the world). Makes arrival order scripted rather than left to scheduling.
   */
  answerRank: z.number().int().min(0).optional(),
  /** The server cannot be reached at all: a stdio command that exits at once, an HTTP path that refuses. */
  unreachable: z.boolean().default(false),
  /**
   * Whether `initialize` advertises `listChanged: true` (absent: false), for its tools and for its prompts and
   * resources when it serves them. Notifying is a drift step either way.
   */
  listChanged: z.boolean().optional(),
  /**
   * Wire names whose calls lose their answer: the call is recorded on receipt, then the connection drops
   * before the server runs it (a stdio pipe closes, an HTTP request's socket is destroyed). `*` stands for
   * every name, including ones the server does not advertise. Absent: none.
   */
  loseAnswers: z.array(z.string()).optional(),
  /**
   * Wire names whose calls fail as a tool fails, not as a protocol does: the call is answered (a result, no
   * JSON-RPC error) with `isError: true` and the text of {@link toolErrorText}. Absent: none.
   */
  errorTools: z.array(z.string()).optional(),
  /** How the server fails while a host loads it (see {@link ServerFailureSchema}); absent: it does not. */
  failure: ServerFailureSchema.optional(),
  /** For `list-unanswered`: how long `tools/list` is held before the connection drops (default {@link LIST_STALL_MS}). */
  stallMs: z.number().int().min(0).max(60_000).optional(),
  /**
   * Tools per `tools/list` page: the list is answered in pages of this many, each but the last with an opaque
   * `nextCursor` (absent: the whole list on one page, no cursor). A `stuck-cursor` or `repeated-page` server
   * pages its list this way too, wrongly; a `list-crash` server pages its own way.
   */
  pageSize: z.number().int().min(1).max(1_000).optional(),
  /** Prompts, resources and resource templates beside the tools, their paging and failures (context-definition.ts). */
  ...contextScriptFields,
});
/** The whole behaviour of one scripted MCP server. */
export type ServerScript = z.infer<typeof ServerScriptSchema>;
/** A server script as written by hand: defaults may be left out. */
export type ServerScriptInput = z.input<typeof ServerScriptSchema>;
