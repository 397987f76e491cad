/**
 * Policy (docs/defects.md says it to users): the facts a case's records show about a host's prompts and
 * resources, said the same way in every world, as defect-facts.ts says those of tools (never with a world's
 * names), and the same records in words for a defect's title. Read from the main world's sessions
 * (context-records.ts) against what each server lists:
 * - a listed prompt (resource, template) not shown, no error naming its server: lost to another server's
 *   entry of the same name (URI) where that one is shown; only the first page of a paged list where what is
 *   shown of it is its first page and the host never sent the cursor of the second (where that cursor is "",
 *   the records fit an empty cursor taken for the end as well as one page read, and the fact says both);
 *   else lost by its own name;
 * - a server whose prompts, resources or templates list answered an error, the host having asked for it,
 *   and no error naming it;
 * - one shown name for entries of several (server, name) pairs; a template shown among the resources; a URI
 *   listed both as a resource and as a template without variables shown twice;
 * - a server that received a get (read) of a name (URI) more often than the harness asked the host to get
 *   (read) that server's own entry of it: a prompt's shown title sent as its name, else a get (read) sent to
 *   a server it was not shown for (or, for a get, to its server under another name: the counts cannot tell);
 * - one (server, prompt or URI) shown under several names across the case's worlds.
 */
import { joinOf, joinWords, type CaseFact } from "./fact-readings.ts";
import { contextRecords, LIST_METHOD, type ContextListName, type ContextSessionRecord, type ContextWorldRecord, type ShownEntry } from "./context-records.ts";
import type { Evidence } from "./report-model.ts";
import { clip } from "./report-view.ts";
import { errorsNameNoServer, errorsNameServer, type SessionRecord } from "./session-records.ts";

const quote = (text: string) => JSON.stringify(clip(text, 160, ""));
const quoted = (list: readonly string[]) => `${list.slice(0, 8).map(quote).join(", ")}${list.length > 8 ? ` and ${list.length - 8} more` : ""}`;
const pairWords = (pair: readonly [string, string]) => `${quote(pair[0])} / ${quote(pair[1])}`;

/** Each list's words: an entry, its plural, what names it. */
const WORDS: Record<ContextListName, { one: string; many: string; name: string }> = {
  prompts: { one: "prompt", many: "prompts", name: "name" },
  resources: { one: "resource", many: "resources", name: "URI" },
  templates: { one: "resource template", many: "resource templates", name: "URI template" },
};

/** Each context fact's words, so every reading of one fact says it alike. */
export const contextSaid = {
  clash: (list: ContextListName): CaseFact => ({ kind: "clash", key: `context-clash:${list}`, text: `loses a ${WORDS[list].one} to another server's ${WORDS[list].one} of the same ${WORDS[list].name}` }),
  page: (): CaseFact => ({ kind: "prefix", key: "context-prefix:page", text: "shows only the first page of a paged list of prompts or resources" }),
  emptyCursor: (): CaseFact => ({
    kind: "prefix", key: "context-prefix:empty-cursor",
    text: "stops a list of prompts or resources at a nextCursor of \"\" (it never sent \"\" back: it takes the empty cursor for the end, or reads only the first page; these records cannot tell which)",
    or: [contextSaid.page()],
  }),
  lost: (list: ContextListName, name: string): CaseFact => ({ kind: "lost", key: `context-lost:${list}:${JSON.stringify(name)}`, text: `loses a ${WORDS[list].one} ${quote(name)}` }),
  failing: (): CaseFact => ({ kind: "failing", key: "context-failing:unnamed", text: "names no error for a server whose list of prompts or resources failed" }),
  templateAsResource: (): CaseFact => ({ kind: "twice", key: "context-template-as-resource", text: "shows resource templates among the resources" }),
  twin: (): CaseFact => ({ kind: "twice", key: "context-twin-twice", text: "shows a URI its server lists both as a resource and as a template without variables twice" }),
  twice: (list: ContextListName): CaseFact => ({ kind: "twice", key: `context-twice:${list}`, text: `shows one name for several ${WORDS[list].many}` }),
  title: (): CaseFact => ({ kind: "call", key: "context-get:title", text: "sends a prompt's shown title where its name belongs" }),
  elsewhere: (list: "prompts" | "resources"): CaseFact => list === "prompts"
    ? { kind: "call", key: "context-get:elsewhere", text: "sends a get of a shown prompt to a server it was not shown for, or to its server under another name" }
    : { kind: "call", key: "context-read:elsewhere", text: "sends a read of a shown resource to a server it was not shown for" },
  reread: (): CaseFact => ({ kind: "prefix", key: "context-prefix:reread-first-page", text: "reads a paged list of prompts or resources again without following its cursor, where its first read followed it" }),
  renamed: (list: ContextListName, joins: readonly string[]): CaseFact => ({ kind: "renamed", key: `context-renamed:${list}`, text: `shows one ${WORDS[list].one} under several names (${[...joins].sort().map(joinWords).join(", ")})` }),
};

/** The main world's context record and its sessions, each with the tool record of the same session (its errors). */
function mainWorld(evidence: Evidence, records: readonly SessionRecord[]): { world?: ContextWorldRecord; all: ContextWorldRecord[] } {
  const all = contextRecords(evidence);
  const main = records[0]?.world;
  return { world: all.find((entry) => entry.world === main), all };
}

/** What one reading of a session needs: its world, what each error names, what it showed first. */
interface Reading {
  world: ContextWorldRecord;
  session: ContextSessionRecord;
  named: (key: string) => boolean;
  anonymous: boolean;
}

const readingOf = (world: ContextWorldRecord, session: ContextSessionRecord, records: readonly SessionRecord[]): Reading => {
  const record = records.find((entry) => entry.session === session.session);
  return { world, session, named: (key) => record !== undefined && errorsNameServer(record, key), anonymous: record !== undefined && errorsNameNoServer(record) };
};

/** The pairs the first answer of `lists` shows, as JSON. */
const shownPairs = (session: ContextSessionRecord, lists: readonly ContextListName[]) =>
  new Set(lists.flatMap((list) => (session.shown[list][0] ?? []).flatMap((entry) => (entry.pair ? [JSON.stringify(entry.pair)] : []))));

/** Per family, the lists whose entries count as shown together (a template without variables may stand for a resource). */
const FAMILY: Record<ContextListName, ContextListName[]> = { prompts: ["prompts"], resources: ["resources", "templates"], templates: ["templates", "resources"] };

/** What a server lost of `list` in the session, and the fact that reads each loss; words for a reader beside. */
function losses(reading: Reading, list: ContextListName): Array<{ fact: CaseFact; words: string }> {
  const { session, world, named, anonymous } = reading;
  if (session.shown[list][0] === undefined || anonymous) return [];
  const first = session.shown[list][0] ?? [];
  // Where some entry names no pair, which listed entries it stands for cannot be told.
  if (first.some((entry) => !entry.pair)) return [];
  const shown = shownPairs(session, FAMILY[list]);
  return world.servers.flatMap((server) => {
    const listed = server.listed[list] ?? [];
    if (server.failing.includes(list) || named(server.key)) return [];
    const missing = listed.filter((name) => !shown.has(JSON.stringify([server.key, name])));
    if (missing.length === 0) return [];
    const words = `does not show the ${WORDS[list].many} ${quoted(missing)} of ${quote(server.key)}, and no error names ${quote(server.key)}`;
    const paging = server.paging[list];
    const kept = listed.filter((name) => !missing.includes(name));
    const cursors = (server.requests[list] ?? []).filter((cursor) => cursor !== undefined);
    if (paging && kept.length === paging.pageSize && listed.slice(0, kept.length).every((name, at) => name === kept[at]) && cursors.length === 0) {
      const asked = (server.requests[list] ?? []).length;
      const how = `asked ${quote(server.key)} for ${LIST_METHOD[list]} ${asked} time${asked === 1 ? "" : "s"}, never with a cursor${paging.emptyCursor ? " (its first page's nextCursor is \"\")" : ""}`;
      return [{ fact: paging.emptyCursor ? contextSaid.emptyCursor() : contextSaid.page(), words: `${words}; ${how}` }];
    }
    return missing.map((name) => {
      const survivor = world.servers.find((other) => other.key !== server.key && shown.has(JSON.stringify([other.key, name])));
      if (!survivor) return { fact: contextSaid.lost(list, name), words };
      const as = first.find((entry) => entry.pair?.[0] === survivor.key && entry.pair[1] === name);
      return { fact: contextSaid.clash(list), words: `${words}; shows ${quote(as?.label ?? name)} for ${pairWords([survivor.key, name])}` };
    });
  });
}

/** Servers whose failing list the host asked for, and no error names. */
function unnamedFailures(reading: Reading): Array<{ fact: CaseFact; words: string }> {
  const { world, named, anonymous } = reading;
  if (anonymous) return [];
  return world.servers.flatMap((server) => server.failing.filter((list) => (server.requests[list] ?? []).length > 0 && !named(server.key))
    .map((list) => ({ fact: contextSaid.failing(), words: `${quote(server.key)} answered ${LIST_METHOD[list]} with an error, and no error names ${quote(server.key)}` })));
}

/** Names shown for several pairs, and templates shown among the resources. */
function doubles(reading: Reading): Array<{ fact: CaseFact; words: string }> {
  const { session, world } = reading;
  const out: Array<{ fact: CaseFact; words: string }> = [];
  const resources = session.shown.resources[0] ?? [];
  for (const server of world.servers) {
    for (const template of server.listed.templates ?? []) {
      const times = resources.filter((entry) => entry.pair?.[0] === server.key && entry.pair[1] === template).length;
      const asResource = (server.listed.resources ?? []).filter((uri) => uri === template).length;
      // Listed both ways without variables, and shown as a resource and as a template: one URI shown twice.
      const asTemplate = (session.shown.templates[0] ?? []).filter((entry) => entry.pair?.[0] === server.key && entry.pair[1] === template).length;
      if (times <= asResource && asResource > 0 && !template.includes("{") && times + asTemplate > 1) {
        out.push({ fact: contextSaid.twin(), words: `shows ${quote(template)} of ${quote(server.key)} ${times + asTemplate} times, as a resource and as a template (it lists it both ways)` });
      }
      if (times > asResource) {
        out.push({ fact: contextSaid.templateAsResource(), words: asResource > 0
          ? `shows ${quote(template)} of ${quote(server.key)} ${times} times among the resources (it lists it once as a resource and once as a template)`
          : `shows the template ${quote(template)} of ${quote(server.key)} as a resource` });
      }
    }
  }
  for (const list of ["prompts", "resources"] as const) {
    const byKey = new Map<string, ShownEntry[]>();
    for (const entry of session.shown[list][0] ?? []) byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
    for (const entries of byKey.values()) {
      const pairs = new Set(entries.map((entry) => (entry.pair ? JSON.stringify(entry.pair) : "?")));
      if (entries.length < 2 || (pairs.size < 2 && !pairs.has("?"))) continue;
      const who = entries.map((entry) => (entry.pair ? pairWords(entry.pair) : "an entry of no server named"));
      out.push({ fact: contextSaid.twice(list), words: `shows the ${WORDS[list].one} ${quote(entries[0]!.label)} ${entries.length} times (for ${[...new Set(who)].join(", ")})` });
    }
  }
  return out;
}

/** Gets and reads a server received more often than the harness asked for its own entries of that name or URI. */
function deliveries(world: ContextWorldRecord): Array<{ fact: CaseFact; words: string }> {
  const out: Array<{ fact: CaseFact; words: string }> = [];
  for (const list of ["prompts", "resources"] as const) {
    const entries = world.sessions.flatMap((session) => [...(session.shown[list][0] ?? []), ...(list === "resources" ? session.shown.templates[0] ?? [] : [])]);
    const asked = world.sessions.flatMap((session) => (list === "prompts" ? session.gets : session.reads));
    const method = list === "prompts" ? "prompts/get" : "resources/read";
    for (const server of world.servers) {
      const received = list === "prompts" ? server.gets : server.reads;
      for (const name of new Set(received)) {
        const times = received.filter((entry) => entry === name).length;
        const keys = new Set(entries.filter((entry) => entry.pair?.[0] === server.key && entry.pair[1] === name).map((entry) => entry.key));
        const own = asked.filter((fetch) => keys.has(fetch.key)).length;
        if (times <= own) continue;
        const titled = list === "prompts" && !(server.listed.prompts ?? []).includes(name) ? entries.find((entry) => entry.pair?.[0] === server.key && entry.title === name) : undefined;
        out.push(titled
          ? { fact: contextSaid.title(), words: `${quote(server.key)} received ${method} for ${quote(name)}, the title shown for ${pairWords(titled.pair!)}` }
          : { fact: contextSaid.elsewhere(list), words: `${quote(server.key)} received ${method} for ${quote(name)} ${times} time${times === 1 ? "" : "s"}, asked ${own} time${own === 1 ? "" : "s"} for its own entry of it` });
      }
    }
  }
  return out;
}

/**
 * A paged list read again (a refresh, a list_changed) with no cursor followed, where its first read followed
 * one: each read starts with a request without a cursor. The server's list may have changed since, so what
 * the later read lost is not said, only how the host read it.
 */
function rereads(world: ContextWorldRecord): Array<{ fact: CaseFact; words: string }> {
  return world.servers.flatMap((server) => (Object.keys(server.paging) as ContextListName[]).flatMap((list) => {
    const walks: Array<Array<string | undefined>> = [];
    for (const cursor of server.requests[list] ?? []) {
      if (cursor === undefined || walks.length === 0) walks.push([cursor]);
      else walks.at(-1)!.push(cursor);
    }
    const later = walks.slice(1).filter((walk) => walk.length === 1).length;
    if ((walks[0]?.length ?? 0) < 2 || later === 0) return [];
    return [{ fact: contextSaid.reread(), words: `asked ${quote(server.key)} for ${LIST_METHOD[list]} with ${walks[0]!.length - 1} cursor${walks[0]!.length === 2 ? "" : "s"} at first, then ${later} more time${later === 1 ? "" : "s"} with none` }];
  }));
}

/** One (server, name or URI) shown under several labels anywhere in the case. */
function renamings(all: readonly ContextWorldRecord[]): Array<{ fact: CaseFact; words: string }> {
  for (const list of ["prompts", "resources"] as const) {
    const labels = new Map<string, Set<string>>();
    for (const world of all) for (const session of world.sessions) for (const answer of session.shown[list]) for (const entry of answer) {
      if (entry.pair) labels.set(JSON.stringify(entry.pair), new Set([...(labels.get(JSON.stringify(entry.pair)) ?? []), entry.label]));
    }
    const renamed = [...labels].find(([, set]) => set.size > 1);
    if (!renamed) continue;
    const pair = JSON.parse(renamed[0]) as [string, string];
    const joins = [...new Set([...renamed[1]].map((label) => joinOf(label, pair[0], pair[1]) ?? "another label"))];
    return [{ fact: contextSaid.renamed(list, joins), words: `shows ${pairWords(pair)} as ${quoted([...renamed[1]])} in the case's worlds` }];
  }
  return [];
}

/** Each fact the prompt and resource records of the case show, with its words, in the order a reader meets them. */
function readings(evidence: Evidence, records: readonly SessionRecord[]): Array<{ fact: CaseFact; words: string; session: number }> {
  const { world, all } = mainWorld(evidence, records);
  if (!world) return [];
  const perSession = world.sessions.flatMap((session) => {
    const reading = readingOf(world, session, records);
    return [...unnamedFailures(reading), ...doubles(reading), ...(["prompts", "resources", "templates"] as const).flatMap((list) => losses(reading, list))]
      .map((entry) => ({ ...entry, session: session.session }));
  });
  return [...perSession, ...rereads(world).map((entry) => ({ ...entry, session: 0 })), ...deliveries(world).map((entry) => ({ ...entry, session: 0 })), ...renamings(all).map((entry) => ({ ...entry, session: 0 }))];
}

/** Every world-independent fact the prompt and resource records of a case show (none for a case of tools). */
export function contextFacts(evidence: Evidence, records: readonly SessionRecord[]): CaseFact[] {
  return readings(evidence, records).map((entry) => entry.fact);
}

/** What the host did with prompts and resources in the case's main world, in words: anomalies first, then what each session showed. */
export function contextBehaviour(evidence: Evidence, records: readonly SessionRecord[]): { facts: string[]; anomalies: string[] } {
  const { world } = mainWorld(evidence, records);
  if (!world) return { facts: [], anomalies: [] };
  const anomalies = [...new Set(readings(evidence, records).map((entry) => entry.words))];
  const facts = world.sessions.flatMap((session) => (["prompts", "resources", "templates"] as const).flatMap((list) => {
    const first = session.shown[list][0];
    return first === undefined || (list === "templates" && first.length === 0) ? [] : [`showed ${first.length} ${WORDS[list].many}${first.length > 0 ? `: ${quoted(first.map((entry) => entry.label))}` : ""}`];
  }));
  return { facts: [...anomalies, ...facts], anomalies };
}
