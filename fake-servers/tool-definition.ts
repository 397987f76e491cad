import { z } from "zod";

/** A JSON Schema document as a server advertises it: kept verbatim, never interpreted here. */
export const JsonSchemaDocumentSchema = z.record(z.string(), z.unknown());
/** A JSON Schema document as a server advertises it. */
export type JsonSchemaDocument = z.infer<typeof JsonSchemaDocumentSchema>;

/**
 * One tool a fake server advertises on `tools/list`, exactly as it goes on the wire.
 * `name` is the server's own (wire) name: any string, including ones the spec advises against,
 * because hosts must survive what real servers send.
 */
export const ToolDefinitionSchema = z.object({
  name: z.string(),
  description: z.string().optional(),
  inputSchema: JsonSchemaDocumentSchema.default({ type: "object" }),
  outputSchema: JsonSchemaDocumentSchema.optional(),
  annotations: z.record(z.string(), z.unknown()).optional(),
});
/** One tool a fake server advertises. */
export type ToolDefinition = z.infer<typeof ToolDefinitionSchema>;
