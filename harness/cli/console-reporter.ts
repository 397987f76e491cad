/**
 * What a person sees while a run goes: one line per clause as it finishes (a live "running" line on a TTY,
 * plain lines otherwise, so CI logs stay clean), then a summary that opens with the host's defects. Colour only on a TTY and never when
 * NO_COLOR is set (https://no-color.org).
 *
 * Policy: everything printed that did not come from the harness's own words (host name and version,
 * reasons, observed names, stderr tails, worlds, repro lines, baseline ids and file names) is clipped and
 * goes through terminalText, the console's escaper, so no host can move the cursor, clear the screen, set
 * the title, overwrite a line or hide a character; the full values stay in report.json.
 */
import type { Clause } from "../runner/clause.ts";
import { isBaselinable } from "../report/baseline.ts";
import type { ClauseReport, ClauseStatus, Report } from "../report/report-model.ts";
import { allConfounded, coverageText, hazardLabel, poisoningText } from "../report/coverage-lines.ts";
import { hostLabel, NAME_LIMIT, reportReplay, totalsInOrder } from "../report/report-view.ts";
import { LINE_LIMIT, shown, tailLines } from "./console-text.ts";
import { confoundText, defectCount, defectLines, defectsOf, findingHeading, furtherFindings } from "../report/defect-view.ts";
import type { ReportFiles } from "../report/write-report.ts";
import { worldLines } from "../report/world-lines.ts";

const colours: Record<ClauseStatus, number> = { pass: 32, fail: 31, warn: 33, "not-applicable": 90, error: 35, inconclusive: 33 };

/** Prints progress and the summary to a stream. */
export class ConsoleReporter {
  private readonly live: boolean;
  private readonly colour: boolean;
  /** The stderr tail printed last: a host that keeps failing the same way is not quoted again and again. */
  private lastTail = "";

  /**
   * `expectedFailures`: the ids a `--baseline` file lists, so each line can say how the baseline judges it;
   * `replayFrom`: the report file the run will write and its built-in host, for each failure's replay line.
   */
  constructor(
    private readonly out: NodeJS.WriteStream = process.stdout,
    env: NodeJS.ProcessEnv = process.env,
    private readonly expectedFailures: ReadonlySet<string> = new Set(),
    private readonly replayFrom: { file: string; builtinHost?: string } = { file: "report.json" },
  ) {
    this.live = Boolean(out.isTTY);
    this.colour = this.live && env.NO_COLOR === undefined;
  }

  private paint(status: ClauseStatus, text: string): string {
    return this.colour ? `\u001b[${colours[status]}m${text}\u001b[0m` : text;
  }

  /** A clause started. */
  start(clause: Clause): void {
    if (this.live) this.out.write(`  …  ${shown(clause.id, 100)}`);
  }

  /** A clause finished. */
  end(report: ClauseReport): void {
    if (this.live) this.out.write("\r\u001b[2K");
    const status = this.paint(report.status, report.status.toUpperCase().padEnd(14));
    const listed = this.expectedFailures.has(report.id);
    const mark = listed && isBaselinable(report) ? " [baselined]" : listed && report.status === "pass" ? " [STALE baseline entry: now passes]" : "";
    this.out.write(`  ${status} ${shown(report.id, 100).padEnd(34)} ${shown(report.reason)} (${(report.durationMs / 1000).toFixed(1)}s)${mark}\n`);
    if (report.status === "fail" || report.status === "warn" || report.status === "error") {
      if (report.expected) this.out.write(`      expected: ${shown(report.expected)}\n`);
      if (report.observed) this.out.write(`      observed: ${shown(report.observed)}\n`);
      if (report.counterexample) {
        this.out.write(`      world:    ${worldLines(report.counterexample.servers).map((line) => shown(line)).join("\n                ")}\n`);
      }
      if (report.diagnosis && report.diagnosis.length > 0) {
        this.out.write(`      host did: ${report.diagnosis.slice(0, 12).map((line) => shown(line)).join("\n                ")}${report.diagnosis.length > 12 ? `\n                (${report.diagnosis.length - 12} more lines in report.json)` : ""}\n`);
      }
      const tail = report.error?.stderrTail.trim();
      if (tail) {
        this.out.write(tail === this.lastTail ? "      stderr:   (the same tail as above)\n" : `      stderr:   ${tailLines(tail, 5, "                ")}\n`);
        this.lastTail = tail;
      }
      if (report.repro) this.out.write(`      repro:    ${shown(report.repro, 2000)}\n`);
      const replay = reportReplay(this.replayFrom, report, this.replayFrom.file);
      if (replay) this.out.write(`      replay:   ${shown(replay, 2000)}\n`);
      // Every further failing case, each with its own world and explanation (the first is told above).
      for (const finding of furtherFindings(report, [])) {
        this.out.write(`      also:     ${shown(findingHeading(finding))}: ${shown(finding.reason)}\n`);
        if (finding.counterexample) this.out.write(`                ${worldLines(finding.counterexample.servers).map((line) => shown(line)).join("\n                ")}\n`);
        if (finding.observed) this.out.write(`                observed: ${shown(finding.observed)}\n`);
        if (finding.repro) this.out.write(`                repro: ${shown(finding.repro, 2000)}\n`);
      }
    }
    for (const confound of report.confounds ?? []) this.out.write(`      confounded: ${shown(confoundText(confound, 2000))}\n`);
    // An unjudged hazard is what a reader of an INCONCLUSIVE verdict needs: which one, and what the host did.
    for (const row of allConfounded(report) ? [] : report.coverage ?? []) {
      if (row.status === "not-judged") this.out.write(`      ${shown(hazardLabel(row), 100)}: ${shown(coverageText(row), 2000)}\n`);
    }
  }

  /** The summary after the run, with the files written. */
  summary(report: Report, files: ReportFiles | string): void {
    const parts = totalsInOrder(report).map(([status, count]) => this.paint(status, `${count} ${status}`));
    const facts = `seed ${report.seed} · constructed cases + ${report.runs} random/clause · ${(report.durationMs / 1000).toFixed(1)}s`;
    if (report.hostStartError !== undefined) {
      this.out.write(`\nthe host did not start: ${shown(report.hostStartError)}\n`);
      this.out.write(`  command: ${shown(report.hostCommand.join(" ") || "(in process)", 2000)} · ${facts}\n`);
    } else {
      const host = hostLabel(report);
      this.out.write(`\n${shown(host.name, NAME_LIMIT)} ${shown(host.version, NAME_LIMIT)} · ${facts} · ${shown(report.transport, 20)} servers\n`);
    }
    // The summary opens with the host's defects: what a maintainer fixes, each with every clause it violates.
    const defects = defectsOf(report);
    this.out.write(`${defectCount(defects)}${defects.length > 0 ? ":" : ""}\n`);
    for (const defect of defects) {
      const [head, ...rest] = defectLines(defect, LINE_LIMIT);
      this.out.write(`${this.paint(defect.status, defect.id)}${shown(head!.slice(defect.id.length))}\n${rest.map((line) => `  ${shown(line, 2000)}\n`).join("")}`);
    }
    const baseline = report.baseline;
    if (baseline) {
      const list = (ids: string[]) => (ids.length > 0 ? ids.map((id) => shown(id, NAME_LIMIT)).join(", ") : "none");
      this.out.write(`baseline${baseline.file ? ` ${shown(baseline.file, 2000)}` : ""}: baselined ${list(baseline.baselined)}; stale ${list(baseline.stale)}` +
        `${baseline.unmatched.length > 0 ? `; not judged in this run ${list(baseline.unmatched)}` : ""}\n`);
      if (baseline.stale.length > 0) this.out.write(`  stale entries fail the run: those clauses now pass, remove them from the baseline\n`);
    }
    for (const finding of report.sessionPoisoning ?? []) this.out.write(`session poisoning: ${shown(poisoningText(finding), 2000)}\n`);
    this.out.write(`${parts.join(", ")} → exit ${report.exitCode}\n`);
    if (report.contentSha256) this.out.write(`content sha256: ${shown(report.contentSha256, 64)}\n`);
    const written = typeof files === "string" ? [files] : [files.json, files.markdown, files.html, files.junit, files.sarif];
    this.out.write(`report: ${written.map((file) => shown(file, 2000)).join("\n        ")}\n`);
  }
}
