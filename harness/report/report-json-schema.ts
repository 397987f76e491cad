/**
 * The JSON Schema of report.json, generated from the zod model (never written by hand), and published at
 * reports/report.schema.json; a test fails when the published file is stale.
 */
import { z } from "zod";
import { ReportSchema } from "./report-model.ts";

/** Where the schema is published, relative to the package root. */
export const REPORT_SCHEMA_PATH = "reports/report.schema.json";

/** The JSON Schema (draft 2020-12) of report.json as the harness writes it, as the text to publish. */
export function reportJsonSchema(): string {
  const schema = z.toJSONSchema(ReportSchema, { target: "draft-2020-12", io: "output" });
  return `${JSON.stringify(schema, null, 2)}\n`;
}
