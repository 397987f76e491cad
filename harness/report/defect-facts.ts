/**
 * Policy (docs/defects.md says it to users): the facts a case's records show about the host, each said the
 * same way whatever the world, so two findings on different worlds can be seen to share one cause. A fact
 * names a host behaviour by its form, never by the world's strings: "a pair lost under the name `{key}-{tool}`
 * gives another pair", not "alpha / b-c lost". Each is read from the records of the case's main world
 * (session-records.ts): the tools the host showed, with the pair each description names, the servers'
 * lists as advertised, where each call arrived and what the host answered, and what else the open asked.
 * A clause names the kinds of fact that can explain its failure, in the order it prefers them
 * (explaining-fact.ts); group-defects.ts makes findings explained by the same fact one defect.
 */
import { sanitisedName } from "../world/situations.ts";
import { listPaging } from "./call-deliveries.ts";
import { clauseFacts } from "./clause-facts.ts";
import { contextFacts } from "./context-facts.ts";
import { CLAUSE_ONLY_KINDS, FACT_KINDS, facts as said, fill, joinOf, mergeFacts, PROFILE_JOIN, PROVIDER_NAME, strippedTo, type CaseFact, type FactKind } from "./fact-readings.ts";
import { heldReading, lossFacts, unnamedFailure, wholeOpen, type Advertised } from "./loss-facts.ts";
import type { Evidence } from "./report-model.ts";
import { errorsNameNoServer, errorsNameServer, sessionRecords, type SessionRecord, type ShownTool } from "./session-records.ts";
import { targetReadings } from "./target-facts.ts";

export { FACT_KINDS, joinOf, type CaseFact, type FactKind } from "./fact-readings.ts";
export { explainingFact } from "./explaining-fact.ts";

/** The join most shown tools of a session follow (ties: the first met), or undefined when none shows a pair. */
function hostJoin(tools: readonly ShownTool[]): string | undefined {
  const counts = new Map<string, number>();
  for (const tool of tools) {
    if (!tool.pair) continue;
    const join = joinOf(tool.shown, tool.pair[0], tool.pair[1]);
    if (join !== undefined) counts.set(join, (counts.get(join) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** The facts of one session: what its last list shows and lost, its calls, its local tools. */
function sessionFacts(record: SessionRecord, advertised: readonly Advertised[]): CaseFact[] {
  const facts: CaseFact[] = [];
  // What the open showed, before any refresh changed the servers' lists.
  const surface = record.surfaces[0] ?? [];
  const anonymous = errorsNameNoServer(record);
  const join = hostJoin(surface);
  // The names each pair would have under the host's join, else under the usual joins (a host whose only
  // tool was cut shows no join to infer).
  const fulls = (key: string, name: string) => [...new Set([join, PROFILE_JOIN, "{tool}"].filter((entry) => entry !== undefined))].map((entry) => fill(entry, key, name));
  // A name with what is outside ASCII stripped from its end is a prefix too: stripped first, cut only otherwise.
  const strippedOf = (tool: ShownTool) => tool.pair !== undefined && fulls(tool.pair[0], tool.pair[1]).some((full) => strippedTo(full, tool.shown));
  const cutOf = (tool: ShownTool) => tool.pair !== undefined && tool.shown.length > 0 && !strippedOf(tool) && fulls(tool.pair[0], tool.pair[1]).some((full) => full !== tool.shown && full.startsWith(tool.shown));
  const foldOf = (name: string) => name.normalize("NFKC").toLowerCase();
  for (const tool of surface) {
    if (cutOf(tool)) facts.push(said.cut(tool.shown.length));
    if (strippedOf(tool)) facts.push(said.stripped());
    const full = tool.pair && join !== undefined ? fill(join, tool.pair[0], tool.pair[1]) : undefined;
    // A name shown otherwise than its join gives it: folded or sanitised (the same fact as a tool lost to it).
    if (full !== undefined && full !== tool.shown && !cutOf(tool) && !strippedOf(tool)) {
      if (tool.shown === foldOf(full)) facts.push({ kind: "folded", key: `folded:${join}`, text: "folds names (case and compatibility forms), so tools meet on one name" });
      else if (tool.shown === sanitisedName(full)) facts.push({ kind: "folded", key: `sanitised:${join}`, text: "sanitises names, so tools meet on one name" });
    }
    if (tool.pair?.[1] === "") facts.push({ kind: "refused", key: "refused", text: "shows names a provider's rule refuses" });
    if (!PROVIDER_NAME.test(tool.shown)) facts.push({ kind: "refused", key: "refused", text: "shows names a provider's rule refuses" });
  }
  const byName = new Map<string, number>();
  for (const tool of surface) byName.set(tool.shown, (byName.get(tool.shown) ?? 0) + 1);
  if ([...byName.values()].some((count) => count > 1)) facts.push(said.twice(join));
  const shownPairs = new Set(surface.flatMap((tool) => (tool.pair ? [JSON.stringify(tool.pair)] : [])));
  const advertisedPairs = new Set(advertised.flatMap((server) => server.tools.map((tool) => JSON.stringify([server.key, tool]))));
  for (const call of record.calls) if (advertisedPairs.has(JSON.stringify(pairOfRoute(call.route)))) shownPairs.add(JSON.stringify(pairOfRoute(call.route)));
  // Where some shown tool names no pair, which advertised tools it stands for cannot be told: no loss is read.
  const unknown = surface.some((tool) => !tool.pair && !record.local.includes(tool.shown));
  // A host that shows some name other than its join gives it transforms names (cuts, folds, sanitises).
  const transforms = surface.some((tool) => tool.pair && join !== undefined && fill(join, tool.pair[0], tool.pair[1]) !== tool.shown);
  const named = (key: string) => errorsNameServer(record, key);
  for (const server of advertised) if (server.failing && !named(server.key) && !anonymous) facts.push(unnamedFailure(server));
  // A deny list the open passed, and a tool it names shown all the same.
  const options = (() => {
    try {
      return (JSON.parse(record.setup || "{}") as { servers?: Array<{ key?: string; deny?: unknown }> }).servers ?? [];
    } catch {
      return [];
    }
  })();
  for (const server of options) {
    const denied = Array.isArray(server.deny) ? server.deny.map(String) : [];
    if (surface.some((tool) => tool.pair && tool.pair[0] === server.key && denied.includes(tool.pair[1]))) facts.push({ kind: "options", key: "options:deny-ignored", text: "shows a tool its server's deny list names" });
  }
  // A session that never asked for the list shows nothing about losses; one whose open failed whole, one fact.
  const listed = record.surfaces.length > 0;
  const whole = listed && surface.length === 0 && (record.errors[0] ?? "no error") !== "no error";
  if (whole && advertised.some((server) => !server.failing && server.tools.length > 0)) facts.push(wholeOpen(advertised, named));
  const lost = (listed && !whole ? advertised : []).flatMap((server) => {
    const missing = server.tools.filter((tool) => !shownPairs.has(JSON.stringify([server.key, tool])));
    // A loss under an error that names no server is that error's doing (read below), not a silent one.
    if (missing.length === 0 || unknown || anonymous || named(server.key) || (server.failing && surface.length > 0 && missing.length === server.tools.length)) return [];
    return lossFacts(server, missing, surface, { ...(join !== undefined ? { join } : {}), fulls, cutOf, transforms });
  });
  facts.push(...heldReading(lost, surface));
  // A server whose prompt, resource or template list failed did not load cleanly, whatever its tools did: an error naming it is due.
  const clean = (key: string) => advertised.some((server) => server.key === key && !server.failing && !server.contextFailing);
  // Not one of its tools shown, one of them a name the surface already shows for another server's tool, and
  // the open's error quoting that name: refused for the clash, not for its paging or anything else.
  const refusedOnClash = (key: string) => {
    const server = advertised.find((entry) => entry.key === key);
    const held = (tool: string) => surface.some((entry) => entry.shown === tool && entry.pair !== undefined && entry.pair[0] !== key) && (record.firstError ?? "").includes(tool);
    return server !== undefined && !surface.some((entry) => entry.pair?.[0] === key) && server.tools.some(held);
  };
  // Each cleanly loaded server an error names, read on its own: one error may name several.
  const errorFact = (key: string): CaseFact => advertised.some((server) => server.key === key && server.tools.length === 0)
    ? { kind: "error", key: "error:empty-server", text: "reports an error for a server that advertises no tools" }
    : refusedOnClash(key) ? { kind: "error", key: "error:clash-refused", text: "refuses a server whose tool name another server's tool already holds" }
      : { kind: "error", key: "error:healthy-server", text: "reports an error naming a server that loaded cleanly" };
  for (const errors of record.errors) {
    const named = [...errors.matchAll(/names ("(?:[^"\\]|\\.)*")/g)].map((match) => JSON.parse(match[1]!) as string);
    const read = new Map(named.filter(clean).map(errorFact).map((fact) => [fact.key, fact]));
    facts.push(...read.values());
  }
  if (anonymous) facts.push({ kind: "error", key: "error:names-no-server", text: "reports an error that names no server" });
  for (const call of record.calls) {
    const tool = (record.surfaces.at(-1) ?? []).find((entry) => entry.shown === call.name);
    const local = record.local.includes(call.name);
    const kind = call.answer === "garbage" ? "answered garbage"
      : call.route.includes(" + ") ? "reached several servers"
        : local ? (call.route === "no server" ? undefined : "reached a server, not the local tool of its name")
          : call.route === "no server" ? "reached no server"
            : tool?.pair && JSON.stringify(pairOfRoute(call.route)) !== JSON.stringify(tool.pair)
              ? (pairOfRoute(call.route)[0] === tool.pair[0] ? "reached its server under another tool name" : "reached another server's tool")
              : call.answer === "error" ? "was refused by the host"
                : call.unmarkedToolError ? "answered a tool error, which the host handed on as ordinary output" : undefined;
    if (kind) facts.push({ kind: "call", key: `call:${kind}`, text: `a call of a shown tool ${kind}` });
  }
  const accepted = record.steps.filter((step) => step.startsWith("registerLocal") && step.endsWith(": accepted")).map((step) => /\(([^)]*)\): accepted$/.exec(step)?.[1] ?? "?");
  for (const shape of new Set(accepted)) facts.push({ kind: "local", key: `local:accepted:${shape}`, text: `accepts a local tool on a name already shown (${shape})` });
  const unidentified = surface.filter((tool) => tool.identity === undefined).length;
  if (record.placed.length > unidentified && record.surfaces.length > 0) facts.push({ kind: "local", key: "local:lost", text: "shows no tool for a local tool placed in the open" });
  if (record.unchanged.some((step) => record.refreshes.has(step))) facts.push({ kind: "refresh", key: "refresh:unchanged", text: "shows the same list after a refresh of a server whose list changed" });
  // After a refresh the servers' lists have changed, and the world no longer says what they advertise:
  // only what the lists before and after show is read.
  record.surfaces.slice(1).forEach((later, index) => {
    const before = record.surfaces[index] ?? [];
    const names = later.map((tool) => tool.shown);
    if (new Set(names).size < names.length) facts.push({ kind: "refresh", key: "refresh:twice", text: "after a refresh, shows one name for several tools" });
    const after = new Set(later.flatMap((tool) => (tool.pair ? [JSON.stringify(tool.pair)] : [])));
    const gone = before.filter((tool) => tool.pair && !after.has(JSON.stringify(tool.pair)) && !errorsNameServer(record, tool.pair![0]));
    if (gone.length > 0 && later.length >= before.length) facts.push({ kind: "refresh", key: "refresh:displaced", text: "after a refresh, no longer shows a tool of a server whose list still holds it" });
    // Nothing at all on a later list, no error reported, though servers not refreshed had tools shown before it: after a
    // refresh of one server that reported none, some other server; after no step, two servers at least (one server's
    // tools gone may be that server's doing, and what the case did between the lists the records do not keep).
    const step = record.after[index + 1] ?? "";
    // The one server a refresh that reported no error was asked for (null: no step; undefined: any other step).
    const refresh = record.refreshes.get(step);
    const refreshed = step === "" ? null : refresh?.outcome === "no error" && refresh.server !== undefined ? refresh.server : undefined;
    const others = new Set(before.flatMap((tool) => (tool.pair && tool.pair[0] !== refreshed ? [tool.pair[0]] : [])));
    const quiet = step !== "" || record.errors.every((errors) => errors === "no error");
    if (refreshed !== undefined && quiet && later.length === 0 && others.size >= (step === "" ? 2 : 1)) {
      facts.push({ kind: "refresh", key: "refresh:emptied", text: "shows no tool at all on a later list, reporting no error, the tools of servers it was not asked to refresh gone too" });
    }
  });
  if (join !== undefined && join !== PROFILE_JOIN && surface.every((tool) => !tool.pair || joinOf(tool.shown, tool.pair[0], tool.pair[1]) === join)) {
    facts.push(said.naming(join));
  }
  return facts;
}

/** `"alpha" / "search"` back to its two strings. */
function pairOfRoute(route: string): [string, string] {
  try {
    const value: unknown = JSON.parse(`[${route.replace(/" \/ "/, '", "')}]`);
    return Array.isArray(value) && value.length === 2 ? [String(value[0]), String(value[1])] : ["", route];
  } catch {
    return ["", route];
  }
}

/** Every world-independent fact the records of a case show, each once, in FACT_KINDS order. */
export function caseFacts(evidence: Evidence): CaseFact[] {
  const records = sessionRecords(evidence);
  const world = records[0]?.world;
  const step = evidence.steps.find((entry) => entry.kind === "world" && entry.world === world);
  const paging = listPaging(evidence, world ?? 0);
  const advertised: Advertised[] = step?.kind === "world"
    ? step.servers.map((server) => ({
      key: server.key, tools: server.tools, failing: server.unreachable === true || server.failure !== undefined,
      ...((server.contextErrors ?? []).length > 0 ? { contextFailing: true } : {}),
      ...(server.pageSize !== undefined ? { pageSize: server.pageSize } : {}), ...(server.emptyCursor !== undefined ? { emptyCursor: server.emptyCursor } : {}),
      cursorsFollowed: paging.get(server.key)?.cursors ?? 0, sentEmptyCursor: paging.get(server.key)?.emptyCursor ?? false,
    }))
    : [];
  const main = records.filter((record) => record.world === world);
  // Two servers of one target reached as one: read alone, or as another reading of the whole open it refused.
  const target = step?.kind === "world" ? targetReadings(evidence, step, main) : {};
  const facts = main.flatMap((record) => sessionFacts(record, advertised))
    .map((fact) => (target.orWhole && fact.key === "lost:whole-open" ? { ...fact, or: [...(fact.or ?? []), target.orWhole] } : fact));
  if (target.alone) facts.push(target.alone);
  // Opens of the same servers (any world of the case that started them alike) listing the same tools in another order.
  const serversOf = (number: number) => {
    const entry = evidence.steps.find((candidate) => candidate.kind === "world" && candidate.world === number);
    return entry?.kind === "world" ? JSON.stringify(entry.servers.map((server) => [server.key, server.tools])) : "";
  };
  const alike = records.filter((record) => serversOf(record.world) === serversOf(world ?? 0));
  const orders = alike.map((record) => (record.surfaces.at(-1) ?? []).map((tool) => tool.shown));
  if (orders.some((order) => order.length > 1 && orders.some((other) => other.join("\n") !== order.join("\n") && [...other].sort().join("\n") === [...order].sort().join("\n")))) {
    facts.push({ kind: "order", key: "order:differs", text: "lists the same servers' tools in another order on another open" });
  }
  facts.push(...renamings(records, alike));
  // Prompts and resources: their own readings (context-facts.ts), none for a case of tools alone.
  facts.push(...contextFacts(evidence, records));
  // A cancellation, options, a list read again, pins, later opens: read for the clauses that name them.
  facts.push(...clauseFacts(evidence, records, main, advertised));
  const order: readonly FactKind[] = [...FACT_KINDS, ...CLAUSE_ONLY_KINDS];
  return mergeFacts(facts).sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
}

/**
 * One pair shown under several names. Under two joins (another world, a later list), its name depends on more
 * than its key and name; under one join, on one configuration (`alike`: the opens and lists of the same
 * servers), its label changed: read pair by pair, each name against the pair's own.
 */
function renamings(records: readonly SessionRecord[], alike: readonly SessionRecord[]): CaseFact[] {
  const joins = new Map<string, Set<string>>();
  for (const record of records) for (const surface of record.surfaces) for (const tool of surface) {
    const shownJoin = tool.pair ? joinOf(tool.shown, tool.pair[0], tool.pair[1]) : undefined;
    if (tool.pair && shownJoin) joins.set(JSON.stringify(tool.pair), new Set([...(joins.get(JSON.stringify(tool.pair)) ?? []), shownJoin]));
  }
  const renamed = [...joins.values()].find((set) => set.size > 1);
  if (renamed) return [said.renamed([...renamed])];
  const names = new Map<string, Set<string>>();
  for (const record of alike) for (const surface of record.surfaces) for (const tool of surface) {
    if (tool.pair && joinOf(tool.shown, tool.pair[0], tool.pair[1]) !== undefined) names.set(JSON.stringify(tool.pair), new Set([...(names.get(JSON.stringify(tool.pair)) ?? []), tool.shown]));
  }
  const relabelled = [...names].find(([, set]) => set.size > 1);
  if (!relabelled) return [];
  const pair = JSON.parse(relabelled[0]) as [string, string];
  return [said.relabelled(joinOf([...relabelled[1]][0]!, pair[0], pair[1])!)];
}
