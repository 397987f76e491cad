/**
 * index.html: every host's current report as one grid, hosts by clauses, grouped by kind, each cell a link
 * to that verdict's section; a filter by clause level and by status (an inline script, allowed by its hash;
 * without it the whole grid shows); then the hosts judged at more than one version.
 */
import { escapeHtml } from "../report/escape.ts";
import { mustScore } from "./site-badge.ts";
import type { SiteData } from "./site-data.ts";
import { byKind, clauseHistory, clausePath, hostPath, kindHeading, verdictCell, verdictPath } from "./site-links.ts";
import { sitePage } from "./site-page.ts";

/** Sets the grid's data-level / data-status from the two selects; the stylesheet does the hiding. */
export const filterScript = `for (const id of ["level", "status"]) {
  const select = document.getElementById(id);
  select.addEventListener("change", () => { document.body.dataset[id] = select.value; });
}
document.getElementById("filters").hidden = false;
`;

const STATUSES = ["fail", "warn", "error", "inconclusive", "pass", "not-applicable"];

/** The overview page. */
export function overviewPage(data: SiteData): string {
  const head = `<tr><th class="host">Host (version)</th><th title="MUST clauses passed / MUST clauses that apply">MUST</th>` +
    data.clauses.map((clause) => `<th class="clause lvl-${clause.level}"><a href="${clausePath(clause.id)}" title="${escapeHtml(`${clause.level}: ${clause.summary}`)}">${escapeHtml(clause.id)}</a></th>`).join("") + `</tr>`;
  const groups = byKind(data.entries).map(([kind, entries]) => {
    const rows = entries.map((entry) => {
      const now = entry.versions.at(-1)!;
      const score = mustScore(now.report);
      const cells = data.clauses.map((clause) => {
        const verdict = now.report.clauses.find((c) => c.id === clause.id);
        return verdictCell(verdict?.status, verdictPath(entry.host.id, now.version, clause.id), `${entry.host.id} ${clause.id}${verdict ? ` — ${verdict.reason}` : ""}`, `lvl-${clause.level}`);
      }).join("");
      const older = entry.versions.length > 1 ? ` <a class="muted" href="${hostPath(entry.host.id, now.version)}#history" title="judged at ${entry.versions.length} versions">(${entry.versions.length} versions)</a>` : "";
      return `<tr><td class="host"><a href="${hostPath(entry.host.id, now.version)}">${escapeHtml(entry.host.id)}</a> <span class="muted">${escapeHtml(now.version)}</span>${older}</td>` +
        `<td class="must s-${score.worst}">${score.passed}/${score.total}</td>${cells}</tr>`;
    });
    return `<tr class="kind"><th colspan="${data.clauses.length + 2}">${escapeHtml(kindHeading(kind))} (${entries.length})</th></tr>${rows.join("\n")}`;
  });
  const options = (values: string[]) => [`<option value="">all</option>`, ...values.map((v) => `<option value="${v}">${v}</option>`)].join("");
  const filters = `<form class="filters" id="filters" hidden><label>Clause level <select id="level">${options(["MUST", "SHOULD"])}</select></label>` +
    `<label>Status <select id="status">${options(STATUSES)}</select></label><span class="muted">cells of other statuses fade</span></form>`;
  const reports = data.entries.reduce((sum, entry) => sum + entry.versions.length, 0);
  const body = [
    `<h1>MCP host compliance <small>${data.entries.length} hosts · ${reports} reports · ${data.clauses.length} clauses</small></h1>`,
    `<p>Each row is one host configuration's current report (<code>reports/&lt;id&gt;.json</code>), judged by mcp-collide on the clauses of its catalogue: how the host names, merges and routes the tools of several MCP servers. ` +
      `A cell links to the verdict's own section (its smallest world, expected vs observed, the evidence, the replay command); a clause heading links to every host's verdict on it. ` +
      `✓ pass · ✗ fail · ! warn (a SHOULD) · ? inconclusive · E error · – not applicable. ` +
      `Gateways are judged as MCP servers, mcp-collide their client; an app no adapter reaches (an editor, a desktop or chat app) is judged by hand through served worlds, ` +
      `whose reports judge only what the servers' and the fake provider's records decide and stay on the machine that served them (<a href="../../docs/serve.md">docs/serve.md</a>).</p>`,
    filters,
    `<div class="scroll"><table class="grid" id="grid"><thead>${head}</thead><tbody>${groups.join("\n")}</tbody></table></div>`,
    historySection(data),
  ].join("\n");
  return sitePage({ title: "Overview", depth: 0, body, script: filterScript });
}

/** Hosts judged at more than one version, and how many verdicts changed between them. */
function historySection(data: SiteData): string {
  const rows = data.entries.filter((entry) => entry.versions.length > 1).map((entry) => {
    const now = entry.versions.at(-1)!;
    const changed = data.clauses.filter((clause) => clauseHistory(entry, clause.id).changed);
    const versions = entry.versions.map((v) => `<a href="${hostPath(entry.host.id, v.version)}">${escapeHtml(v.version)}</a>`).join(" → ");
    const list = changed.length === 0 ? "no verdict changed" : changed.map((clause) => `<a href="${clausePath(clause.id)}"><code>${escapeHtml(clause.id)}</code></a>`).join(" ");
    return `<tr><td><a href="${hostPath(entry.host.id, now.version)}#history">${escapeHtml(entry.host.id)}</a></td><td>${versions}</td><td>${changed.length}</td><td>${list}</td></tr>`;
  });
  if (rows.length === 0) return "";
  return `<h2 id="history">Verdicts across host versions</h2><p>Earlier versions judged with the same seed and runs as the current report (<code>reports/history/&lt;id&gt;/&lt;version&gt;.json</code>).</p>` +
    `<table class="verdicts"><thead><tr><th>Host</th><th>Versions judged</th><th>Clauses changed</th><th>Which</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
}
