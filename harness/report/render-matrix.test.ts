import { describe, expect, it } from "vitest";
import { matrixColumns, matrixRows, renderMatrixHtml, renderMatrixMarkdown } from "./render-matrix.ts";
import { sampleReport } from "./sample-report.ts";

describe("the matrix", () => {
  const reference = sampleReport({ host: { name: "reference", version: "1" }, exitCode: 0 });
  const buggy = sampleReport({ host: { name: "last-wins", version: "1" }, clauses: sampleReport().clauses.slice(0, 2) });

  it("has a row per clause in catalogue order and a column per report", () => {
    expect(matrixRows([reference, buggy])[0]).toBe("order/config-permutation");
    const markdown = renderMatrixMarkdown([reference, buggy]);
    expect(markdown).toContain("| Clause | Level | reference | last-wins |");
    expect(markdown).toMatch(/\| `surface\/no-silent-loss` \| MUST \| ❌ FAIL \| ❌ FAIL \|/);
    expect(markdown).toMatch(/\| `guard\/every-shape` \| MUST \| ➖ N\/A \| — \|/);
    expect(markdown).toContain("| **exit code** | | **0** PASS | **2** ERROR |");
  });

  it("tells apart two reports of one host", () => {
    const labels = matrixColumns([reference, reference, buggy]).map((column) => column.label);
    expect(labels).toEqual(["reference 1 (1)", "reference 1 (2)", "last-wins"]);
  });

  it("renders escaped, self-contained HTML", () => {
    const html = renderMatrixHtml([sampleReport(), buggy]);
    expect(html).not.toContain("<script>alert");
    expect(html).toContain('<span class="badge s-fail">FAIL</span>');
  });
});

describe("matrix labels", () => {
  it("uses the labels the user gave, in report order", () => {
    const a = sampleReport({ host: { name: "mcp-collide-reference+last-wins", version: "1" } });
    expect(matrixColumns([a, a], ["last-wins"]).map((column) => column.label)).toEqual(["last-wins", "mcp-collide-reference+last-wins 1"]);
    expect(renderMatrixMarkdown([a], ["lw"])).toContain("| Clause | Level | lw |");
  });
});
