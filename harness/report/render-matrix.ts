/**
 * The matrix: clauses by hosts, one cell per verdict, from several report.json files, as Markdown and as
 * a self-contained HTML page. Rows follow the catalogue order; a clause a report did not run shows "—".
 */
import { catalogueIds } from "../runner/catalogue.ts";
import { escapeHtml, markdownCode, markdownText } from "./escape.ts";
import { htmlStyle } from "./html-style.ts";
import type { ClauseReport, Report } from "./report-model.ts";
import { overallLabel, statusIcon, statusLabel } from "./report-view.ts";

/** One column: a report and the label its header shows. */
export interface MatrixColumn {
  label: string;
  report: Report;
}

/**
 * Labels each report: by `given[i]` when the user named it, else by host name, adding the version, then a
 * counter, only where two would read alike.
 */
export function matrixColumns(reports: readonly Report[], given: readonly string[] = []): MatrixColumn[] {
  const byName = (report: Report) => report.host.name;
  const withVersion = (report: Report) => `${report.host.name} ${report.host.version}`;
  const labels = reports.map((report, index) =>
    given[index] ?? (reports.filter((other) => byName(other) === byName(report)).length > 1 ? withVersion(report) : byName(report)));
  return reports.map((report, index) => {
    const same = labels.filter((label, other) => label === labels[index] && other <= index).length;
    const clash = labels.filter((label) => label === labels[index]).length > 1;
    return { label: clash ? `${labels[index]} (${same})` : labels[index]!, report };
  });
}

/** Every clause id any report holds, catalogue order first, extensions after by id. */
export function matrixRows(reports: readonly Report[]): string[] {
  const ids = new Set(reports.flatMap((report) => report.clauses.map((clause) => clause.id)));
  const known = (catalogueIds as readonly string[]).filter((id) => ids.has(id));
  return [...known, ...[...ids].filter((id) => !known.includes(id)).sort()];
}

const cellOf = (report: Report, id: string): ClauseReport | undefined => report.clauses.find((clause) => clause.id === id);

/** The matrix as a GitHub-flavoured Markdown table; `labels` name the columns in report order (default: host names). */
export function renderMatrixMarkdown(reports: readonly Report[], labels: readonly string[] = []): string {
  const columns = matrixColumns(reports, labels);
  const rows = matrixRows(reports);
  const header = `| Clause | Level | ${columns.map((column) => markdownText(column.label)).join(" | ")} |`;
  const rule = `|---|---|${columns.map(() => ":---:").join("|")}|`;
  const body = rows.map((id) => {
    const level = reports.map((report) => cellOf(report, id)?.level).find(Boolean) ?? "";
    const cells = columns.map(({ report }) => {
      const clause = cellOf(report, id);
      if (!clause) return "—";
      return `${statusIcon[clause.status]} ${statusLabel(clause.status)}${clause.baseline === "expected-failure" ? " (baselined)" : clause.baseline === "stale" ? " (stale)" : ""}`;
    });
    return `| ${markdownCode(id)} | ${level} | ${cells.join(" | ")} |`;
  });
  const exit = `| **exit code** | | ${columns.map(({ report }) => `**${report.exitCode}** ${overallLabel(report)}`).join(" | ")} |`;
  const seeds = `| seed · runs | | ${columns.map(({ report }) => `${report.seed} · ${report.runs}`).join(" | ")} |`;
  return `${["# mcp-collide matrix", "", header, rule, ...body, exit, seeds].join("\n")}\n`;
}

/** The matrix as one self-contained HTML page; `labels` as for {@link renderMatrixMarkdown}. */
export function renderMatrixHtml(reports: readonly Report[], labels: readonly string[] = []): string {
  const columns = matrixColumns(reports, labels);
  const rows = matrixRows(reports).map((id) => {
    const level = reports.map((report) => cellOf(report, id)?.level).find(Boolean) ?? "";
    const cells = columns.map(({ report }) => {
      const clause = cellOf(report, id);
      if (!clause) return `<td class="empty">—</td>`;
      const mark = clause.baseline ? `<div class="mark">${clause.baseline === "stale" ? "stale baseline" : "baselined"}</div>` : "";
      return `<td title="${escapeHtml(clause.reason)}"><span class="badge s-${clause.status}">${statusLabel(clause.status)}</span>${mark}</td>`;
    });
    return `<tr><td><code>${escapeHtml(id)}</code></td><td>${level}</td>${cells.join("")}</tr>`;
  });
  const exit = columns.map(({ report }) => {
    const overall = overallLabel(report);
    return `<td><span class="badge s-${overall === "PASS" ? "pass" : overall === "FAIL" ? "fail" : "error"}">exit ${report.exitCode}</span></td>`;
  });
  const head = columns.map(({ label, report }) => `<th title="${escapeHtml(`${report.host.name} ${report.host.version} · seed ${report.seed}`)}">${escapeHtml(label)}</th>`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<title>mcp-collide matrix</title><style>${htmlStyle}</style></head>
<body><main class="wide"><h1>mcp-collide matrix <small>clauses × hosts</small></h1>
<table class="matrix"><thead><tr><th>Clause</th><th>Level</th>${head.join("")}</tr></thead>
<tbody>${rows.join("\n")}
<tr><th>exit code</th><th></th>${exit.join("")}</tr></tbody></table>
</main></body></html>
`;
}
