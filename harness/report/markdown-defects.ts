/**
 * report.md's defects: the section it opens with (each defect's title, status, smallest world, what the host
 * did, every clause it violates and how, the repro), and under each clause's verdict the defects it is part
 * of, its failing cases beyond the first (each with its own world and explanation) and the cases a host-wide
 * cause kept from being judged. Host strings are clipped and escaped (escape.ts).
 */
import type { RenderOptions } from "./clause-docs.ts";
import { clauseDefects, confoundText, confoundingDefects, defectCount, defectLabel, findingHeading, furtherFindings, HOW_SHOWN } from "./defect-view.ts";
import { markdownBlock, markdownText } from "./escape.ts";
import { clauseName, worldTable } from "./markdown-world.ts";
import type { ClauseReport, Defect } from "./report-model.ts";
import { clip, statusIcon, statusLabel } from "./report-view.ts";

/** The heading of a defect, as SARIF's locations find it again (render-sarif.ts). */
export function defectHeading(defect: Defect): string {
  return `### ${statusIcon[defect.status]} ${defect.id} — ${markdownText(defectLabel(defect))}: ${markdownText(clip(defect.title, 300))}`;
}

function defect(entry: Defect, limit: number, options: RenderOptions): string[] {
  const lines = [defectHeading(entry), ""];
  if (entry.world) lines.push("**Smallest world** (configuration order):", "", ...worldTable(entry.world.servers), "");
  lines.push(`**What the host did:** ${markdownText(clip(entry.behaviour, limit))}`, "");
  if (entry.violations.length > 0) {
    lines.push("**Violates:**", "", ...entry.violations.map((v) =>
      `- ${clauseName(v.clause, options)}${v.case > 0 ? ` case ${v.case}` : ""} (${statusLabel(v.status)}): ${markdownText(clip(v.how, Math.min(limit, HOW_SHOWN)))}`), "");
  }
  if (entry.confounds && entry.confounds.length > 0) lines.push(`**Kept from judging:** ${entry.confounds.map((id) => clauseName(id, options)).join(", ")}`, "");
  if (entry.repro) lines.push("Rerun it:", "", markdownBlock(clip(entry.repro, limit), "sh"), "");
  return lines;
}

/** The section report.md opens with: every defect, worst first. */
export function markdownDefects(defects: readonly Defect[], limit: number, options: RenderOptions): string[] {
  if (defects.length === 0) return ["## Defects", "", "No defects: no clause failed or broke.", ""];
  const lines = ["## Defects", "", `${markdownText(defectCount(defects))}: each is one behaviour of the host, with every clause it violates (the verdicts per clause follow).`, ""];
  for (const entry of defects) lines.push(...defect(entry, limit, options));
  return lines;
}

/** Under a clause's heading: the defects it is part of, and in which of its cases. */
export function markdownPartOf(clause: ClauseReport, defects: readonly Defect[]): string[] {
  const part = clauseDefects(defects, clause);
  if (part.length === 0) return [];
  return [`Part of ${part.map((entry) => `**${entry.id}** (case ${entry.cases.join(", ")}: ${markdownText(clip(entry.title, 200))})`).join("; ")}.`, ""];
}

/** At the end of a clause's section: its failing cases beyond the first, each with its own world, and its confounded cases. */
export function markdownClauseDefects(clause: ClauseReport, defects: readonly Defect[], limit: number): string[] {
  const lines: string[] = [];
  const further = furtherFindings(clause, defects);
  if (further.length > 0) {
    lines.push(`**Further failing cases** (${further.length}; each judged on its own):`, "");
    for (const finding of further) {
      lines.push(`#### ${markdownText(findingHeading(finding))}`, "");
      if (finding.counterexample) lines.push(...worldTable(finding.counterexample.servers), "");
      if (finding.expected !== undefined) lines.push(`**Expected:** ${markdownText(clip(finding.expected, limit))}`, "");
      if (finding.observed !== undefined) lines.push("**Observed:**", "", markdownBlock(clip(finding.observed, limit), "text"), "");
      if (finding.error) lines.push(`**Error** (${markdownText(clip(finding.error.kind, 100))}): ${markdownText(clip(finding.error.message, limit))}`, "");
      if (finding.diagnosis && finding.diagnosis.length > 0) lines.push("**What the host did:**", "", markdownBlock(clip(finding.diagnosis.join("\n"), limit), "text"), "");
      if (finding.repro) lines.push("Rerun exactly this case:", "", markdownBlock(clip(finding.repro, limit), "sh"), "");
    }
  }
  lines.push(...markdownConfounds(clause, defects, limit));
  return lines;
}

/** A clause's cases a host-wide cause kept from being judged, with the defect that names the cause. */
export function markdownConfounds(clause: ClauseReport, defects: readonly Defect[], limit: number): string[] {
  if (!clause.confounds || clause.confounds.length === 0) return [];
  const by = confoundingDefects(defects, clause).map((entry) => `**${entry.id}**`).join(", ");
  return [`**Cases a host-wide cause kept from being judged**${by ? ` (see ${by})` : ""}:`, "",
    ...clause.confounds.map((confound) => `- ${markdownText(confoundText(confound, limit))}`), ""];
}

/** Clauses with confounded cases that have no section of their own (an INCONCLUSIVE, a pass on the rest). */
export function markdownConfoundedClauses(clauses: readonly ClauseReport[], defects: readonly Defect[], limit: number, options: RenderOptions): string[] {
  const listed = clauses.filter((clause) => (clause.confounds?.length ?? 0) > 0);
  if (listed.length === 0) return [];
  const lines = ["## Verdicts a host-wide cause confounded", ""];
  for (const clause of listed) lines.push(`${clauseName(clause.id, options)} — ${statusLabel(clause.status)}`, "", ...markdownConfounds(clause, defects, limit));
  return lines;
}
