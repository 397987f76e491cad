import { z } from "zod";
import { contextDriftSteps } from "./context-definition.ts";
import { JsonSchemaDocumentSchema, ToolDefinitionSchema } from "./tool-definition.ts";

/**
 * One scripted change to a running fake server, applied by the harness mid-session with
 * `FakeWorld.apply(key, step)`. List changes (add, remove, rename, describe, input-schema,
 * output-schema) change what the next `tools/list` answers and bump the server's revision; they notify
 * nobody by themselves, so "changed without list_changed" is the default and `notify` is its own step.
 * `unreachable` drops every open connection and refuses new ones until `reachable`.
 */
export const DriftStepSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("add"), tool: ToolDefinitionSchema }),
  z.object({ kind: z.literal("remove"), name: z.string() }),
  /** The tool keeps its schemas; its description is replaced when given (an identity marker names the tool). */
  z.object({ kind: z.literal("rename"), from: z.string(), to: z.string(), description: z.string().optional() }),
  z.object({ kind: z.literal("describe"), name: z.string(), description: z.string() }),
  z.object({ kind: z.literal("input-schema"), name: z.string(), inputSchema: JsonSchemaDocumentSchema }),
  /** `null` removes the output schema. */
  z.object({ kind: z.literal("output-schema"), name: z.string(), outputSchema: JsonSchemaDocumentSchema.nullable() }),
  /**
   * Sends `notifications/tools/list_changed` on every open connection, whatever the server advertised; with
   * `list`, that list's notification instead (`notifications/prompts/list_changed`, `.../resources/list_changed`).
   */
  z.object({ kind: z.literal("notify"), list: z.enum(["tools", "prompts", "resources"]).optional() }),
  z.object({ kind: z.literal("unreachable") }),
  z.object({ kind: z.literal("reachable") }),
  // Replacing a server's prompts, resources or templates (context-definition.ts).
  ...contextDriftSteps,
]);
/** One scripted change to a running fake server. */
export type DriftStep = z.infer<typeof DriftStepSchema>;
/** A drift step as written by hand: tool defaults may be left out. */
export type DriftStepInput = z.input<typeof DriftStepSchema>;

/** The kinds of step that change the tool list (and so the server's revision). */
export const LIST_CHANGING_KINDS = ["add", "remove", "rename", "describe", "input-schema", "output-schema"] as const;

/**
 * The tool list after `step`, or a reason it cannot apply (a name that is absent, or already taken).
 * Pure: the server's state lives in its caller. Steps that do not change the list return it as it is.
 */
export function applyToList(tools: readonly z.infer<typeof ToolDefinitionSchema>[], step: DriftStep): z.infer<typeof ToolDefinitionSchema>[] | string {
  const has = (name: string) => tools.some((tool) => tool.name === name);
  const missing = (name: string) => `no tool named ${JSON.stringify(name)}`;
  const edit = (name: string, change: (tool: z.infer<typeof ToolDefinitionSchema>) => z.infer<typeof ToolDefinitionSchema>) =>
    has(name) ? tools.map((tool) => (tool.name === name ? change(tool) : tool)) : missing(name);
  switch (step.kind) {
    case "add":
      return has(step.tool.name) ? `a tool named ${JSON.stringify(step.tool.name)} already exists` : [...tools, step.tool];
    case "remove":
      return has(step.name) ? tools.filter((tool) => tool.name !== step.name) : missing(step.name);
    case "rename":
      if (step.from !== step.to && has(step.to)) return `a tool named ${JSON.stringify(step.to)} already exists`;
      return edit(step.from, (tool) => ({ ...tool, name: step.to, ...(step.description !== undefined ? { description: step.description } : {}) }));
    case "describe":
      return edit(step.name, (tool) => ({ ...tool, description: step.description }));
    case "input-schema":
      return edit(step.name, (tool) => ({ ...tool, inputSchema: step.inputSchema }));
    case "output-schema":
      return edit(step.name, ({ outputSchema: _dropped, ...tool }) => (step.outputSchema === null ? tool : { ...tool, outputSchema: step.outputSchema }));
    default:
      return [...tools];
  }
}
