import { z } from "zod";

/**
 * HAP/1's prompts and resources (capabilities `prompts`, `resources`, `resourceTemplates`): what the host shows
 * its user or model beside tools, and what a get or a read through the host came to. The visible identity of a
 * shown prompt is its `name` (with `namespace`, for a host that groups them, as tools do); that of a shown
 * resource is its `uri` with `namespace`, which is how hosts such as Codex and Claude Code name a resource
 * (the server label and the URI). `server`, `wireName` are the host's own account of where an entry maps to:
 * optional, and checked against what the servers received.
 */

/** One argument a shown prompt takes. */
export const ShownPromptArgumentSchema = z.object({ name: z.string(), required: z.boolean().optional(), description: z.string().optional() });

/** One prompt as the host shows it: a slash command, an entry in a picker, a name a model sees. */
export const ShownPromptSchema = z.object({
  /** What the user types or the model sees to use it (a command line's leading `/` left out). */
  name: z.string(),
  namespace: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  arguments: z.array(ShownPromptArgumentSchema).optional(),
  /** The configuration key of the server the host says it maps to. */
  server: z.string().optional(),
  /** The server's own prompt name the host says it maps to. */
  wireName: z.string().optional(),
});
/** One prompt as the host shows it. */
export type ShownPrompt = z.infer<typeof ShownPromptSchema>;

/** Result of HAP/1 `session/prompts`: every prompt the host shows now, in its order. */
export const PromptsResultSchema = z.object({ prompts: z.array(ShownPromptSchema) });
/** Result of HAP/1 `session/prompts`. */
export type PromptsResult = z.infer<typeof PromptsResultSchema>;

/** What a shown resource and a shown template both carry beside their URI or URI template. */
const shownResourceFields = {
  /** The label a read must carry back with the URI (Codex's and Claude Code's server name), where the host has one. */
  namespace: z.string().optional(),
  name: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
  /** The configuration key of the server the host says it maps to. */
  server: z.string().optional(),
};

/** One resource as the host shows it (a list a model is handed, a picker, an `@` mention); `uri` is what it is shown and read by. */
export const ShownResourceSchema = z.object({ uri: z.string(), ...shownResourceFields });
/** One resource as the host shows it. */
export type ShownResource = z.infer<typeof ShownResourceSchema>;

/** One resource template as the host shows it. */
export const ShownTemplateSchema = z.object({ uriTemplate: z.string(), ...shownResourceFields });
/** One resource template as the host shows it. */
export type ShownTemplate = z.infer<typeof ShownTemplateSchema>;

/**
 * Result of HAP/1 `session/resources`: every resource the host shows now and, for a host that declares
 * `resourceTemplates`, every template, each list in the host's order.
 */
export const ResourcesResultSchema = z.object({ resources: z.array(ShownResourceSchema), templates: z.array(ShownTemplateSchema).default([]) });
/** Result of HAP/1 `session/resources`. */
export type ResourcesResult = z.infer<typeof ResourcesResultSchema>;

/** What a refusal looks like, as for `session/call`. */
const RefusedSchema = z.object({ ok: z.literal(false), error: z.object({ message: z.string() }) });

/** Result of HAP/1 `session/getPrompt`: the messages the host got, or a refusal (never a JSON-RPC error). */
export const PromptGetResultSchema = z.union([
  z.object({ ok: z.literal(true), messages: z.array(z.unknown()), description: z.string().optional() }),
  RefusedSchema,
]);
/** Result of HAP/1 `session/getPrompt`. */
export type PromptGetResult = z.infer<typeof PromptGetResultSchema>;

/** Result of HAP/1 `session/readResource`: the contents the host got, or a refusal (never a JSON-RPC error). */
export const ResourceReadResultSchema = z.union([z.object({ ok: z.literal(true), contents: z.array(z.unknown()) }), RefusedSchema]);
/** Result of HAP/1 `session/readResource`. */
export type ResourceReadResult = z.infer<typeof ResourceReadResultSchema>;
