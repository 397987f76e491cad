import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { ReportSchema, type Report } from "./report-model.ts";

/** Validates the report against its schema and writes `report.json` into `directory`; returns its path. */
export async function writeReport(report: Report, directory: string): Promise<string> {
  const checked = ReportSchema.parse(report);
  await mkdir(directory, { recursive: true });
  const file = resolve(join(directory, "report.json"));
  await writeFile(file, `${JSON.stringify(checked, null, 2)}\n`);
  return file;
}
