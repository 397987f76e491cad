import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { REPORT_SCHEMA_PATH, reportJsonSchema } from "./report-json-schema.ts";

describe("the published JSON Schema of report.json", () => {
  it(`is up to date (regenerate: npx mcp-collide schema --out ${REPORT_SCHEMA_PATH})`, async () => {
    const published = await readFile(new URL(`../../${REPORT_SCHEMA_PATH}`, import.meta.url), "utf8");
    expect(published).toBe(reportJsonSchema());
  });

  it("keeps the public field names", () => {
    const schema = JSON.parse(reportJsonSchema());
    expect(schema.required).toEqual(expect.arrayContaining(["harness", "host", "seed", "runs", "clauses", "totals", "exitCode", "startedAt"]));
    const clause = schema.properties.clauses.items;
    expect(clause.required).toEqual(expect.arrayContaining(["id", "level", "status", "summary", "seed", "cases", "situations"]));
    expect(Object.keys(clause.properties)).toEqual(expect.arrayContaining(["path", "counterexample", "expected", "observed", "repro", "baseline"]));
    expect(schema.properties.contentSha256.pattern).toBe("^[0-9a-f]{64}$");
  });
});
