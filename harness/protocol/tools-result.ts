import { z } from "zod";

/** One tool exactly as the host would hand it to a model. */
export const VisibleToolSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  inputSchema: z.unknown().optional(),
});
/** One tool exactly as the host would hand it to a model. */
export type VisibleTool = z.infer<typeof VisibleToolSchema>;

/** Result of HAP/1 `session/tools`: the model's tool list now, in its order. */
export const ToolsResultSchema = z.object({ tools: z.array(VisibleToolSchema) });
/** Result of HAP/1 `session/tools`. */
export type ToolsResult = z.infer<typeof ToolsResultSchema>;
