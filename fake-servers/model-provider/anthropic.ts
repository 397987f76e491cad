/**
 * Anthropic Messages front end (`POST /v1/messages`, as Claude Code streams it): tools in `tools[]`, a call
 * as a `tool_use` block, its result back as a `tool_result` block in the next request.
 */
import { z } from "zod";
import type { SseEvent } from "./sse.ts";
import type { ModelReply, ProviderToolResult, TurnContent } from "./provider-types.ts";

const Block = z.object({ type: z.string() }).loose();
const Content = z.union([z.string(), z.array(Block)]);
/** The part of a Messages request the provider reads; everything else is kept only in the record. */
export const AnthropicRequestSchema = z.object({
  model: z.string().default("claude"),
  stream: z.boolean().optional(),
  system: Content.optional(),
  messages: z.array(z.object({ role: z.string(), content: Content })).default([]),
  tools: z.array(z.object({ name: z.string(), description: z.string().optional(), input_schema: z.unknown().optional() }).loose()).default([]),
}).loose();
/** A Messages request as the provider reads it. */
export type AnthropicRequest = z.infer<typeof AnthropicRequestSchema>;

function textOf(content: z.infer<typeof Content> | undefined): string {
  if (content === undefined) return "";
  if (typeof content === "string") return content;
  return content.map((block) => (typeof block.text === "string" ? block.text : typeof block.content === "string" || Array.isArray(block.content) ? textOf(block.content as never) : "")).join("\n");
}

/** Tools, tool results and text of a Messages request. */
export function readAnthropic(request: AnthropicRequest): TurnContent {
  const toolResults: ProviderToolResult[] = [];
  for (const message of request.messages) {
    if (typeof message.content === "string") continue;
    for (const block of message.content) {
      if (block.type !== "tool_result") continue;
      toolResults.push({
        id: typeof block.tool_use_id === "string" ? block.tool_use_id : undefined,
        isError: block.is_error === true,
        text: textOf(block.content as never),
      });
    }
  }
  return {
    tools: request.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.input_schema })),
    toolResults,
    text: [textOf(request.system), ...request.messages.map((message) => textOf(message.content))].join("\n"),
  };
}

/** The streamed answer: one text block, or one `tool_use` block whose input arrives as one JSON delta. */
export function anthropicStream(reply: ModelReply, model: string, messageId: string): SseEvent[] {
  if (reply.type === "custom-tool-call") throw new Error("the Anthropic Messages API has no freeform tool calls");
  if (reply.type === "tool-search-call") throw new Error("the Anthropic Messages API has no tool_search items");
  const usage = { input_tokens: 1, output_tokens: 1 };
  const start: SseEvent = ["message_start", { type: "message_start", message: { id: messageId, type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage } }];
  const block: SseEvent[] = reply.type === "text"
    ? [
      ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }],
      ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: reply.text } }],
    ]
    : [
      ["content_block_start", { type: "content_block_start", index: 0, content_block: { type: "tool_use", id: reply.id, name: reply.name, input: {} } }],
      ["content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "input_json_delta", partial_json: JSON.stringify(reply.arguments) } }],
    ];
  const stop = reply.type === "text" ? "end_turn" : "tool_use";
  return [
    start,
    ...block,
    ["content_block_stop", { type: "content_block_stop", index: 0 }],
    ["message_delta", { type: "message_delta", delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } }],
    ["message_stop", { type: "message_stop" }],
  ];
}

/** A non-streamed text answer (Claude Code's side calls: titles, topic checks). */
export function anthropicMessage(text: string, model: string, messageId: string): unknown {
  return { id: messageId, type: "message", role: "assistant", model, content: [{ type: "text", text }], stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
}
