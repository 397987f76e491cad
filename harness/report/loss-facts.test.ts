import { describe, expect, it } from "vitest";
import { failing, finding, reportOf, server } from "./test-support/defect-fixtures.ts";
import { groupDefects } from "./group-defects.ts";
import type { ReportServer } from "./report-model.ts";

const paged = (emptyCursor: number): ReportServer => ({ ...server("alpha", ["request", "search", "query", "fetch", "update"]), pageSize: 2, emptyCursor });
const lookup = server("beta", ["lookup"]);
const shown = (...tools: string[]) => tools.map((tool) => [`mcp__alpha__${tool}`, "alpha", tool] as [string, string, string]);
const summary = (report: ReturnType<typeof reportOf>) => groupDefects(report).defects.map((d) => [d.title.split(":")[0], d.violations.map((v) => `${v.clause}#${v.case}`)]);

describe("an empty cursor taken for the end of a list", () => {
  // The host follows page 1's token, then takes page 2's "" for the end; on a world whose first cursor is "",
  // and on failing servers whose failure lies past a first "", it stops at page 1 as a one-page host would.
  const last = finding(2, [paged(2), lookup], [{ shown: shown("request", "search", "query", "fetch"), lists: { alpha: [undefined, "page-2"] } }]);
  const first = finding(1, [paged(1), lookup], [{ shown: shown("request", "search"), lists: { alpha: [undefined] } }]);
  const stuck = finding(3, [{ ...server("alpha", ["request", "search"]), failure: "stuck-cursor", emptyCursor: 1 }, lookup], [{ shown: shown("request", "search") }]);

  it("is one defect: the later page's loss shows it, and the first page's losses and unnamed failures join it", () => {
    // Today's code: "shows only the first page", "shows only the first 4 tools" and "names no error for a
    // server that failed to load", three defects for one behaviour.
    const report = reportOf([
      failing("surface/no-silent-loss", [first, last]),
      failing("surface/failing-server-named", [stuck]),
    ]);
    expect(summary(report)).toEqual([[
      "takes an empty nextCursor for the end of a list, so the pages after it are lost",
      ["surface/no-silent-loss#2", "surface/no-silent-loss#1", "surface/failing-server-named#3"],
    ]]);
  });

  it("is not read where the host never followed a cursor: a one-page host keeps its own defects", () => {
    const onePage = finding(2, [paged(2), lookup], [{ shown: shown("request", "search"), lists: { alpha: [undefined, undefined] } }]);
    const report = reportOf([
      failing("surface/no-silent-loss", [first, onePage]),
      failing("surface/failing-server-named", [stuck]),
    ]);
    expect(summary(report)).toEqual([
      ["shows only the first page of a paged list", ["surface/no-silent-loss#2", "surface/no-silent-loss#1"]],
      ["names no error for a server that failed to load", ["surface/failing-server-named#3"]],
    ]);
  });
});

describe("tools dropped for the shape of their names", () => {
  // Names holding "_" dropped with no error: several at once, one that is last (a prefix too), one whose
  // loss empties the open beside a server refused by name (a whole open too), one too long for a provider.
  const several = finding(28, [server("alpha", ["__b", "_", "mcp__x", "request"]), lookup], [{ shown: [...shown("request"), ["mcp__beta__lookup", "beta", "lookup"]] }]);
  const last = finding(11, [server("alpha", ["toString", "constructor", "__proto__"])], [{ shown: shown("toString", "constructor") }]);
  const emptied = finding(3, [server("a__b", ["c"]), server("a", ["b__c"])], [{ shown: [], errors: [{ server: "a__b", message: "a__b holds the separator" }] }]);
  const long = finding(13, [server("alpha", [`mcp__${"x".repeat(60)}`, "request"])], [{ shown: shown("request") }]);

  it("are one defect, read from the names several lost tools share", () => {
    // Today's code: "loses a tool named \"__b\"", "shows only the first 2 tools of a server", "refuses the
    // whole open" and "drops a tool whose name a provider's rule refuses": four.
    const report = reportOf([
      failing("surface/no-silent-loss", [emptied, last, several]),
      failing("names/profile", [long]),
    ]);
    expect(summary(report)).toEqual([[
      "drops tools whose names hold \"_\"",
      ["surface/no-silent-loss#28", "surface/no-silent-loss#3", "surface/no-silent-loss#11", "names/profile#13"],
    ]]);
  });

  it("are not read from one lost name alone: a lost __proto__ stays a tool lost by its name", () => {
    const report = reportOf([failing("surface/no-silent-loss", [last, finding(4, [server("alpha", ["toString", "request"])], [{ shown: shown("request") }])])]);
    expect(summary(report)).toEqual([
      ["loses a tool named \"toString\"", ["surface/no-silent-loss#4"]],
      ["shows only the first 2 tools of a server", ["surface/no-silent-loss#11"]],
    ]);
  });
});
