/**
 * Where each page of the compliance site lives and how a verdict is drawn in a grid cell, so every page
 * links to the same stable addresses: hosts/<id>/<version>.html#clause-<clause> for one verdict,
 * clauses/<clause>.html for a clause across hosts, badges/<id>.svg for a host's badge.
 */
import { clauseAnchor } from "../report/clause-docs.ts";
import { escapeHtml } from "../report/escape.ts";
import type { ClauseStatus } from "../report/report-model.ts";
import { statusLabel } from "../report/report-view.ts";
import type { SiteEntry } from "./site-data.ts";

/** A host report's page, from the site's root. */
export const hostPath = (id: string, version: string) => `hosts/${id}/${version}.html`;
/** A clause's page, from the site's root. */
export const clausePath = (id: string) => `clauses/${id.replace(/[^A-Za-z0-9]+/g, "-")}.html`;
/** One verdict's stable address, from the site's root. */
export const verdictPath = (id: string, version: string, clause: string) => `${hostPath(id, version)}#${clauseAnchor(clause)}`;
/** A host's current badge, from the site's root. */
export const badgePath = (id: string) => `badges/${id}.svg`;

/** One glyph per status, for grid cells (the colour says it too; the title says it in words). */
const MARK: Record<ClauseStatus, string> = { pass: "✓", fail: "✗", warn: "!", error: "E", inconclusive: "?", "not-applicable": "–" };

/** A grid cell linking to a verdict: coloured by status, titled in words. */
export function verdictCell(status: ClauseStatus | undefined, href: string, title: string, extraClass = ""): string {
  if (!status) return `<td class="cell ${extraClass}" title="not judged by this report">·</td>`;
  return `<td class="cell s-${status} ${extraClass}"><a href="${escapeHtml(href)}" title="${escapeHtml(`${statusLabel(status)}: ${title}`)}">${MARK[status]}</a></td>`;
}

/** The kinds the overview lists first, in this order; any other kind follows, in registry order. */
const KIND_ORDER = ["library", "agent CLI", "Python", "gateway"];

/** Entries grouped by kind: known kinds first, then the rest as they first appear. */
export function byKind(entries: readonly SiteEntry[]): Array<[string, SiteEntry[]]> {
  const groups = new Map<string, SiteEntry[]>();
  for (const entry of entries) groups.set(entry.host.kind, [...(groups.get(entry.host.kind) ?? []), entry]);
  const rank = (kind: string) => (KIND_ORDER.includes(kind) ? KIND_ORDER.indexOf(kind) : KIND_ORDER.length);
  return [...groups.entries()].sort(([a], [b]) => rank(a) - rank(b));
}

/** A kind as a group heading: `library` → `Libraries`. */
export function kindHeading(kind: string): string {
  const plural = /[^aeiou]y$/.test(kind) ? `${kind.slice(0, -1)}ies` : kind === "Python" ? kind : `${kind}s`;
  return plural.charAt(0).toUpperCase() + plural.slice(1);
}

/** Every verdict a host's versions gave one clause, oldest first, and whether it changed. */
export function clauseHistory(entry: SiteEntry, clause: string): { verdicts: Array<{ version: string; status?: ClauseStatus }>; changed: boolean } {
  const verdicts = entry.versions.map((v) => ({ version: v.version, status: v.report.clauses.find((c) => c.id === clause)?.status }));
  const seen = new Set(verdicts.map((v) => v.status).filter(Boolean));
  return { verdicts, changed: seen.size > 1 };
}

/** A command line's words for a shell: a word with anything but safe characters is single-quoted. */
export function shellLine(argv: readonly string[]): string {
  return argv.map((word) => (/^[\w@%+=:,./$-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`)).join(" ");
}
