/**
 * Where a poisoned process is charged (see fresh-hosts.ts): a violation that showed only on a process that had
 * served earlier cases is charged to no clause of its own, but to `lifecycle/sessions-independent`, and only
 * when it was reproduced (the earlier case, then the victim, failing again on a fresh process). An
 * unreproduced one stays in the report's `sessionPoisoning` for a reader, and fails nothing.
 */
import { verdictOf } from "./verdict.ts";
import type { ClauseReport, Finding, SessionPoisoning } from "../report/report-model.ts";

/** The clause a reproduced poisoning is charged to. */
export const SESSIONS_INDEPENDENT = "lifecycle/sessions-independent";

const caseText = (ref: { clause: string; case: number }) => `case ${ref.case} of ${ref.clause}`;

/** `reports` with each reproduced poisoning charged to lifecycle/sessions-independent, where the run judged it. */
export function chargePoisonings(reports: ClauseReport[], poisonings: readonly SessionPoisoning[]): ClauseReport[] {
  const reproduced = poisonings.filter((finding) => finding.poisoner !== undefined);
  if (reproduced.length === 0) return reports;
  return reports.map((report) => {
    // A verdict of its own that already fails, or a broken host, stands; a pass or an unjudged clause does not.
    if (report.id !== SESSIONS_INDEPENDENT || !["pass", "inconclusive"].includes(report.status)) return report;
    const [first] = reproduced;
    const observed = reproduced.map((finding) =>
      `${caseText(finding.victim)} failed on a host process that had served ${caseText(finding.poisoner!)} before it, and held on a fresh process; ` +
      `on fresh processes, ${caseText(finding.poisoner!)} and then ${caseText(finding.victim)} go wrong the same way again: ${finding.observed}`).join("; ");
    const status = verdictOf(report.level);
    // Each reproduced poisoning is a finding of this clause, grouped like any other (it is no case of this
    // clause's own: case 0, and no world, so the poisoned-process cause takes it; host-wide-causes.ts).
    const findings: Finding[] = reproduced.map((finding) => ({
      case: 0, kind: "constructed", status: status === "warn" ? "warn" : "fail",
      title: `${caseText(finding.victim)} after ${caseText(finding.poisoner!)}`,
      reason: `${caseText(finding.victim)} failed only after ${caseText(finding.poisoner!)} on the same host process (reproduced on fresh processes)`,
      expected: "each session's surface and routes the same whatever earlier sessions of the same host process did",
      observed: finding.observed,
      ...(finding.evidence ? { evidence: finding.evidence } : {}),
    }));
    return {
      ...report,
      status,
      findings,
      reason: `violated in the run: ${reproduced.length} case(s) of other clauses failed only after an earlier case on the same host process (reproduced on fresh processes)`,
      expected: "each session's surface and routes the same whatever earlier sessions of the same host process did",
      observed,
      ...(first!.evidence ? { evidence: first!.evidence } : {}),
    };
  });
}
