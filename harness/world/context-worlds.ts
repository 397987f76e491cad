/**
 * Worlds of prompts, resources and templates: the constructed worlds of the prompt and resource clauses'
 * coverage plans (one per hazard, built by hand with fixed names so every run judges the same worlds), and
 * the builder they and the generators share. Every prompt, resource and template carries its (server, name
 * or URI) in its description, as every generated tool does, so the harness can tell which one a host shows
 * under whatever name it chose. The names come from the reports the catalogue cites: `My Prompt` beside
 * `My-Prompt` is Gemini CLI PR#12910's, a title beside a name claude-code#7464's, one URI on two servers
 * gemini-cli#28128's and ContextForge#4418's, a static URI also listed as a template mcp-ts-core#30's.
 */
import type { ContextList, ContextPaging, PromptDefinition, ResourceDefinition, ServerScript } from "../../fake-servers/index.ts";
import { worldBoundsBreach } from "../arbitraries/world-bounds.ts";
import type { HazardWorld } from "./hazard-worlds.ts";
import { describeTool } from "./tool-identity.ts";
import type { World } from "./world.ts";

/** One server of a context world: its key and what it lists beside (no) tools. */
export interface ContextServer {
  key: string;
  /** Prompt names, or `[name, title]` pairs. */
  prompts?: ReadonlyArray<string | readonly [string, string]>;
  resources?: readonly string[];
  templates?: readonly string[];
  paging?: Partial<Record<ContextList, ContextPaging>>;
  errors?: readonly ContextList[];
  listChanged?: boolean;
}

/** A prompt as a context world lists it: its description names its server and itself. */
export function fakePrompt(key: string, entry: string | readonly [string, string]): PromptDefinition {
  const [name, title] = typeof entry === "string" ? [entry, undefined] : entry;
  return { name, ...(title !== undefined ? { title } : {}), description: describeTool(key, name, "Fake prompt"), arguments: [{ name: "topic", required: false }] };
}

/** A resource's label: the last segment of its URI. */
const labelOf = (uri: string) => uri.split("/").filter((part) => part !== "").at(-1) ?? uri;

/** A resource as a context world lists it: its description names its server and its URI. */
export function fakeResource(key: string, uri: string): ResourceDefinition {
  return { uri, name: labelOf(uri), description: describeTool(key, uri, "Fake resource") };
}

/**
 * The one tool every server of a context world advertises beside its prompts and resources, named for its key
 * so no two servers share it: a server with no tools at all is a hazard of its own (surface/empty-server-ok),
 * which a host may report, and the prompt and resource clauses are not about it.
 */
export function statusTool(key: string): ServerScript["tools"][number] {
  return { name: `${key}-status`, description: describeTool(key, `${key}-status`), inputSchema: { type: "object", properties: { probe: { type: "string" } } } };
}

/** One server of a context world as a script: its status tool, the lists it is given, their paging and failures. */
export function contextScript({ key, prompts, resources, templates, paging, errors, listChanged }: ContextServer): ServerScript {
  return {
    key, serverInfo: { name: key, version: "1.0.0" }, tools: [statusTool(key)], latency: { initialize: 0, toolsList: 0 }, unreachable: false,
    ...(prompts !== undefined ? { prompts: prompts.map((entry) => fakePrompt(key, entry)) } : {}),
    ...(resources !== undefined ? { resources: resources.map((uri) => fakeResource(key, uri)) } : {}),
    ...(templates !== undefined ? { resourceTemplates: templates.map((uriTemplate) => ({ uriTemplate, name: labelOf(uriTemplate), description: describeTool(key, uriTemplate, "Fake template") })) } : {}),
    ...(paging !== undefined ? { contextPaging: { ...paging } } : {}),
    ...(errors !== undefined ? { contextErrors: [...errors] } : {}),
    ...(listChanged !== undefined ? { listChanged } : {}),
  };
}

/** A world of context servers, in configuration order, held to the bounds every world keeps. */
export function contextWorldOf(...servers: readonly ContextServer[]): World {
  const world = { servers: servers.map(contextScript) };
  const breach = worldBoundsBreach([world]);
  if (breach) throw new RangeError(`contextWorldOf: ${breach}`);
  return world;
}

const pages = (emptyCursor = false): ContextPaging => ({ pageSize: 1, ...(emptyCursor ? { emptyCursor } : {}) });

/** Every constructed world of prompts and resources, by name. */
export const contextHazardWorlds = {
  "prompt-clash": {
    hazard: "prompt-clash",
    title: "one prompt name on two servers: alpha: review · beta: review",
    world: contextWorldOf({ key: "alpha", prompts: ["review"] }, { key: "beta", prompts: ["review"] }),
  },
  "prompt-clash-companions": {
    hazard: "prompt-clash",
    title: "one prompt name on two servers, each with a prompt of its own: alpha: review, summarise · beta: review, explain",
    world: contextWorldOf({ key: "alpha", prompts: ["review", "summarise"] }, { key: "beta", prompts: ["review", "explain"] }),
  },
  "prompt-titled": {
    hazard: "prompt-titled",
    title: "prompts with titles other than their names: alpha: review (\"Review Code\"), summarise · beta: explain (\"Explain Code\")",
    world: contextWorldOf({ key: "alpha", prompts: [["review", "Review Code"], "summarise"] }, { key: "beta", prompts: [["explain", "Explain Code"]] }),
  },
  "prompt-fold": {
    hazard: "prompt-fold-clash",
    title: "two prompts one folding of spaces to - makes one: alpha: My Prompt, My-Prompt",
    world: contextWorldOf({ key: "alpha", prompts: ["My Prompt", "My-Prompt"] }),
  },
  "paged-prompts": {
    hazard: "paged-prompts",
    title: "alpha answers prompts/list in 3 pages of 1 (review · summarise · explain) · beta: outline",
    world: contextWorldOf({ key: "alpha", prompts: ["review", "summarise", "explain"], paging: { prompts: pages() } }, { key: "beta", prompts: ["outline"] }),
  },
  "empty-cursor-prompts": {
    hazard: "empty-cursor",
    title: "alpha answers prompts/list in 3 pages of 1, the second asked for with the cursor \"\" (review · summarise · explain)",
    world: contextWorldOf({ key: "alpha", prompts: ["review", "summarise", "explain"], paging: { prompts: pages(true) } }),
  },
  "prompts-list-error": {
    hazard: "prompts-list-error",
    title: "alpha (review) answers prompts/list with an error · beta: summarise",
    world: contextWorldOf({ key: "alpha", prompts: ["review"], errors: ["prompts"] }, { key: "beta", prompts: ["summarise"] }),
  },
  "shared-uri": {
    hazard: "shared-uri",
    title: "one URI on two servers: alpha: mem://shared/readme · beta: mem://shared/readme",
    world: contextWorldOf({ key: "alpha", resources: ["mem://shared/readme"] }, { key: "beta", resources: ["mem://shared/readme"] }),
  },
  "shared-uri-companions": {
    hazard: "shared-uri",
    title: "one URI on two servers, each with one of its own: alpha: mem://shared/readme, mem://alpha/notes · beta: mem://shared/readme, mem://beta/notes",
    world: contextWorldOf({ key: "alpha", resources: ["mem://shared/readme", "mem://alpha/notes"] }, { key: "beta", resources: ["mem://shared/readme", "mem://beta/notes"] }),
  },
  "two-resource-servers": {
    hazard: "multi-server",
    title: "a resource of each server: alpha: mem://alpha/notes · beta: mem://beta/readme",
    world: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes"] }, { key: "beta", resources: ["mem://beta/readme"] }),
  },
  "paged-resources": {
    hazard: "paged-resources",
    title: "alpha answers resources/list in 3 pages of 1 (mem://alpha/notes · mem://alpha/log · mem://alpha/readme) · beta: mem://beta/readme",
    world: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes", "mem://alpha/log", "mem://alpha/readme"], paging: { resources: pages() } }, { key: "beta", resources: ["mem://beta/readme"] }),
  },
  "empty-cursor-resources": {
    hazard: "empty-cursor",
    title: "alpha answers resources/list in 3 pages of 1, the second asked for with the cursor \"\"",
    world: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes", "mem://alpha/log", "mem://alpha/readme"], paging: { resources: pages(true) } }),
  },
  "paged-templates": {
    hazard: "paged-resources",
    title: "alpha answers resources/templates/list in 2 pages of 1 (mem://alpha/items/{id} · mem://alpha/logs/{day}), beside mem://alpha/notes",
    world: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes"], templates: ["mem://alpha/items/{id}", "mem://alpha/logs/{day}"], paging: { templates: pages() } }),
  },
  "resource-template": {
    hazard: "resource-template",
    title: "alpha lists mem://alpha/notes and the template mem://alpha/items/{id} · beta: mem://beta/readme",
    world: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes"], templates: ["mem://alpha/items/{id}"] }, { key: "beta", resources: ["mem://beta/readme"] }),
  },
  "template-twin": {
    hazard: "template-twin",
    title: "alpha lists mem://alpha/readme as a resource and as a template without variables, beside mem://alpha/notes",
    world: contextWorldOf({ key: "alpha", resources: ["mem://alpha/readme", "mem://alpha/notes"], templates: ["mem://alpha/readme"] }),
  },
  "resources-list-error": {
    hazard: "resources-list-error",
    title: "alpha (mem://alpha/notes) answers resources/list with an error · beta: mem://beta/readme",
    world: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes"], errors: ["resources"] }, { key: "beta", resources: ["mem://beta/readme"] }),
  },
  "templates-list-error": {
    hazard: "templates-list-error",
    title: "alpha lists mem://alpha/notes but answers resources/templates/list with an error · beta: mem://beta/readme",
    world: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes"], templates: ["mem://alpha/items/{id}"], errors: ["templates"] }, { key: "beta", resources: ["mem://beta/readme"] }),
  },
} satisfies Record<string, HazardWorld>;

/** The name of a constructed world of prompts and resources. */
export type ContextHazardWorldName = keyof typeof contextHazardWorlds;
