/**
 * `report.md`: fits a GitHub step summary (`cat report.md >> "$GITHUB_STEP_SUMMARY"`): the host's defects
 * first (markdown-defects.ts), then the verdict table, then each failure with its smallest world as a table of
 * servers and tools, expected vs observed, the sources, the repro line, and its further failing cases. Every host-supplied string is clipped and goes through escape.ts, and the
 * whole file stays within GitHub's step-summary cap whatever the host sent: evidence is clipped harder
 * until it fits, and as a last resort the file is cut at a line (report.json always holds everything).
 */
import { situationMeanings, type Situation } from "../world/situations.ts";
import type { RenderOptions } from "./clause-docs.ts";
import { casesText, coverageText, hazardLabel, poisoningText } from "./coverage-lines.ts";
import { markdownBlock, markdownCode, markdownText } from "./escape.ts";
import type { ClauseReport, Comparison, Defect, Report, ReportServer } from "./report-model.ts";
import { defectsOf } from "./defect-view.ts";
import { markdownClauseDefects, markdownConfoundedClauses, markdownDefects, markdownPartOf } from "./markdown-defects.ts";
import { errorsDiffer, orderDiffers, routeText, rowDiffers } from "./comparison-lines.ts";
import { evidenceLines } from "./evidence-lines.ts";
import { clauseName, worldTable } from "./markdown-world.ts";
import { lookAlikeNote } from "./look-alike.ts";
import {
  baselineNote, clip, clipTail, countText, COUNTS_MEANING, detailedClauses, durationText, EVIDENCE_LIMIT, gatesRun, hostLabel, NAME_LIMIT, overallLabel,
  situationCounts, statusIcon, statusLabel, reportReplay, totalsInOrder, verboseRepro, worldTitle,
} from "./report-view.ts";

/** GitHub's cap on one step summary (`$GITHUB_STEP_SUMMARY`), in bytes: report.md never exceeds it. */
export const STEP_SUMMARY_CAP = 1024 * 1024;
/** Evidence limits tried in turn until the file fits the cap. */
const LIMITS = [EVIDENCE_LIMIT, 1000, 200];
/** Evidence a summary quotes, in multiples of the host-output limit in force (report.json and report.html hold all of it), so it shrinks with the rest when the file must fit the cap. */
const EVIDENCE_SHARE = 3;

/** The worlds of one case side by side, server by server in each world's configuration order, each titled. */
function sideBySide(worlds: ReadonlyArray<readonly ReportServer[]>, titles: readonly string[]): string[] {
  const rows = Math.max(...worlds.map((servers) => servers.length));
  const cell = (server: ReportServer | undefined) =>
    server === undefined ? " " : `${markdownCode(server.key)}: ${server.tools.map(markdownCode).join(", ") || "*(no tools)*"}`;
  return [
    `| # | ${worlds.map((_, index) => markdownText(titles[index] ?? `world ${index + 1}`)).join(" | ")} |`,
    `|---:|${worlds.map(() => "---").join("|")}|`,
    ...Array.from({ length: rows }, (_, row) => `| ${row + 1} | ${worlds.map((servers) => cell(servers[row])).join(" | ")} |`),
  ];
}

function situationsCell(clause: ClauseReport): string {
  const counts = situationCounts(clause);
  return counts.length === 0 ? "—" : counts.map((count) => `${markdownText(count.name)} ${countText(count)}`).join(" · ");
}

function header(report: Report, limit: number, options: RenderOptions): string[] {
  const totals = totalsInOrder(report).map(([status, count]) => `${count} ${status}`).join(" · ");
  const overall = overallLabel(report);
  const icon = overall === "PASS" ? "✅" : overall === "FAIL" ? "❌" : "💥";
  const host = hostLabel(report);
  const lines = [
    report.hostStartError !== undefined
      ? `# ${icon} mcp-collide: ${overall} — the host did not start`
      : `# ${icon} mcp-collide: ${overall} — ${markdownText(host.name)} ${markdownText(host.version)}`,
    "",
    ...(report.hostStartError !== undefined ? [`**The host did not start:** ${markdownText(clip(report.hostStartError, limit))}`, ""] : []),
    `**${totals}** → exit ${report.exitCode}${report.strict ? " (strict: SHOULD clauses gate)" : ""}`,
    "",
    `Seed ${markdownCode(String(report.seed))} · every clause's constructed cases, then ${report.runs} random case(s) · ${markdownText(report.transport)} servers` +
      `${report.profile ? ` · profile ${markdownCode(report.profile)}` : ""} · harness ${markdownText(report.harness.version)}` +
      ` · HAP/${report.protocolVersion} · ${options.clauseDocs ? `[catalogue v${markdownText(report.catalogueVersion)}](${options.clauseDocs})` : `catalogue v${markdownText(report.catalogueVersion)}`} · Node ${markdownText(report.node)}` +
      ` · ${markdownText(report.startedAt)} · ${durationText(report.durationMs)}`,
  ];
  if (report.contentSha256) lines.push("", `Content SHA-256: ${markdownCode(report.contentSha256)}`);
  const baseline = report.baseline;
  if (baseline) {
    const ids = (list: string[]) => (list.length === 0 ? "none" : list.map((id) => markdownCode(clip(id, NAME_LIMIT))).join(", "));
    lines.push("", `Baseline${baseline.file ? ` ${markdownCode(clip(baseline.file, NAME_LIMIT))}` : ""}: baselined failures ${ids(baseline.baselined)};` +
      ` **stale entries ${ids(baseline.stale)}**${baseline.unmatched.length > 0 ? `; not judged in this run ${ids(baseline.unmatched)}` : ""}`);
  }
  return lines;
}

function verdictTable(report: Report, limit: number, options: RenderOptions): string[] {
  const rows = report.clauses.map((clause) => {
    const note = baselineNote(clause);
    const why = `${markdownText(clip(clause.reason, Math.min(limit, 500)))}${note ? ` *(${markdownText(note)})*` : ""}`;
    return `| ${statusIcon[clause.status]} | ${clauseName(clause.id, options)} | ${clause.level} | **${statusLabel(clause.status)}** | ${casesText(clause)} | ${situationsCell(clause)} | ${why} |`;
  });
  return [`| | Clause | Level | Verdict | Cases | Situations (${COUNTS_MEANING}) | Why |`, "|---|---|---|---|---:|---|---|", ...rows];
}

/**
 * Every clause's coverage table: each hazard it is about, and where it was judged. Open when some hazard went
 * unjudged (the reason for an INCONCLUSIVE), folded otherwise.
 */
function coverageSection(report: Report, limit: number): string[] {
  const rows = report.clauses.flatMap((clause) => (clause.coverage ?? []).map((row) =>
    `| ${markdownCode(clause.id)} | ${markdownCode(hazardLabel(row))} | ${row.status === "judged" ? "✅" : row.status === "violated" ? "❌" : row.status === "not-run" ? "➖" : "❔"} ${markdownText(clip(coverageText(row), Math.min(limit, 1000)))} |`));
  if (rows.length === 0) return [];
  const unjudged = report.clauses.some((clause) => clause.coverage?.some((row) => row.status === "not-judged"));
  return [
    `<details${unjudged ? " open" : ""}><summary>Coverage: every hazard each clause is about, and where it was judged (constructed cases run first in every run; then random ones)</summary>`, "",
    "| Clause | Hazard | Where it was judged |", "|---|---|---|", ...rows, "", "</details>", "",
  ];
}

/** What the host showed in each compared session, side by side; a differing row is marked ≠ and bold. */
function comparisonTable(comparison: Comparison): string[] {
  const cell = (text: string, differs: boolean) => (differs ? `**${markdownText(text)}**` : markdownText(text));
  const rows = comparison.rows.map((row) => {
    const differs = rowDiffers(row);
    return `| ${differs ? "≠" : " "} | ${markdownCode(row.shown)}${markdownText(lookAlikeNote(row.shown))} | ${row.routes.map((route) => cell(routeText(route), differs)).join(" | ")} |`;
  });
  const errors = errorsDiffer(comparison);
  return [
    "**What the host showed in each session** (where each shown name's call went; ≠ marks a difference):", "",
    `| | Shown name | ${comparison.titles.map(markdownText).join(" | ")} |`,
    `|---|---|${comparison.titles.map(() => "---").join("|")}|`,
    ...rows,
    `| ${errors ? "≠" : " "} | *errors* | ${comparison.errors.map((text) => cell(text, errors)).join(" | ")} |`,
    ...(comparison.order === undefined ? [] : [`| ${orderDiffers(comparison) ? "≠" : " "} | *listed in the order* | ${comparison.order.map((text) => cell(text, orderDiffers(comparison))).join(" | ")} |`]),
  ];
}

function failure(report: Report, clause: ClauseReport, limit: number, options: RenderOptions, defects: readonly Defect[]): string[] {
  const lines = [`### ${statusIcon[clause.status]} ${clauseName(clause.id, options)} — ${statusLabel(clause.status)} (${clause.level})`, ""];
  lines.push(`> ${markdownText(clause.summary)}`, "");
  const note = baselineNote(clause);
  if (note) lines.push(`*${markdownText(note)}*`, "");
  lines.push(`Sources: ${clause.sources.map(markdownText).join("; ") || "—"}`, "", ...markdownPartOf(clause, defects));
  const example = clause.counterexample;
  if (example) {
    const titled = (index: number) => (example.titles?.[index] ? ` — ${markdownText(example.titles[index]!)}` : "");
    lines.push(`**${worldTitle(clause)}** (configuration order)${titled(0)}:`, "", ...worldTable(example.servers), "");
    if (example.variants.length > 0 && example.titles) lines.push(...sideBySide([example.servers, ...example.variants.map((variant) => variant.servers)], example.titles), "");
    example.variants.forEach((variant, index) => {
      lines.push(`<details><summary>Also opened: world ${index + 2}${titled(index + 1)}</summary>`, "", ...worldTable(variant.servers), "", "</details>", "");
    });
  }
  if (clause.expected !== undefined) lines.push(`**Expected:** ${markdownText(clip(clause.expected, limit))}`, "");
  if (clause.observed !== undefined) lines.push("**Observed:**", "", markdownBlock(clip(clause.observed, limit), "text"), "");
  if (clause.comparison) lines.push(...comparisonTable(clause.comparison), "");
  if (clause.error) {
    lines.push(`**Error** (${markdownText(clip(clause.error.kind, 100))}): ${markdownText(clip(clause.error.message, limit))}`, "");
    const tail = clipTail(clause.error.stderrTail, limit);
    if (tail) lines.push("Host stderr (tail):", "", markdownBlock(tail, "text"), "");
  }
  if (clause.diagnosis && clause.diagnosis.length > 0) {
    lines.push("**What the host did** (its answers, and what each server received):", "", markdownBlock(clip(clause.diagnosis.join("\n"), EVIDENCE_SHARE * limit), "text"), "");
  }
  if (clause.evidence) {
    lines.push("<details><summary>Evidence: every request made to the host, its answers, and what each server received</summary>", "",
      markdownBlock(clip(evidenceLines(clause.evidence).join("\n"), EVIDENCE_SHARE * limit), "text"), "", "</details>", "");
  }
  lines.push(`Seed ${markdownCode(String(clause.seed))}${clause.path ? ` · path ${markdownCode(clause.path)}` : ""} · ${casesText(clause)} case(s) · ${clause.shrinks} shrink step(s)`, "");
  if (clause.repro) lines.push("Rerun exactly this case:", "", markdownBlock(clip(clause.repro, limit), "sh"), "");
  const verbose = verboseRepro(clause);
  if (verbose) lines.push("Replay it verbosely (every message each server received):", "", markdownBlock(clip(verbose, limit), "sh"), "");
  const replay = reportReplay(report, clause);
  if (replay) lines.push("Replay it by value from this report, on any machine:", "", markdownBlock(replay, "sh"), "");
  lines.push(...markdownClauseDefects(clause, defects, limit));
  return lines;
}

function legend(report: Report): string[] {
  const seen = [...new Set(report.clauses.flatMap((clause) => Object.keys(clause.situations)))].sort();
  if (seen.length === 0) return [];
  const meaning = (name: string) => situationMeanings[name as Situation] ?? "reported by the clause's own check";
  return [
    "<details><summary>What the situations mean</summary>", "",
    `Each count is ${COUNTS_MEANING}: a case met a situation when its worlds showed it (or its check came upon it), and judged it when the check could look at how the host handled it (the host did not refuse the open, or the server concerned, for something else; the call or error the clause inspects happened). A pass needs every situation the clause requires judged at least once. \`(N alone)\` (reports before coverage plans): N of those cases were drawn because their world held the situation alone.`, "",
    ...seen.map((name) => `- ${markdownCode(name)}: ${markdownText(meaning(name))}`), "", "</details>", "",
  ];
}

function render(report: Report, limit: number, options: RenderOptions): string[] {
  const detailed = detailedClauses(report);
  const defects = defectsOf(report);
  // The report opens with the host's defects; the verdicts per clause, unchanged, follow.
  const lines = [...header(report, limit, options), "", ...markdownDefects(defects, limit, options), "## Verdicts", "", ...verdictTable(report, limit, options), ""];
  // As the exit code counts them: a warning fails the run only under --strict, a baselined failure never.
  const gating = detailed.filter((clause) => gatesRun(report, clause));
  const other = detailed.filter((clause) => !gatesRun(report, clause));
  if (gating.length > 0) {
    lines.push("## Failures", "");
    for (const clause of gating) lines.push(...failure(report, clause, limit, options, defects));
  }
  if (other.length > 0) {
    lines.push("## Not failing this run", "", "Warnings gate only with `--strict`; a failure a baseline lists does not gate.", "");
    for (const clause of other) lines.push(...failure(report, clause, limit, options, defects));
  }
  lines.push(...markdownConfoundedClauses(report.clauses.filter((clause) => !detailed.includes(clause)), defects, limit, options));
  lines.push(...coverageSection(report, limit), ...legend(report), ...hostNotes(report, limit));
  return lines;
}

const CUT_NOTE = "*report.md was cut here to stay within GitHub's 1 MiB step-summary cap; report.json and report.html hold the rest.*";

/** The first lines of `lines` that fit `cap` bytes with the cut note, closing a code fence left open. */
function cut(lines: string[], cap: number): string {
  const kept: string[] = [];
  let bytes = Buffer.byteLength(CUT_NOTE) + 64;
  let fence: string | undefined;
  for (const line of lines) {
    const size = Buffer.byteLength(line) + 1;
    if (bytes + size + (fence?.length ?? 0) > cap) break;
    kept.push(line);
    bytes += size;
    const opener = /^(`{3,})/.exec(line)?.[1];
    if (opener && fence === undefined) fence = opener;
    else if (fence !== undefined && line === fence) fence = undefined;
  }
  if (fence !== undefined) kept.push(fence);
  return `${[...kept, "", CUT_NOTE].join("\n")}\n`;
}

/**
 * Renders `report` as GitHub-flavoured Markdown, at most {@link STEP_SUMMARY_CAP} bytes; `options.clauseDocs`
 * links each clause to the catalogue.
 */
export function renderMarkdown(report: Report, options: RenderOptions = {}): string {
  let lines: string[] = [];
  for (const limit of LIMITS) {
    lines = render(report, limit, options);
    const text = `${lines.join("\n").trimEnd()}\n`;
    if (Buffer.byteLength(text) <= STEP_SUMMARY_CAP) return text;
  }
  return cut(lines, STEP_SUMMARY_CAP);
}

/** What the adapter set up around its host (e.g. an agent CLI's isolation) and what it reported at shutdown. */
function hostNotes(report: Report, limit: number): string[] {
  const lines: string[] = [];
  const environment = Object.entries(report.hostEnvironment ?? {});
  if (environment.length > 0) lines.push("## Host environment", "", ...environment.map(([key, value]) => `- ${markdownCode(clip(key, NAME_LIMIT))}: ${markdownText(clip(value, limit))}`), "");
  if (report.sessionPoisoning && report.sessionPoisoning.length > 0) {
    lines.push("## Sessions that depended on earlier ones", "", "Charged to `lifecycle/sessions-independent` where reproduced, never to the clause that happened to run next:", "",
      ...report.sessionPoisoning.map((finding) => `- ${markdownText(clip(poisoningText(finding), limit))}`), "");
  }
  if (report.observationCache) lines.push(`Observation cache: ${report.observationCache.observed} session(s) observed, ${report.observationCache.served} served again from the cache.`, "");
  if (report.diagnostics && report.diagnostics.length > 0) {
    lines.push("## Diagnostics", "", ...report.diagnostics.map((entry) => `- ${markdownText(entry.level)}: ${markdownText(clip(entry.message, limit))}`), "");
  }
  return lines;
}
