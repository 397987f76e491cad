/**
 * Policy: what a host did with prompts and resources in a case, read from the records alone, as
 * session-records.ts reads tools: what each server of a world lists (the world step), what the host showed
 * (its answers to `prompts` and `resources`, each entry with the (server, name or URI) its description's
 * marker names), what the harness asked it to get or read, and what each fake server received (every list
 * request with its cursor, every prompts/get with the name it carried, every resources/read with its URI).
 * A get or read is never matched to a server by what the host answered; where the servers' records cannot
 * tell which request a delivery belongs to, the readings (context-facts.ts) count deliveries per server and
 * name or URI, and say no more than the counts show.
 */
import { PromptsResultSchema, ResourcesResultSchema, PromptGetResultSchema, ResourceReadResultSchema } from "../protocol/context-result.ts";
import { visibleKey, visibleLabel } from "../protocol/visible-name.ts";
import { identityOf } from "../world/tool-identity.ts";
import type { Evidence } from "./report-model.ts";

/** The lists beside tools, as the evidence names them. */
export const CONTEXT_LISTS = ["prompts", "resources", "templates"] as const;
/** One list beside tools. */
export type ContextListName = (typeof CONTEXT_LISTS)[number];
/** The wire method of each list. */
export const LIST_METHOD: Readonly<Record<ContextListName, string>> = { prompts: "prompts/list", resources: "resources/list", templates: "resources/templates/list" };

/** One entry the host showed: its label, its visible key, the (server, wire name or URI) its marker names, its title. */
export interface ShownEntry {
  label: string;
  key: string;
  pair?: readonly [string, string];
  title?: string;
}

/** A get or read the harness asked of the host: the visible key asked for, and how the host answered. */
export interface FetchAsked {
  key: string;
  label: string;
  answer: "ok" | "error" | "garbage";
}

/** What one server of a world lists beside tools, and what it received. */
export interface ContextServerRecord {
  key: string;
  listed: Partial<Record<ContextListName, string[]>>;
  /** The lists it answers with an error. */
  failing: ContextListName[];
  /** Items a page, and whether its first page's nextCursor is "", per paged list. */
  paging: Partial<Record<ContextListName, { pageSize: number; emptyCursor: boolean }>>;
  /** Per list: the cursor each request carried ("" included; undefined for a first page). */
  requests: Partial<Record<ContextListName, Array<string | undefined>>>;
  /** The prompt names its prompts/get requests carried, in order. */
  gets: string[];
  /** The URIs its resources/read requests carried, in order. */
  reads: string[];
}

/** What one session showed and asked of prompts and resources. */
export interface ContextSessionRecord {
  world: number;
  session: number;
  /** Each answer to the list, in order: prompts, resources, templates. */
  shown: Record<ContextListName, ShownEntry[][]>;
  gets: FetchAsked[];
  reads: FetchAsked[];
}

/** What a case shows of prompts and resources in one world: its servers and its sessions. */
export interface ContextWorldRecord {
  world: number;
  servers: ContextServerRecord[];
  sessions: ContextSessionRecord[];
}

const entryOf = (name: string, namespace: string | undefined, description: string | undefined, title?: string): ShownEntry => {
  const identity = identityOf(description);
  return {
    label: visibleLabel({ name, namespace }), key: visibleKey({ name, namespace }),
    ...(identity ? { pair: [identity.server, identity.tool] as const } : {}), ...(title !== undefined ? { title } : {}),
  };
};

/** Every world of the case that lists prompts or resources, in order, with its sessions; empty for a case of tools alone. */
export function contextRecords(evidence: Evidence): ContextWorldRecord[] {
  const worlds = new Map<number, ContextWorldRecord>();
  const sessions = new Map<number, ContextSessionRecord>();
  let world = 0;
  for (const step of evidence.steps) {
    if (step.kind === "world") {
      world = step.world;
      const servers = step.servers.filter((server) => server.prompts !== undefined || server.resources !== undefined || server.templates !== undefined);
      if (servers.length === 0) continue;
      worlds.set(world, {
        world, sessions: [],
        servers: step.servers.map((server) => ({
          key: server.key,
          listed: { ...(server.prompts ? { prompts: server.prompts } : {}), ...(server.resources ? { resources: server.resources } : {}), ...(server.templates ? { templates: server.templates } : {}) },
          failing: (server.contextErrors ?? []).filter((list): list is ContextListName => (CONTEXT_LISTS as readonly string[]).includes(list)),
          paging: Object.fromEntries(Object.entries(server.contextPaging ?? {}).map(([list, paging]) => [list, { pageSize: paging.pageSize, emptyCursor: paging.emptyCursor === true }])),
          requests: {}, gets: [], reads: [],
        })),
      });
      continue;
    }
    const record = worlds.get(step.kind === "received" ? step.world : world);
    if (!record) continue;
    if (step.kind === "received") {
      const server = record.servers.find((candidate) => candidate.key === step.server);
      if (!server) continue;
      for (const message of step.messages) {
        const list = CONTEXT_LISTS.find((name) => LIST_METHOD[name] === message.method);
        if (list) server.requests[list] = [...(server.requests[list] ?? []), message.cursor];
        if (message.method === "prompts/get") server.gets.push(message.prompt ?? "");
        if (message.method === "resources/read") server.reads.push(message.uri ?? "");
      }
      continue;
    }
    if (step.session === undefined) continue;
    if (step.method === "open") {
      const session: ContextSessionRecord = { world, session: step.session, shown: { prompts: [], resources: [], templates: [] }, gets: [], reads: [] };
      sessions.set(step.session, session);
      record.sessions.push(session);
      continue;
    }
    const session = sessions.get(step.session);
    if (!session || step.error !== undefined) continue;
    const request = (step.request ?? {}) as Record<string, unknown>;
    const namespace = typeof request.namespace === "string" ? request.namespace : undefined;
    if (step.method === "prompts") {
      const answer = PromptsResultSchema.safeParse(step.answer);
      if (answer.success) session.shown.prompts.push(answer.data.prompts.map((prompt) => entryOf(prompt.name, prompt.namespace, prompt.description, prompt.title)));
    } else if (step.method === "resources") {
      const answer = ResourcesResultSchema.safeParse(step.answer);
      if (answer.success) {
        session.shown.resources.push(answer.data.resources.map((resource) => entryOf(resource.uri, resource.namespace, resource.description)));
        session.shown.templates.push(answer.data.templates.map((template) => entryOf(template.uriTemplate, template.namespace, template.description)));
      }
    } else if (step.method === "getPrompt" || step.method === "readResource") {
      const name = String((step.method === "getPrompt" ? request.name : request.uri) ?? "");
      const answer = (step.method === "getPrompt" ? PromptGetResultSchema : ResourceReadResultSchema).safeParse(step.answer);
      const asked: FetchAsked = { key: visibleKey({ name, namespace }), label: visibleLabel({ name, namespace }), answer: !answer.success ? "garbage" : answer.data.ok ? "ok" : "error" };
      (step.method === "getPrompt" ? session.gets : session.reads).push(asked);
    }
  }
  return [...worlds.values()];
}
