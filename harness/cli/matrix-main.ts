/**
 * `mcp-collide matrix report1.json report2.json ... [--out DIR]`: clauses by hosts, printed as Markdown and,
 * with --out, written as matrix.md and a self-contained matrix.html.
 */
import { join } from "node:path";
import { parseArgs } from "node:util";
import { writeFileAtomic } from "../report/atomic-write.ts";
import { prepareOutputDirectory } from "../report/output-directory.ts";
import { terminalText } from "../report/escape.ts";
import { readReport } from "../report/read-report.ts";
import { renderMatrixHtml, renderMatrixMarkdown } from "../report/render-matrix.ts";
import type { Report } from "../report/report-model.ts";

/** `mcp-collide matrix --help`. */
export const matrixHelp = `Usage: mcp-collide matrix REPORT.json [REPORT.json ...] [--label NAME]... [--out DIR]

Reads report.json files (each validated against the report model) and prints one table of clauses by
hosts, in Markdown. With --out DIR, also writes DIR/matrix.md and DIR/matrix.html (self-contained).
Columns are named by host name (and version where two would read alike); --label, once per report in
the same order, names them instead.
Exit codes: 0 written, 2 bad usage or a file that is not a report.
`;

/** Runs `mcp-collide matrix` with `argv` (after the word `matrix`); returns the exit code. */
export async function matrixMain(argv: string[], out: NodeJS.WritableStream = process.stdout, err: NodeJS.WritableStream = process.stderr): Promise<number> {
  let files: string[];
  let dir: string | undefined;
  let labels: string[];
  try {
    const { values, positionals } = parseArgs({
      args: argv, allowPositionals: true, strict: true,
      options: { out: { type: "string" }, label: { type: "string", multiple: true }, help: { type: "boolean", short: "h" } },
    });
    if (values.help) {
      out.write(matrixHelp);
      return 0;
    }
    if (positionals.length === 0) throw new Error("give at least one report.json");
    files = positionals;
    dir = values.out;
    labels = values.label ?? [];
    if (labels.length > files.length) throw new Error(`${labels.length} labels for ${files.length} report(s)`);
  } catch (error) {
    err.write(`mcp-collide matrix: ${terminalText((error as Error).message, { multiline: true })}\n\n${matrixHelp}`);
    return 2;
  }
  const reports: Report[] = [];
  for (const file of files) {
    try {
      reports.push(await readReport(file));
    } catch (error) {
      err.write(`mcp-collide matrix: ${terminalText((error as Error).message, { multiline: true })}\n`);
      return 2;
    }
  }
  const markdown = renderMatrixMarkdown(reports, labels);
  out.write(markdown);
  if (dir) {
    let target;
    try {
      target = await prepareOutputDirectory(dir, "--out", ["matrix.md", "matrix.html"]);
    } catch (error) {
      err.write(`mcp-collide matrix: ${terminalText((error as Error).message, { multiline: true })}\n`);
      return 2;
    }
    try {
      await writeFileAtomic(join(target.path, "matrix.md"), markdown);
      await writeFileAtomic(join(target.path, "matrix.html"), renderMatrixHtml(reports, labels));
    } finally {
      await target.release();
    }
    out.write(`\nmatrix: ${join(target.path, "matrix.md")}\n        ${join(target.path, "matrix.html")}\n`);
  }
  return 0;
}
