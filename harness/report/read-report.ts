/**
 * Reads a report.json for `repro`, `matrix` and `merge`. Policy: a report read from disk is untrusted input.
 * It must be a regular file (a FIFO or device is refused at once, never waited on), JSON of the report
 * model, not absurdly large (read with a byte cap), and match its own contentSha256 (which covers
 * everything those commands act on, the host command included); anything else is refused with an Error
 * that names the file and what is wrong, for the caller to report as bad usage (exit 2), never as the host's
 * fault.
 */
import { z } from "zod";
import { contentSha256 } from "./content-hash.ts";
import { readRegularFile } from "./read-regular-file.ts";
import { ReportSchema, type Report } from "./report-model.ts";

/** Larger than any report a run writes (host strings are bounded by the adapter's line bound). */
export const MAX_REPORT_BYTES = 256 * 1024 * 1024;

/** Reads, validates and verifies `file`; throws an Error that names the file and what is wrong with it. */
export async function readReport(file: string): Promise<Report> {
  let text: string;
  try {
    text = await readRegularFile(file, MAX_REPORT_BYTES);
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
  const report = parsed.data;
  if (report.contentSha256 === undefined) {
    throw new Error(`${file} has no contentSha256: mcp-collide run and merge always write one, so this report cannot be trusted`);
  }
  let actual: string;
  try {
    actual = contentSha256(report);
  } catch (error) {
    throw new Error(`${file} cannot be checked against its contentSha256: ${(error as Error).message}`);
  }
  if (actual !== report.contentSha256) {
    throw new Error(`${file} does not match its contentSha256 (it says ${report.contentSha256}, its content hashes to ${actual}): ` +
      "it was changed after it was written, or written by another version of mcp-collide; refusing to use it");
  }
  return report;
}
