/**
 * The frame of every page of the compliance site: one self-contained HTML file whose only style and script
 * are inline and allowed by their SHA-256 in a strict Content-Security-Policy (nothing else loads: no
 * server, no CDN, no font, images only as data: URIs), a navigation bar, and relative links only, so the
 * site works from a checkout, a file:// URL or any static server.
 */
import { createHash } from "node:crypto";
import { escapeHtml } from "../report/escape.ts";
import { htmlStyle } from "../report/html-style.ts";

/** What the site adds to report.html's stylesheet: the grid, the history table, the filter bar. */
const siteStyle = `
nav.site { display:flex; gap:14px; align-items:baseline; padding:10px 28px; border-bottom:1px solid var(--line); background:var(--panel); }
nav.site a { text-decoration:none; } nav.site b { margin-right:8px; }
.grid { border-collapse:collapse; width:auto; font-size:12px; }
.grid th, .grid td { padding:2px 3px; border:1px solid var(--line); text-align:center; }
.grid th.clause { writing-mode:vertical-rl; transform:rotate(180deg); white-space:nowrap; font-weight:500; padding:6px 2px; }
.grid th.clause a { text-decoration:none; }
.grid th.host, .grid td.host { text-align:left; white-space:nowrap; }
.grid tr.kind th { text-align:left; background:var(--panel); font-size:13px; padding:6px 8px; }
.grid td.cell a { display:block; min-width:20px; color:#fff; background:var(--s); text-decoration:none; font-weight:700; border-radius:3px; }
.grid td.cell.s-not-applicable a { background:transparent; color:var(--na); }
.grid td.must { white-space:nowrap; color:var(--s); font-weight:700; }
.scroll { overflow-x:auto; }
.filters { display:flex; gap:16px; margin:12px 0; align-items:center; }
[data-level="MUST"] .lvl-SHOULD, [data-level="SHOULD"] .lvl-MUST { display:none; }
${["pass", "fail", "warn", "error", "inconclusive", "not-applicable"].map((s) => `[data-status="${s}"] td.cell:not(.s-${s}) { opacity:.12; }`).join("\n")}
.changed { outline:2px solid var(--fg); outline-offset:-2px; }
.history td, .history th { white-space:nowrap; }
.checked { border-left:4px solid var(--s,var(--line)); padding:6px 12px; background:var(--panel); margin:10px 0; }
img.badge-svg { vertical-align:middle; }
.muted { color:var(--muted); }
`;

/** What a page needs to be framed. */
export interface PageParts {
  title: string;
  /** How many folders below the site's root the page is (index.html: 0, clauses/x.html: 1, hosts/id/v.html: 2). */
  depth: number;
  body: string;
  /** Inline script (allowed by its hash): only the overview's filter. */
  script?: string;
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The relative prefix from a page at `depth` back to the site's root. */
export const up = (depth: number) => "../".repeat(depth);

/** A complete page: CSP, style, navigation, body. */
export function sitePage(parts: PageParts): string {
  const style = `${htmlStyle}${siteStyle}`;
  const script = parts.script ? `<script>${parts.script}</script>` : "";
  const csp = `default-src 'none'; style-src ${sha256(style)}; img-src data:; script-src ${parts.script ? sha256(parts.script) : "'none'"}; base-uri 'none'; form-action 'none'`;
  const root = up(parts.depth);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<title>${escapeHtml(parts.title)} · mcp-collide compliance</title>
<style>${style}</style></head>
<body>
<nav class="site"><b>mcp-collide compliance</b><a href="${root}index.html">Overview</a><a href="${root}clauses/index.html">Clauses</a></nav>
<main>
${parts.body}
<footer>Built by <code>npm run site</code> from the committed reports (reports/*.json, reports/history/) and the hand-checked evidence in hosts/; nothing else.</footer>
</main>
${script}
</body></html>
`;
}
