/**
 * Every format opens with the host's defects, keeps the clause verdicts as they were below them, and shows
 * each clause's further failing cases and confounded cases; a report that carries its own defects is shown
 * as it says, one written before defects were is grouped at render time.
 */
import { describe, expect, it } from "vitest";
import { ConsoleReporter } from "../cli/console-reporter.ts";
import { groupDefects } from "./group-defects.ts";
import { renderHtml } from "./render-html.ts";
import { renderJunit } from "./render-junit.ts";
import { renderMarkdown } from "./render-markdown.ts";
import type { Report } from "./report-model.ts";
import { HOSTILE, sampleReport } from "./sample-report.ts";

const report = sampleReport();
const defects = groupDefects(report).defects;

function consoleOf(given: Report): string {
  const chunks: string[] = [];
  const out = { isTTY: false, write: (chunk: string) => chunks.push(chunk) > 0 } as unknown as NodeJS.WriteStream;
  const reporter = new ConsoleReporter(out, {});
  for (const clause of given.clauses) reporter.end(clause);
  reporter.summary(given, "r/report.json");
  return chunks.join("");
}

describe("the defects in every format", () => {
  it("the sample groups into five defects, worst first", () => {
    expect(defects.map((d) => [d.id, d.status, d.cause])).toEqual([
      ["D1", "error", "broke"], ["D2", "fail", "behaviour"], ["D3", "fail", "behaviour"], ["D4", "fail", "non-deterministic"], ["D5", "warn", "behaviour"],
    ]);
  });

  it("report.md opens with them, then the verdict table as before, each failure naming its defects and its further cases", () => {
    const markdown = renderMarkdown(report);
    const at = (text: string) => markdown.indexOf(text);
    expect(at("## Defects")).toBeGreaterThan(0);
    expect(at("## Defects")).toBeLessThan(at("| | Clause | Level | Verdict |"));
    expect(markdown).toContain("5 defects (1 ERROR, 3 FAIL, 1 WARN)");
    expect(markdown).toMatch(/^### 💥 D1 — ERROR: the host broke \(crash: exited with code 1 \\<script\\>/m);
    expect(markdown).toContain("### ❌ D4 — FAIL · names change between identical opens: shows another surface on two identical opens of one configuration");
    expect(markdown).toContain("**Kept from judging:** `names/injective`");
    expect(markdown).toContain("Part of **D2** (case 2: ");
    expect(markdown).toContain("**Further failing cases** (1; each judged on its own):");
    expect(markdown).toContain("#### case 3 — FAIL · D3");
    expect(markdown).toContain("## Verdicts a host-wide cause confounded");
    expect(markdown).toContain("- non-deterministic (see names/deterministic) (case 1): two identical opens showed");
    expect(markdown).toContain("(see **D4**)");
  });

  it("report.html opens with them, each linked from the clauses it is part of", () => {
    const html = renderHtml(report);
    expect(html.indexOf('id="defect-D1"')).toBeLessThan(html.indexOf("<h2>Verdicts</h2>"));
    expect(html).toContain('<a href="#defect-D2"><b>D2</b></a> (case 2: ');
    expect(html).toContain('<a href="#clause-surface-no-silent-loss"><code>surface/no-silent-loss</code></a> case 2');
    expect(html).toContain("Further failing cases");
    expect(html).toContain("case 3 — FAIL · D3");
    expect(html).toContain("<h2>Verdicts a host-wide cause confounded</h2>");
    expect(html).not.toContain(HOSTILE);
  });

  it("junit.xml opens its properties with them and counts the testcases as before", () => {
    const junit = renderJunit(report);
    expect(junit).toMatch(/<properties>\n\s+<property name="defects" value="5 defects \(1 ERROR, 3 FAIL, 1 WARN\)"\/>\n\s+<property name="defect.D1" value="ERROR: the host broke/);
    expect(junit.match(/<testcase /g)).toHaveLength(report.clauses.length);
    expect(junit).toContain("part of defect D2 (case 2): ");
    expect(junit).toContain("further failing case 3 — FAIL · D3: violated in random case 3");
    expect(junit).toContain("kept from being judged: non-deterministic");
  });

  it("the console summary opens with them, and each clause line tells its further cases and confounds", () => {
    const text = consoleOf(report);
    const summary = text.slice(text.indexOf("\nsample-host"));
    expect(summary.split("\n")[2]).toBe("5 defects (1 ERROR, 3 FAIL, 1 WARN):");
    expect(summary).toMatch(/\nD1 ERROR: the host broke \(crash: exited with code 1 <script>/);
    expect(summary).toContain("  violates surface/no-silent-loss case 2 (FAIL): expected every advertised tool shown");
    expect(summary.indexOf("D5 WARN")).toBeLessThan(summary.indexOf("→ exit 2"));
    expect(text).toContain("      also:     case 3 — FAIL: violated in random case 3");
    expect(text).toContain("      confounded: non-deterministic (see names/deterministic) (case 1)");
    expect(text).not.toMatch(/[\u0007\u202E]/);
  });

  it("shows the defects a report carries as it says, and groups none itself then", () => {
    const carried: Report = { ...report, defects: [{ id: "D1", title: "as the report says", status: "warn", cause: "behaviour", behaviour: "it did this", violations: [] }] };
    expect(renderMarkdown(carried)).toContain("### ⚠️ D1 — WARN: as the report says");
    expect(renderMarkdown(carried)).not.toContain("### 💥 D1");
    expect(renderHtml(carried)).toContain("as the report says");
    expect(renderJunit(carried)).toContain('<property name="defects" value="1 defect (1 WARN)"/>');
    expect(consoleOf(carried)).toContain("D1 WARN: as the report says");
  });

  it("says so when a run found none", () => {
    const clean: Report = { ...report, clauses: report.clauses.filter((clause) => clause.status === "pass"), defects: [] };
    expect(renderMarkdown(clean)).toContain("## Defects\n\nNo defects: no clause failed or broke.");
    expect(renderHtml(clean)).toContain("<p>No defects: no clause failed or broke.</p>");
    expect(consoleOf(clean)).toContain("\nno defects\n");
  });
});
