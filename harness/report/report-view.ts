/**
 * Readings of a report that every renderer shares, so Markdown, HTML, JUnit and the console say the same
 * thing in the same words: labels, the overall verdict, which clauses get a detailed section, the
 * situation counts in a stable order, and the verbose replay command.
 */
import { clauseGates } from "../runner/verdict.ts";
import type { ClauseReport, ClauseStatus, Report } from "./report-model.ts";

/** Statuses in the order a summary lists them (worst first). */
export const STATUS_ORDER: readonly ClauseStatus[] = ["error", "fail", "warn", "inconclusive", "pass", "not-applicable"];

/** A status as a report prints it. */
export function statusLabel(status: ClauseStatus): string {
  return status === "not-applicable" ? "N/A" : status.toUpperCase();
}

/** A one-glyph mark for a status (Markdown, where colour is unavailable). */
export const statusIcon: Readonly<Record<ClauseStatus, string>> = {
  pass: "✅", fail: "❌", warn: "⚠️", "not-applicable": "➖", error: "💥", inconclusive: "❔",
};

/** The run's overall verdict, from its exit code. */
export function overallLabel(report: Pick<Report, "exitCode">): "PASS" | "FAIL" | "ERROR" {
  return report.exitCode === 0 ? "PASS" : report.exitCode === 1 ? "FAIL" : "ERROR";
}

/** Clauses that earn a detailed section: every violation and every broken case, in report order. */
export function detailedClauses(report: Report): ClauseReport[] {
  return report.clauses.filter((clause) => clause.status === "fail" || clause.status === "warn" || clause.status === "error");
}

/** Whether `clause` fails this run, as the exit code counts it (a warning only under --strict; see verdict.ts). */
export function gatesRun(report: Pick<Report, "strict">, clause: ClauseReport): boolean {
  return clauseGates(clause, report.strict ?? false);
}

/** One situation of a clause: how many cases met it, and how many judged it (absent in older reports). */
export interface SituationCount {
  name: string;
  drawn: number;
  judged?: number;
  /** Of the cases that met it, those drawn because their world held it alone. */
  alone?: number;
}

/** Every situation a clause met, most met first, then by name (so equal reports render equally). */
export function situationCounts(clause: Pick<ClauseReport, "situations" | "judged" | "alone">): SituationCount[] {
  return Object.entries(clause.situations)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([name, drawn]) => {
      const count: SituationCount = clause.judged === undefined ? { name, drawn } : { name, drawn, judged: clause.judged[name] ?? 0 };
      const alone = clause.alone?.[name];
      return alone ? { ...count, alone } : count;
    });
}

/**
 * A situation's counts as a report prints them: `judged/drawn`, or the drawn count alone for an older report;
 * `(N alone)` when N of those cases were drawn holding it alone.
 */
export function countText(count: SituationCount): string {
  const counts = count.judged === undefined ? String(count.drawn) : `${count.judged}/${count.drawn}`;
  return count.alone ? `${counts} (${count.alone} alone)` : counts;
}

/** What the situation counts mean, in one line (headers and legends say it once). */
export const COUNTS_MEANING = "cases that judged it / cases that met it";

/** Non-zero totals, worst first: `[["fail", 5], ["warn", 1], ["pass", 10]]`. */
export function totalsInOrder(report: Report): Array<[ClauseStatus, number]> {
  return STATUS_ORDER.map((status): [ClauseStatus, number] => [status, report.totals[status] ?? 0]).filter(([, count]) => count > 0);
}

/** What the baseline did to a clause, in words (empty when the baseline does not list it). */
export function baselineNote(clause: ClauseReport): string {
  if (clause.baseline === "expected-failure") return "baselined: a known failure, does not gate";
  if (clause.baseline === "stale") return "stale baseline entry: this clause now passes; remove it from the baseline";
  return "";
}

/**
 * The verbose replay of a clause's case: `mcp-collide repro` takes the same flags as the `run` repro line,
 * so it is that line with the command word swapped.
 */
export function verboseRepro(clause: ClauseReport): string | undefined {
  if (!clause.repro || !clause.path) return undefined;
  return clause.repro.replace(/^npx mcp-collide run /, "npx mcp-collide repro ");
}

/**
 * How to replay a clause's counterexample by value from this report, on any machine: a built-in host needs
 * no command (the report names it); any other host is given after `--`, since `repro` never runs a command
 * taken from a file.
 */
export function reportReplay(report: Pick<Report, "builtinHost">, clause: ClauseReport, file = "report.json"): string | undefined {
  if (!clause.counterexample) return undefined;
  return `npx mcp-collide repro ${file} --clause ${clause.id}${report.builtinHost ? "" : " -- <your host command>"}`;
}

/** Milliseconds as a short human duration. */
export function durationText(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** Longest host name or version a rendering shows (the full value stays in report.json). */
export const NAME_LIMIT = 200;
/** Longest piece of host output (observed, error, stderr tail, reason) a rendering shows by default. */
export const EVIDENCE_LIMIT = 4000;

/**
 * Cuts host output that would swamp a summary, never inside a surrogate pair; the full text stays in
 * report.json. Every rendering (console, Markdown, HTML, JUnit) clips host strings before escaping them.
 * `kept` says where the whole text is (empty where no report holds it, as in check-adapter).
 */
export function clip(text: string, limit: number, kept = " in report.json"): string {
  if (text.length <= limit) return text;
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(limit - 1)) ? limit - 1 : limit;
  return `${text.slice(0, cut)}… (${text.length - cut} more characters${kept})`;
}

/**
 * The end of a stderr tail as renderings show it: its last `lines` lines, at most `limit` characters
 * (never starting inside a surrogate pair); what is left out stays in report.json.
 */
export function clipTail(text: string, limit: number, lines = 40, where = " in report.json"): string {
  const whole = text.trimEnd();
  let cut = Math.max(0, whole.length - limit);
  if (/[\uDC00-\uDFFF]/.test(whole.charAt(cut))) cut++;
  const kept = whole.slice(cut).split("\n").slice(-lines).join("\n");
  const dropped = whole.length - kept.length;
  return dropped > 0 ? `(${dropped} earlier characters${where}) …${kept}` : kept;
}

/** A host's name and version as renderings show them: each capped at {@link NAME_LIMIT}. */
export function hostLabel(report: Pick<Report, "host">): { name: string; version: string } {
  return { name: clip(report.host.name, NAME_LIMIT), version: clip(report.host.version, NAME_LIMIT) };
}

/** How a failure's world is titled: a violation's is shrunk; a broken case is never shrunk (see run-clause.ts). */
export function worldTitle(clause: Pick<ClauseReport, "status">): string {
  return clause.status === "error" ? "The world the host broke on (not shrunk)" : "Smallest world";
}
