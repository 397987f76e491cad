/**
 * What a person sees while a run goes: one line per clause as it finishes (a live "running" line on a TTY,
 * plain lines otherwise, so CI logs stay clean), then a summary. Colour only on a TTY and never when
 * NO_COLOR is set (https://no-color.org).
 */
import type { Clause } from "../runner/clause.ts";
import { isBaselinable } from "../report/baseline.ts";
import type { ClauseReport, ClauseStatus, Report } from "../report/report-model.ts";
import { totalsInOrder } from "../report/report-view.ts";
import type { ReportFiles } from "../report/write-report.ts";
import { worldLines } from "../report/world-lines.ts";

const colours: Record<ClauseStatus, number> = { pass: 32, fail: 31, warn: 33, "not-applicable": 90, error: 35, inconclusive: 33 };

/** Prints progress and the summary to a stream. */
export class ConsoleReporter {
  private readonly live: boolean;
  private readonly colour: boolean;

  /** `expectedFailures`: the ids a `--baseline` file lists, so each line can say how the baseline judges it. */
  constructor(
    private readonly out: NodeJS.WriteStream = process.stdout,
    env: NodeJS.ProcessEnv = process.env,
    private readonly expectedFailures: ReadonlySet<string> = new Set(),
  ) {
    this.live = Boolean(out.isTTY);
    this.colour = this.live && env.NO_COLOR === undefined;
  }

  private paint(status: ClauseStatus, text: string): string {
    return this.colour ? `\u001b[${colours[status]}m${text}\u001b[0m` : text;
  }

  /** A clause started. */
  start(clause: Clause): void {
    if (this.live) this.out.write(`  …  ${clause.id}`);
  }

  /** A clause finished. */
  end(report: ClauseReport): void {
    if (this.live) this.out.write("\r\u001b[2K");
    const status = this.paint(report.status, report.status.toUpperCase().padEnd(14));
    const listed = this.expectedFailures.has(report.id);
    const mark = listed && isBaselinable(report) ? " [baselined]" : listed && report.status === "pass" ? " [STALE baseline entry: now passes]" : "";
    this.out.write(`  ${status} ${report.id.padEnd(34)} ${report.reason} (${(report.durationMs / 1000).toFixed(1)}s)${mark}\n`);
    if (report.status === "fail" || report.status === "warn" || report.status === "error") {
      if (report.expected) this.out.write(`      expected: ${report.expected}\n`);
      if (report.observed) this.out.write(`      observed: ${report.observed.slice(0, 600)}\n`);
      if (report.counterexample) {
        this.out.write(`      world:    ${worldLines(report.counterexample.servers).join("\n                ")}\n`);
      }
      if (report.error?.stderrTail) this.out.write(`      stderr:   ${report.error.stderrTail.trim().split("\n").slice(-5).join("\n                ")}\n`);
      if (report.repro) this.out.write(`      repro:    ${report.repro}\n`);
    }
  }

  /** The summary after the run, with the files written. */
  summary(report: Report, files: ReportFiles | string): void {
    const parts = totalsInOrder(report).map(([status, count]) => this.paint(status, `${count} ${status}`));
    this.out.write(`\n${report.host.name} ${report.host.version} · seed ${report.seed} · ${report.runs} runs/clause · ${report.transport} servers · ${(report.durationMs / 1000).toFixed(1)}s\n`);
    const baseline = report.baseline;
    if (baseline) {
      const list = (ids: string[]) => (ids.length > 0 ? ids.join(", ") : "none");
      this.out.write(`baseline${baseline.file ? ` ${baseline.file}` : ""}: baselined ${list(baseline.baselined)}; stale ${list(baseline.stale)}` +
        `${baseline.unmatched.length > 0 ? `; not judged in this run ${list(baseline.unmatched)}` : ""}\n`);
      if (baseline.stale.length > 0) this.out.write(`  stale entries fail the run: those clauses now pass, remove them from the baseline\n`);
    }
    this.out.write(`${parts.join(", ")} → exit ${report.exitCode}\n`);
    if (report.contentSha256) this.out.write(`content sha256: ${report.contentSha256}\n`);
    if (typeof files === "string") this.out.write(`report: ${files}\n`);
    else this.out.write(`report: ${files.json}\n        ${files.markdown}\n        ${files.html}\n        ${files.junit}\n`);
  }
}
