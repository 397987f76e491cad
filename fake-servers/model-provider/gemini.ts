/**
 * Gemini front end (`models/<m>:streamGenerateContent?alt=sse`, as Gemini CLI streams it): tools in
 * `tools[].functionDeclarations[]`, a call as a `functionCall` part, its result as a `functionResponse`
 * part. Gemini CLI first sends a non-streaming `generateContent` routing side call with a JSON response
 * schema; {@link valueForSchema} gives it a valid answer.
 */
import { z } from "zod";
import type { SseEvent } from "./sse.ts";
import type { ModelReply, ProviderTool, ProviderToolResult, TurnContent } from "./provider-types.ts";

const Part = z.object({ text: z.string().optional(), functionResponse: z.object({ id: z.string().optional(), name: z.string().optional(), response: z.unknown() }).loose().optional() }).loose();
const Contents = z.object({ role: z.string().optional(), parts: z.array(Part).default([]) }).loose();
/** The part of a Gemini request the provider reads. */
export const GeminiRequestSchema = z.object({
  contents: z.array(Contents).default([]),
  systemInstruction: Contents.optional(),
  tools: z.array(z.object({
    functionDeclarations: z.array(z.object({ name: z.string(), description: z.string().optional(), parametersJsonSchema: z.unknown().optional(), parameters: z.unknown().optional() }).loose()).optional(),
  }).loose()).default([]),
  generationConfig: z.object({ responseJsonSchema: z.unknown().optional(), responseSchema: z.unknown().optional() }).loose().optional(),
}).loose();
/** A Gemini request as the provider reads it. */
export type GeminiRequest = z.infer<typeof GeminiRequestSchema>;

/** Tools, tool results and text of a Gemini request. */
export function readGemini(request: GeminiRequest): TurnContent {
  const tools: ProviderTool[] = request.tools.flatMap((tool) => (tool.functionDeclarations ?? []).map((declaration) => ({
    name: declaration.name, description: declaration.description, inputSchema: declaration.parametersJsonSchema ?? declaration.parameters,
  })));
  const toolResults: ProviderToolResult[] = request.contents.flatMap((content) => content.parts.flatMap((part) => {
    if (!part.functionResponse) return [];
    const response = part.functionResponse.response as { error?: unknown } | undefined;
    return [{ id: part.functionResponse.id, name: part.functionResponse.name, isError: response?.error !== undefined, text: JSON.stringify(response) }];
  }));
  const texts = [request.systemInstruction, ...request.contents].flatMap((content) => content?.parts.map((part) => part.text ?? "") ?? []);
  return { tools, toolResults, text: texts.join("\n") };
}

const usageMetadata = { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 };

/** The streamed answer: one chunk holding a text part or a `functionCall` part. */
export function geminiStream(reply: ModelReply): SseEvent[] {
  if (reply.type === "custom-tool-call") throw new Error("the Gemini API has no freeform tool calls");
  if (reply.type === "tool-search-call") throw new Error("the Gemini API has no tool_search items");
  const part = reply.type === "text" ? { text: reply.text } : { functionCall: { id: reply.id, name: reply.name, args: reply.arguments } };
  return [[undefined, { candidates: [{ content: { role: "model", parts: [part] }, finishReason: "STOP", index: 0 }], usageMetadata }]];
}

/** A non-streamed answer whose text is `text`. */
export function geminiResponse(text: string): unknown {
  return { candidates: [{ content: { role: "model", parts: [{ text }] }, finishReason: "STOP", index: 0 }], usageMetadata };
}

/**
 * The plainest value a JSON (or Gemini OpenAPI-style, upper-case types) schema accepts: the first enum
 * value, 1 for numbers, "" for strings, every required (or declared) property filled.
 */
export function valueForSchema(schema: unknown, depth = 0): unknown {
  if (!schema || typeof schema !== "object" || depth > 8) return null;
  const node = schema as { type?: unknown; enum?: unknown[]; properties?: Record<string, unknown>; items?: unknown; anyOf?: unknown[] };
  if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
  if (Array.isArray(node.anyOf) && node.anyOf.length > 0) return valueForSchema(node.anyOf[0], depth + 1);
  const type = String(Array.isArray(node.type) ? node.type[0] : node.type ?? (node.properties ? "object" : "string")).toLowerCase();
  if (type === "object") return Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, value]) => [key, valueForSchema(value, depth + 1)]));
  if (type === "array") return [];
  if (type === "integer" || type === "number") return 1;
  if (type === "boolean") return false;
  return "";
}
