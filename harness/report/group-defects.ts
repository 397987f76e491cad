/**
 * Policy (docs/defects.md says it to users): a report's defects are its findings grouped by cause.
 * - One cause, one defect, whatever the world: each finding is read for world-independent facts
 *   (defect-facts.ts; for schema/input-schema-intact, also its own comparison of a schema the records do
 *   not keep, schema-comparison-facts.ts), and its clause takes the first kind of fact that can explain its
 *   failure; findings explained by the same fact are one defect, the one on the smallest world first (its
 *   world and repro, and the fact's detail where it has one).
 *   Where a finding's records fit another reading as well (CaseFact.or), the report's other findings decide:
 *   it takes a reading some other finding shows alone, and the defect's world is the smallest that shows
 *   its fact alone.
 *   A finding has one explaining fact, so a case that shows two bugs never joins their defects.
 * - Findings no fact explains: the same world and the same observed behaviour are one defect:
 *   - the same world: the main world's servers canonicalised (keys, tools in list order, how each fails to
 *     load, its paging; not latency or serverInfo, which a host that ignores them never shows);
 *   - the same behaviour: every session the case opened on that world, read from the records
 *     (session-records.ts): what the open set up and what else was asked, the tools shown (with the tool each
 *     description names), which servers the errors named, requests the adapter failed, and for every name
 *     called in both, where its calls arrived and what the host answered. A broken case is the same
 *     behaviour only as the same error.
 * A host-wide cause (host-wide-causes.ts) is one defect whatever the clauses it reaches. A finding with no
 * records is a defect of its own. Defects go worst first (error, fail, warn), then by the first clause they
 * violate in catalogue order, and are numbered D1, D2 ... in that order; each finding names its defect.
 */
import { canonicalJson } from "../world/canonical-json.ts";
import { behaviourText } from "./behaviour-text.ts";
import { contextBehaviour } from "./context-facts.ts";
import { caseFacts, explainingFact, type CaseFact } from "./defect-facts.ts";
import { findingsOf } from "./findings-of.ts";
import { hostWideCauses, type Item } from "./host-wide-causes.ts";
import type { ClauseReport, Defect, Finding, Report } from "./report-model.ts";
import { clip } from "./report-view.ts";
import { schemaComparisonFacts } from "./schema-comparison-facts.ts";
import { sessionRecords } from "./session-records.ts";

/** The order of statuses, worst first. */
const WORST: readonly Defect["status"][] = ["error", "fail", "warn"];
const worst = (statuses: readonly Defect["status"][]) => WORST.find((status) => statuses.includes(status)) ?? "fail";
/** Longest `how` and title a defect records (the clause keeps its whole expected and observed). */
const HOW_LIMIT = 600;
const TITLE_LIMIT = 300;

/** What decides a finding's group: its world and behaviour, and where each name's calls went (compared where both called it). */
interface Signature {
  key: string;
  calls: Map<string, string>;
}

/** The main world's servers as a comparable value. */
function worldKey(finding: Finding): string {
  const servers = finding.counterexample?.servers;
  if (!servers) return "no world";
  const tools = servers.map((server) => ({
    key: server.key, tools: server.tools, failure: server.failure ?? null, pageSize: server.pageSize ?? null, unreachable: server.unreachable === true,
  }));
  // The prompts and resources each server lists (the counterexample draws tools only): from the evidence's first world.
  const step = finding.evidence?.steps.find((entry) => entry.kind === "world");
  const context = step?.kind === "world" ? step.servers.map(({ prompts, resources, templates, contextErrors, contextPaging }) => ({ prompts, resources, templates, contextErrors, contextPaging })) : [];
  return canonicalJson(context.some((server) => Object.values(server).some((value) => value !== undefined)) ? [tools, context] : tools);
}

/** A finding's signature; undefined when it has no records to read (it is then a defect of its own). */
function signatureOf(finding: Finding): Signature | undefined {
  const error = finding.status === "error" ? { error: [finding.error?.kind ?? "", finding.error?.message ?? finding.reason] } : {};
  if (!finding.evidence) return finding.status === "error" ? { key: canonicalJson([worldKey(finding), error]), calls: new Map() } : undefined;
  const records = sessionRecords(finding.evidence);
  const main = records.filter((record) => record.world === records[0]?.world);
  const calls = new Map<string, string>();
  const sessions = main.map((record, index) => {
    for (const name of new Set(record.calls.map((call) => call.name))) {
      const outcomes = record.calls.filter((call) => call.name === name).map((call) => `${call.route} ${call.answer}`);
      calls.set(`${index} ${name}`, canonicalJson([...new Set(outcomes)].sort()));
    }
    return {
      setup: record.setup, steps: record.steps, errors: record.errors, broke: record.broke,
      surfaces: record.surfaces.map((surface) => surface.map((tool) => `${tool.shown} ${tool.identity ?? "?"}`).sort()),
    };
  });
  // What it showed, got and read of prompts and resources (nothing for a case of tools alone).
  const context = contextBehaviour(finding.evidence, records).facts;
  return { key: canonicalJson([worldKey(finding), sessions, error, ...(context.length > 0 ? [context] : [])]), calls };
}

/** Two findings' calls agree: every name both called went to the same places with the same answers. */
function callsAgree(a: Signature, b: Signature): boolean {
  for (const [name, outcome] of a.calls) if (b.calls.has(name) && b.calls.get(name) !== outcome) return false;
  return true;
}

/** One line of how a clause sees a finding: its expected and observed, or how the host broke. */
function howOf(finding: Finding): string {
  const text = finding.status === "error"
    ? `the host broke${finding.error ? ` (${finding.error.kind}): ${finding.error.message}` : `: ${finding.reason}`}`
    : finding.expected !== undefined || finding.observed !== undefined
      ? `expected ${finding.expected ?? "—"}; observed ${finding.observed ?? "—"}`
      : finding.reason;
  return clip(text.replace(/\s*\n\s*/g, " "), HOW_LIMIT, "");
}

/** A numbered-later defect from its findings (in report order) and what it says. */
function defectOf(items: readonly Item[], said: Pick<Defect, "cause" | "title" | "behaviour"> & { confounds?: string[]; fallback?: Defect["status"] }): Omit<Defect, "id"> {
  const first = items[0]?.finding;
  return {
    title: clip(said.title, TITLE_LIMIT, ""),
    status: items.length > 0 ? worst(items.map((item) => item.finding.status)) : said.fallback ?? "fail",
    cause: said.cause,
    ...(first?.counterexample ? { world: first.counterexample } : {}),
    behaviour: said.behaviour,
    violations: items.map(({ clause, finding }) => ({ clause: clause.id, case: finding.case, status: finding.status, how: howOf(finding) })),
    ...(said.confounds && said.confounds.length > 0 ? { confounds: said.confounds } : {}),
    ...(first?.repro !== undefined ? { repro: first.repro } : {}),
  };
}

/** Parts joined for a title, a session prefix (`open 2 (…): `) said once. */
function titleOf(parts: readonly string[]): string {
  const prefix = /^(?:first open|open \d+)[^:]*: /.exec(parts[0] ?? "")?.[0];
  return parts.map((part, index) => (index > 0 && prefix && part.startsWith(prefix) ? part.slice(prefix.length) : part)).join("; ");
}

/** What a group of findings says the host did: from the first finding's records. */
function behaviourDefect(items: readonly Item[], fact?: CaseFact): Omit<Defect, "id"> {
  const first = items[0]!.finding;
  if (first.status === "error") {
    const how = first.error ? `${first.error.kind}: ${first.error.message}` : first.reason;
    return defectOf(items, { cause: "broke", title: `the host broke (${clip(how, TITLE_LIMIT, "")})`, behaviour: clip(first.diagnosis?.join("; ") || how, 4000, "") });
  }
  if (!first.evidence) {
    // No records to read: say so, and quote what the clause saw rather than pass its story off as the host's.
    const saw = `no records of the case were kept; ${items[0]!.clause.id} saw: ${first.observed ?? first.reason}`;
    return defectOf(items, { cause: "behaviour", title: saw, behaviour: first.diagnosis?.join("; ") || saw });
  }
  const text = behaviourText(first.evidence);
  const facts = text.facts.filter((fact) => !fact.endsWith("the open reported no error"));
  // The facts read from records are about tools; where none names what happened (a prompt or resource list,
  // a get, a read), the title is what the clause itself read from this case's records, never a claim that the
  // host did nothing.
  const saw = `${items[0]!.clause.id} saw: ${first.observed ?? first.reason}`;
  const seen = titleOf((text.anomalies.length > 0 ? text.anomalies : facts).slice(0, 2)) || clip(saw, TITLE_LIMIT, "");
  // A fact shared across worlds leads the title (with how it showed on the smallest world, where it says); that world's records say what the host did there.
  const title = fact ? `${fact.text}${fact.detail !== undefined ? ` (${fact.detail})` : ""}: ${seen}` : seen;
  return defectOf(items, { cause: "behaviour", title, behaviour: text.facts.join("; ") || saw });
}

/**
 * Each item with the fact that explains it: its clause's first, or one of the readings its records fit as
 * well (CaseFact.or) where another finding shows that reading alone and none shows the first so.
 */
function explainedBy(items: readonly Item[]): Array<{ item: Item; fact?: CaseFact; sure: boolean }> {
  const factsOf = (item: Item, evidence: NonNullable<Finding["evidence"]>) => [...caseFacts(evidence), ...schemaComparisonFacts(item.clause.id, item.finding.observed)];
  const read = items.map((item) => ({ item, fact: item.finding.status === "error" || !item.finding.evidence ? undefined : explainingFact(item.clause.id, factsOf(item, item.finding.evidence)) }));
  const alone = new Set(read.flatMap(({ fact }) => (fact && !fact.or ? [fact.key] : [])));
  return read.map(({ item, fact }) => ({ item, fact: !fact?.or || alone.has(fact.key) ? fact : fact.or.find((other) => alone.has(other.key)) ?? fact, sure: fact !== undefined && !fact.or }));
}

/** How many tools a finding's main world holds: the smallest world of a defect is its world. */
const worldSize = (finding: Finding) => finding.counterexample?.servers.reduce((sum, server) => sum + server.tools.length, 0) ?? Infinity;

/**
 * Groups the findings no host-wide cause took: first by the world-independent fact that explains each
 * (defect-facts.ts), the group's smallest world first; the findings no fact explains by world and behaviour,
 * calls agreeing with every member.
 */
function groupByBehaviour(items: readonly Item[]): Array<{ items: Item[]; fact?: CaseFact }> {
  const byFact = new Map<string, { items: Item[]; fact: CaseFact; sure: Set<Item>; details: Map<Item, string> }>();
  const groups: Array<{ key: string; members: Array<{ item: Item; signature: Signature }> }> = [];
  const alone: Item[][] = [];
  for (const { item, fact, sure } of explainedBy(items)) {
    if (fact) {
      const group = byFact.get(fact.key) ?? { items: [], fact, sure: new Set<Item>(), details: new Map<Item, string>() };
      group.items.push(item);
      if (sure) group.sure.add(item);
      if (fact.detail !== undefined) group.details.set(item, fact.detail);
      byFact.set(fact.key, group);
      continue;
    }
    const signature = signatureOf(item.finding);
    if (!signature) {
      alone.push([item]);
      continue;
    }
    const group = groups.find((candidate) => candidate.key === signature.key && candidate.members.every((member) => callsAgree(member.signature, signature)));
    if (group) group.members.push({ item, signature });
    else groups.push({ key: signature.key, members: [{ item, signature }] });
  }
  // A fact's world is the smallest that shows it alone (no other reading fits its records), else the smallest.
  const smallest = (list: Item[], sure: Set<Item>) => [...list].sort((a, b) => Number(!sure.has(a)) - Number(!sure.has(b)) || worldSize(a.finding) - worldSize(b.finding))[0]!;
  // A fact's detail is how it showed on the defect's world: its first finding's.
  const detailed = (fact: CaseFact, detail: string | undefined): CaseFact => {
    const { detail: _first, ...rest } = fact;
    return detail === undefined ? rest : { ...rest, detail };
  };
  return [
    ...[...byFact.values()].map((group) => {
      const first = smallest(group.items, group.sure);
      return { items: [...new Set([first, ...group.items])], fact: detailed(group.fact, group.details.get(first)) };
    }),
    ...groups.map((group) => ({ items: group.members.map((member) => member.item) })),
    ...alone.map((group) => ({ items: group })),
  ];
}

/** The grouping of a report: its defects, and its clauses with each finding naming its defect. */
export interface Grouping {
  defects: Defect[];
  clauses: ClauseReport[];
}

/** Groups `report`'s findings into defects (any `defects` and finding marks it already has are ignored). */
export function groupDefects(report: Report): Grouping {
  const rank = new Map(report.clauses.map((clause, index) => [clause.id, index]));
  const items: Item[] = report.clauses.flatMap((clause) => findingsOf(clause).map((finding) => ({ clause, finding })));
  const hostWide = hostWideCauses(report, items);
  const taken = new Set(hostWide.flatMap((cause) => cause.items));
  const inOrder = (list: readonly Item[]) => [...list].sort((a, b) => rank.get(a.clause.id)! - rank.get(b.clause.id)! || a.finding.case - b.finding.case);
  const drafts = [
    ...hostWide.map((cause) => ({ items: inOrder(cause.items), defect: defectOf(inOrder(cause.items), { ...cause, confounds: cause.confounded }) })),
    ...groupByBehaviour(items.filter((item) => !taken.has(item))).map((group) => ({ items: group.items, defect: behaviourDefect(group.items, group.fact) })),
  ];
  const firstClause = (draft: (typeof drafts)[number]) => Math.min(...draft.defect.violations.map((v) => rank.get(v.clause) ?? Infinity), ...(draft.defect.confounds ?? []).map((id) => rank.get(id) ?? Infinity));
  const firstCase = (draft: (typeof drafts)[number]) => draft.defect.violations[0]?.case ?? 0;
  drafts.sort((a, b) => WORST.indexOf(a.defect.status) - WORST.indexOf(b.defect.status) || firstClause(a) - firstClause(b) || firstCase(a) - firstCase(b));
  const defectOfFinding = new Map<Finding, string>();
  const defects = drafts.map((draft, index) => {
    const id = `D${index + 1}`;
    for (const item of draft.items) defectOfFinding.set(item.finding, id);
    return { id, ...draft.defect };
  });
  const clauses = report.clauses.map((clause) => clause.findings && clause.findings.length > 0
    ? { ...clause, findings: clause.findings.map((finding) => {
      const { defect: _old, ...rest } = finding;
      const id = defectOfFinding.get(finding);
      return id === undefined ? rest : { ...rest, defect: id };
    }) }
    : clause);
  return { defects, clauses };
}

/** `report` with its defects grouped: `defects` placed before the clauses (report.json opens with them), each finding marked. */
export function withDefects(report: Report): Report {
  const { defects, clauses } = groupDefects(report);
  const { clauses: _clauses, defects: _defects, ...rest } = report;
  const entries = Object.entries(rest);
  const at = entries.findIndex(([key]) => key === "totals");
  const before = at < 0 ? entries : entries.slice(0, at);
  const after = at < 0 ? [] : entries.slice(at);
  return Object.fromEntries([...before, ["defects", defects], ["clauses", clauses], ...after]) as Report;
}
