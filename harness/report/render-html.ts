/**
 * `report.html`: one self-contained page (inline CSS, no script, no network) that reads at a glance: the
 * overall verdict, the host's defects (html-defects.ts), a verdict per clause with what it stood on, then each failure as a `<details>` with its
 * world drawn as servers and tools, colliding names highlighted, expected beside observed, and the repro
 * line. Every host-supplied string is clipped (report.json keeps it whole) and goes through escapeHtml.
 */
import { situationMeanings, type Situation } from "../world/situations.ts";
import { clauseAnchor, clauseLink, type RenderOptions } from "./clause-docs.ts";
import { casesText, coverageText, hazardLabel, poisoningText } from "./coverage-lines.ts";
import { escapeHtml } from "./escape.ts";
import { htmlStyle } from "./html-style.ts";
import { errorsDiffer, orderDiffers, routeText, rowDiffers } from "./comparison-lines.ts";
import { htmlName, htmlWorld, htmlWorldLegend } from "./html-world.ts";
import type { ClauseReport, Comparison, Defect, Report } from "./report-model.ts";
import { defectsOf } from "./defect-view.ts";
import { htmlConfounds, htmlDefects, htmlFurther, htmlPartOf } from "./html-defects.ts";
import { evidenceLines } from "./evidence-lines.ts";
import {
  baselineNote, clip, clipTail, countText, COUNTS_MEANING, detailedClauses, durationText, EVIDENCE_LIMIT, gatesRun, hostLabel, NAME_LIMIT, overallLabel,
  situationCounts, statusLabel, totalsInOrder, reportReplay, verboseRepro, worldTitle,
} from "./report-view.ts";

/** Host output as the page shows it: clipped, then escaped. */
const evidence = (text: string) => escapeHtml(clip(text, EVIDENCE_LIMIT));


/** A status as a coloured badge. */
export function htmlBadge(status: ClauseReport["status"]): string {
  return `<span class="badge s-${status}">${statusLabel(status)}</span>`;
}

function situationChips(clause: ClauseReport): string {
  const counts = situationCounts(clause);
  if (counts.length === 0) return `<span class="empty">—</span>`;
  const meaning = (name: string) => situationMeanings[name as Situation] ?? "reported by the clause's own check";
  return counts.map((count) => {
    const unjudged = count.judged === 0 ? " unjudged" : "";
    return `<span class="sit${unjudged}" title="${escapeHtml(`${meaning(count.name)} (${COUNTS_MEANING})`)}">${escapeHtml(count.name)} ${countText(count)}</span>`;
  }).join("");
}

/** The page head of a report: overall verdict, host, totals, the clauses that need attention, and the run's facts. */
export function htmlBanner(report: Report): string {
  const overall = overallLabel(report);
  const status = overall === "PASS" ? "pass" : overall === "FAIL" ? "fail" : "error";
  // The clauses a reader came for, linked to their sections: every violation and every broken case.
  const attention = detailedClauses(report).map((clause) =>
    `<a class="chip s-${clause.status}" href="#${clauseAnchor(clause.id)}"><b>${statusLabel(clause.status)}</b> ${escapeHtml(clause.id)}</a>`);
  const chips = totalsInOrder(report).map(([name, count]) => `<span class="chip s-${name}"><b>${count}</b> ${escapeHtml(statusLabel(name).toLowerCase())}</span>`);
  const meta: Array<[string, string, boolean?]> = [
    ["seed", String(report.seed)], ["random cases per clause", `${report.runs}, after its constructed cases`], ["server transport", report.transport],
    ["naming profile", report.profile ?? "—"], ["harness", `mcp-collide ${report.harness.version}`],
    ["protocol · catalogue", `HAP/${report.protocolVersion} · v${report.catalogueVersion}`], ["node", report.node],
    ["started", report.startedAt.replace("T", " ").replace(/(\.\d+)?Z$/, " UTC")], ["duration", durationText(report.durationMs)], ["strict", report.strict ? "yes: SHOULD clauses gate" : "no"],
    ["content SHA-256", report.contentSha256 ?? "—", true], ["host command", clip(report.hostCommand.join(" "), EVIDENCE_LIMIT) || "(in process)", true],
  ];
  const host = hostLabel(report);
  const title = report.hostStartError !== undefined
    ? `<h1>the host did not start</h1><p>${evidence(report.hostStartError)}</p>`
    : `<h1>${escapeHtml(host.name)} <small>${escapeHtml(host.version)}</small></h1>`;
  return [
    `<header class="banner s-${status}"><div class="big">${overall}</div><div>`,
    title,
    `<div class="totals">${chips.join("")}<span>→ exit ${report.exitCode}</span></div>`,
    attention.length > 0 ? `<div class="totals">${attention.join("")}</div>` : "",
    `</div></header>`,
    `<dl class="meta">${meta.map(([label, value, wide]) => `<div${wide ? ` class="wide"` : ""}><dt>${label}</dt><dd class="mono">${escapeHtml(value)}</dd></div>`).join("")}</dl>`,
  ].join("\n");
}

function baselineBox(report: Report): string {
  const baseline = report.baseline;
  if (!baseline) return "";
  const name = (id: string) => escapeHtml(clip(id, NAME_LIMIT));
  const ids = (list: string[]) => (list.length === 0 ? "none" : list.map((id) => `<a href="#${clauseAnchor(clip(id, NAME_LIMIT))}"><code>${name(id)}</code></a>`).join(" "));
  const status = baseline.stale.length > 0 ? "fail" : "pass";
  return `<div class="note s-${status}"><b>Baseline</b>${baseline.file ? ` <code>${name(baseline.file)}</code>` : ""}: ` +
    `baselined failures (do not gate): ${ids(baseline.baselined)} · <b>stale entries</b> (now pass; each fails the run until removed): ${ids(baseline.stale)}` +
    `${baseline.unmatched.length > 0 ? ` · not judged in this run: ${baseline.unmatched.map((id) => `<code>${name(id)}</code>`).join(" ")}` : ""}</div>`;
}

/** A link to clause `id`'s section of the catalogue, when the report knows where the catalogue is. */
function catalogueLink(id: string, options: RenderOptions, text: string): string {
  return options.clauseDocs ? `<a class="doc" href="${escapeHtml(clauseLink(options.clauseDocs, id))}" title="what the clause requires and why">${text}</a>` : "";
}

function verdictTable(report: Report, options: RenderOptions): string {
  const detailed = new Set(detailedClauses(report).map((clause) => clause.id));
  const rows = report.clauses.map((clause) => {
    const own = detailed.has(clause.id) ? `<a href="#${clauseAnchor(clause.id)}"><code>${escapeHtml(clause.id)}</code></a>` : `<code>${escapeHtml(clause.id)}</code>`;
    const name = `${own}${catalogueLink(clause.id, options, " ↗")}`;
    const note = baselineNote(clause);
    const mark = note ? `<div class="mark s-${clause.baseline === "stale" ? "fail" : "not-applicable"}">${escapeHtml(note)}</div>` : "";
    return `<tr class="row-${clause.status} s-${clause.status}"><td>${htmlBadge(clause.status)}</td><td>${name}</td><td>${clause.level}</td>` +
      `<td class="num">${casesText(clause)}</td><td class="sits">${situationChips(clause)}</td><td class="why">${evidence(clause.reason)}${mark}</td></tr>`;
  });
  return `<table class="verdicts"><thead><tr><th>Verdict</th><th>Clause</th><th>Level</th><th>Cases</th><th>Situations (${COUNTS_MEANING})</th><th>Why</th></tr></thead><tbody>${rows.join("\n")}</tbody></table>`;
}

/** Each row's status as a verdict colour: judged green, violated red, not judged amber, not run grey. */
const coverageStatus = { judged: "pass", violated: "fail", "not-judged": "inconclusive", "not-run": "not-applicable" } as const;

/** Every clause's coverage table; open when some hazard went unjudged (the reason for an INCONCLUSIVE). */
export function htmlCoverageTable(report: Report): string {
  const rows = report.clauses.flatMap((clause) => (clause.coverage ?? []).map((row) =>
    `<tr class="s-${coverageStatus[row.status]}"><td><code>${escapeHtml(clause.id)}</code></td><td><code>${escapeHtml(hazardLabel(row))}</code></td>` +
    `<td><span class="badge s-${coverageStatus[row.status]}">${row.status.toUpperCase()}</span></td><td class="why">${evidence(coverageText(row))}</td></tr>`));
  if (rows.length === 0) return "";
  const unjudged = report.clauses.some((clause) => clause.coverage?.some((row) => row.status === "not-judged"));
  return `<details class="coverage"${unjudged ? " open" : ""}><summary><h2>Coverage <small class="why">(every hazard each clause is about, and where it was judged: constructed cases run first in every run, then random ones)</small></h2></summary>` +
    `<table class="verdicts"><thead><tr><th>Clause</th><th>Hazard</th><th></th><th>Where it was judged</th></tr></thead><tbody>${rows.join("\n")}</tbody></table></details>`;
}

/** What the host showed in each compared session, side by side; a differing row is marked. */
function comparisonTable(comparison: Comparison): string {
  const row = (differs: boolean, head: string, cells: string[]) =>
    `<tr${differs ? ' class="differs"' : ""}><td>${differs ? "≠" : ""}</td><th>${head}</th>${cells.map((cell) => `<td>${escapeHtml(cell)}</td>`).join("")}</tr>`;
  const rows = comparison.rows.map((r) => row(rowDiffers(r), htmlName(r.shown), r.routes.map(routeText)));
  return `<h3>What the host showed in each session <small class="why">(where each shown name's call went; ≠ marks a difference)</small></h3>` +
    `<table class="comparison"><thead><tr><th></th><th>Shown name</th>${comparison.titles.map((title) => `<th>${escapeHtml(title)}</th>`).join("")}</tr></thead>` +
    `<tbody>${rows.join("")}${row(errorsDiffer(comparison), "<i>errors</i>", comparison.errors)}` +
    `${comparison.order === undefined ? "" : row(orderDiffers(comparison), "<i>listed in the order</i>", comparison.order)}</tbody></table>`;
}

/** What a page that embeds a clause section adds to it (the compliance site, harness/site/). */
export interface ClauseSectionExtras {
  /** The report's path as the by-value replay names it (default `report.json`). */
  reportFile?: string;
  /** The host command for the by-value replay (default: `<your host command>`); already shell-quoted. */
  hostCommand?: string;
  /** HTML put before the replay commands (already escaped by the caller). */
  extra?: string;
  /** The report's defects, when the caller has them (default: defectsOf(report)). */
  defects?: readonly Defect[];
}

/**
 * One clause as a `<details>` section with the clause's anchor: its world, expected vs observed, the
 * evidence, and the commands that rerun and replay it.
 */
export function htmlClauseSection(report: Report, clause: ClauseReport, open: boolean, options: RenderOptions, extras: ClauseSectionExtras = {}): string {
  const defects = extras.defects ?? defectsOf(report);
  const parts: string[] = [`<p>${escapeHtml(clause.summary)}</p>`, htmlPartOf(clause, defects)];
  const note = baselineNote(clause);
  if (note) parts.push(`<div class="note s-not-applicable">${escapeHtml(note)}</div>`);
  const example = clause.counterexample;
  if (example) {
    const titled = (index: number) => (example.titles?.[index] ? `: ${escapeHtml(example.titles[index]!)}` : "");
    if (example.titles && example.variants.length > 0) {
      // Worlds that differ only in order read best side by side.
      const worlds = [example.servers, ...example.variants.map((variant) => variant.servers)];
      parts.push(`<h3>${worldTitle(clause)} and the worlds it was compared with (configuration order)</h3>`,
        `<div class="side-by-side">${worlds.map((servers, index) => `<div><h4>World ${index + 1}${titled(index)}</h4>${htmlWorld(servers)}</div>`).join("")}</div>`);
    } else {
      parts.push(`<h3>${worldTitle(clause)} (configuration order)${titled(0)}</h3>`, htmlWorld(example.servers));
      example.variants.forEach((variant, index) => parts.push(`<h3>Also opened: world ${index + 2}${titled(index + 1)}</h3>`, htmlWorld(variant.servers)));
    }
    parts.push(htmlWorldLegend([example.servers, ...example.variants.map((variant) => variant.servers)]));
  }
  if (clause.expected !== undefined || clause.observed !== undefined) {
    parts.push(`<h3>Expected vs observed</h3><div class="eo"><div class="expected"><h4>Expected</h4><p>${evidence(clause.expected ?? "—")}</p></div>` +
      `<div class="observed"><h4>Observed</h4><pre>${evidence(clause.observed ?? "—")}</pre></div></div>`);
  }
  if (clause.comparison) parts.push(comparisonTable(clause.comparison));
  if (clause.error) {
    parts.push(`<h3>Error: ${escapeHtml(clip(clause.error.kind, 100))}</h3><pre>${evidence(clause.error.message)}</pre>`);
    if (clause.error.stderrTail) parts.push(`<h3>Host stderr (tail)</h3><pre>${escapeHtml(clipTail(clause.error.stderrTail, EVIDENCE_LIMIT))}</pre>`);
  }
  if (clause.diagnosis && clause.diagnosis.length > 0) {
    parts.push(`<h3>What the host did <small class="why">(its answers, and what each server received)</small></h3><pre>${evidence(clause.diagnosis.join("\n"))}</pre>`);
  }
  if (clause.evidence) {
    parts.push(`<details class="evidence"><summary>Evidence: every request made to the host, its answers, and what each server received</summary><pre>${escapeHtml(evidenceLines(clause.evidence).join("\n"))}</pre></details>`);
  }
  const facts: Array<[string, string]> = [
    ...(options.clauseDocs ? [["catalogue", catalogueLink(clause.id, options, escapeHtml(clauseLink("docs/clauses.md", clause.id)))] as [string, string]] : []),
    ["sources", clause.sources.map(escapeHtml).join("; ") || "—"],
    ["seed · path", `<code>${clause.seed}</code>${clause.path ? ` · <code>${escapeHtml(clause.path)}</code>` : ""}`],
    ["evidence", `${casesText(clause)} case(s), ${clause.shrinks} shrink step(s) · ${situationChips(clause)}`],
  ];
  parts.push(`<dl class="facts">${facts.map(([label, value]) => `<dt>${label}</dt><dd>${value}</dd>`).join("")}</dl>`);
  if (clause.repro) parts.push(`<h3>Rerun exactly this case</h3><pre class="cmd">${evidence(clause.repro)}</pre>`);
  const verbose = verboseRepro(clause);
  if (verbose) parts.push(`<h3>Replay it verbosely</h3><pre class="cmd">${evidence(verbose)}</pre>`);
  if (extras.extra) parts.push(extras.extra);
  const generic = reportReplay(report, clause, extras.reportFile);
  const replay = generic && extras.hostCommand ? generic.replace(/<your host command>$/, extras.hostCommand) : generic;
  if (replay) parts.push(`<h3>Replay it by value from this report, on any machine</h3><pre class="cmd">${escapeHtml(replay)}</pre>`);
  parts.push(htmlFurther(clause, defects));
  const headline = clip(clause.expected ?? clause.reason, 500);
  return `<details class="clause s-${clause.status}" id="${clauseAnchor(clause.id)}"${open ? " open" : ""}>` +
    `<summary>${htmlBadge(clause.status)}<code>${escapeHtml(clause.id)}</code><span class="chip">${clause.level}</span><span class="why">${escapeHtml(headline)}</span></summary>` +
    `<div class="clause-body">${parts.join("\n")}</div></details>`;
}

/** Renders `report` as one self-contained HTML page; `options.clauseDocs` links each clause to the catalogue. */
export function renderHtml(report: Report, options: RenderOptions = {}): string {
  const detailed = detailedClauses(report);
  const defects = defectsOf(report);
  const sectioned = new Set(detailed.map((clause) => clause.id));
  const confounded = report.clauses.filter((clause) => !sectioned.has(clause.id) && (clause.confounds?.length ?? 0) > 0);
  // As the exit code counts them: a warning fails the run only under --strict, a baselined failure never.
  const gating = detailed.filter((clause) => gatesRun(report, clause));
  const other = detailed.filter((clause) => !gatesRun(report, clause));
  const failures = (gating.length === 0 ? "" :
    `<h2>Failures <small class="why">(${gating.length}; click to expand)</small></h2>${gating.map((clause, index) => htmlClauseSection(report, clause, index === 0, options, { defects })).join("\n")}`) +
    (other.length === 0 ? "" :
      `<h2>Not failing this run <small class="why">(${other.length}: warnings gate only with --strict; a failure a baseline lists does not gate)</small></h2>${other.map((clause, index) => htmlClauseSection(report, clause, gating.length === 0 && index === 0, options, { defects })).join("\n")}`) +
    (confounded.length === 0 ? "" :
      `<h2>Verdicts a host-wide cause confounded</h2>${confounded.map((clause) => `<div class="note s-${clause.status}">${htmlBadge(clause.status)} <code>${escapeHtml(clause.id)}</code>${htmlConfounds(clause, defects)}</div>`).join("\n")}`);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>mcp-collide ${overallLabel(report)}: ${escapeHtml(hostLabel(report).name)} ${escapeHtml(hostLabel(report).version)}</title>
<style>${htmlStyle}</style></head>
<body><main>
${htmlBanner(report)}
${baselineBox(report)}
${htmlDefects(defects, (id) => sectioned.has(id))}
<h2>Verdicts</h2>
${verdictTable(report, options)}
${failures}
${htmlCoverageTable(report)}
${report.sessionPoisoning && report.sessionPoisoning.length > 0 ? `<h2>Sessions that depended on earlier ones</h2><ul>${report.sessionPoisoning.map((finding) => `<li>${evidence(poisoningText(finding))}</li>`).join("")}</ul>` : ""}
<footer>mcp-collide ${escapeHtml(report.harness.version)} · report.json is the source of truth; this page is rendered from it.</footer>
</main></body></html>
`;
}
