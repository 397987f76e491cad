/**
 * Policy (docs/defects.md says it to users): facts about what a host did across the steps of one case (a
 * cancellation, a cursor sent back again and again, per-server options, a list read again, pins, opens after
 * an earlier one), read from the records
 * like every fact, each said the same way in every world. Each explains only the clauses that name its kind
 * (explaining-fact.ts, CLAUSE_KINDS): what a clause's case did between the records' steps (a server's list changed,
 * it became unreachable, it came back) the records do not keep, so such a fact is read where the clause's own
 * case supplies that step, and says what it cannot tell.
 */
import { CURSOR_LOOP_BOUND } from "../world/hazards.ts";
import { ToolsResultSchema } from "../protocol/tools-result.ts";
import { pairText } from "./call-deliveries.ts";
import type { CaseFact } from "./fact-readings.ts";
import type { Advertised } from "./loss-facts.ts";
import type { Evidence } from "./report-model.ts";
import { refusedBy } from "./request-schema.ts";
import { namesServer, type SessionRecord } from "./session-records.ts";

/** The per-server options an open passed (setupOf's canonical JSON), by server key. */
function optionsOf(record: SessionRecord): Map<string, { requestSchemas?: Record<string, unknown>; pin?: unknown }> {
  try {
    const servers = (JSON.parse(record.setup || "{}") as { servers?: Array<{ key?: string; requestSchemas?: Record<string, unknown>; pin?: unknown }> }).servers ?? [];
    return new Map(servers.map((server) => [String(server.key ?? ""), server]));
  } catch {
    return new Map();
  }
}

/** Every message each server of world `world` received. */
function receivedIn(evidence: Evidence, world: number): Map<string, Extract<Evidence["steps"][number], { kind: "received" }>["messages"]> {
  return new Map(evidence.steps.flatMap((step) => (step.kind === "received" && step.world === world ? [[step.server, step.messages] as const] : [])));
}

/** How many times a server was asked for the first page of its tool list (a tools/list without a cursor). */
const firstPageReads = (messages: ReadonlyArray<{ method: string; cursor?: string }>) => messages.filter((message) => message.method === "tools/list" && message.cursor === undefined).length;

/** How many times the harness asked session `session` for its tool list. */
const listsAsked = (evidence: Evidence, session: number) => evidence.steps.filter((step) => step.kind === "host" && step.method === "tools" && step.session === session).length;

const pairsOf = (surface: SessionRecord["surfaces"][number] | undefined) => new Set((surface ?? []).flatMap((tool) => (tool.pair ? [JSON.stringify(tool.pair)] : [])));

/** Each fact's words, so every reading says it alike. */
export const clauseFactWords = {
  cancelled: (): CaseFact => ({ kind: "cancel", key: "cancel:finished-call", text: "cancels calls that had already completed: notifications/cancelled followed an answer the host had handed back" }),
  cancelledList: (): CaseFact => ({ kind: "cancel", key: "cancel:answered-list", text: "cancels a server's initialize or tools/list after it had answered, for a server whose tools the host shows" }),
  unenforced: (): CaseFact => ({ kind: "request-schema", key: "request-schema:unenforced", text: "enforces no request schema given under a tool's own name: a call that breaks it reached its server" }),
  unknownKey: (): CaseFact => ({ kind: "request-schema", key: "request-schema:unknown-silent", text: "reports no error for a request schema given under a name its server does not advertise" }),
  neverRelisted: (): CaseFact => ({ kind: "unheeded", key: "unheeded:list-changed", text: "ignores notifications/tools/list_changed: it asks no server for its list again, and every later list is the one the open showed" }),
  keepsAll: (): CaseFact => ({ kind: "relist", key: "relist:keeps-all", text: "keeps every tool it showed when a server's list is read again: a later list drops none of the earlier one's" }),
  pruned: (): CaseFact => ({ kind: "prune", key: "prune:failed-refresh", text: "drops every tool of a server whose refresh failed: the refresh's error names it, and none of its tools is shown after" }),
  prunedSilently: (): CaseFact => ({ kind: "prune", key: "prune:no-error", text: "drops every tool of a refreshed server without an error: the refresh reported none, and none of the server's tools is shown after" }),
  cursorLoop: (): CaseFact => ({ kind: "cursor-loop", key: "cursor-loop:tools", text: `asks a server for the same page of its tool list again and again, sending one nextCursor back more than ${CURSOR_LOOP_BOUND} times on one connection` }),
  pinsPass: (): CaseFact => ({ kind: "pin", key: "pin:no-drift", text: "reports no drift at an open given its earlier pins: no error names a pinned server (what changed since the pin, the records do not keep)" }),
  remembered: (): CaseFact => ({ kind: "remembered", key: "remembered:failed-server", text: "reports a server that failed at one open as failed at a later one without reaching it (it received nothing; whether it was back by then, the records do not say)" }),
  leftOut: (): CaseFact => ({ kind: "later-opens", key: "later-opens:failed-call", text: "leaves out, with no error, a server a call of which failed in an earlier session: later opens never reach it" }),
  refusedItself: (): CaseFact => ({ kind: "refused-call", key: "refused-call:itself", text: "refuses every call of one tool itself, before any reaches its server (the records keep no timings: how long each refusal took, each violation says)" }),
  withoutDefs: (): CaseFact => ({ kind: "schema", key: "schema:without-defs", text: "hands the model a tool's input schema without its $defs, so a $ref dangles" }),
  dangling: (): CaseFact => ({ kind: "schema", key: "schema:dangling-ref", text: "hands the model a tool's input schema with a $ref that resolves to nothing in it" }),
  protoPoisons: (): CaseFact => ({ kind: "later-opens", key: "later-opens:proto-call", text: "refuses later opens whole, with an error naming no server, after a call of a tool named \"__proto__\", where the same servers opened cleanly before" }),
};

type Received = ReturnType<typeof receivedIn>;

/** The facts of a case's steps (see the module's policy). `main` are the sessions of its first world, `records` all of them. */
export function clauseFacts(evidence: Evidence, records: readonly SessionRecord[], main: readonly SessionRecord[], advertised: readonly Advertised[]): CaseFact[] {
  const received = receivedIn(evidence, main[0]?.world ?? 0);
  // Read again: more first pages than the world had opens (a refresh on the open's connection, or a new one).
  const relisted = [...received.values()].some((messages) => firstPageReads(messages) > main.length);
  return [
    ...cancellations(received, main), ...cursorLoops(received),
    ...main.flatMap((record) => [...optionFacts(record, received, advertised), ...listFacts(evidence, record, relisted)]),
    ...laterOpens(evidence, records), ...danglingRefs(evidence, main),
  ];
}

/** notifications/cancelled for a request the server had answered, whose answer the host had. */
function cancellations(received: Received, main: readonly SessionRecord[]): CaseFact[] {
  const routes = new Set(main.flatMap((record) => record.calls.filter((call) => call.answer === "ok" || call.answer === "tool-error").map((call) => call.route)));
  const shownKeys = new Set(main.flatMap((record) => record.surfaces.flat().flatMap((tool) => (tool.pair ? [tool.pair[0]] : []))));
  return [...received].flatMap(([server, messages]) => messages.flatMap((message) => {
    const cancelled = message.method === "notifications/cancelled" ? message.cancelled : undefined;
    if (!cancelled?.answered) return [];
    if (cancelled.method === "tools/call") return routes.has(pairText(server, cancelled.tool ?? "")) ? [clauseFactWords.cancelled()] : [];
    return ["initialize", "tools/list"].includes(cancelled.method) && shownKeys.has(server) ? [clauseFactWords.cancelledList()] : [];
  }));
}

/** A server asked for the page of one cursor more than CURSOR_LOOP_BOUND times on one connection. */
function cursorLoops(received: Received): CaseFact[] {
  for (const messages of received.values()) {
    const sent = new Map<string, number>();
    for (const message of messages) {
      if (message.method !== "tools/list" || message.cursor === undefined) continue;
      const key = JSON.stringify([message.connection, message.cursor]);
      sent.set(key, (sent.get(key) ?? 0) + 1);
    }
    if ([...sent.values()].some((count) => count > CURSOR_LOOP_BOUND)) return [clauseFactWords.cursorLoop()];
  }
  return [];
}

/** Request schemas and pins the open was given, and what the host did with them; calls it refused itself. */
function optionFacts(record: SessionRecord, received: Received, advertised: readonly Advertised[]): CaseFact[] {
  const facts: CaseFact[] = [];
  const opened = record.errors[0];
  for (const [key, options] of optionsOf(record)) {
    const tools = advertised.find((server) => server.key === key)?.tools;
    for (const [name, schema] of Object.entries(options.requestSchemas ?? {})) {
      const arrived = (received.get(key) ?? []).filter((message) => message.method === "tools/call" && message.tool === name);
      if (tools?.includes(name) && arrived.some((message) => refusedBy(schema, message.arguments ?? {}))) facts.push(clauseFactWords.unenforced());
      if (tools && !tools.includes(name) && opened === "no error") facts.push(clauseFactWords.unknownKey());
    }
  }
  // An error naming no server may be the drift report: only an open whose errors name none of the pinned servers, and none anonymous.
  const pinned = [...optionsOf(record)].filter(([, options]) => options.pin !== undefined).map(([key]) => key);
  // Only an open that answered (no error, or errors naming servers): garbage is no report of drift either way.
  const answered = opened !== undefined && (opened === "no error" || opened.startsWith("names "));
  if (pinned.length > 0 && answered && !opened.includes("names no server") && !pinned.some((key) => namesServer(opened, key))) facts.push(clauseFactWords.pinsPass());
  // Several calls of one name, each answered with the host's error and none reaching a server.
  const refused = (name: string) => record.calls.filter((call) => call.name === name).every((call) => call.route === "no server" && call.answer === "error");
  if ([...new Set(record.calls.map((call) => call.name))].some((name) => record.calls.filter((call) => call.name === name).length > 1 && refused(name))) facts.push(clauseFactWords.refusedItself());
  return facts;
}

/**
 * A list read again that drops nothing the earlier list showed, or none read again at all; a refreshed server
 * dropped, by a refresh whose error names it or by one that reported no error.
 */
function listFacts(evidence: Evidence, record: SessionRecord, relisted: boolean): CaseFact[] {
  const facts: CaseFact[] = [];
  const first = pairsOf(record.surfaces[0]);
  if (relisted && first.size > 0 && [...first].every((pair) => pairsOf(record.surfaces.at(-1)).has(pair))) facts.push(clauseFactWords.keepsAll());
  if (record.surfaces.length === 1 && !relisted && record.steps.length === 0 && listsAsked(evidence, record.session) > 1) facts.push(clauseFactWords.neverRelisted());
  record.surfaces.slice(1).forEach((later, index) => {
    const step = record.after[index + 1] ?? "";
    const keys = [...new Set((record.surfaces[index] ?? []).flatMap((tool) => (tool.pair ? [tool.pair[0]] : [])))];
    const dropped = (key: string) => !later.some((tool) => tool.pair?.[0] === key);
    const refresh = record.refreshes.get(step);
    if (refresh && keys.some((key) => refresh.named.includes(key) && dropped(key))) facts.push(clauseFactWords.pruned());
    // A refresh of that server, or of every server, that reported no error at all.
    const asked = (key: string) => refresh?.server === undefined || refresh.server === key;
    if (refresh?.outcome === "no error" && keys.some((key) => asked(key) && dropped(key))) facts.push(clauseFactWords.prunedSilently());
  });
  return facts;
}

/** Keywords whose values are data, not schemas: a `$ref` key inside them refers to nothing. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);
/** How deep a schema is read: a host's output or a report from disk may nest without end. */
const MAX_DEPTH = 64;

/** Every `$ref` string a schema holds (to MAX_DEPTH). */
const refsOf = (schema: unknown, depth = 0): string[] => typeof schema !== "object" || schema === null || depth > MAX_DEPTH ? []
  : Object.entries(schema).flatMap(([key, value]) => (key === "$ref" && typeof value === "string" ? [value] : DATA_KEYWORDS.has(key) ? [] : refsOf(value, depth + 1)));

/** What a local reference (`#/...`) points to in `schema`, or undefined where nothing is there. */
function resolve(schema: unknown, ref: string): unknown {
  return ref.slice(2).split("/").filter((part) => part !== "").map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<unknown>((at, part) => (typeof at === "object" && at !== null && Object.hasOwn(at, part) ? (at as Record<string, unknown>)[part] : undefined), schema);
}

/** A shown tool's input schema (the evidence keeps one that refers) whose local `$ref` resolves to nothing in it. */
function danglingRefs(evidence: Evidence, main: readonly SessionRecord[]): CaseFact[] {
  const sessions = new Set(main.map((record) => record.session));
  // A report read from disk is untrusted: the answer is parsed, never assumed.
  const schemas = evidence.steps.flatMap((step) => step.kind === "host" && step.method === "tools" && step.session !== undefined && sessions.has(step.session)
    ? (ToolsResultSchema.safeParse(step.answer).data?.tools ?? []).map((tool) => tool.inputSchema) : []);
  return schemas.flatMap((schema) => refsOf(schema).filter((ref) => ref.startsWith("#/") && resolve(schema, ref) === undefined).map((ref) =>
    ref.startsWith("#/$defs/") && !Object.hasOwn(schema as object, "$defs") ? clauseFactWords.withoutDefs() : clauseFactWords.dangling()));
}

/**
 * Opens after an earlier one on worlds of the same servers: a server named failed at one open and again at a later
 * one, never reached; a server left out with no error after a call of it failed; every open refused after a
 * call of "__proto__".
 */
function laterOpens(evidence: Evidence, records: readonly SessionRecord[]): CaseFact[] {
  const facts: CaseFact[] = [];
  const serversOf = (world: number) => {
    const step = evidence.steps.find((entry) => entry.kind === "world" && entry.world === world);
    return step?.kind === "world" ? JSON.stringify(step.servers.map((server) => [server.key, server.tools])) : "";
  };
  records.forEach((record, index) => {
    // A call may poison the process on any world before; what the same servers did before, on theirs.
    const before = records.slice(0, index);
    const earlier = before.filter((other) => serversOf(other.world) === serversOf(record.world));
    if (earlier.length === 0) return;
    const received = receivedIn(evidence, record.world);
    const keys = [...received.keys()];
    const nothing = (key: string) => (received.get(key) ?? []).length === 0;
    const opened = record.errors[0] ?? "";
    for (const key of keys) {
      if (nothing(key) && namesServer(opened, key) && earlier.some((other) => namesServer(other.errors[0] ?? "", key))) facts.push(clauseFactWords.remembered());
      const failedCall = before.some((other) => other.calls.some((call) => call.answer === "error" && call.route.startsWith(`${JSON.stringify(key)} / `)));
      if (nothing(key) && opened === "no error" && failedCall) facts.push(clauseFactWords.leftOut());
    }
    const proto = before.some((other) => other.calls.some((call) => call.route.endsWith(' / "__proto__"')));
    const clean = earlier.some((other) => other.errors[0] === "no error");
    if (proto && clean && opened === "names no server" && keys.every(nothing)) facts.push(clauseFactWords.protoPoisons());
  });
  return facts;
}
