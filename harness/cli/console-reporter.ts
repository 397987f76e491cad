/**
 * What a person sees while a run goes: one line per clause as it finishes (a live "running" line on a TTY,
 * plain lines otherwise), then a summary table. Colour only on a TTY and never when NO_COLOR is set.
 */
import type { Clause } from "../runner/clause.ts";
import type { ClauseReport, ClauseStatus, Report } from "../report/report-model.ts";

const colours: Record<ClauseStatus, number> = { pass: 32, fail: 31, warn: 33, "not-applicable": 90, error: 35, inconclusive: 33 };

/** Prints progress and the summary to a stream. */
export class ConsoleReporter {
  private readonly live: boolean;
  private readonly colour: boolean;

  constructor(private readonly out: NodeJS.WriteStream = process.stdout, env: NodeJS.ProcessEnv = process.env) {
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
    this.out.write(`  ${status} ${report.id.padEnd(34)} ${report.reason} (${(report.durationMs / 1000).toFixed(1)}s)\n`);
    if (report.status === "fail" || report.status === "warn" || report.status === "error") {
      if (report.expected) this.out.write(`      expected: ${report.expected}\n`);
      if (report.observed) this.out.write(`      observed: ${report.observed.slice(0, 600)}\n`);
      if (report.counterexample) {
        const servers = report.counterexample.servers.map((server) => `${server.key}: [${server.tools.map((tool) => JSON.stringify(tool)).join(", ")}]`);
        this.out.write(`      world:    ${servers.join("; ")}\n`);
      }
      if (report.error?.stderrTail) this.out.write(`      stderr:   ${report.error.stderrTail.trim().split("\n").slice(-5).join("\n                ")}\n`);
      if (report.repro) this.out.write(`      repro:    ${report.repro}\n`);
    }
  }

  /** The summary after the run. */
  summary(report: Report, written: string): void {
    const parts = (Object.entries(report.totals) as Array<[ClauseStatus, number]>)
      .filter(([, count]) => count > 0)
      .map(([status, count]) => this.paint(status, `${count} ${status}`));
    this.out.write(`\n${report.host.name} ${report.host.version} · seed ${report.seed} · ${report.runs} runs/clause · ${report.transport} servers · ${(report.durationMs / 1000).toFixed(1)}s\n`);
    this.out.write(`${parts.join(", ")} → exit ${report.exitCode}\n`);
    this.out.write(`report: ${written}\n`);
  }
}
