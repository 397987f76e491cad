/**
 * A clause's coverage table in words, the same in every format: for each hazard the clause is about, where
 * it was judged (on which constructed case, in how many random cases), or why it was not (what the host did
 * on each case built for it). Host text in a note is quoted by the harness and clipped here.
 */
import type { ClauseReport, CoverageRow, SessionPoisoning } from "./report-model.ts";
import { clip } from "./report-view.ts";

/** Longest note (what the host did) one row quotes; report.json keeps it whole. */
const NOTE_LIMIT = 300;

/** Where a hazard was judged, in one line. */
export function coverageText(row: CoverageRow): string {
  const random = row.random > 0 ? `${row.random} random case(s), from case ${row.firstRandomCase}` : "";
  const judgedOn = row.constructed.filter((entry) => entry.outcome === "judged").map((entry) => `case ${entry.case} (${entry.title})`);
  switch (row.status) {
    case "violated": {
      const where = row.constructed.find((entry) => entry.outcome === "violated")!;
      return `violated on constructed case ${where.case} (${where.title})`;
    }
    case "judged":
      return `judged on ${[judgedOn.length > 0 ? `constructed ${judgedOn.join(", ")}` : "", random].filter(Boolean).join(" and in ")}`;
    case "not-run":
      return "not run: the clause had already failed on an earlier case";
    case "not-judged": {
      const built = row.constructed.map((entry) => `case ${entry.case} (${entry.title}): ${entry.outcome === "not-judged" ? clip(entry.note ?? "not judged", NOTE_LIMIT) : entry.outcome}`);
      return `NOT JUDGED${built.length > 0 ? `: ${built.join("; ")}` : ""}; no random case judged it`;
    }
  }
}

/** The hazard's name as a table shows it, marked when a pass needs it. */
export function hazardLabel(row: CoverageRow): string {
  return row.required ? `${row.hazard} (required)` : row.hazard;
}

/** Whether a host-wide cause confounded every case the clause ran (its reason then says so once). */
export function allConfounded(clause: Pick<ClauseReport, "confounds" | "cases">): boolean {
  const confounded = (clause.confounds ?? []).reduce((sum, confound) => sum + confound.cases.length, 0);
  return confounded > 0 && confounded === clause.cases;
}

/**
 * A clause's whole coverage table as lines: `hazard (required): where judged`. Empty for an older report, and
 * for a clause every case of which a host-wide cause confounded: its reason names the cause once, where the
 * table would repeat it for every case.
 */
export function coverageLines(clause: Pick<ClauseReport, "coverage" | "confounds" | "cases">): string[] {
  if (allConfounded(clause)) return [];
  return (clause.coverage ?? []).map((row) => `${hazardLabel(row)}: ${coverageText(row)}`);
}

/** How many cases of each kind a clause ran, in words: `4 constructed + 25 random`, or `25` for an older report. */
export function casesText(clause: Pick<ClauseReport, "cases" | "constructed" | "random">): string {
  return clause.constructed === undefined || clause.random === undefined ? String(clause.cases) : `${clause.constructed} constructed + ${clause.random} random`;
}

/** A violation seen only on a process that had served earlier cases, in one line (host data clipped). */
export function poisoningText(finding: SessionPoisoning): string {
  const victim = `case ${finding.victim.case} of ${finding.victim.clause}`;
  const by = finding.poisoner
    ? `after case ${finding.poisoner.case} of ${finding.poisoner.clause} (reproduced on fresh processes)`
    : "after earlier cases, none of which reproduced it alone on a fresh process (not charged)";
  return `${victim} failed only on a host process that had served earlier cases, ${by}; it held on a fresh process. Observed: ${clip(finding.observed, NOTE_LIMIT)}`;
}

