/**
 * What a client of a gateway lists through it, every page: tools, prompts, resources and resource templates,
 * each read loosely (any extra field, any content) and turned into HAP/1's shape with the names, titles and
 * descriptions the gateway gives. A gateway says nothing over MCP about which server an entry came from, so
 * no `server` or `wireName` is set: the clauses read where a get or a read went from the servers' records.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { z } from "zod";
import type { ShownPrompt, ShownResource, ShownTemplate } from "../protocol/context-result.ts";
import type { VisibleTool } from "../protocol/tools-result.ts";

/** Most pages one listing follows; a gateway past it (a cursor that never ends) fails its list. */
const MAX_PAGES = 200;

const ToolSchema = z.looseObject({ name: z.string() });
const PromptSchema = z.looseObject({ name: z.string() });
const ResourceSchema = z.looseObject({ uri: z.string() });
const TemplateSchema = z.looseObject({ uriTemplate: z.string() });

/** The MCP list methods a gateway's client reads, each with the field its pages carry. */
const LISTS = {
  tools: { method: "tools/list", field: "tools", item: ToolSchema },
  prompts: { method: "prompts/list", field: "prompts", item: PromptSchema },
  resources: { method: "resources/list", field: "resources", item: ResourceSchema },
  templates: { method: "resources/templates/list", field: "resourceTemplates", item: TemplateSchema },
} as const;
type ListKind = keyof typeof LISTS;
type Item<K extends ListKind> = z.infer<(typeof LISTS)[K]["item"]>;

/** Every page of one of the gateway's lists, following its cursor; throws on an error, a repeated cursor or too many pages. */
export async function listPages<K extends ListKind>(client: Client, kind: K, timeout: number): Promise<Array<Item<K>>> {
  const { method, field, item } = LISTS[kind];
  const PageSchema = z.looseObject({ [field]: z.array(item), nextCursor: z.string().optional() });
  const items: Array<Item<K>> = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer = await client.request({ method, params: cursor === undefined ? {} : { cursor } }, PageSchema, { timeout });
    items.push(...(answer[field] as Array<Item<K>>));
    cursor = answer.nextCursor as string | undefined;
    if (cursor === undefined) return items;
    if (cursors.has(cursor)) throw new Error(`the gateway repeated the cursor ${JSON.stringify(cursor)} in ${method}`);
    cursors.add(cursor);
  }
  throw new Error(`the gateway's ${method} ran past ${MAX_PAGES} pages`);
}

/** The string fields of `entry` among `keys`, as sent (any other type left out). */
function strings<K extends string>(entry: Record<string, unknown>, keys: readonly K[]): Partial<Record<K, string>> {
  return Object.fromEntries(keys.flatMap((key) => (typeof entry[key] === "string" ? [[key, entry[key]]] : []))) as Partial<Record<K, string>>;
}

/** A tool as the gateway listed it, in HAP/1's shape (the name the gateway gives; descriptions and schemas as sent). */
export function visibleTool(tool: Item<"tools">): VisibleTool {
  return { name: tool.name, ...strings(tool, ["description"]), ...(tool.inputSchema !== undefined ? { inputSchema: tool.inputSchema } : {}) } as VisibleTool;
}

/** A prompt as the gateway listed it: its name (what its client gets it by), title, description and arguments as sent. */
export function shownPrompt(prompt: Item<"prompts">): ShownPrompt {
  const args = Array.isArray(prompt.arguments)
    ? prompt.arguments.flatMap((arg: unknown) => {
      if (typeof arg !== "object" || arg === null || typeof (arg as { name?: unknown }).name !== "string") return [];
      const { required } = arg as { required?: unknown };
      return [{ name: (arg as { name: string }).name, ...(typeof required === "boolean" ? { required } : {}), ...strings(arg as Record<string, unknown>, ["description"]) }];
    })
    : undefined;
  return { name: prompt.name, ...strings(prompt, ["title", "description"]), ...(args ? { arguments: args } : {}) };
}

/** A resource as the gateway listed it: the URI its client reads it by, with its name, title, description and type. */
export function shownResource(resource: Item<"resources">): ShownResource {
  return { uri: resource.uri, ...strings(resource, ["name", "title", "description", "mimeType"]) };
}

/** A resource template as the gateway listed it. */
export function shownTemplate(template: Item<"templates">): ShownTemplate {
  return { uriTemplate: template.uriTemplate, ...strings(template, ["name", "title", "description", "mimeType"]) };
}
