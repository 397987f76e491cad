/**
 * The fake model provider: a scripted Anthropic Messages / OpenAI Responses / OpenAI Chat Completions /
 * Gemini endpoint on 127.0.0.1 that records every request and holds each model turn for its driver. Imports
 * nothing local outside fake-servers/.
 */
export { ModelProvider, type HeldTurn } from "./model-provider.ts";
export {
  FrontEndSchema, ModelReplySchema, ProviderRecordSchema, ProviderToolResultSchema, ProviderToolSchema,
  type FrontEnd, type ModelReply, type ProviderRecord, type ProviderTool, type ProviderToolResult, type TurnContent,
} from "./provider-types.ts";
export { parseSse, type SseEvent } from "./sse.ts";
export { valueForSchema } from "./gemini.ts";
