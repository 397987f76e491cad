/**
 * The badge a host's README can show: an SVG, flat, two halves, `MUST 12/20`: the MUST clauses the report
 * passes out of those that apply to the host (a clause NOT-APPLICABLE counts in neither), then how many MUST
 * clauses did not apply (`MUST 12/12 · 9 N/A`): a clause is NOT-APPLICABLE when the adapter does not declare
 * a capability it needs, which no run can tell from an adapter hiding it (docs/sandbox.md), so a full badge
 * never hides how much was not judged. Green when every one that applies passes, red when one fails or
 * broke, amber otherwise (inconclusive).
 */
import { escapeXml } from "../report/escape.ts";
import type { Report } from "../report/report-model.ts";

/** MUST clauses passed, MUST clauses that apply, and MUST clauses that did not. */
export function mustScore(report: Pick<Report, "clauses">): { passed: number; total: number; notApplicable: number; worst: "pass" | "fail" | "inconclusive" } {
  const must = report.clauses.filter((clause) => clause.level === "MUST" && clause.status !== "not-applicable");
  const passed = must.filter((clause) => clause.status === "pass").length;
  const broken = must.some((clause) => clause.status === "fail" || clause.status === "error");
  const notApplicable = report.clauses.filter((clause) => clause.level === "MUST" && clause.status === "not-applicable").length;
  return { passed, total: must.length, notApplicable, worst: passed === must.length ? "pass" : broken ? "fail" : "inconclusive" };
}

const COLOURS = { pass: "#1a7f37", fail: "#cf222e", inconclusive: "#9a6700" } as const;

/** Width of `text` in 11px Verdana, roughly (the badge only needs room, not typography). */
const width = (text: string) => Math.round(text.length * 6.6) + 12;

/** The badge SVG for `report`, labelled `label` (the host id). */
export function badgeSvg(report: Pick<Report, "clauses">, label: string): string {
  const score = mustScore(report);
  const left = `mcp-collide ${label}`;
  const right = `MUST ${score.passed}/${score.total}${score.notApplicable > 0 ? ` · ${score.notApplicable} N/A` : ""}`;
  const [a, b] = [width(left), width(right)];
  const text = (x: number, value: string) =>
    `<text x="${x}" y="15" fill="#010101" fill-opacity=".3">${escapeXml(value)}</text><text x="${x}" y="14">${escapeXml(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${a + b}" height="20" role="img" aria-label="${escapeXml(`${left}: ${right}`)}">` +
    `<title>${escapeXml(`${left}: ${score.passed} of the ${score.total} MUST clauses that apply pass${score.notApplicable > 0 ? `; ${score.notApplicable} did not apply (a capability the adapter does not declare)` : ""}`)}</title>` +
    `<rect width="${a}" height="20" fill="#555"/><rect x="${a}" width="${b}" height="20" fill="${COLOURS[score.worst]}"/>` +
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">${text(a / 2, left)}${text(a + b / 2, right)}</g></svg>\n`;
}

/** The badge as a data: URI, for an <img> under the site's CSP (img-src data:). */
export function badgeDataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, "utf8").toString("base64")}`;
}
