/**
 * Baselines: a host adopting the harness lists the clauses it knows it fails, so CI gates on new failures
 * only. A listed clause that now passes is a stale entry and fails the run, so a baseline shrinks as bugs
 * are fixed and never hides a regression of a fixed clause. A broken host (ERROR) is never baselined:
 * the run cannot say what the host does, so it has nothing to compare with the file.
 */
import { z } from "zod";
import { exitCodeOf } from "../runner/verdict.ts";
import { writeFileAtomic } from "./atomic-write.ts";
import { readRegularFile } from "./read-regular-file.ts";
import type { BaselineSummary, ClauseReport, Report } from "./report-model.ts";

/** A baseline file: `{ "expectedFailures": ["clause-id", ...] }`. */
export const BaselineFileSchema = z.strictObject({
  expectedFailures: z.array(z.string().min(1, "a clause id cannot be empty")),
});
/** A baseline file. */
export type BaselineFile = z.infer<typeof BaselineFileSchema>;

/** Statuses a baseline entry may stand for: a violation, or a MUST clause that could not be shown to hold. */
const BASELINABLE = new Set(["fail", "warn", "inconclusive"]);

/** True when `clause` is a failure a baseline may list (what `--write-baseline` writes). */
export function isBaselinable(clause: Pick<ClauseReport, "status">): boolean {
  return BASELINABLE.has(clause.status);
}

/** Parses a baseline file's text; throws an Error whose message says what is wrong and where. */
export function parseBaseline(text: string, file: string): BaselineFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`baseline ${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = BaselineFileSchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`baseline ${file} is not { "expectedFailures": ["clause-id", ...] }:\n${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The largest baseline file read: a list of clause ids is a few kilobytes. */
export const MAX_BASELINE_BYTES = 1024 * 1024;

/** Reads and checks a baseline file: a regular file (a FIFO or device is refused at once) of at most {@link MAX_BASELINE_BYTES}. */
export async function readBaseline(file: string): Promise<BaselineFile> {
  let text: string;
  try {
    text = await readRegularFile(file, MAX_BASELINE_BYTES);
  } catch (error) {
    throw new Error(`cannot read baseline ${file}: ${(error as Error).message}`);
  }
  return parseBaseline(text, file);
}

/** The baseline that lists exactly the current failures of `report`, in report order. */
export function baselineOf(report: Report): BaselineFile {
  return { expectedFailures: report.clauses.filter(isBaselinable).map((clause) => clause.id) };
}

/** Writes the baseline of `report`'s current failures to `file`. */
export async function writeBaseline(report: Report, file: string): Promise<BaselineFile> {
  const baseline = baselineOf(report);
  await writeFileAtomic(file, `${JSON.stringify(baseline, null, 2)}\n`);
  return baseline;
}

/**
 * The report as judged against `baseline` (or against none): each listed clause marked, the summary filled
 * in, `strict` recorded, and `exitCode` recomputed per the contract in harness/runner/verdict.ts.
 */
export function applyBaseline(report: Report, baseline: BaselineFile | undefined, strict: boolean, file?: string): Report {
  const listed = new Set(baseline?.expectedFailures ?? []);
  const clauses = report.clauses.map((clause): ClauseReport => {
    const { baseline: _previous, ...rest } = clause;
    if (!listed.has(clause.id)) return rest;
    if (isBaselinable(clause)) return { ...rest, baseline: "expected-failure" };
    if (clause.status === "pass") return { ...rest, baseline: "stale" };
    return rest;
  });
  const summary: BaselineSummary | undefined = baseline && {
    ...(file !== undefined ? { file } : {}),
    expectedFailures: [...listed],
    baselined: clauses.filter((clause) => clause.baseline === "expected-failure").map((clause) => clause.id),
    stale: clauses.filter((clause) => clause.baseline === "stale").map((clause) => clause.id),
    unmatched: [...listed].filter((id) => !clauses.some((clause) => clause.id === id && clause.baseline !== undefined)),
  };
  const expected = new Set(summary?.baselined ?? []);
  const { baseline: _old, ...rest } = report;
  return {
    ...rest,
    clauses,
    strict,
    ...(summary ? { baseline: summary } : {}),
    exitCode: exitCodeOf(clauses, strict, expected),
  };
}
