import { z } from "zod";

/**
 * One message a fake server received, written down before the server judged it.
 * The suites compare these records with what a host claims; the host never sees them.
 */
export const MessageRecordSchema = z.object({
  /** Configuration key of the server that received the message. */
  server: z.string(),
  /** JSON-RPC method (`initialize`, `tools/list`, `tools/call`, a notification ...). */
  method: z.string(),
  /** For `tools/call`: the tool name exactly as it arrived on the wire. */
  tool: z.string().optional(),
  /** For `tools/call` and `prompts/get`: the arguments exactly as they arrived. */
  arguments: z.unknown().optional(),
  /** For `prompts/get`: the prompt name exactly as it arrived (a host may send a title instead). */
  prompt: z.string().optional(),
  /** For `resources/read`: the URI exactly as it arrived. */
  uri: z.string().optional(),
  /** For a list request (`tools/list` ...): the cursor it carried, exactly as it arrived (absent: the first page). */
  cursor: z.string().optional(),
  /** For `notifications/cancelled`: the `requestId` it names, exactly as it arrived (absent when it names none). */
  requestId: z.union([z.string(), z.number()]).optional(),
  /**
   * For `notifications/cancelled` naming a request this connection received: that request's method (and tool,
   * for `tools/call`), and whether the server had already sent its answer when the notification arrived.
   */
  cancelled: z.object({ method: z.string(), tool: z.string().optional(), answered: z.boolean() }).optional(),
  /** Milliseconds since the world started (monotonic clock). */
  time: z.number(),
  /** Which connection of this server it came on (each spawn or HTTP session is a new one). */
  connection: z.number().int(),
});
/** One message a fake server received. */
export type MessageRecord = z.infer<typeof MessageRecordSchema>;
