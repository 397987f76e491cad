import { z } from "zod";

/** The four model APIs the fake provider speaks, each as the real API streams it. */
export const FrontEndSchema = z.enum(["anthropic", "openai-responses", "gemini", "openai-chat"]);
/** A model API the fake provider speaks. */
export type FrontEnd = z.infer<typeof FrontEndSchema>;

/**
 * One request a CLI sent the provider, written down before it is answered: the evidence of what the CLI
 * offered its model (the raw body is kept whole).
 */
export const ProviderRecordSchema = z.object({
  /** Arrival number, from 1, across every client. */
  seq: z.number().int(),
  method: z.string(),
  /** Path and query. */
  url: z.string(),
  frontEnd: FrontEndSchema.optional(),
  /** The client the request's key names (see ModelProvider.expect); a request with a key nobody expects is never recorded. */
  client: z.string().optional(),
  /** `turn`: a model turn the client's driver answers; `side`: answered by the provider itself; `refused`: an endpoint the provider does not serve. */
  kind: z.enum(["turn", "side", "refused"]),
  body: z.unknown(),
});
/** One request a CLI sent the provider. */
export type ProviderRecord = z.infer<typeof ProviderRecordSchema>;

/** One tool as a CLI offered it to its model, in one shape for the three APIs. */
export const ProviderToolSchema = z.object({
  name: z.string(),
  /** The OpenAI Responses namespace the tool sits in (Codex: `mcp__<server>`), else undefined. */
  namespace: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.unknown().optional(),
});
/** One tool as a CLI offered it to its model. */
export type ProviderTool = z.infer<typeof ProviderToolSchema>;

/** A tool result a CLI sent back to its model. */
export const ProviderToolResultSchema = z.object({
  /** The call id it answers (Gemini may omit it). */
  id: z.string().optional(),
  /** The tool's name, where the API repeats it (Gemini). */
  name: z.string().optional(),
  isError: z.boolean(),
  /** The result as the CLI rendered it for the model, as text. */
  text: z.string(),
});
/** A tool result a CLI sent back to its model. */
export type ProviderToolResult = z.infer<typeof ProviderToolResultSchema>;

/**
 * How a held turn is answered: final text, one tool call, or (OpenAI Responses only) one call of a
 * freeform "custom" tool, whose input is raw text rather than JSON arguments (Codex's code-mode `exec`), or one
 * call of the client-executed `tool_search` tool.
 */
export const ModelReplySchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({
    type: z.literal("tool-call"),
    id: z.string().min(1),
    name: z.string(),
    namespace: z.string().optional(),
    arguments: z.record(z.string(), z.unknown()),
  }),
  z.object({
    type: z.literal("custom-tool-call"),
    id: z.string().min(1),
    name: z.string(),
    namespace: z.string().optional(),
    input: z.string(),
  }),
  /** OpenAI Responses only: a call of the client-executed `tool_search` tool (Codex's search for deferred tools). */
  z.object({ type: z.literal("tool-search-call"), id: z.string().min(1), arguments: z.record(z.string(), z.unknown()) }),
]);
/** How a held turn is answered. */
export type ModelReply = z.infer<typeof ModelReplySchema>;

/** What one model turn carried, read from the request by its front end. */
export interface TurnContent {
  tools: ProviderTool[];
  toolResults: ProviderToolResult[];
  /** Every text the request carried (system prompt, messages), joined: where a CLI lists deferred tools. */
  text: string;
}
