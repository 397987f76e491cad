/**
 * OpenAI Responses front end (`POST /v1/responses`, as Codex streams it). Codex sends each MCP server as a
 * `namespace` tool holding plain function tools and routes only a `function_call` carrying `namespace` and
 * `name`; results come back as `function_call_output` items. In its code mode Codex offers its tools in an
 * `additional_tools` input item instead of `tools`, among them a freeform `custom` tool (`exec`, whose
 * input is JavaScript): a `custom_tool_call` calls it and a `custom_tool_call_output` item answers. For a model
 * that supports tool search Codex defers its MCP tools behind a client-executed `tool_search` tool: a
 * `tool_search_call` item asks, and a `tool_search_output` input item answers with the tools it loaded (namespaces
 * of functions), which the model may call from then on: they count among the turn's tools.
 */
import { z } from "zod";
import type { SseEvent } from "./sse.ts";
import type { ModelReply, ProviderTool, ProviderToolResult, TurnContent } from "./provider-types.ts";

const FunctionTool = z.object({ type: z.literal("function"), name: z.string(), description: z.string().optional(), parameters: z.unknown().optional() }).loose();
const CustomTool = z.object({ type: z.literal("custom"), name: z.string(), description: z.string().optional(), format: z.unknown().optional() }).loose();
const Tool = z.union([
  FunctionTool,
  CustomTool,
  z.object({ type: z.literal("namespace"), name: z.string(), tools: z.array(z.unknown()).default([]) }).loose(),
  z.object({ type: z.string() }).loose(),
]);
/** The part of a Responses request the provider reads. */
export const ResponsesRequestSchema = z.object({
  model: z.string().default("gpt"),
  stream: z.boolean().optional(),
  instructions: z.string().optional(),
  input: z.union([z.string(), z.array(z.object({ type: z.string().optional() }).loose())]).default([]),
  tools: z.array(Tool).default([]),
}).loose();
/** A Responses request as the provider reads it. */
export type ResponsesRequest = z.infer<typeof ResponsesRequestSchema>;

function functionsOf(tools: readonly unknown[], namespace?: string): ProviderTool[] {
  return tools.flatMap((raw): ProviderTool[] => {
    const tool = Tool.safeParse(raw);
    if (!tool.success) return [];
    const value = tool.data as { type: string; name?: string; description?: string; parameters?: unknown; tools?: unknown[] };
    if ((value.type === "function" || value.type === "custom") && typeof value.name === "string") {
      // A freeform tool takes raw text, so it has no input schema to show.
      return [{ name: value.name, ...(namespace === undefined ? {} : { namespace }), description: value.description, inputSchema: value.type === "function" ? value.parameters : undefined }];
    }
    if (value.type === "namespace" && typeof value.name === "string" && namespace === undefined) return functionsOf(value.tools ?? [], value.name);
    return [];
  });
}

/**
 * The tools several `tool_search_output` items loaded, each once: two searches that both find a tool load one
 * tool, not two (a query for `Search` and one for `search` each return both servers' namespaces). Only a repeat
 * from an earlier item is dropped, and only when it is the same in every field, so a host that lists one
 * name twice in one answer, or two different tools under one name, is still seen doing it.
 */
function loadedOnce(outputs: ProviderTool[][]): ProviderTool[] {
  const seen = new Set<string>();
  return outputs.flatMap((tools) => {
    const keys = tools.map((tool) => JSON.stringify([tool.namespace, tool.name, tool.description, tool.inputSchema]));
    const fresh = tools.filter((_, at) => !seen.has(keys[at]!));
    for (const key of keys) seen.add(key);
    return fresh;
  });
}

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(textOf).join("\n");
  if (value && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (typeof record.text === "string") return record.text;
    if ("content" in record) return textOf(record.content);
    if ("output" in record) return textOf(record.output);
  }
  return "";
}

/**
 * Tools (namespaced ones flattened into (namespace, name) pairs; `tools` first, then every
 * `additional_tools` input item's), tool results and text of a request.
 */
export function readResponses(request: ResponsesRequest): TurnContent {
  const items = typeof request.input === "string" ? [] : request.input;
  const additional = items.flatMap((item) => (item.type === "additional_tools" && Array.isArray(item.tools) ? item.tools : []));
  const searched = loadedOnce(items.flatMap((item) => (item.type === "tool_search_output" && Array.isArray(item.tools) ? [functionsOf(item.tools)] : [])));
  const results = items.filter((item) => item.type === "function_call_output" || item.type === "custom_tool_call_output" || item.type === "tool_search_output");
  const toolResults: ProviderToolResult[] = results.map((item) => {
    const output = item.type === "tool_search_output" ? { tools: item.tools } : (item as { output?: unknown }).output;
    const text = typeof output === "string" ? output : JSON.stringify(output);
    return { id: typeof item.call_id === "string" ? item.call_id : undefined, isError: (item as { success?: unknown }).success === false, text };
  });
  return {
    tools: [...functionsOf([...request.tools, ...additional]), ...searched],
    toolResults,
    text: [request.instructions ?? "", typeof request.input === "string" ? request.input : items.map(textOf).join("\n")].join("\n"),
  };
}

/** The output item a reply is: a `message`, a `function_call`, a `custom_tool_call` (each call with its namespace) or a `tool_search_call`. */
function outputItem(reply: ModelReply, responseId: string): Record<string, unknown> {
  if (reply.type === "tool-search-call") return { type: "tool_search_call", id: `tsc_${reply.id}`, call_id: reply.id, execution: "client", arguments: reply.arguments, status: "completed" };
  if (reply.type === "text") return { type: "message", id: `msg_${responseId}`, role: "assistant", status: "completed", content: [{ type: "output_text", text: reply.text, annotations: [] }] };
  const namespace = reply.namespace === undefined ? {} : { namespace: reply.namespace };
  return reply.type === "tool-call"
    ? { type: "function_call", id: `fc_${reply.id}`, call_id: reply.id, name: reply.name, ...namespace, arguments: JSON.stringify(reply.arguments), status: "completed" }
    : { type: "custom_tool_call", id: `ctc_${reply.id}`, call_id: reply.id, name: reply.name, ...namespace, input: reply.input, status: "completed" };
}

/** The streamed answer: one output item (see outputItem). */
export function responsesStream(reply: ModelReply, model: string, responseId: string): SseEvent[] {
  const item = outputItem(reply, responseId);
  const usage = { input_tokens: 1, output_tokens: 1, total_tokens: 2, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };
  const response = { id: responseId, object: "response", created_at: 0, status: "completed", model, output: [item], usage };
  return [
    ["response.created", { type: "response.created", response: { ...response, status: "in_progress", output: [] } }],
    ["response.output_item.added", { type: "response.output_item.added", output_index: 0, item }],
    ["response.output_item.done", { type: "response.output_item.done", output_index: 0, item }],
    ["response.completed", { type: "response.completed", response }],
  ];
}
