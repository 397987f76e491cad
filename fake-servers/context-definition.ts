import { z } from "zod";

/**
 * What a scripted server offers beside its tools: prompts, resources and resource templates (MCP 2025-11-25,
 * Server: Prompts and Resources), exactly as they go on the wire, and how it pages and fails their lists.
 * A server that has any of them declares the matching capability on `initialize`; one that has none declares
 * tools only, as before.
 */

/** One argument a prompt takes. */
export const PromptArgumentSchema = z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().optional() });

/**
 * One prompt as `prompts/list` carries it. `name` is the server's own (wire) name, the one `prompts/get` must
 * send; `title` is for display only (claude-code#7464 sent the title instead).
 */
export const PromptDefinitionSchema = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(PromptArgumentSchema).optional(),
});
/** One prompt a fake server lists. */
export type PromptDefinition = z.infer<typeof PromptDefinitionSchema>;

/** What a resource and a resource template both carry beside their URI or URI template: `name` is a label. */
const resourceFields = {
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
};

/** One resource as `resources/list` carries it: `uri` identifies it on its server. */
export const ResourceDefinitionSchema = z.object({ uri: z.string(), ...resourceFields });
/** One resource a fake server lists. */
export type ResourceDefinition = z.infer<typeof ResourceDefinitionSchema>;

/** One resource template as `resources/templates/list` carries it (an RFC 6570 URI template). */
export const ResourceTemplateDefinitionSchema = z.object({ uriTemplate: z.string(), ...resourceFields });
/** One resource template a fake server lists. */
export type ResourceTemplateDefinition = z.infer<typeof ResourceTemplateDefinitionSchema>;

/** The three lists beside the tools, by the name a script uses for each. */
export const ContextListSchema = z.enum(["prompts", "resources", "templates"]);
/** One of the lists beside the tools. */
export type ContextList = z.infer<typeof ContextListSchema>;

/** The MCP method that lists each of them. */
export const CONTEXT_LIST_METHODS: Readonly<Record<ContextList, string>> = {
  prompts: "prompts/list",
  resources: "resources/list",
  templates: "resources/templates/list",
};

/**
 * How one list is paged: `pageSize` items a page, each page but the last with an opaque `nextCursor`. With
 * `emptyCursor` the cursor of the second page is the empty string, which the 2026-07-28 pagination rule makes
 * a valid cursor a client MUST NOT take for the end of results (fastmcp#5025 did).
 */
export const ContextPagingSchema = z.object({ pageSize: z.number().int().min(1).max(1_000), emptyCursor: z.boolean().optional() });
/** How one list beside the tools is paged. */
export type ContextPaging = z.infer<typeof ContextPagingSchema>;

/** The fields a server script carries for prompts and resources (spread into ServerScriptSchema). */
export const contextScriptFields = {
  /** The prompts `prompts/list` answers (absent: the server has no prompts capability). */
  prompts: z.array(PromptDefinitionSchema).optional(),
  /** The resources `resources/list` answers (absent, with no templates: no resources capability). */
  resources: z.array(ResourceDefinitionSchema).optional(),
  /** The templates `resources/templates/list` answers. */
  resourceTemplates: z.array(ResourceTemplateDefinitionSchema).optional(),
  /** How each list is paged (absent: one page). */
  contextPaging: z.object({ prompts: ContextPagingSchema.optional(), resources: ContextPagingSchema.optional(), templates: ContextPagingSchema.optional() }).optional(),
  /** Lists the server answers with a JSON-RPC error (the message is recorded first, as every message is). */
  contextErrors: z.array(ContextListSchema).optional(),
};

/** The lists a live server answers from now; drift steps replace them. */
export interface ContextLists {
  prompts: PromptDefinition[];
  resources: ResourceDefinition[];
  templates: ResourceTemplateDefinition[];
}

/** A script's lists as written (empty where it has none). */
export function contextListsOf(script: { prompts?: PromptDefinition[]; resources?: ResourceDefinition[]; resourceTemplates?: ResourceTemplateDefinition[] }): ContextLists {
  return { prompts: [...(script.prompts ?? [])], resources: [...(script.resources ?? [])], templates: [...(script.resourceTemplates ?? [])] };
}

/**
 * Drift steps for the lists beside the tools: each replaces one whole list (the server's revision of its tools
 * is untouched). They notify nobody; `notify` with `list` says which list_changed to send.
 */
export const contextDriftSteps = [
  z.object({ kind: z.literal("set-prompts"), prompts: z.array(PromptDefinitionSchema) }),
  z.object({ kind: z.literal("set-resources"), resources: z.array(ResourceDefinitionSchema) }),
  z.object({ kind: z.literal("set-templates"), resourceTemplates: z.array(ResourceTemplateDefinitionSchema) }),
] as const;

/** The lists after a context drift step, or undefined for a step that is not one. */
export function applyToContext(lists: ContextLists, step: { kind: string } & Record<string, unknown>): ContextLists | undefined {
  switch (step.kind) {
    case "set-prompts": return { ...lists, prompts: [...(step.prompts as PromptDefinition[])] };
    case "set-resources": return { ...lists, resources: [...(step.resources as ResourceDefinition[])] };
    case "set-templates": return { ...lists, templates: [...(step.resourceTemplates as ResourceTemplateDefinition[])] };
    default: return undefined;
  }
}

/** True when `uriTemplate` has no RFC 6570 expression: it names exactly one URI, itself. */
export function templateIsFixed(uriTemplate: string): boolean {
  return !/\{[^}]*\}/.test(uriTemplate);
}

/** True when `uri` is one of the URIs `uriTemplate` expands to (each expression standing for one or more characters). */
export function templateMatches(uriTemplate: string, uri: string): boolean {
  const pattern = uriTemplate.split(/\{[^}]*\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".+?");
  return new RegExp(`^${pattern}$`, "s").test(uri);
}
