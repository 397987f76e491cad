import { z } from "zod";
import { DeferredFlagSchema } from "./deferred-tools.ts";

/**
 * One tool exactly as the host would hand it to a model. `namespace` is an optional HAP/1 extension for
 * hosts whose model API groups tools (Codex sends each MCP server as an OpenAI Responses `namespace` tool
 * holding plain names, and routes only a call that carries both): the visible identity is then the pair
 * (namespace, name), never a string joined from them, and a call must carry the namespace back.
 */
export const VisibleToolSchema = z.object({
  name: z.string(),
  namespace: z.string().optional(),
  description: z.string().optional(),
  inputSchema: z.unknown().optional(),
  /** Reached only through the host's search tool (deferred-tools.ts; capability `deferredTools`). */
  deferred: DeferredFlagSchema,
});
/** One tool exactly as the host would hand it to a model. */
export type VisibleTool = z.infer<typeof VisibleToolSchema>;

/** Result of HAP/1 `session/tools`: the model's tool list now, in its order. */
export const ToolsResultSchema = z.object({ tools: z.array(VisibleToolSchema) });
/** Result of HAP/1 `session/tools`. */
export type ToolsResult = z.infer<typeof ToolsResultSchema>;
