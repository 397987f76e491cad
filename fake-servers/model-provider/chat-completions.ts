/**
 * OpenAI Chat Completions front end (`POST /v1/chat/completions`, as opencode's openai-compatible provider,
 * Qwen Code, Copilot CLI and Cline send it): tools in `tools[].function`, a call as `tool_calls` deltas
 * ending with `finish_reason: "tool_calls"`, its result back as a `role: "tool"` message carrying
 * `tool_call_id`. A stream ends with `data: [DONE]`. The API has no error flag on a tool result, so every
 * result reads `isError: false`; the text says what the CLI told its model.
 */
import { z } from "zod";
import type { SseEvent } from "./sse.ts";
import type { ModelReply, ProviderTool, ProviderToolResult, TurnContent } from "./provider-types.ts";

const Content = z.union([z.string(), z.array(z.unknown()), z.null()]);
const Message = z.object({
  role: z.string(),
  content: Content.optional(),
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
}).loose();
const Tool = z.object({
  type: z.string().optional(),
  function: z.object({ name: z.string(), description: z.string().optional(), parameters: z.unknown().optional() }).loose().optional(),
}).loose();
/** The part of a Chat Completions request the provider reads; everything else is kept only in the record. */
export const ChatRequestSchema = z.object({
  model: z.string().default("gpt"),
  stream: z.boolean().optional(),
  stream_options: z.object({ include_usage: z.boolean().optional() }).loose().optional(),
  messages: z.array(Message).default([]),
  tools: z.array(Tool).default([]),
  response_format: z.object({ type: z.string(), json_schema: z.object({ schema: z.unknown().optional() }).loose().optional() }).loose().optional(),
}).loose();
/** A Chat Completions request as the provider reads it. */
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

function textOf(content: z.infer<typeof Content> | undefined): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  return content.map((part) => {
    const value = part as { text?: unknown } | null;
    return value && typeof value.text === "string" ? value.text : "";
  }).join("\n");
}

/** Tools (only `function` tools: a CLI's other kinds have no name a model could call), tool results and text. */
export function readChat(request: ChatRequest): TurnContent {
  const tools: ProviderTool[] = request.tools.flatMap((tool) => (tool.type === "function" || tool.type === undefined) && tool.function
    ? [{ name: tool.function.name, description: tool.function.description, inputSchema: tool.function.parameters }]
    : []);
  const toolResults: ProviderToolResult[] = request.messages
    .filter((message) => message.role === "tool")
    .map((message) => ({ id: message.tool_call_id, ...(message.name === undefined ? {} : { name: message.name }), isError: false, text: textOf(message.content) }));
  return { tools, toolResults, text: request.messages.map((message) => textOf(message.content)).join("\n") };
}

/** The JSON schema a request's `response_format` asks the answer to fit, if any. */
export function chatResponseSchema(request: ChatRequest): unknown {
  return request.response_format?.type === "json_schema" ? request.response_format.json_schema?.schema ?? {} : undefined;
}

const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };

function assertSayable(reply: ModelReply): asserts reply is Exclude<ModelReply, { type: "custom-tool-call" | "tool-search-call" }> {
  if (reply.type === "custom-tool-call") throw new Error("the Chat Completions API has no freeform tool calls");
  if (reply.type === "tool-search-call") throw new Error("the Chat Completions API has no tool_search items");
  if (reply.type === "tool-call" && reply.namespace !== undefined) throw new Error("the Chat Completions API has no tool namespaces");
}

/**
 * The streamed answer: a role chunk, then the text or the call (its name first, its arguments as one
 * delta, the way the real API splits them), a finish chunk (`stop` or `tool_calls`), a usage chunk when
 * `stream_options.include_usage` asked for one. The caller ends the stream with `[DONE]`.
 */
export function chatStream(reply: ModelReply, request: ChatRequest, completionId: string): SseEvent[] {
  assertSayable(reply);
  const chunk = (delta: object, finish: string | null = null): SseEvent => [undefined, {
    id: completionId, object: "chat.completion.chunk", created: 0, model: request.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  }];
  const body: SseEvent[] = reply.type === "text"
    ? [chunk({ content: reply.text })]
    : [
      chunk({ tool_calls: [{ index: 0, id: reply.id, type: "function", function: { name: reply.name, arguments: "" } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: JSON.stringify(reply.arguments) } }] }),
    ];
  const usageChunk: SseEvent[] = request.stream_options?.include_usage
    ? [[undefined, { id: completionId, object: "chat.completion.chunk", created: 0, model: request.model, choices: [], usage }]]
    : [];
  return [chunk({ role: "assistant", content: "" }), ...body, chunk({}, reply.type === "text" ? "stop" : "tool_calls"), ...usageChunk];
}

/** The non-streamed answer: one choice whose message holds the text or one call. */
export function chatCompletion(reply: ModelReply, model: string, completionId: string): unknown {
  assertSayable(reply);
  const message = reply.type === "text"
    ? { role: "assistant", content: reply.text }
    : { role: "assistant", content: null, tool_calls: [{ id: reply.id, type: "function", function: { name: reply.name, arguments: JSON.stringify(reply.arguments) } }] };
  return {
    id: completionId, object: "chat.completion", created: 0, model,
    choices: [{ index: 0, message, finish_reason: reply.type === "text" ? "stop" : "tool_calls" }],
    usage,
  };
}
