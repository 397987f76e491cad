import { describe, expect, it } from "vitest";
import { comparisonLines } from "./comparison-lines.ts";
import { renderHtml } from "./render-html.ts";
import { renderJunit } from "./render-junit.ts";
import { renderMarkdown } from "./render-markdown.ts";
import type { Comparison } from "./report-model.ts";
import { HOSTILE, sampleReport } from "./sample-report.ts";

const comparison: Comparison = {
  titles: ['opened first: configured as ["alpha", "beta"]', `opened second: configured servers permuted ${HOSTILE}`],
  rows: [
    { shown: "fetch", routes: ['"alpha" / "fetch"', '"alpha" / "fetch"'] },
    { shown: "search", routes: ['"alpha" / "search"', '"beta" / "search"'] },
    { shown: HOSTILE, routes: [null, '"beta" / "x"'] },
  ],
  errors: ["no server named", "no server named"],
};

/** The sample report with its failing clause found by comparing two sessions. */
function compared() {
  const report = sampleReport();
  return { ...report, clauses: report.clauses.map((clause) => (clause.id === "surface/no-silent-loss" ? { ...clause, comparison } : clause)) };
}

describe("a comparison of sessions in every format", () => {
  it("as text: titles, one line per shown name with each session's route, differences marked", () => {
    expect(comparisonLines(comparison)).toEqual([
      'session 1: opened first: configured as ["alpha", "beta"]',
      `session 2: opened second: configured servers permuted ${HOSTILE}`,
      '  "fetch": 1) "alpha" / "fetch"  2) "alpha" / "fetch"',
      '≠ "search": 1) "alpha" / "search"  2) "beta" / "search"',
      `≠ ${JSON.stringify(HOSTILE)}: 1) (not shown)  2) "beta" / "x"`,
      "  errors: 1) no server named  2) no server named",
    ]);
  });

  it("in Markdown, HTML and JUnit, side by side, escaped", () => {
    const markdown = renderMarkdown(compared());
    expect(markdown).toContain("| ≠ | `search` | **\"alpha\" / \"search\"** | **\"beta\" / \"search\"** |");
    expect(markdown).toContain("|   | `fetch` | \"alpha\" / \"fetch\" | \"alpha\" / \"fetch\" |");
    expect(markdown).toContain("|   | *errors* | no server named | no server named |");
    // A host string in a title stays inside its cell: the header keeps its four columns.
    const header = markdown.split("\n").find((line) => line.startsWith("| | Shown name |"))!;
    expect(header.replace(/\\\|/g, "").split("|").length).toBe(6);
    expect(header).toContain("\\<script\\>");
    const html = renderHtml(compared());
    expect(html).toContain('<tr class="differs"><td>≠</td><th><code>search</code></th><td>&quot;alpha&quot; / &quot;search&quot;</td><td>&quot;beta&quot; / &quot;search&quot;</td></tr>');
    expect(html).not.toContain("<script>alert");
    const junit = renderJunit(compared());
    expect(junit).toContain("≠ &quot;search&quot;: 1) &quot;alpha&quot; / &quot;search&quot;  2) &quot;beta&quot; / &quot;search&quot;");
    expect(markdown).not.toContain("listed in the order");
  });

  it("with the order each session listed its names, where a clause compares it: a row of its own, marked when it differs", () => {
    const ordered: Comparison = { ...comparison, order: ["fetch, search", "search, fetch"] };
    expect(comparisonLines(ordered).at(-1)).toBe("≠ listed in the order: 1) fetch, search  2) search, fetch");
    expect(comparisonLines({ ...ordered, order: ["fetch", "fetch"] }).at(-1)).toBe("  listed in the order: 1) fetch  2) fetch");
    const report = compared();
    const withOrder = { ...report, clauses: report.clauses.map((clause) => (clause.comparison ? { ...clause, comparison: ordered } : clause)) };
    expect(renderMarkdown(withOrder)).toContain("| ≠ | *listed in the order* | **fetch, search** | **search, fetch** |");
    expect(renderHtml(withOrder)).toContain('<tr class="differs"><td>≠</td><th><i>listed in the order</i></th><td>fetch, search</td><td>search, fetch</td></tr>');
  });
});
