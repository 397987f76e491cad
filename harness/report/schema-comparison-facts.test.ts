import { describe, expect, it } from "vitest";
import { failing, finding, reportOf, server } from "./test-support/defect-fixtures.ts";
import { groupDefects } from "./group-defects.ts";
import { schemaComparisonFacts } from "./schema-comparison-facts.ts";

const CLAUSE = "schema/input-schema-intact";
/** The clause's words for a tool whose shape differs (suites/support/schema-shape.ts, suites/definition.suite.ts). */
const differs = (tool: string, key: string, where: string) => `tool "${tool}" of "${key}" is handed to the model with an input schema that is not the server's: it differs from the server's in shape ${where}`;
const note = "at properties.note, type: the server's schema says [\"null\",\"string\"], the model gets nothing";
const id = "at properties.order.properties.id: the server's schema says {\"type\":[\"string\"]}, the model gets nothing";

/** A finding of the clause on `tools` of alpha, every tool shown and called, that observed `observed`. */
const compared = (number: number, tools: string[], observed: string) => ({
  ...finding(number, [server("alpha", tools)], [{ shown: tools.map((tool) => [tool, "alpha", tool] as [string, string, string]), calls: tools.map((tool) => [tool, ["alpha", tool]] as [string, [string, string]]) }]),
  observed,
});

describe("schemaComparisonFacts", () => {
  it("reads the first difference in shape the clause saw, as its detail", () => {
    expect(schemaComparisonFacts(CLAUSE, `${differs("order", "alpha", note)}; ${differs("search", "alpha", id)}`)).toEqual([
      { kind: "schema", key: "schema:not-the-servers", text: "hands the model a tool's input schema that is not the server's", detail: note },
    ]);
  });

  it("reads nothing from another clause, or from a comparison of another form", () => {
    expect(schemaComparisonFacts("wire/passthrough", differs("order", "alpha", note))).toEqual([]);
    expect(schemaComparisonFacts(CLAUSE, 'tool "order" of "alpha" is handed to the model with an input schema that is not the server\'s: it holds references that resolve to nothing in it: #/$defs/Order')).toEqual([]);
    expect(schemaComparisonFacts(CLAUSE, undefined)).toEqual([]);
  });
});

describe("a schema handed to the model that is not the server's, where the records keep none", () => {
  it("is one defect on every world, its title quoting where its smallest world's schema differs", () => {
    // Old code: "showed 3: ..." and "showed 1: ...", a defect per world, saying nothing of the schema.
    const report = reportOf([failing(CLAUSE, [
      compared(2, ["order", "search"], `${differs("order", "alpha", id)}; ${differs("search", "alpha", id)}`),
      compared(4, ["request"], differs("request", "alpha", note)),
    ])]);
    expect(groupDefects(report).defects.map((d) => [d.title, d.violations.map((v) => v.case)])).toEqual([[
      `hands the model a tool's input schema that is not the server's (${note}): showed 1: "request"; a call of "request" reached "alpha" / "request"`, [4, 2],
    ]]);
  });

  it("keeps the title the records give where the clause's words are of another form", () => {
    const report = reportOf([failing(CLAUSE, [compared(4, ["request"], "the host broke the schema somehow")])]);
    expect(groupDefects(report).defects[0]!.title).toBe('showed 1: "request"; a call of "request" reached "alpha" / "request"');
  });
});
