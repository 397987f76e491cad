import { describe, expect, it } from "vitest";
import { applyBaseline } from "../report/baseline.ts";
import { sampleReport } from "../report/sample-report.ts";
import { ConsoleReporter } from "./console-reporter.ts";

/** A stream that records what is written; `isTTY` as asked. */
function stream(isTTY: boolean) {
  const chunks: string[] = [];
  const out = { isTTY, write: (chunk: string) => chunks.push(chunk) > 0 } as unknown as NodeJS.WriteStream;
  return { out, text: () => chunks.join("") };
}

const clause = sampleReport().clauses[1]!;

describe("ConsoleReporter", () => {
  it("writes plain lines, no colour and no cursor control, when not on a TTY", () => {
    const { out, text } = stream(false);
    new ConsoleReporter(out, {}).end(clause);
    expect(text()).not.toMatch(/\u001b/);
    expect(text()).toMatch(/^ {2}FAIL +surface\/no-silent-loss/);
    expect(text()).toContain('world:    "alpha": "search"!, "fetch"');
  });

  it("says what the host did in a failure, and which hazard went unjudged in an INCONCLUSIVE, with what the host did there", () => {
    const { out, text } = stream(false);
    const reporter = new ConsoleReporter(out, {});
    reporter.end(clause);
    reporter.end(sampleReport().clauses.find((entry) => entry.status === "inconclusive")!);
    expect(text()).toContain('host did: open (session 1): registered "alpha": [], "beta": ["search"]');
    expect(text()).toMatch(/\n {6}separator-clash \(required\): NOT JUDGED: case 1 \(a_b: c · a: b_c\): open: error/);
    expect(text()).not.toMatch(/[\u0007\u202E]/);
  });

  it("colours on a TTY unless NO_COLOR is set", () => {
    const coloured = stream(true);
    new ConsoleReporter(coloured.out, {}).end(clause);
    expect(coloured.text()).toContain("\u001b[31m");
    const plain = stream(true);
    new ConsoleReporter(plain.out, { NO_COLOR: "1" }).end(clause);
    expect(plain.text()).not.toContain("\u001b[31m");
  });

  it("marks baselined failures and stale entries, and lists every file written", () => {
    const { out, text } = stream(false);
    const reporter = new ConsoleReporter(out, {}, new Set(["surface/no-silent-loss", "order/config-permutation"]));
    reporter.end(clause);
    reporter.end(sampleReport().clauses[0]!);
    const report = applyBaseline(sampleReport(), { expectedFailures: ["surface/no-silent-loss", "order/config-permutation"] }, false, "b.json");
    reporter.summary(report, { json: "r/report.json", markdown: "r/report.md", html: "r/report.html", junit: "r/junit.xml", sarif: "r/report.sarif" });
    expect(text()).toContain("[baselined]");
    expect(text()).toContain("[STALE baseline entry: now passes]");
    expect(text()).toContain("baseline b.json: baselined surface/no-silent-loss; stale order/config-permutation");
    expect(text()).toContain("r/junit.xml");
  });
});
