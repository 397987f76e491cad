/**
 * A clause's failing cases as findings, for a report of any age: its own `findings` where the run kept them,
 * else (reports written before findings were kept) one finding built from the clause's top-level fields,
 * which name the one case the run stopped at. Its number is read from the reason the runner wrote
 * ("violated on constructed case 3 of 5", "violated in random case 12") or from the fast-check path.
 */
import type { ClauseReport, Finding } from "./report-model.ts";

/** The statuses a finding can have: a violation or a broken case. */
const FAILING = new Set(["fail", "warn", "error"]);

/** The case a clause's top-level fields describe: its number (0 when it ran none) and kind. */
function topLevelCase(clause: ClauseReport): Pick<Finding, "case" | "kind"> {
  const constructed = /\bconstructed case (\d+)\b/.exec(clause.reason);
  if (constructed) return { case: Number(constructed[1]), kind: "constructed" };
  // Numbered among the random cases; a finding numbers it among all the clause's cases, constructed first.
  const random = /\brandom case (\d+)(?: \(after (\d+) constructed\))?/.exec(clause.reason);
  if (random) return { case: Number(random[1]) + Number(random[2] ?? 0), kind: "random" };
  const first = clause.path === undefined ? undefined : Number(clause.path.split(":")[0]);
  if (first !== undefined && Number.isInteger(first)) {
    const number = first + 1;
    return { case: number, kind: clause.constructed !== undefined && number > clause.constructed ? "random" : "constructed" };
  }
  return { case: 0, kind: "constructed" };
}

/** Every failing or broken case of `clause` as a finding (none for a verdict that is not fail, warn or error). */
export function findingsOf(clause: ClauseReport): Finding[] {
  if (clause.findings && clause.findings.length > 0) return clause.findings;
  if (!FAILING.has(clause.status)) return [];
  const finding: Finding = { ...topLevelCase(clause), status: clause.status as Finding["status"], reason: clause.reason };
  if (clause.path !== undefined) finding.path = clause.path;
  if (clause.counterexample) finding.counterexample = clause.counterexample;
  if (clause.expected !== undefined) finding.expected = clause.expected;
  if (clause.observed !== undefined) finding.observed = clause.observed;
  if (clause.comparison) finding.comparison = clause.comparison;
  if (clause.diagnosis) finding.diagnosis = clause.diagnosis;
  if (clause.evidence) finding.evidence = clause.evidence;
  if (clause.error) finding.error = clause.error;
  if (clause.repro !== undefined) finding.repro = clause.repro;
  return [finding];
}
