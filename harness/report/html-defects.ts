/**
 * report.html's defects (and the site's host pages'): the section a page opens with, one card per defect
 * (its title, status, smallest world drawn as servers, what the host did, every clause it violates and how,
 * the repro), and in each clause's section the defects it is part of, its failing cases beyond the first
 * (each with its own world and explanation) and the cases a host-wide cause kept from being judged. Every
 * host string is clipped and goes through escapeHtml.
 */
import { clauseAnchor } from "./clause-docs.ts";
import { clauseDefects, confoundText, confoundingDefects, defectCount, defectLabel, findingHeading, furtherFindings, HOW_SHOWN } from "./defect-view.ts";
import { escapeHtml } from "./escape.ts";
import { htmlWorld, htmlWorldLegend } from "./html-world.ts";
import type { ClauseReport, Defect } from "./report-model.ts";
import { clip, EVIDENCE_LIMIT, statusLabel } from "./report-view.ts";

const text = (value: string, limit = EVIDENCE_LIMIT) => escapeHtml(clip(value, limit));

/** A defect's anchor on the page: `defect-D1`. */
export function defectAnchor(id: string): string {
  return `defect-${id.replace(/[^A-Za-z0-9]+/g, "-")}`;
}

/** A clause id linked to its section on the page where it has one (`linked`), else as code. */
function clauseRef(id: string, linked: (id: string) => boolean): string {
  const code = `<code>${escapeHtml(id)}</code>`;
  return linked(id) ? `<a href="#${clauseAnchor(id)}">${code}</a>` : code;
}

function defectCard(defect: Defect, linked: (id: string) => boolean): string {
  const parts: string[] = [];
  if (defect.world) parts.push(`<h3>Smallest world (configuration order)</h3>`, htmlWorld(defect.world.servers), htmlWorldLegend([defect.world.servers]));
  parts.push(`<h3>What the host did</h3><pre>${text(defect.behaviour)}</pre>`);
  if (defect.violations.length > 0) {
    parts.push(`<h3>Violates</h3><ul>${defect.violations.map((v) =>
      `<li>${clauseRef(v.clause, linked)}${v.case > 0 ? ` case ${v.case}` : ""} <span class="badge s-${v.status}">${statusLabel(v.status)}</span> ${text(v.how, HOW_SHOWN)}</li>`).join("")}</ul>`);
  }
  if (defect.confounds && defect.confounds.length > 0) parts.push(`<h3>Kept from judging</h3><p>${defect.confounds.map((id) => clauseRef(id, linked)).join(" ")}</p>`);
  if (defect.repro) parts.push(`<h3>Rerun it</h3><pre class="cmd">${text(defect.repro)}</pre>`);
  return `<details class="clause defect s-${defect.status}" id="${defectAnchor(defect.id)}" open>` +
    `<summary><span class="badge s-${defect.status}">${escapeHtml(defectLabel(defect))}</span><b>${escapeHtml(defect.id)}</b><span class="why">${text(defect.title, 500)}</span></summary>` +
    `<div class="clause-body">${parts.join("\n")}</div></details>`;
}

/** The section a page opens with: every defect, worst first; `linked` says which clause ids have a section on the page. */
export function htmlDefects(defects: readonly Defect[], linked: (id: string) => boolean): string {
  if (defects.length === 0) return `<h2 id="defects">Defects</h2><p>No defects: no clause failed or broke.</p>`;
  return `<h2 id="defects">Defects <small class="why">(${escapeHtml(defectCount(defects))}: each is one behaviour of the host, with every clause it violates; the verdicts per clause follow)</small></h2>` +
    defects.map((defect) => defectCard(defect, linked)).join("\n");
}

/** At the top of a clause's section: the defects it is part of, linked. */
export function htmlPartOf(clause: ClauseReport, defects: readonly Defect[]): string {
  const part = clauseDefects(defects, clause);
  if (part.length === 0) return "";
  return `<div class="note s-${clause.status}">Part of ${part.map((entry) =>
    `<a href="#${defectAnchor(entry.id)}"><b>${escapeHtml(entry.id)}</b></a> (case ${entry.cases.join(", ")}: ${text(entry.title, 200)})`).join("; ")}</div>`;
}

/** A clause's cases a host-wide cause kept from being judged, with the defect that names the cause. */
export function htmlConfounds(clause: ClauseReport, defects: readonly Defect[]): string {
  if (!clause.confounds || clause.confounds.length === 0) return "";
  const by = confoundingDefects(defects, clause).map((entry) => `<a href="#${defectAnchor(entry.id)}">${escapeHtml(entry.id)}</a>`).join(", ");
  return `<h3>Cases a host-wide cause kept from being judged${by ? ` (see ${by})` : ""}</h3><ul>${clause.confounds.map((confound) => `<li>${text(confoundText(confound, EVIDENCE_LIMIT))}</li>`).join("")}</ul>`;
}

/** At the end of a clause's section: its failing cases beyond the first, each with its own world and explanation, and its confounds. */
export function htmlFurther(clause: ClauseReport, defects: readonly Defect[]): string {
  const further = furtherFindings(clause, defects).map((finding) => {
    const parts = [`<h4>${text(findingHeading(finding), 500)}</h4>`];
    if (finding.counterexample) parts.push(htmlWorld(finding.counterexample.servers));
    if (finding.expected !== undefined || finding.observed !== undefined) {
      parts.push(`<div class="eo"><div class="expected"><h4>Expected</h4><p>${text(finding.expected ?? "—")}</p></div><div class="observed"><h4>Observed</h4><pre>${text(finding.observed ?? "—")}</pre></div></div>`);
    }
    if (finding.error) parts.push(`<pre>${text(`${finding.error.kind}: ${finding.error.message}`)}</pre>`);
    if (finding.diagnosis && finding.diagnosis.length > 0) parts.push(`<pre>${text(finding.diagnosis.join("\n"))}</pre>`);
    if (finding.repro) parts.push(`<pre class="cmd">${text(finding.repro)}</pre>`);
    return `<div class="finding">${parts.join("")}</div>`;
  });
  const head = further.length === 0 ? "" : `<h3>Further failing cases <small class="why">(${further.length}; each judged on its own)</small></h3>${further.join("\n")}`;
  return head + htmlConfounds(clause, defects);
}
