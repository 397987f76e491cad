/**
 * How clause verdicts become the exit code (public contract): 2 when the harness or the host broke,
 * else 1 when a MUST clause failed or could not be shown to hold (inconclusive), or a SHOULD clause
 * warned under --strict; else 0. NOT_APPLICABLE never gates.
 */
import type { ClauseReport, ClauseStatus } from "../report/report-model.ts";

/** The process exit code a set of verdicts earns. */
export function exitCodeOf(reports: readonly ClauseReport[], strict: boolean): 0 | 1 | 2 {
  if (reports.some((report) => report.status === "error")) return 2;
  const gates = (report: ClauseReport) =>
    report.status === "fail" ||
    (report.status === "warn" && strict) ||
    (report.status === "inconclusive" && (report.level === "MUST" || strict));
  return reports.some(gates) ? 1 : 0;
}

/** How many clauses earned each status. */
export function totalsOf(reports: readonly ClauseReport[]): Record<ClauseStatus, number> {
  const totals: Record<ClauseStatus, number> = { pass: 0, fail: 0, warn: 0, "not-applicable": 0, error: 0, inconclusive: 0 };
  for (const report of reports) totals[report.status]++;
  return totals;
}
