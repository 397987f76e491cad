/**
 * Random worlds of prompts, resources and templates, for the prompt and resource clauses' random cases
 * (their coverage plans hold the constructed ones). Names and URIs come from small pools, so two servers
 * often list one prompt name or one URI, a server often holds two prompts one folding of spaces makes one,
 * and titles differ from names; lists are paged at random, with an empty string as a cursor where asked.
 * No pool name is a key joined to another name (`beta_review`), so a host that renames on a collision cannot
 * meet another server's own name by chance. Everything shrinks toward one server with one item.
 */
import fc from "fast-check";
import type { ContextList, ContextPaging } from "../../fake-servers/index.ts";
import { contextWorldOf, type ContextServer } from "../world/context-worlds.ts";
import type { World } from "../world/world.ts";

/** Options of {@link contextWorld}. */
export interface ContextWorldOptions {
  /** What the servers list (default both). */
  lists?: ReadonlyArray<"prompts" | "resources">;
  minServers?: number;
  maxServers?: number;
  /** Whether lists may come in pages (default true), and whether a second page's cursor may be "" (default true). */
  paging?: boolean;
  emptyCursor?: boolean;
  /** Whether two servers may list one prompt name or one URI (default true); false: every name and URI is its server's own. */
  shared?: boolean;
}

const KEYS = ["alpha", "beta", "gamma"] as const;
const PROMPTS: ReadonlyArray<string | readonly [string, string]> = ["review", ["summarise", "Summarise a file"], "My Prompt", "My-Prompt", ["explain", "Explain Code"], "outline"];
const resourcesOf = (key: string, shared: boolean) => [shared ? "mem://shared/readme" : `mem://${key}/shared`, `mem://${key}/notes`, `mem://${key}/log`];
/** A pool prompt as server `key` lists it: as it is, or (names not shared) prefixed with its key. */
const own = (key: string, entry: string | readonly [string, string], shared: boolean): string | readonly [string, string] =>
  shared ? entry : typeof entry === "string" ? `${key}-${entry}` : [`${key}-${entry[0]}`, entry[1]];
const templatesOf = (key: string) => [`mem://${key}/items/{id}`, `mem://${key}/readme`];

/** A paging of one list: none, pages of one, or pages of one with "" as the second cursor. */
function paging(options: ContextWorldOptions): fc.Arbitrary<ContextPaging | undefined> {
  if (options.paging === false) return fc.constant(undefined);
  const kinds: Array<ContextPaging | undefined> = [undefined, { pageSize: 1 }, ...(options.emptyCursor === false ? [] : [{ pageSize: 1, emptyCursor: true }])];
  return fc.constantFrom(...kinds);
}

/** One server of key `key`. A template list may hold `mem://{key}/readme`, a twin of a resource where that is listed too. */
function server(key: string, options: ContextWorldOptions): fc.Arbitrary<ContextServer> {
  const lists = options.lists ?? ["prompts", "resources"];
  return fc.record({
    prompts: lists.includes("prompts") ? fc.subarray(PROMPTS.map((entry) => own(key, entry, options.shared !== false)), { minLength: 1 }) : fc.constant(undefined),
    resources: lists.includes("resources") ? fc.subarray(resourcesOf(key, options.shared !== false), { minLength: 1 }) : fc.constant(undefined),
    templates: lists.includes("resources") ? fc.subarray(templatesOf(key)) : fc.constant(undefined),
    promptPages: paging(options),
    resourcePages: paging(options),
  }).map(({ prompts, resources, templates, promptPages, resourcePages }) => {
    const pages: Partial<Record<ContextList, ContextPaging>> = {
      ...(prompts && promptPages ? { prompts: promptPages } : {}),
      ...(resources && resourcePages ? { resources: resourcePages } : {}),
    };
    return {
      key,
      ...(prompts ? { prompts } : {}),
      ...(resources ? { resources: [...resources, ...(templates?.includes(`mem://${key}/readme`) ? [`mem://${key}/readme`] : [])] } : {}),
      ...(templates ? { templates } : {}),
      ...(Object.keys(pages).length > 0 ? { paging: pages } : {}),
    };
  });
}

/** A world of 1 to 3 servers (default) listing prompts and resources from the pools above. */
export function contextWorld(options: ContextWorldOptions = {}): fc.Arbitrary<World> {
  const count = fc.integer({ min: options.minServers ?? 1, max: options.maxServers ?? KEYS.length });
  return count.chain((size) => fc.tuple(...KEYS.slice(0, size).map((key) => server(key, options)))).map((servers) => contextWorldOf(...servers));
}
