/**
 * Whatever a host sends, what a person reads stays inert and bounded: no terminal control sequence, no
 * invisible or format character written raw (all shown as \uXXXX), host strings capped in every rendering
 * (report.json keeps them whole), and report.md under GitHub's 1 MiB step-summary cap.
 */
import { describe, expect, it } from "vitest";
import { ConsoleReporter } from "../cli/console-reporter.ts";
import { applyBaseline } from "./baseline.ts";
import { showHidden, terminalText } from "./escape.ts";
import { renderHtml } from "./render-html.ts";
import { renderJunit } from "./render-junit.ts";
import { renderMarkdown, STEP_SUMMARY_CAP } from "./render-markdown.ts";
import type { Report } from "./report-model.ts";
import { sampleReport } from "./sample-report.ts";
import { paced } from "../pace.ts";

/** Set-title, clear-screen, colour, BEL, NUL, CR, C1 CSI, RLO, soft hyphen, line separator, a tag character, a variation selector. */
const ATTACK = "\u001b]0;pwned\u0007\u001b[2J\u001b[31mred\u0000nul\rCR\u009b31m\u202Eevil\u00AD\u2028\u{E0041}\uFE0F\u061C";
const RAW = ["\u001b", "\u0007", "\u0000", "\r", "\u009b", "\u202E", "\u00AD", "\u2028", "\u{E0041}", "\uFE0F", "\u061C"];

function hostile(size: number): Report {
  const big = ATTACK.repeat(Math.ceil(size / ATTACK.length));
  const base = sampleReport({ host: { name: big, version: big } });
  const clauses = Array.from({ length: 40 }, (_, index) => ({
    ...base.clauses[3]!, id: `wire/passthrough-${index}`, reason: big, observed: big, expected: big,
    error: { kind: big, message: big, stderrTail: `${big}\n${big}\n` }, repro: big,
  }));
  return { ...base, clauses };
}

function consoleOf(report: Report): string {
  const chunks: string[] = [];
  const out = { isTTY: false, write: (chunk: string) => chunks.push(chunk) > 0 } as unknown as NodeJS.WriteStream;
  const reporter = new ConsoleReporter(out, {}, new Set([ATTACK]));
  for (const clause of report.clauses) reporter.end(clause);
  reporter.summary(applyBaseline(report, { expectedFailures: [ATTACK] }, false, ATTACK), { json: ATTACK, markdown: "m", html: "h", junit: "j", sarif: "s" });
  return chunks.join("");
}

describe("hostile host output", () => {
  it("shows every invisible, format and control character escaped (one shared function)", () => {
    for (const char of RAW.filter((c) => c !== "\r")) expect(showHidden(`a${char}b`)).not.toContain(char);
    expect(showHidden("a\u{E0041}b")).toBe("a\\u{E0041}b");
    expect(showHidden("a\u00ADb\u2028c")).toBe("a\\u00ADb\\u2028c");
    expect(terminalText("one\rtwo\nthree\tfour")).toBe("one\\rtwo\\nthree\\tfour");
  });

  it("never writes a control sequence or hidden character to the console", () => {
    const text = consoleOf(hostile(200));
    for (const char of RAW) expect(text, JSON.stringify(char)).not.toContain(char);
    expect(text).toContain("\\u001B]0;pwned\\u0007");
  });

  it("caps host strings on the console", { timeout: paced(60_000) }, () => {
    const text = consoleOf(hostile(1 << 20));
    expect(Math.max(...text.split("\n").map((line) => line.length))).toBeLessThan(4000);
    expect(text.length).toBeLessThan(1 << 20);
  });

  it("keeps report.md under the 1 MiB step-summary cap and caps host strings in every rendering", { timeout: paced(60_000) }, () => {
    const report = hostile(1 << 20);
    const markdown = renderMarkdown(report);
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(STEP_SUMMARY_CAP);
    expect(STEP_SUMMARY_CAP).toBe(1024 * 1024);
    expect(markdown).toContain("report.json");
    for (const rendering of [renderHtml(report), renderJunit(report)]) {
      expect(rendering.length).toBeLessThan(8 << 20);
      expect(rendering).not.toContain(report.host.name.slice(0, 10_000));
    }
    const html = renderHtml(report);
    for (const char of RAW) expect(html).not.toContain(char);
  });
});
