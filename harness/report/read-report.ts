/** Reads a report.json written by `run` (for `repro` and `matrix`), checked against the model. */
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { ReportSchema, type Report } from "./report-model.ts";

/** Reads and validates `file`; throws an Error that names the file and what is wrong with it. */
export async function readReport(file: string): Promise<Report> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    throw new Error(`cannot read report ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`report ${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = ReportSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not an mcp-collide report.json:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
