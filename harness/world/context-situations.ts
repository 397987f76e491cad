/**
 * The situations a world's prompts, resources and templates put a host in (situations.ts counts them with
 * the tool situations). Each is computed from the servers' scripts, with the servers it concerns, as the tool
 * situations are; a server that fails a list lists nothing of it.
 */
import type { ContextList } from "../../fake-servers/index.ts";
import { templateIsFixed } from "../../fake-servers/index.ts";
import type { World } from "./world.ts";

type Server = World["servers"][number];

/** The situations about prompts and resources, sorted. */
export const CONTEXT_SITUATIONS = [
  "empty-cursor", "paged-prompts", "paged-resources", "prompt-clash", "prompt-fold-clash", "prompt-titled", "prompts-list-error", "resource-template",
  "resources-list-error", "shared-uri", "template-twin", "templates-list-error",
] as const;
/** A situation about prompts and resources. */
export type ContextSituation = (typeof CONTEXT_SITUATIONS)[number];

/** What each means, as a report prints it. */
export const contextSituationMeanings: Readonly<Record<ContextSituation, string>> = {
  "empty-cursor":
    "a server pages its prompts, resources or templates with the empty string as a cursor (MCP 2026-07-28: a valid cursor, never the end of results)",
  "paged-prompts": "a server answers prompts/list in two or more pages",
  "paged-resources": "a server answers resources/list or resources/templates/list in two or more pages",
  "prompt-clash": "one prompt name is listed by two or more servers",
  "prompt-fold-clash": "two distinct prompt names become one when each run of white space is replaced by - (My Prompt, My-Prompt)",
  "prompt-titled": "a prompt has a title that differs from its name (prompts/get must carry the name)",
  "prompts-list-error": "a server answers prompts/list with a JSON-RPC error",
  "resource-template": "a server lists a resource template",
  "resources-list-error": "a server answers resources/list with a JSON-RPC error",
  "shared-uri": "one resource URI is listed by two or more servers",
  "template-twin": "a server lists one URI both as a resource and as a resource template without variables",
  "templates-list-error": "a server answers resources/templates/list with a JSON-RPC error",
};

/** Whether `server` answers `list` at all (reachable, loading, serving it, not failing it). */
function answers(server: Server, list: ContextList): boolean {
  if (server.unreachable || server.failure !== undefined || server.contextErrors?.includes(list)) return false;
  return list === "prompts" ? server.prompts !== undefined : list === "resources" ? server.resources !== undefined : server.resourceTemplates !== undefined;
}

const promptsOf = (server: Server) => (answers(server, "prompts") ? server.prompts ?? [] : []);
const resourcesOf = (server: Server) => (answers(server, "resources") ? server.resources ?? [] : []);
const templatesOf = (server: Server) => (answers(server, "templates") ? server.resourceTemplates ?? [] : []);

/** The positions of the servers for which `test` holds. */
const where = (world: World, test: (server: Server) => boolean) => new Set(world.servers.flatMap((server, at) => (test(server) ? [at] : [])));

/** The positions of every server holding a value `valuesOf` another server holds too. */
function sharedAcross(world: World, valuesOf: (server: Server) => string[]): Set<number> {
  const owners = new Map<string, Set<number>>();
  world.servers.forEach((server, at) => {
    for (const value of new Set(valuesOf(server))) owners.set(value, (owners.get(value) ?? new Set()).add(at));
  });
  return new Set([...owners.values()].filter((set) => set.size > 1).flatMap((set) => [...set]));
}

/** Whether `list` of `server` comes in two or more pages. */
function paged(server: Server, list: ContextList, count: number): boolean {
  const paging = server.contextPaging?.[list];
  return answers(server, list) && paging !== undefined && count > paging.pageSize;
}

/** `name` with each run of white space replaced by `-`, as Gemini CLI makes a prompt a slash command (PR#12910). */
export function spacesFolded(name: string): string {
  return name.replace(/\s+/g, "-");
}

/** For each situation, the servers it concerns in `world`. */
export const contextConcerns: Readonly<Record<ContextSituation, (world: World) => Set<number>>> = {
  "empty-cursor": (world) => where(world, (server) => (["prompts", "resources", "templates"] as const).some((list) => {
    const count = list === "prompts" ? promptsOf(server).length : list === "resources" ? resourcesOf(server).length : templatesOf(server).length;
    return paged(server, list, count) && server.contextPaging?.[list]?.emptyCursor === true;
  })),
  "paged-prompts": (world) => where(world, (server) => paged(server, "prompts", promptsOf(server).length)),
  "paged-resources": (world) => where(world, (server) => paged(server, "resources", resourcesOf(server).length) || paged(server, "templates", templatesOf(server).length)),
  "prompt-clash": (world) => sharedAcross(world, (server) => promptsOf(server).map((prompt) => prompt.name)),
  "prompt-fold-clash": (world) => {
    const all = world.servers.flatMap((server, at) => promptsOf(server).map((prompt) => ({ at, name: prompt.name })));
    const concerned = new Set<number>();
    all.forEach((a, i) => all.slice(i + 1).forEach((b) => {
      if (a.name !== b.name && spacesFolded(a.name) === spacesFolded(b.name)) concerned.add(a.at).add(b.at);
    }));
    return concerned;
  },
  "prompt-titled": (world) => where(world, (server) => promptsOf(server).some((prompt) => prompt.title !== undefined && prompt.title !== prompt.name)),
  "prompts-list-error": (world) => where(world, (server) => !server.unreachable && server.failure === undefined && server.prompts !== undefined && server.contextErrors?.includes("prompts") === true),
  "resource-template": (world) => where(world, (server) => templatesOf(server).length > 0),
  "resources-list-error": (world) => where(world, (server) => !server.unreachable && server.failure === undefined && server.resources !== undefined && server.contextErrors?.includes("resources") === true),
  "shared-uri": (world) => sharedAcross(world, (server) => resourcesOf(server).map((resource) => resource.uri)),
  "template-twin": (world) => where(world, (server) => templatesOf(server).some((template) =>
    templateIsFixed(template.uriTemplate) && resourcesOf(server).some((resource) => resource.uri === template.uriTemplate))),
  "templates-list-error": (world) =>
    where(world, (server) => !server.unreachable && server.failure === undefined && server.resourceTemplates !== undefined && server.contextErrors?.includes("templates") === true),
};
