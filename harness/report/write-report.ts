/**
 * Writes a run's report in every format, all rendered from the one zod model: report.json (validated,
 * stamped with its content hash), report.md, report.html, junit.xml and report.sarif (the defects, for
 * GitHub code scanning; its locations point into report.md by its path from the working directory). The Markdown and HTML link each
 * clause to the catalogue where the report's location allows it (clause-docs.ts).
 */
import { join, relative, sep } from "node:path";
import { writeFileAtomic } from "./atomic-write.ts";
import { clauseDocsFor } from "./clause-docs.ts";
import { contentSha256 } from "./content-hash.ts";
import { renderHtml } from "./render-html.ts";
import { renderJunit } from "./render-junit.ts";
import { renderMarkdown } from "./render-markdown.ts";
import { renderSarif } from "./render-sarif.ts";
import { makeDirectory } from "./output-directory.ts";
import { ReportSchema, type Report } from "./report-model.ts";

/** Absolute paths of the files a report was written to. */
export interface ReportFiles {
  json: string;
  markdown: string;
  html: string;
  junit: string;
  sarif: string;
}

/** The names a report's files get in its directory (checked before a run: see prepareOutputDirectory). */
export const REPORT_FILE_NAMES = ["report.json", "report.md", "report.html", "junit.xml", "report.sarif"] as const;

/** The report validated against its schema and stamped with its content hash. */
export function sealReport(report: Report): Report {
  const checked = ReportSchema.parse(report);
  return { ...checked, contentSha256: contentSha256(checked) };
}

/**
 * Seals `report` and writes report.json, report.md, report.html, junit.xml and report.sarif into `directory` (made if
 * missing, see output-directory.ts), each atomically and never through a symlink (see atomic-write.ts).
 */
export async function writeReportFiles(report: Report, directory: string): Promise<{ report: Report; files: ReportFiles }> {
  const sealed = sealReport(report);
  const real = await makeDirectory(directory);
  const at = (name: string) => join(real, name);
  const files: ReportFiles = { json: at("report.json"), markdown: at("report.md"), html: at("report.html"), junit: at("junit.xml"), sarif: at("report.sarif") };
  const clauseDocs = clauseDocsFor(directory);
  const markdown = renderMarkdown(sealed, { clauseDocs });
  // A SARIF reader resolves the locations from the checkout: report.md's path from where the run was started.
  const fromHere = relative(process.cwd(), files.markdown).split(sep).join("/");
  const markdownUri = fromHere.startsWith("../") || fromHere === "" ? "report.md" : fromHere;
  await Promise.all([
    writeFileAtomic(files.json, `${JSON.stringify(sealed, null, 2)}\n`),
    writeFileAtomic(files.markdown, markdown),
    writeFileAtomic(files.html, renderHtml(sealed, { clauseDocs })),
    writeFileAtomic(files.junit, renderJunit(sealed)),
    writeFileAtomic(files.sarif, renderSarif(sealed, { clauseDocs, markdown, markdownUri })),
  ]);
  return { report: sealed, files };
}

/** Writes every format of `report` into `directory`; returns the path of report.json. */
export async function writeReport(report: Report, directory: string): Promise<string> {
  return (await writeReportFiles(report, directory)).files.json;
}
