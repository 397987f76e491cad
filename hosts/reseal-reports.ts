/**
 * `npm run reports:reseal`: re-groups and re-seals every committed report without running any host. Run it
 * after a change to what `contentSha256` covers (harness/report/content-hash.ts) or to how findings are
 * grouped into defects (docs/defects.md), or after merging a branch that added a report sealed under another
 * definition. It rewrites only the `defects` field (placed before `clauses`, as a run writes it), each
 * finding's `defect` mark and the `contentSha256` field of reports/*.json, reports/history/<id>/<version>.json
 * and reports/examples/<name>/report.json (every other key's order and formatting kept), re-renders each
 * example's report.md, report.html, junit.xml and report.sarif, and the npm script then runs
 * `npm run reports -- --render-only` for reports/<id>.md, which quote the hash.
 *
 * It refuses a file the report model does not read whole (a field the model would drop changes what is
 * hashed), so a report is never re-sealed over content the harness cannot see.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  canonicalJson, clauseDocsFor, contentSha256, groupDefects, hashedContent, renderHtml, renderJunit, renderMarkdown, renderSarif, ReportSchema, type Report,
} from "../harness/index.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Every committed report: reports/*.json (the JSON Schema aside), each example's report.json, and the earlier
 * versions' reports under reports/history/<id>/ (the compliance site reads them with the same hash check).
 */
export function committedReports(base = root): string[] {
  const reports = join(base, "reports");
  const examples = join(reports, "examples");
  const history = join(reports, "history");
  return [
    ...readdirSync(reports).filter((name) => name.endsWith(".json") && name !== "report.schema.json").map((name) => join(reports, name)),
    ...(existsSync(history) ? readdirSync(history).sort() : []).flatMap((id) =>
      readdirSync(join(history, id)).filter((name) => name.endsWith(".json")).sort().map((name) => join(history, id, name))),
    ...readdirSync(examples, { withFileTypes: true }).filter((entry) => entry.isDirectory())
      .map((entry) => join(examples, entry.name, "report.json")).filter((file) => existsSync(file)),
  ];
}

type Json = Record<string, unknown>;

/** `raw` with the defects of `report` (the same report, parsed) grouped anew: `defects` before `clauses`, each finding marked. */
function regrouped(raw: Json, report: Report): Json {
  const { defects, clauses } = groupDefects(report);
  const marked = (raw.clauses as Json[]).map((clause, at) => (!Array.isArray(clause.findings) ? clause : {
    ...clause,
    findings: (clause.findings as Json[]).map((finding, index) => {
      const { defect: _old, ...rest } = finding;
      const id = clauses[at]?.findings?.[index]?.defect;
      return id === undefined ? rest : { ...rest, defect: id };
    }),
  }));
  const entries = Object.entries(raw).filter(([key]) => key !== "defects").map(([key, value]): [string, unknown] => [key, key === "clauses" ? marked : value]);
  entries.splice(Math.max(0, entries.findIndex(([key]) => key === "clauses")), 0, ["defects", defects]);
  return Object.fromEntries(entries);
}

/** `file`'s text with its defects grouped anew and its contentSha256 recomputed; the sealed report too, for rendering. */
export function resealed(text: string, file: string): { text: string; report: Report } {
  const raw = JSON.parse(text) as Json;
  const read = ReportSchema.parse(raw);
  if (canonicalJson(hashedContent(read)) !== canonicalJson(hashedContent(raw as Report))) {
    throw new Error(`${file} holds content the report model does not read; not re-sealing it`);
  }
  const grouped = regrouped(raw, read);
  const report = ReportSchema.parse(grouped);
  const sealed = { ...report, contentSha256: contentSha256(report) };
  grouped.contentSha256 = sealed.contentSha256;
  return { text: `${JSON.stringify(grouped, null, 2)}\n`, report: sealed };
}

function main(): void {
  for (const file of committedReports()) {
    const before = readFileSync(file, "utf8");
    const { text, report } = resealed(before, file);
    if (text !== before) writeFileSync(file, text);
    const where = file.slice(root.length + 1);
    if (where.startsWith("reports/examples/")) {
      const directory = dirname(file);
      const markdown = renderMarkdown(report, { clauseDocs: clauseDocsFor(directory) });
      writeFileSync(join(directory, "report.md"), markdown);
      writeFileSync(join(directory, "report.html"), renderHtml(report, { clauseDocs: clauseDocsFor(directory) }));
      writeFileSync(join(directory, "junit.xml"), renderJunit(report));
      // As a run from the package root writes it: its locations are report.md's path from there.
      writeFileSync(join(directory, "report.sarif"), renderSarif(report, { clauseDocs: clauseDocsFor(directory), markdown, markdownUri: `${where.slice(0, -"report.json".length)}report.md` }));
    }
    process.stdout.write(`${text === before ? "unchanged" : "re-sealed"}  ${where}  ${report.contentSha256}\n`);
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
