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
  /** Milliseconds since the world started (monotonic clock). */
  time: z.number(),
  /** Which connection of this server it came on (each spawn or HTTP session is a new one). */
  connection: z.number().int(),
});
/** One message a fake server received. */
export type MessageRecord = z.infer<typeof MessageRecordSchema>;
