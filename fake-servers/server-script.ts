import { z } from "zod";
import { ToolDefinitionSchema } from "./tool-definition.ts";

/** Milliseconds a fake server waits before it answers each method (absent: answers at once). */
export const LatencySchema = z.object({
  initialize: z.number().int().min(0).max(60_000).default(0),
  toolsList: z.number().int().min(0).max(60_000).default(0),
});
/** Per-method answer delay of a fake server. */
export type Latency = z.infer<typeof LatencySchema>;

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
  /** Whether `initialize` advertises `tools.listChanged: true` (absent: false). Notifying is a drift step either way. */
  listChanged: z.boolean().optional(),
  /**
   * Wire names whose calls lose their answer: the call is recorded on receipt, then the connection drops
   * before the server runs it (a stdio pipe closes, an HTTP request's socket is destroyed). `*` stands for
   * every name, including ones the server does not advertise. Absent: none.
   */
  loseAnswers: z.array(z.string()).optional(),
});
/** The whole behaviour of one scripted MCP server. */
export type ServerScript = z.infer<typeof ServerScriptSchema>;
/** A server script as written by hand: defaults may be left out. */
export type ServerScriptInput = z.input<typeof ServerScriptSchema>;
