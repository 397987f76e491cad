/**
 * `report.md`: fits a GitHub step summary (`cat report.md >> "$GITHUB_STEP_SUMMARY"`): the verdict table,
 * then each failure with its smallest world as a table of servers and tools, expected vs observed, the
 * sources and the repro line. Every host-supplied string goes through escape.ts.
 */
import { situationMeanings, type Situation } from "../world/situations.ts";
import { clauseLink, type RenderOptions } from "./clause-docs.ts";
import { collisionsOf } from "./collisions.ts";
import { markdownBlock, markdownCode, markdownText } from "./escape.ts";
import type { ClauseReport, Report, ReportServer } from "./report-model.ts";
import {
  baselineNote, clip, detailedClauses, durationText, overallLabel, situationCounts, statusIcon, statusLabel, totalsInOrder, verboseRepro, worldTitle,
} from "./report-view.ts";

/** Longest host output a summary quotes; GitHub caps a step summary at 1 MiB. */
const CLIP = 4000;

function situationsCell(clause: ClauseReport): string {
  const counts = situationCounts(clause);
  return counts.length === 0 ? "—" : counts.map(([name, count]) => `${markdownText(name)} ${count}`).join(" · ");
}

/** Clause `id` as code, linked to its section of the catalogue when the report knows where that is. */
function clauseName(id: string, options: RenderOptions): string {
  return options.clauseDocs ? `[${markdownCode(id)}](${clauseLink(options.clauseDocs, id)})` : markdownCode(id);
}

function header(report: Report, options: RenderOptions): string[] {
  const totals = totalsInOrder(report).map(([status, count]) => `${count} ${status}`).join(" · ");
  const overall = overallLabel(report);
  const icon = overall === "PASS" ? "✅" : overall === "FAIL" ? "❌" : "💥";
  const lines = [
    `# ${icon} mcp-collide: ${overall} — ${markdownText(report.host.name)} ${markdownText(report.host.version)}`,
    "",
    `**${totals}** → exit ${report.exitCode}${report.strict ? " (strict: SHOULD clauses gate)" : ""}`,
    "",
    `Seed ${markdownCode(String(report.seed))} · ${report.runs} runs per clause · ${markdownText(report.transport)} servers` +
      `${report.profile ? ` · profile ${markdownCode(report.profile)}` : ""} · harness ${markdownText(report.harness.version)}` +
      ` · HAP/${report.protocolVersion} · ${options.clauseDocs ? `[catalogue v${markdownText(report.catalogueVersion)}](${options.clauseDocs})` : `catalogue v${markdownText(report.catalogueVersion)}`} · Node ${markdownText(report.node)}` +
      ` · ${markdownText(report.startedAt)} · ${durationText(report.durationMs)}`,
  ];
  if (report.contentSha256) lines.push("", `Content SHA-256: ${markdownCode(report.contentSha256)}`);
  const baseline = report.baseline;
  if (baseline) {
    const ids = (list: string[]) => (list.length === 0 ? "none" : list.map(markdownCode).join(", "));
    lines.push("", `Baseline${baseline.file ? ` ${markdownCode(baseline.file)}` : ""}: baselined failures ${ids(baseline.baselined)};` +
      ` **stale entries ${ids(baseline.stale)}**${baseline.unmatched.length > 0 ? `; not judged in this run ${ids(baseline.unmatched)}` : ""}`);
  }
  return lines;
}

function verdictTable(report: Report, options: RenderOptions): string[] {
  const rows = report.clauses.map((clause) => {
    const note = baselineNote(clause);
    const why = `${markdownText(clause.reason)}${note ? ` *(${markdownText(note)})*` : ""}`;
    return `| ${statusIcon[clause.status]} | ${clauseName(clause.id, options)} | ${clause.level} | **${statusLabel(clause.status)}** | ${clause.cases} | ${situationsCell(clause)} | ${why} |`;
  });
  return ["| | Clause | Level | Verdict | Cases | Situations exercised (cases) | Why |", "|---|---|---|---|---:|---|---|", ...rows];
}

/** A world as a table of servers and tools; colliding names are bold and explained below it. */
export function worldTable(servers: readonly ReportServer[]): string[] {
  const collisions = collisionsOf(servers);
  const notes: string[] = [];
  const rows = servers.map((server, index) => {
    const keyClash = collisions.key(index);
    const key = keyClash.length > 0 ? `**${markdownCode(server.key)}** ⚠` : markdownCode(server.key);
    for (const reason of keyClash) notes.push(`- key ${markdownCode(server.key)}: ${markdownText(reason)}`);
    const tools = server.tools.map((tool) => {
      const reasons = collisions.tool(index, tool);
      for (const reason of reasons) notes.push(`- ${markdownCode(tool)} of ${markdownCode(server.key)}: ${markdownText(reason)}`);
      return reasons.length > 0 ? `**${markdownCode(tool)}**` : markdownCode(tool);
    });
    const info = `${markdownText(server.serverInfo.name)} ${markdownText(server.serverInfo.version)}`;
    const flags = [
      server.unreachable ? "unreachable" : "",
      server.latency && (server.latency.initialize > 0 || server.latency.toolsList > 0) ? `latency ${server.latency.initialize}/${server.latency.toolsList} ms` : "",
    ].filter(Boolean).join(", ");
    return `| ${key} | ${info} | ${tools.length === 0 ? "*(no tools)*" : tools.join(", ")} | ${flags || " "} |`;
  });
  const table = ["| Server (config key) | serverInfo | Tools | Behaviour |", "|---|---|---|---|", ...rows];
  return notes.length > 0 ? [...table, "", "Colliding names (bold):", ...notes] : table;
}

function failure(clause: ClauseReport, options: RenderOptions): string[] {
  const lines = [`### ${statusIcon[clause.status]} ${clauseName(clause.id, options)} — ${statusLabel(clause.status)} (${clause.level})`, ""];
  lines.push(`> ${markdownText(clause.summary)}`, "");
  const note = baselineNote(clause);
  if (note) lines.push(`*${markdownText(note)}*`, "");
  lines.push(`Sources: ${clause.sources.map(markdownText).join("; ") || "—"}`, "");
  const example = clause.counterexample;
  if (example) {
    lines.push(`**${worldTitle(clause)}** (configuration order):`, "", ...worldTable(example.servers), "");
    example.variants.forEach((variant, index) => {
      lines.push(`<details><summary>Also opened: world ${index + 2}</summary>`, "", ...worldTable(variant.servers), "", "</details>", "");
    });
  }
  if (clause.expected !== undefined) lines.push(`**Expected:** ${markdownText(clause.expected)}`, "");
  if (clause.observed !== undefined) lines.push("**Observed:**", "", markdownBlock(clip(clause.observed, CLIP), "text"), "");
  if (clause.error) {
    lines.push(`**Error** (${markdownText(clause.error.kind)}): ${markdownText(clip(clause.error.message, CLIP))}`, "");
    const tail = clause.error.stderrTail.trimEnd().split("\n").slice(-40).join("\n");
    if (tail) lines.push("Host stderr (tail):", "", markdownBlock(clip(tail, CLIP), "text"), "");
  }
  lines.push(`Seed ${markdownCode(String(clause.seed))}${clause.path ? ` · path ${markdownCode(clause.path)}` : ""} · ${clause.cases} case(s) · ${clause.shrinks} shrink step(s)`, "");
  if (clause.repro) lines.push("Rerun exactly this case:", "", markdownBlock(clause.repro, "sh"), "");
  const verbose = verboseRepro(clause);
  if (verbose) lines.push("Replay it verbosely (every message each server received):", "", markdownBlock(verbose, "sh"), "");
  return lines;
}

function legend(report: Report): string[] {
  const seen = [...new Set(report.clauses.flatMap((clause) => Object.keys(clause.situations)))].sort();
  if (seen.length === 0) return [];
  const meaning = (name: string) => situationMeanings[name as Situation] ?? "reported by the clause's own check";
  return ["<details><summary>What the situations mean</summary>", "", ...seen.map((name) => `- ${markdownCode(name)}: ${markdownText(meaning(name))}`), "", "</details>", ""];
}

/** Renders `report` as GitHub-flavoured Markdown; `options.clauseDocs` links each clause to the catalogue. */
export function renderMarkdown(report: Report, options: RenderOptions = {}): string {
  const detailed = detailedClauses(report);
  const lines = [...header(report, options), "", ...verdictTable(report, options), ""];
  if (detailed.length > 0) {
    lines.push("## Failures", "");
    for (const clause of detailed) lines.push(...failure(clause, options));
  }
  lines.push(...legend(report), ...hostNotes(report));
  return `${lines.join("\n").trimEnd()}\n`;
}

/** What the adapter set up around its host (e.g. an agent CLI's isolation) and what it reported at shutdown. */
function hostNotes(report: Report): string[] {
  const lines: string[] = [];
  const environment = Object.entries(report.hostEnvironment ?? {});
  if (environment.length > 0) lines.push("## Host environment", "", ...environment.map(([key, value]) => `- ${markdownCode(key)}: ${markdownText(value)}`), "");
  if (report.observationCache) lines.push(`Observation cache: ${report.observationCache.observed} session(s) observed, ${report.observationCache.served} served again from the cache.`, "");
  if (report.diagnostics && report.diagnostics.length > 0) {
    lines.push("## Diagnostics", "", ...report.diagnostics.map((entry) => `- ${markdownText(entry.level)}: ${markdownText(clip(entry.message, CLIP))}`), "");
  }
  return lines;
}
