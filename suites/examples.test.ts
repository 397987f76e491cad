/**
 * The committed examples under reports/examples/ are what today's harness writes: the README links them as
 * what a run produces, so a clause, host or renderer added without regenerating them makes this fail. They
 * run at the controls' seed and run count, so each host is held to the answer key as the controls through
 * HAP/1 hold it. Regenerate with `npx tsx harness/cli/write-examples.ts` (`--no-matrix`: last-wins alone).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  catalogueVersion, clauseDocsFor, ClauseStatusSchema, contentSha256, packageRoot, readReport, renderHtml, renderJunit, renderMarkdown, renderSarif,
  type ClauseStatus, type Report,
} from "../harness/index.ts";
import { oneBugHosts } from "../reference/index.ts";
import { controlRun, departuresFromKey, expectedConfounded, expectedExitCode, failedIds, isFailure } from "./expected-failures.ts";
import { clauses } from "./index.ts";

const examples = join(packageRoot, "reports", "examples");
const regenerate = "stale: regenerate with `npx tsx harness/cli/write-examples.ts` (the matrix alone, in-process and faster: `npx tsx suites/write-matrix.ts`)";
const clauseIds = clauses.map((clause) => clause.id);

/** A matrix read back: host columns, and for each clause row the status in each column. */
interface Matrix {
  columns: string[];
  rows: Map<string, ClauseStatus[]>;
}

const cellsOf = (line: string) => line.slice(1, -1).split("|").map((cell) => cell.trim());
const wordStatus: Record<string, ClauseStatus> = Object.fromEntries(
  ClauseStatusSchema.options.map((status) => [status === "not-applicable" ? "N/A" : status.toUpperCase(), status]),
);

/** matrix.md's table: a status word ends each cell (`✅ PASS`); the last two rows are exit codes and seed · runs. */
function readMarkdownMatrix(markdown: string): Matrix & { exitCodes: number[]; seedRuns: string[] } {
  const lines = markdown.split("\n").filter((line) => line.startsWith("|"));
  const rows = new Map<string, ClauseStatus[]>();
  for (const [id, , ...cells] of lines.slice(2).map(cellsOf)) {
    const clause = /^`(.+)`$/.exec(id!)?.[1];
    if (clause) rows.set(clause, cells.map((cell) => wordStatus[cell.split(" ").at(-1)!]!));
  }
  const row = (start: string) => cellsOf(lines.find((line) => line.startsWith(start))!).slice(2);
  return {
    columns: cellsOf(lines[0]!).slice(2), rows,
    exitCodes: row("| **exit code**").map((cell) => Number(/^\*\*(\d+)\*\*/.exec(cell)?.[1])), seedRuns: row("| seed · runs"),
  };
}

/** matrix.html's table: host labels in the header cells, each verdict a `badge s-<status>`. */
function readHtmlMatrix(html: string): Matrix {
  const header = /<tr><th>Clause<\/th><th>Level<\/th>(.*?)<\/tr>/.exec(html)?.[1] ?? "";
  const columns = [...header.matchAll(/<th[^>]*>(.*?)<\/th>/g)].map((match) => match[1]!);
  const rows = new Map<string, ClauseStatus[]>();
  for (const [, id, cells] of html.matchAll(/<tr><td><code>(.*?)<\/code><\/td>(.*?)<\/tr>/g)) {
    rows.set(id!, [...cells!.matchAll(/class="badge s-([a-z-]+)"/g)].map((match) => match[1] as ClauseStatus));
  }
  return { columns, rows };
}

describe("the committed examples", () => {
  let lastWins: Report;
  beforeAll(async () => {
    lastWins = await readReport(join(examples, "last-wins", "report.json"));
  });

  it("last-wins: a sealed report of every clause at the controls' run, failing exactly its answer key", () => {
    expect([lastWins.catalogueVersion, lastWins.seed, lastWins.runs], regenerate).toEqual([catalogueVersion, controlRun.seed, controlRun.runs]);
    expect(lastWins.contentSha256, "report.json edited by hand").toBe(contentSha256(lastWins));
    expect(lastWins.clauses.map((clause) => clause.id), regenerate).toEqual(clauseIds);
    expect(lastWins.clauses.filter((clause) => clause.status === "error" || clause.status === "inconclusive")).toEqual([]);
    expect(departuresFromKey("last-wins", failedIds(lastWins), true)).toEqual({ missing: [], unexpected: [] });
    expect(lastWins.exitCode).toBe(expectedExitCode("last-wins"));
  });

  it("last-wins: report.md, report.html, junit.xml and report.sarif are today's renderings of its report.json", async () => {
    const committed = (name: string) => readFile(join(examples, "last-wins", name), "utf8");
    // Written inside the repository, so each clause links to docs/clauses.md relatively.
    const options = { clauseDocs: clauseDocsFor(join(examples, "last-wins")) };
    expect(options.clauseDocs).toBe("../../../docs/clauses.md");
    expect(await committed("report.md"), regenerate).toBe(renderMarkdown(lastWins, options));
    expect(await committed("report.html"), regenerate).toBe(renderHtml(lastWins, options));
    expect(await committed("junit.xml"), regenerate).toBe(renderJunit(lastWins));
    // Written by a run from the package root: its locations are report.md's path from there.
    const sarif = renderSarif(lastWins, { ...options, markdown: renderMarkdown(lastWins, options), markdownUri: "reports/examples/last-wins/report.md" });
    expect(await committed("report.sarif"), regenerate).toBe(sarif);
    // It opens with the host's defects, as every format does.
    expect(await committed("report.md")).toMatch(/\n## Defects\n[\s\S]*\n## Verdicts\n/);
  });

  it("matrix: the reference passes everything; each one-bug host fails exactly its answer key; md and html agree", async () => {
    const markdown = readMarkdownMatrix(await readFile(join(examples, "matrix.md"), "utf8"));
    const { columns, rows } = markdown;
    expect(columns, regenerate).toEqual(["reference", ...Object.keys(oneBugHosts)]);
    expect([...rows.keys()], regenerate).toEqual(clauseIds);
    expect(markdown.seedRuns, regenerate).toEqual(columns.map(() => `${controlRun.seed} · ${controlRun.runs}`));
    columns.forEach((host, column) => {
      const statuses = [...rows].map(([id, cells]) => [id, cells[column]] as const);
      // INCONCLUSIVE only where the key says a host-wide cause confounds the clause (random-label, every-open-throws).
      const confounded = Object.keys(expectedConfounded[host] ?? {});
      expect(statuses.filter(([id, status]) => !["pass", "fail", "warn", "not-applicable"].includes(status!) && !(status === "inconclusive" && confounded.includes(id))), host).toEqual([]);
      const failed = statuses.filter(([, status]) => isFailure(status!)).map(([id]) => id);
      expect(departuresFromKey(host, failed, true), host).toEqual({ missing: [], unexpected: [] });
      expect(markdown.exitCodes[column], host).toBe(expectedExitCode(host));
    });
    expect(readHtmlMatrix(await readFile(join(examples, "matrix.html"), "utf8")), "matrix.html").toEqual({ columns, rows });
  });
});
