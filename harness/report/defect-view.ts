/**
 * Readings of a report's defects that every renderer shares, so each format opens with the same defects in
 * the same words. A report written before defects were grouped is grouped at render time (the same rule a
 * run applies), so a committed report shows its defects without being made again; the report itself is not
 * changed. Every string here that came from a host is plain text: each renderer escapes it for its format.
 */
import { groupDefects } from "./group-defects.ts";
import type { ClauseReport, Confound, Defect, Finding, Report } from "./report-model.ts";
import { clip, statusLabel } from "./report-view.ts";
import { worldLines } from "./world-lines.ts";

/** Longest `how` of a violation a defects section shows (the clause's own section has it all). */
export const HOW_SHOWN = 400;

/** The report's defects: its own, or grouped now for a report written before they were. */
export function defectsOf(report: Report): Defect[] {
  return report.defects ?? groupDefects(report).defects;
}

/** The defects a clause is part of, with its cases in each (`D1` case 1, `D3` case 4), in the defects' order. */
export function clauseDefects(defects: readonly Defect[], clause: Pick<ClauseReport, "id">): Array<{ id: string; title: string; cases: number[] }> {
  return defects
    .map((defect) => ({ id: defect.id, title: defect.title, cases: defect.violations.filter((v) => v.clause === clause.id).map((v) => v.case) }))
    .filter((entry) => entry.cases.length > 0);
}

/** The host-wide defects that kept a clause from judging some of its cases. */
export function confoundingDefects(defects: readonly Defect[], clause: Pick<ClauseReport, "id">): Defect[] {
  return defects.filter((defect) => defect.confounds?.includes(clause.id));
}

/**
 * A clause's failing cases beyond the first (the clause's own fields tell the first), each with its own world,
 * and the defect it is part of (as `defects` list it, for a report grouped at render time).
 */
export function furtherFindings(clause: ClauseReport, defects: readonly Defect[]): Finding[] {
  return (clause.findings ?? []).slice(1).map((finding) => {
    const defect = finding.defect ?? defects.find((entry) => entry.violations.some((v) => v.clause === clause.id && v.case === finding.case))?.id;
    return defect === undefined ? finding : { ...finding, defect };
  });
}

/** A defect as a status word and its cause, as a heading shows it: `FAIL`, `ERROR · every open fails`. */
export function defectLabel(defect: Defect): string {
  const cause = { behaviour: "", broke: "", "non-deterministic": "names change between identical opens", "every-open-fails": "every open fails", "poisoned-process": "a poisoned host process" }[defect.cause];
  return `${statusLabel(defect.status)}${cause ? ` · ${cause}` : ""}`;
}

/** How a defect's violation of one clause reads in a line: `names/injective case 1 (FAIL): expected …`. */
export function violationText(violation: Defect["violations"][number], limit: number): string {
  return `${violation.clause}${violation.case > 0 ? ` case ${violation.case}` : ""} (${statusLabel(violation.status)}): ${clip(violation.how, limit)}`;
}

/** A confound in a line: its cause, the cases it kept from being judged, what the records show. */
export function confoundText(confound: Confound, limit: number): string {
  const cases = confound.cases.length > 0 ? ` (case${confound.cases.length > 1 ? "s" : ""} ${confound.cases.join(", ")})` : "";
  return `${confound.cause}${confound.clause ? ` (see ${confound.clause})` : ""}${cases}: ${clip(confound.detail, limit)}`;
}

/** A finding beyond the first, in a line: its case, hazard and title, status and where it failed. */
export function findingHeading(finding: Finding): string {
  const what = [finding.hazard, finding.title].filter(Boolean).join(": ");
  return `case ${finding.case}${what ? ` (${what})` : ""} — ${statusLabel(finding.status)}${finding.defect ? ` · ${finding.defect}` : ""}`;
}

/** A defect as plain text lines, one line each (console, JUnit, SARIF): title, world, what the host did, each violation, the repro. */
export function defectLines(defect: Defect, limit: number): string[] {
  const lines = [`${defect.id} ${defectLabel(defect)}: ${clip(defect.title, limit)}`];
  if (defect.world) lines.push(...worldLines(defect.world.servers).map((line, index) => `${index === 0 ? "  world: " : "         "}${line}`));
  lines.push(`  the host did: ${clip(defect.behaviour, limit)}`);
  for (const violation of defect.violations) lines.push(`  violates ${violationText(violation, limit)}`);
  if (defect.confounds && defect.confounds.length > 0) lines.push(`  kept from judging: ${defect.confounds.join(", ")}`);
  if (defect.repro) lines.push(`  repro: ${clip(defect.repro, 2000)}`);
  return lines;
}

/** The defects in a sentence for a summary: `3 defects (1 ERROR, 2 FAIL)`, or `no defects`. */
export function defectCount(defects: readonly Defect[]): string {
  if (defects.length === 0) return "no defects";
  const counts = (["error", "fail", "warn"] as const).map((status) => [status, defects.filter((d) => d.status === status).length] as const).filter(([, n]) => n > 0);
  return `${defects.length} defect${defects.length > 1 ? "s" : ""} (${counts.map(([status, n]) => `${n} ${statusLabel(status)}`).join(", ")})`;
}
