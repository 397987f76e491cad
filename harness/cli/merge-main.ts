/**
 * `mcp-collide merge SHARD.json... [--out DIR] [--strict]`: one report from the report.json of each
 * `run --shard i/n`, with the verdicts, totals and exit code an unsharded run gives; written as all four
 * formats. Exits with the merged report's exit code, or 2 when the files do not belong together.
 */
import { parseArgs } from "node:util";
import { prepareOutputDirectory, type OutputDirectory } from "../report/output-directory.ts";
import { terminalText } from "../report/escape.ts";
import { readReport } from "../report/read-report.ts";
import type { Report } from "../report/report-model.ts";
import { REPORT_FILE_NAMES, writeReportFiles } from "../report/write-report.ts";
import { mergeReports } from "../runner/merge-reports.ts";

/** `mcp-collide merge --help`. */
export const mergeHelp = `Usage: mcp-collide merge SHARD.json [SHARD.json ...] [--out DIR] [--strict]

Combines the report.json files of one run split with --shard i/n into one report (report.json, report.md,
report.html, junit.xml, report.sarif in --out, default ./mcp-collide-report; the defects grouped anew). The shards must share host, seed, runs,
transport, profile and versions, and no clause may appear twice. Each shard must match its own
contentSha256; the merged report is re-sealed: its contentSha256 is computed anew over the merged content
(a hash anyone can recompute, not a signature: it says the file is as merge wrote it, not who ran the shards).
Exit codes: the merged report's (0, 1 or 2); 2 also for files that are not shards of one run.
`;

/** Runs `mcp-collide merge` with `argv` (after the word `merge`); returns the exit code. */
export async function mergeMain(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  let files: string[];
  let dir: string;
  let strict: boolean;
  try {
    const { values, positionals } = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: { out: { type: "string" }, strict: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      out.write(mergeHelp);
      return 0;
    }
    if (positionals.length === 0) throw new Error("give the report.json of every shard");
    files = positionals;
    dir = values.out ?? "mcp-collide-report";
    strict = values.strict ?? false;
  } catch (error) {
    err.write(`mcp-collide merge: ${terminalText((error as Error).message, { multiline: true })}\n\n${mergeHelp}`);
    return 2;
  }
  let merged: Report;
  let target: OutputDirectory;
  try {
    const shards = await Promise.all(files.map((file) => readReport(file)));
    merged = mergeReports(shards, strict);
    target = await prepareOutputDirectory(dir, "--out", REPORT_FILE_NAMES);
  } catch (error) {
    err.write(`mcp-collide merge: ${terminalText((error as Error).message, { multiline: true })}\n`);
    return 2;
  }
  try {
    const { report, files: written } = await writeReportFiles(merged, target.path);
    out.write(`merged ${files.length} shard(s): ${report.clauses.length} clause(s) → exit ${report.exitCode}\nreport: ${written.json}\n` +
      `re-sealed: each shard matched its own contentSha256; the merged report's is new, ${report.contentSha256}\n`);
    return report.exitCode;
  } finally {
    await target.release();
  }
}
