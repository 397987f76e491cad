/**
 * Policy: three causes reach past one world, and each is one defect however many clauses it touches (the
 * rule is in docs/defects.md):
 * - non-deterministic: the host shows another surface on two identical opens. It takes names/deterministic's
 *   findings, the findings of any clause on the cases its confounds say this cause spoilt (listing those
 *   clauses as confounded), and every finding a renaming explains that names/deterministic's own records
 *   show too (a tool under a new label after a refresh: the labels are drawn anew, whatever the clause);
 * - every-open-fails: the host fails every open, a clean world's too, with one error: the clauses it kept
 *   from judging (their confounds) and the findings on those cases;
 * - poisoned-process: a reproduced poisoning charged to lifecycle/sessions-independent (its finding with no
 *   world of its own, and the report's sessionPoisoning entries), with the clauses that lost cases to it.
 * Each title says what the records show, never a clause's story.
 */
import { caseFacts, explainingFact } from "./defect-facts.ts";
import type { ClauseReport, Confound, Defect, Finding, Report } from "./report-model.ts";
import { clip } from "./report-view.ts";
import { sessionRecords } from "./session-records.ts";

/** A finding and its clause. */
export interface Item {
  clause: ClauseReport;
  finding: Finding;
}

/** A host-wide defect before it is numbered: what it says, and the findings it takes. */
export interface HostWide {
  cause: Extract<Defect["cause"], "non-deterministic" | "every-open-fails" | "poisoned-process">;
  title: string;
  behaviour: string;
  items: Item[];
  confounded: string[];
  /** Its status when no finding is charged to it. */
  fallback: Defect["status"];
}

const DETERMINISTIC = "names/deterministic";
const SESSIONS_INDEPENDENT = "lifecycle/sessions-independent";
const LIMIT = 300;
const quote = (text: string) => JSON.stringify(clip(text, LIMIT, ""));

/** The clauses whose confounds name `cause`, and the items on the cases those confounds cover. */
function confoundedBy(report: Report, items: readonly Item[], cause: Confound["cause"]): { clauses: string[]; items: Item[]; details: string[] } {
  const clauses: string[] = [];
  const details: string[] = [];
  const taken: Item[] = [];
  for (const clause of report.clauses) {
    const confounds = (clause.confounds ?? []).filter((confound) => confound.cause === cause);
    if (confounds.length === 0) continue;
    clauses.push(clause.id);
    details.push(...confounds.map((confound) => confound.detail));
    const cases = new Set(confounds.flatMap((confound) => confound.cases));
    taken.push(...items.filter((item) => item.clause.id === clause.id && cases.has(item.finding.case)));
  }
  return { clauses, items: taken, details };
}

/** What two identical opens showed, from names/deterministic's first finding: `["a"] then ["b"]`. */
function changingNames(finding: Finding | undefined): string | undefined {
  if (!finding?.evidence) return undefined;
  const shown = sessionRecords(finding.evidence).map((record) => record.surfaces[0]?.map((tool) => tool.shown).sort() ?? []);
  const differing = shown.find((surface) => JSON.stringify(surface) !== JSON.stringify(shown[0]));
  return differing === undefined ? undefined : `${quote(JSON.stringify(shown[0]))} then ${quote(JSON.stringify(differing))}`;
}

/** The findings outside `own` whose explaining fact is a renaming `own`'s records show as well. */
function renamedAlike(items: readonly Item[], own: readonly Item[]): Item[] {
  const shown = new Set(own.flatMap((item) => (item.finding.evidence ? caseFacts(item.finding.evidence) : []).filter((fact) => fact.kind === "renamed").map((fact) => fact.key)));
  if (shown.size === 0) return [];
  return items.filter((item) => {
    if (own.includes(item) || item.finding.status === "error" || !item.finding.evidence) return false;
    const fact = explainingFact(item.clause.id, caseFacts(item.finding.evidence));
    return fact?.kind === "renamed" && shown.has(fact.key);
  });
}

function nonDeterministic(report: Report, items: readonly Item[]): HostWide | undefined {
  const own = items.filter((item) => item.clause.id === DETERMINISTIC);
  const confounded = confoundedBy(report, items, "non-deterministic");
  const renamed = renamedAlike(items, own);
  if (own.length === 0 && confounded.clauses.length === 0) return undefined;
  const seen = changingNames(own[0]?.finding);
  const detail = seen ?? confounded.details[0] ?? own[0]?.finding.observed ?? "";
  return {
    cause: "non-deterministic",
    title: seen ? `shows other names on two identical opens of one configuration: ${seen}` : `shows another surface on two identical opens of one configuration: ${clip(detail, LIMIT)}`,
    behaviour: [seen ? `two opens of the same configuration showed ${seen}` : clip(detail, 1000), ...confounded.details.slice(seen ? 0 : 1).map((text) => clip(text, LIMIT))].filter(Boolean).join("; "),
    items: [...new Set([...own, ...confounded.items, ...renamed])],
    confounded: confounded.clauses,
    fallback: "fail",
  };
}

function everyOpenFails(report: Report, items: readonly Item[]): HostWide | undefined {
  const confounded = confoundedBy(report, items, "every-open-fails");
  // The run's own record of the clean world's failed open (report.hostWide) quotes the error, once.
  const found = report.hostWide?.find((entry) => entry.cause === "every-open-fails");
  if (confounded.clauses.length === 0 && !found) return undefined;
  const details = [...new Set([...(found ? [found.detail] : []), ...confounded.details])];
  return {
    cause: "every-open-fails", title: `every open fails, a clean world's too: ${clip(details[0] ?? "", LIMIT)}`,
    behaviour: details.map((text) => clip(text, 1000)).join("; "), items: confounded.items, confounded: confounded.clauses, fallback: "error",
  };
}

function poisonedProcess(report: Report, items: readonly Item[]): HostWide | undefined {
  const reproduced = (report.sessionPoisoning ?? []).filter((entry) => entry.poisoner !== undefined);
  // The charge carries no world of the clause's own: a case of sessions-independent itself does.
  const charged = reproduced.length === 0 ? [] : items.filter((item) => item.clause.id === SESSIONS_INDEPENDENT && item.finding.status !== "error" && !item.finding.counterexample);
  const confounded = confoundedBy(report, items, "poisoned-process");
  if (charged.length === 0 && confounded.clauses.length === 0) return undefined;
  const said = reproduced.map((entry) => `after case ${entry.poisoner!.case} of ${entry.poisoner!.clause}, case ${entry.victim.case} of ${entry.victim.clause} failed (and held on a fresh process): ${clip(entry.observed, LIMIT)}`);
  const [first] = reproduced;
  return {
    cause: "poisoned-process",
    title: first
      ? `a host process that served case ${first.poisoner!.case} of ${first.poisoner!.clause} then fails case ${first.victim.case} of ${first.victim.clause}${reproduced.length > 1 ? ` (and ${reproduced.length - 1} more)` : ""}`
      : `a host process is poisoned by earlier cases: ${clip(confounded.details[0] ?? "", LIMIT)}`,
    behaviour: [...said, ...confounded.details.map((text) => clip(text, LIMIT))].join("; "),
    items: [...charged, ...confounded.items.filter((item) => !charged.includes(item))],
    confounded: confounded.clauses,
    fallback: "fail",
  };
}

/** The host-wide causes a report shows, each with the findings it takes (a finding goes to the first that takes it). */
export function hostWideCauses(report: Report, items: readonly Item[]): HostWide[] {
  const causes: HostWide[] = [];
  const taken = new Set<Item>();
  for (const found of [everyOpenFails(report, items), nonDeterministic(report, items), poisonedProcess(report, items)]) {
    if (!found) continue;
    const own = found.items.filter((item) => !taken.has(item));
    for (const item of own) taken.add(item);
    causes.push({ ...found, items: own });
  }
  return causes;
}
