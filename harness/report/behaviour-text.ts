/**
 * Policy: a defect's title and behaviour say what the host did, in the harness's words over the records
 * (session-records.ts), never in a clause's: what it showed (a name shown twice, an advertised tool it did
 * not show), where each call arrived, the errors it reported, what it accepted, how often it asked a server
 * for its list. Host strings are JSON-quoted and clipped; renderers still escape them for their format.
 */
import type { Evidence } from "./report-model.ts";
import { clip } from "./report-view.ts";
import { namingProfile } from "../profiles/naming-profile.ts";
import { listRequests, pairText } from "./call-deliveries.ts";
import { contextBehaviour } from "./context-facts.ts";
import { namesServer, sessionRecords, type CallRecord, type SessionRecord, type ShownTool } from "./session-records.ts";

/** Longest host string a behaviour quotes (report.json keeps the whole in the clause's evidence). */
const QUOTE_LIMIT = 160;
/** Most names a list quotes before "and N more". */
const NAMES_LIMIT = 8;
/** A server asked for its list more often than this on one connection is worth a word. */
const LIST_REQUESTS_NOTED = 10;
/** The provider rule a shown name is held to when a reader is told it is refused (the CLI's default profile). */
const PROVIDER = namingProfile("default");

const quote = (text: string) => JSON.stringify(clip(text, QUOTE_LIMIT, ""));
const names = (list: readonly string[]) =>
  list.length === 0 ? "nothing" : `${list.slice(0, NAMES_LIMIT).map(quote).join(", ")}${list.length > NAMES_LIMIT ? ` and ${list.length - NAMES_LIMIT} more` : ""}`;

/** A server of a world as advertised, with its state when it fails to load. */
interface Advertised {
  key: string;
  tools: string[];
  state?: string;
}

/** What the host did in a case, as facts and as the anomalies among them (the title picks from those). */
export interface BehaviourText {
  anomalies: string[];
  facts: string[];
}

/** The servers of world `world` as the evidence started them. */
function worldServers(evidence: Evidence, world: number) {
  const step = evidence.steps.find((entry) => entry.kind === "world" && entry.world === world);
  return step?.kind === "world" ? step.servers : [];
}

/** What one tool list shows that a reader should know: a name shown for several tools, an advertised tool missing, a name a provider refuses. */
function surfaceAnomalies(surface: readonly ShownTool[], record: SessionRecord, advertised: readonly Advertised[]): string[] {
  const out: string[] = [];
  const byName = new Map<string, ShownTool[]>();
  for (const tool of surface) byName.set(tool.shown, [...(byName.get(tool.shown) ?? []), tool]);
  for (const [name, tools] of byName) {
    if (tools.length < 2) continue;
    const who = tools.map((tool) => tool.identity ?? (record.local.includes(name) ? `the local tool ${quote(name)}` : "a tool of no server named"));
    out.push(`shows ${quote(name)} ${tools.length} times (for ${[...new Set(who)].join(", ")})`);
  }
  const refused = [...new Set(surface.filter((tool) => !PROVIDER.pattern.test(tool.name)).map((tool) => tool.shown))];
  if (refused.length > 0) out.push(`shows ${names(refused)}, which the ${PROVIDER.summary} rule refuses`);
  // Which advertised tools it showed: by the identity the description kept, else by where a call arrived.
  const shown = new Set(surface.map((tool) => tool.identity).filter(Boolean));
  for (const call of record.calls) if (!call.route.includes(" + ") && call.route !== "no server") shown.add(call.route);
  if (shown.size === 0 && surface.length > 0) return out;
  for (const server of advertised) {
    const missing = [...new Set(server.tools.filter((tool) => !shown.has(pairText(server.key, tool))))];
    if (missing.length === 0) continue;
    const named = record.errors.some((errors) => namesServer(errors, server.key));
    // A server that fails to load may well show nothing: only its silence is worth a word.
    if (server.state && named) continue;
    out.push(`does not show ${names(missing)} of ${quote(server.key)}${server.state ? ` (${server.state})` : ""}${named ? "" : `, and no error names ${quote(server.key)}`}`);
  }
  return out;
}

const answerText = (call: CallRecord) =>
  call.answer === "error" ? `, answering the error ${quote(call.error ?? "")}` : call.answer === "garbage" ? ", answering garbage" : call.answer === "tool-error" ? ", answering a tool error" : "";

/**
 * The calls of a session in words, one per shown name: where its calls arrived and what the host answered.
 * A call that reached no server or several, or that the host refused or garbled, is an anomaly, and so is a
 * call of a name shown for several tools (it can reach one of them at most); one that a local tool of that
 * name answered is not.
 */
function callFacts(record: SessionRecord, surface: readonly ShownTool[]): { facts: string[]; anomalies: string[] } {
  const facts: string[] = [];
  const anomalies: string[] = [];
  const byName = new Map<string, CallRecord[]>();
  for (const call of record.calls) byName.set(call.name, [...(byName.get(call.name) ?? []), call]);
  for (const [name, calls] of byName) {
    const outcomes = new Map<string, number>();
    for (const call of calls) {
      const where = !record.local.includes(name) ? call.route : call.route === "no server" ? "no server (a local tool holds the name)" : `${call.route}, not the local tool of that name`;
      const text = `${where}${answerText(call)}`;
      outcomes.set(text, (outcomes.get(text) ?? 0) + 1);
    }
    const parts = [...outcomes].map(([text, count]) => `${count} reached ${text}`);
    const fact = outcomes.size === 1 ? `${calls.length === 1 ? "a call" : `${calls.length} calls`} of ${quote(name)} reached ${[...outcomes.keys()][0]}` : `${calls.length} calls of ${quote(name)}: ${parts.join("; ")}`;
    facts.push(fact);
    const odd = calls.some((call) => (call.route === "no server" && !record.local.includes(name)) || (call.route !== "no server" && record.local.includes(name))
      || call.route.includes(" + ") || call.answer === "error" || call.answer === "garbage");
    const twice = surface.filter((tool) => tool.shown === name).length > 1;
    if (odd || twice || outcomes.size > 1) anomalies.push(fact);
  }
  return { facts, anomalies };
}

/** What refreshedServer says of a refresh of every server. */
const EVERY_SERVER = "\u0000every server";

/** The server a step of `record` refreshed (EVERY_SERVER for all of them), or undefined for another step. */
function refreshedServer(record: SessionRecord, step: string): string | undefined {
  const refresh = record.refreshes.get(step);
  return refresh === undefined ? undefined : refresh.server ?? EVERY_SERVER;
}

/** One session's facts; `advertised` is its world's servers, each with its state when it fails to load. */
function sessionText(record: SessionRecord, advertised: readonly Advertised[]): BehaviourText {
  const facts: string[] = [];
  const anomalies: string[] = [...record.broke.map((broke) => `the adapter failed: ${quote(broke)}`)];
  if (record.setup) facts.push(`opened with ${clip(record.setup, 300, "")}`);
  const errors = record.errors[0] ?? "no error";
  facts.push(errors === "no error" ? "the open reported no error" : `the open's error ${errors}${record.firstError ? `: ${quote(record.firstError)}` : ""}`);
  // A refreshed server's list may have changed, and the records keep what it advertised only at the start:
  // a tool of it missing from a later list is no anomaly they show.
  let asked = 0;
  const refreshed = new Set<string | undefined>();
  record.surfaces.forEach((surface, index) => {
    const step = record.after[index] ?? "";
    const at = step ? record.steps.indexOf(step, asked) : -1;
    for (const done of at >= 0 ? record.steps.slice(asked, at + 1) : []) refreshed.add(refreshedServer(record, done));
    asked = Math.max(asked, at + 1);
    const known = refreshed.has(EVERY_SERVER) ? [] : advertised.filter((server) => !refreshed.has(server.key));
    const when = index === 0 ? "" : step ? `after ${step.replace(/: (accepted|refused|no error)$/, "")}, ` : "later ";
    facts.push(`${when}showed ${surface.length}: ${names(surface.map((tool) => tool.shown))}`);
    anomalies.push(...surfaceAnomalies(surface, record, known).map((text) => `${when}${text}`));
  });
  if (record.surfaces[0]?.length === 0 && errors !== "no error") anomalies.push(`shows nothing; the open's error ${errors}${record.firstError ? `: ${quote(record.firstError)}` : ""}`);
  facts.push(...record.steps.map((step) => (record.unchanged.includes(step) ? `${step}; then still showed the same ${record.surfaces.at(-1)?.length ?? 0}` : step)));
  // A local tool the open placed that no shown tool stands for (every shown tool names a server's).
  const unidentified = (record.surfaces.at(-1) ?? []).filter((tool) => tool.identity === undefined).length;
  if (record.placed.length > unidentified && record.surfaces.length > 0) anomalies.push(`shows no tool for the local tool${record.placed.length > 1 ? "s" : ""} ${names(record.placed)} placed in the open`);
  const accepted = record.steps.filter((step) => step.startsWith("registerLocal") && step.endsWith(": accepted"));
  anomalies.push(...accepted.map((step) => `accepted ${step.replace(/: accepted$/, "")}`));
  const calls = callFacts(record, record.surfaces.at(-1) ?? []);
  facts.push(...calls.facts);
  anomalies.push(...calls.anomalies);
  facts.push(...record.broke.map((broke) => `the adapter failed: ${quote(broke)}`));
  return { facts, anomalies };
}

/** What the host did in the case's first world (the smallest world shown), session by session, from `evidence`. */
export function behaviourText(evidence: Evidence): BehaviourText {
  const records = sessionRecords(evidence);
  const world = records[0]?.world ?? 1;
  const advertised = worldServers(evidence, world).map((server) => ({
    key: server.key, tools: server.tools,
    ...(server.unreachable ? { state: "it cannot be reached" } : server.failure ? { state: `it fails: ${server.failure}` } : {}),
  }));
  const main = records.filter((record) => record.world === world);
  // A server asked for its list again and again is the first thing a reader should see.
  const asked = [...listRequests(evidence, world)].filter(([, count]) => count > LIST_REQUESTS_NOTED)
    .map(([server, count]) => `asked ${quote(server)} for its tool list ${count} times on one connection`);
  const facts: string[] = [];
  const anomalies: string[] = [...asked];
  main.forEach((record, index) => {
    const text = sessionText(record, advertised);
    const placed = record.placed.length > 0 ? ` (local tool${record.placed.length > 1 ? "s" : ""} ${names(record.placed)} placed)` : record.setup ? " (other options)" : "";
    const prefix = main.length === 1 ? "" : index === 0 ? `first open${placed}: ` : `open ${index + 1}${placed}: `;
    facts.push(...text.facts.map((fact, at) => (at === 0 ? `${prefix}${fact}` : fact)));
    anomalies.push(...text.anomalies.map((anomaly) => `${prefix}${anomaly}`));
  });
  facts.push(...asked);
  // What it showed, lost, got and read of prompts and resources (context-facts.ts), in the same words as their facts.
  const context = contextBehaviour(evidence, records);
  return { facts: [...facts, ...context.facts], anomalies: [...anomalies, ...context.anomalies] };
}
