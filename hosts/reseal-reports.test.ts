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

  it("rewrites only the hash, and the result matches its content", () => {
    const stale = text.replace(/"contentSha256": "[0-9a-f]{64}"/, `"contentSha256": "${"0".repeat(64)}"`);
    const { text: fixed, report } = resealed(stale, file);
    expect(fixed).toBe(text);
    expect(contentSha256(ReportSchema.parse(JSON.parse(fixed)))).toBe(report.contentSha256);
  });

  it("refuses a file holding content the report model would drop", () => {
    const extra = JSON.stringify({ ...JSON.parse(text), smuggled: "not in the model" });
    expect(() => resealed(extra, file)).toThrow(/does not read/);
  });
});
