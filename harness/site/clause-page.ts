/**
 * clauses/<clause>.html: one clause across every host, grouped by kind: the current verdict (a link to its
 * section), why, and the verdicts of the earlier versions judged, a change marked; clauses/index.html lists
 * every clause with its verdict counts.
 */
import { clauseAnchor } from "../report/clause-docs.ts";
import { escapeHtml } from "../report/escape.ts";
import type { ClauseStatus } from "../report/report-model.ts";
import { clip, STATUS_ORDER, statusLabel } from "../report/report-view.ts";
import { htmlBadge } from "../report/render-html.ts";
import type { SiteClause, SiteData } from "./site-data.ts";
import { byKind, clauseHistory, clausePath, hostPath, kindHeading, verdictCell, verdictPath } from "./site-links.ts";
import { sitePage, up } from "./site-page.ts";

const DEPTH = 1;

/** The page of one clause. */
export function clausePage(data: SiteData, clause: SiteClause): string {
  const groups = byKind(data.entries).map(([kind, entries]) => {
    const rows = entries.map((entry) => {
      const now = entry.versions.at(-1)!;
      const verdict = now.report.clauses.find((c) => c.id === clause.id);
      const history = clauseHistory(entry, clause.id);
      const earlier = entry.versions.length < 2 ? "" : `<table class="grid history"><tr>${history.verdicts.map((v) =>
        `<th>${escapeHtml(v.version)}</th>`).join("")}</tr><tr>${history.verdicts.map((v) => verdictCell(v.status, `${up(DEPTH)}${verdictPath(entry.host.id, v.version, clause.id)}`, `${entry.host.id} ${v.version}`)).join("")}</tr></table>` +
        (history.changed ? `<b>changed between versions</b>` : `<span class="muted">same at every version</span>`);
      const status = verdict ? `<a href="${up(DEPTH)}${verdictPath(entry.host.id, now.version, clause.id)}">${htmlBadge(verdict.status)}</a>` : `<span class="muted">not judged</span>`;
      return `<tr${history.changed ? ' class="changed"' : ""}><td><a href="${up(DEPTH)}${hostPath(entry.host.id, now.version)}">${escapeHtml(entry.host.id)}</a> <span class="muted">${escapeHtml(now.version)}</span></td>` +
        `<td>${status}</td><td class="why">${escapeHtml(clip(verdict?.reason ?? "", 600))}</td><td>${earlier}</td></tr>`;
    });
    return `<tr class="kind"><th colspan="4">${escapeHtml(kindHeading(kind))}</th></tr>${rows.join("\n")}`;
  });
  const body = [
    `<h1><code>${escapeHtml(clause.id)}</code> <small>${clause.level}</small></h1>`,
    `<p>A host ${clause.level} ${escapeHtml(clause.summary)}.</p>`,
    `<p class="muted">Sources: ${escapeHtml(clause.sources.join("; ") || "—")} · <a href="${up(DEPTH)}../../docs/clauses.md#${clauseAnchor(clause.id)}">the catalogue (docs/clauses.md)</a></p>`,
    `<table class="verdicts grid-list"><thead><tr><th>Host</th><th>Verdict now</th><th>Why</th><th>Across versions</th></tr></thead><tbody>${groups.join("\n")}</tbody></table>`,
  ].join("\n");
  return sitePage({ title: clause.id, depth: DEPTH, body });
}

/** clauses/index.html: every clause, its level, and how many hosts got each verdict now. */
export function clauseIndexPage(data: SiteData): string {
  const rows = data.clauses.map((clause) => {
    const counts = new Map<ClauseStatus, number>();
    for (const entry of data.entries) {
      const status = entry.versions.at(-1)!.report.clauses.find((c) => c.id === clause.id)?.status;
      if (status) counts.set(status, (counts.get(status) ?? 0) + 1);
    }
    const chips = STATUS_ORDER.filter((s) => counts.has(s)).map((s) => `<span class="chip s-${s}"><b>${counts.get(s)}</b> ${statusLabel(s).toLowerCase()}</span>`).join(" ");
    return `<tr><td><a href="${clausePath(clause.id).replace(/^clauses\//, "")}"><code>${escapeHtml(clause.id)}</code></a></td><td>${clause.level}</td><td>${chips}</td><td class="why">${escapeHtml(clause.summary)}</td></tr>`;
  });
  const body = `<h1>Clauses <small>${data.clauses.length}</small></h1><table class="verdicts"><thead><tr><th>Clause</th><th>Level</th><th>Hosts now</th><th>A host …</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
  return sitePage({ title: "Clauses", depth: DEPTH, body });
}
