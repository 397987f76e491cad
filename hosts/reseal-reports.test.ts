import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { contentSha256, ReportSchema } from "../harness/index.ts";
import { committedReports, resealed } from "./reseal-reports.ts";

describe("npm run reports:reseal", () => {
  const file = committedReports().find((path) => path.endsWith("codex.json"))!;
  const text = readFileSync(file, "utf8");

  it("finds every committed report, the examples too, never the JSON Schema", () => {
    const files = committedReports();
    expect(files.some((path) => path.endsWith("reports/examples/last-wins/report.json"))).toBe(true);
    expect(files.some((path) => path.endsWith("report.schema.json"))).toBe(false);
  });

  it("rewrites only the hash of a report whose defects are current, and the result matches its content", () => {
    const stale = text.replace(/"contentSha256": "[0-9a-f]{64}"/, `"contentSha256": "${"0".repeat(64)}"`);
    const { text: fixed, report } = resealed(stale, file);
    expect(fixed).toBe(text);
    expect(contentSha256(ReportSchema.parse(JSON.parse(fixed)))).toBe(report.contentSha256);
  });

  it("groups the defects anew, before the clauses, each finding marked, and seals that", () => {
    const { defects: _defects, ...rest } = JSON.parse(text) as Record<string, unknown>;
    const unmarked = { ...rest, clauses: (rest.clauses as Array<Record<string, unknown>>).map((clause) => (Array.isArray(clause.findings)
      ? { ...clause, findings: (clause.findings as Array<Record<string, unknown>>).map(({ defect: _defect, ...finding }) => finding) }
      : clause)) };
    const { text: fixed } = resealed(JSON.stringify(unmarked, null, 2), file);
    expect(fixed).toBe(text);
    const keys = Object.keys(JSON.parse(fixed));
    expect(keys.indexOf("defects")).toBe(keys.indexOf("clauses") - 1);
  });

  it("refuses a file holding content the report model would drop", () => {
    const extra = JSON.stringify({ ...JSON.parse(text), smuggled: "not in the model" });
    expect(() => resealed(extra, file)).toThrow(/does not read/);
  });
});
