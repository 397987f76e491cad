/**
 * Readings of a {@link ContextObservation} the prompt and resource clauses share, the counterparts of
 * surface.ts and judgement.ts for tools: which (server, prompt) and (server, URI) pairs the host shows (by the
 * marker in each description, else by where the entry's get or read went), how it treated each server, which
 * situations a session judged (judgement.ts's policy, with a clean world of prompts and resources as the
 * guard against a host that refuses everything), and the surface as rows for comparing two sessions.
 */
import type { ContextList } from "../../fake-servers/index.ts";
import { visibleKey, visibleLabel } from "../protocol/visible-name.ts";
import { contextScript } from "../world/context-worlds.ts";
import type { Situation } from "../world/situations.ts";
import type { World } from "../world/world.ts";
import { judgedFromLooks, judgedServersFromLooks, type ServerLook } from "./judgement.ts";
import { observeContext, type ContextEnvironment, type ContextObservation, type ObservedFetch } from "./context-session.ts";
import { errorsText, type ShownRoutes } from "./session-comparison.ts";
import { errorsNaming } from "./surface.ts";

/** A (server, wire name or URI) pair. */
export interface ContextPair {
  server: string;
  wire: string;
}

const pairKey = (pair: ContextPair) => JSON.stringify([pair.server, pair.wire]);

/** The one delivery of a get or read, as a pair; undefined when it reached no server or several. */
export function fetchRoute(fetch: ObservedFetch | undefined): ContextPair | undefined {
  if (fetch?.deliveries.length !== 1) return undefined;
  const [record] = fetch.deliveries;
  const wire = record!.prompt ?? record!.uri;
  return wire === undefined ? undefined : { server: record!.server, wire };
}

/** The get of each shown prompt, or the read of each shown resource, by visible key. */
export function fetchesByVisible(fetches: readonly ObservedFetch[]): Map<string, ObservedFetch> {
  return new Map(fetches.map((fetch) => [visibleKey(fetch), fetch]));
}

/** A shown prompt's or resource's visible key and label. */
export function visibleOf(entry: { name?: string; uri?: string; uriTemplate?: string; namespace?: string }): { key: string; label: string } {
  const name = entry.uri ?? entry.uriTemplate ?? entry.name ?? "";
  return { key: visibleKey({ name, namespace: entry.namespace }), label: visibleLabel({ name, namespace: entry.namespace }) };
}

/** Each shown entry of `list` with the pair it stands for: its marker, else where its get or read went. */
export function shownEntries(observation: ContextObservation, list: ContextList): Array<{ key: string; label: string; pair?: ContextPair }> {
  const fetches = fetchesByVisible(list === "prompts" ? observation.gets : observation.reads);
  const entries = list === "prompts" ? observation.prompts : list === "resources" ? observation.resources : observation.templates;
  return entries.map((entry) => {
    const { key, label } = visibleOf(entry);
    const pair = entry.identity ? { server: entry.identity.server, wire: entry.identity.tool } : list === "templates" ? undefined : fetchRoute(fetches.get(key));
    return { key, label, ...(pair ? { pair } : {}) };
  });
}

/** The pairs of `lists` the host shows, as JSON [server, wire]. */
export function shownPairs(observation: ContextObservation, lists: readonly ContextList[]): Set<string> {
  return new Set(lists.flatMap((list) => shownEntries(observation, list).flatMap((entry) => (entry.pair ? [pairKey(entry.pair)] : []))));
}

/** What `server` lists of `list` at the start (wire names or URIs; nothing for one that fails it). */
export function listedOf(server: World["servers"][number], list: ContextList): string[] {
  if (server.unreachable || server.failure !== undefined || server.contextErrors?.includes(list)) return [];
  if (list === "prompts") return (server.prompts ?? []).map((prompt) => prompt.name);
  if (list === "resources") return (server.resources ?? []).map((resource) => resource.uri);
  return (server.resourceTemplates ?? []).map((template) => template.uriTemplate);
}

/** True when the host showed none of `lists` and reported an error naming no server: it failed the open as a whole. */
export function contextFailedWhole(observation: ContextObservation, lists: readonly ContextList[]): boolean {
  const shown = lists.reduce((count, list) => count + (list === "prompts" ? observation.prompts : list === "resources" ? observation.resources : observation.templates).length, 0);
  return shown === 0 && observation.open.outcome.errors.some((error) => error.server === undefined);
}

/** Per server of `world`: kept (the host shows something of `lists` of it, or it lists nothing and is blamed for nothing) or refused. */
export function contextLooks(world: World, observation: ContextObservation, lists: readonly ContextList[]): ServerLook[] {
  if (contextFailedWhole(observation, lists)) return world.servers.map(() => "refused");
  const shown = shownPairs(observation, lists);
  return world.servers.map((server) => {
    if ([...shown].some((pair) => (JSON.parse(pair) as string[])[0] === server.key)) return "kept";
    const failing = server.unreachable || server.failure !== undefined || lists.some((list) => server.contextErrors?.includes(list));
    const listed = lists.reduce((count, list) => count + listedOf(server, list).length, 0);
    return !failing && listed === 0 && errorsNaming(observation, server.key).length === 0 ? "kept" : "refused";
  });
}

/** A world of prompts, resources and templates with nothing in it a careful host may refuse. */
export const CLEAN_CONTEXT_WORLD: World = {
  servers: [
    { key: "alpha", prompts: ["review"], resources: ["mem://alpha/notes"], resourceTemplates: ["mem://alpha/items/{id}"] },
    { key: "beta", prompts: ["summarise"], resources: ["mem://beta/readme"], resourceTemplates: [] },
  ].map(({ key, prompts, resources, resourceTemplates }) => contextScript({ key, prompts, resources, templates: resourceTemplates })),
};

/** The lists a host declares it shows. */
export function declaredLists(capabilities: ContextEnvironment["capabilities"]): ContextList[] {
  return [...(capabilities.prompts ? ["prompts" as const] : []), ...(capabilities.resources ? ["resources" as const] : []), ...(capabilities.resourceTemplates ? ["templates" as const] : [])];
}

/**
 * Whether the host shows all of {@link CLEAN_CONTEXT_WORLD} it declares it shows, and blames no server: one
 * session, asked once per host instance by the clause environment (ClauseEnvironment.acceptsCleanContext).
 */
export async function acceptedCleanContext(env: ContextEnvironment): Promise<boolean> {
  const lists = declaredLists(env.capabilities);
  const observation = await observeContext(env, CLEAN_CONTEXT_WORLD, { fetch: false });
  const shown = shownPairs(observation, lists);
  return !contextFailedWhole(observation, lists) && CLEAN_CONTEXT_WORLD.servers.every((server) =>
    errorsNaming(observation, server.key).length === 0 && lists.every((list) => listedOf(server, list).every((wire) => shown.has(pairKey({ server: server.key, wire })))));
}

/** What judging a context session needs: a session's environment, and whether the host refuses even a clean world. */
export type ContextJudgeEnvironment = ContextEnvironment & { acceptsCleanContext(): Promise<boolean> };

/** The situations one session on `world` judged about `lists` (judgement.ts's policy). */
export async function judgedContext(env: ContextJudgeEnvironment, world: World, observation: ContextObservation, lists: readonly ContextList[]): Promise<Situation[]> {
  const looks = contextLooks(world, observation, lists);
  const clean = looks.includes("refused") && await env.acceptsCleanContext();
  return judgedFromLooks(world, looks, contextFailedWhole(observation, lists), clean);
}

/** The keys of `world`'s servers a session judged (kept, or refused for a reason that can only be theirs). */
export async function judgedContextKeys(env: ContextJudgeEnvironment, world: World, observation: ContextObservation, lists: readonly ContextList[]): Promise<Set<string>> {
  const looks = contextLooks(world, observation, lists);
  const clean = looks.includes("refused") && await env.acceptsCleanContext();
  const flags = judgedServersFromLooks(world, looks, contextFailedWhole(observation, lists), clean);
  return new Set(world.servers.filter((_, at) => flags[at]).map((server) => server.key));
}

/** Where each shown entry of `list` went when got or read, by visible key: `"alpha" / "review"`, or `?`. */
export function contextRoutes(observation: ContextObservation, list: "prompts" | "resources"): ShownRoutes {
  const fetches = fetchesByVisible(list === "prompts" ? observation.gets : observation.reads);
  return new Map((list === "prompts" ? observation.prompts : observation.resources).map((entry) => {
    const { key, label } = visibleOf(entry);
    const route = fetchRoute(fetches.get(key));
    return [key, { label, route: route ? `${JSON.stringify(route.server)} / ${JSON.stringify(route.wire)}` : "?" }];
  }));
}

/** The surface of `list` as a canonical, comparable value: each shown entry with where its get or read went, sorted. */
export function canonicalContext(observation: ContextObservation, list: "prompts" | "resources"): string[] {
  return [...contextRoutes(observation, list)].map(([key, { route }]) => `${key} → ${route}`).sort();
}

/** What a session's errors said about `keys`, in words, for prompts and resources. */
export function contextErrorsText(observation: ContextObservation, keys: readonly string[], lists: readonly ContextList[]): string {
  return errorsText(observation, keys, contextFailedWhole(observation, lists));
}
