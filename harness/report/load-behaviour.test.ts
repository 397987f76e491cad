import { describe, expect, it } from "vitest";
import { loadBehaviour } from "./load-behaviour.ts";
import { renderHtml } from "./render-html.ts";
import { renderMarkdown } from "./render-markdown.ts";
import { sampleReport } from "./sample-report.ts";
import { worldLines } from "./world-lines.ts";
import type { ClauseReport, ReportServer } from "./report-model.ts";

const server = (key: string, extra: Partial<ReportServer> = {}): ReportServer => ({ key, tools: ["t"], serverInfo: { name: key, version: "1" }, ...extra });

/** A report whose only failure is surface/failing-server-named on a world with a server failing tools/list. */
function failingServerReport() {
  const report = sampleReport();
  const failed: ClauseReport = {
    ...report.clauses.find((clause) => clause.id === "surface/no-silent-loss")!,
    id: "surface/failing-server-named",
    findings: undefined,
    counterexample: { servers: [server("alpha", { failure: "list-error" }), server("beta")], variants: [], value: {} },
  };
  return { ...report, clauses: [failed] };
}

describe("loadBehaviour", () => {
  it("says how a server fails at load, in words", () => {
    expect(loadBehaviour(server("a"))).toBeUndefined();
    expect(loadBehaviour(server("a", { unreachable: true }))).toBe("unreachable");
    expect(loadBehaviour(server("a", { failure: "list-error" }))).toBe("fails at load (list-error): answers tools/list with a JSON-RPC error");
    // A report from disk may carry anything: an unknown failure is quoted, never passed through.
    expect(loadBehaviour(server("a", { failure: "\u001b[31mx" }))).toBe('fails at load ("\\u001b[31mx")');
  });

  it("says that a healthy server pages its list, and how a broken pager's pages go", () => {
    expect(loadBehaviour(server("a", { tools: ["a", "b", "c"], pageSize: 2 }))).toBe("answers tools/list in 2 pages of 2");
    // A list that fits on one page is no paging at all.
    expect(loadBehaviour(server("a", { tools: ["a", "b"], pageSize: 2 }))).toBeUndefined();
    expect(loadBehaviour(server("a", { tools: ["a", "b"], pageSize: 1, failure: "repeated-page" })))
      .toBe("fails at load (repeated-page, in pages of 1): answers tools/list with its second page repeating its first page's tools under a fresh cursor");
  });

  it("is shown for a failing server in every format's counterexample world", () => {
    const report = failingServerReport();
    expect(renderMarkdown(report)).toContain("| `alpha` | alpha 1 | `t` | fails at load (list-error): answers tools/list with a JSON-RPC error |");
    expect(renderHtml(report)).toContain('<span class="flag">fails at load (list-error): answers tools/list with a JSON-RPC error</span>');
    expect(worldLines(report.clauses[0]!.counterexample!.servers)[0]).toBe('"alpha" (fails at load (list-error): answers tools/list with a JSON-RPC error): "t"');
    // It lists nothing, so its "t" meets beta's "t" nowhere: no collision is drawn.
    expect(renderMarkdown(report)).not.toContain("Colliding names");
  });
});
