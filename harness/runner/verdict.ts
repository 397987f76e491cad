/**
 * How clause verdicts become the exit code (public contract): 2 when the harness or the host broke (ERROR,
 * which no baseline excuses); else 1 when a MUST clause failed or could not be shown to hold (inconclusive),
 * a SHOULD clause warned or was inconclusive under --strict, or a baseline entry is stale (the listed
 * clause now passes); else 0. A failure the baseline lists does not gate. NOT_APPLICABLE never gates.
 */
import type { ClauseReport, ClauseStatus } from "../report/report-model.ts";

/**
 * The process exit code a set of verdicts earns. `expectedFailures` holds the ids a baseline lists; a clause
 * marked `baseline: "stale"` (see harness/report/baseline.ts) gates whatever its status.
 */
export function exitCodeOf(reports: readonly ClauseReport[], strict: boolean, expectedFailures: ReadonlySet<string> = new Set()): 0 | 1 | 2 {
  if (reports.some((report) => report.status === "error")) return 2;
  return reports.some((report) => clauseGates(report, strict, expectedFailures.has(report.id))) ? 1 : 0;
}

/**
 * Whether one clause's verdict fails the run under `strict` (`baselined`: a baseline lists it as an
 * expected failure, by default as its `baseline` mark says). Every format (JUnit, Markdown, HTML, the
 * console) marks as a failure exactly what this says, so a CI gating on any of them agrees with the exit code.
 */
export function clauseGates(report: ClauseReport, strict: boolean, baselined = report.baseline === "expected-failure"): boolean {
  if (report.status === "error" || report.baseline === "stale") return true;
  if (baselined) return false;
  return report.status === "fail" || (report.status === "warn" && strict) || (report.status === "inconclusive" && (report.level === "MUST" || strict));
}

/** What a violated clause of `level` earns: a MUST clause fails, a SHOULD clause warns. */
export function verdictOf(level: "MUST" | "SHOULD"): "fail" | "warn" {
  return level === "MUST" ? "fail" : "warn";
}

/** How many clauses earned each status. */
export function totalsOf(reports: readonly ClauseReport[]): Record<ClauseStatus, number> {
  const totals: Record<ClauseStatus, number> = { pass: 0, fail: 0, warn: 0, "not-applicable": 0, error: 0, inconclusive: 0 };
  for (const report of reports) totals[report.status]++;
  return totals;
}
