/**
 * The committed examples under reports/examples/ are what today's harness writes: the README links them as
 * what a run produces, so a clause, host or renderer added without regenerating them makes this fail.
 * Regenerate with `npx tsx harness/cli/write-examples.ts` (`--no-matrix` for the last-wins report alone).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  catalogueVersion, contentSha256, packageRoot, readReport, renderHtml, renderJunit, renderMarkdown, type Report,
} from "../harness/index.ts";
import { oneBugHosts } from "../reference/index.ts";
import { controlRun, expectedFailures } from "./expected-failures.ts";
import { clauses } from "./index.ts";

const examples = join(packageRoot, "reports", "examples");
const regenerate = "stale: regenerate with `npx tsx harness/cli/write-examples.ts`";
const failed = (status: string) => status === "fail" || status === "warn";

/** A matrix.md as columns and rows of status words (`PASS`, `FAIL`, ...), read back from its table. */
function readMatrix(markdown: string): { columns: string[]; rows: Map<string, string[]>; exitCodes: number[]; seedRuns: string[] } {
  const cells = (line: string) => line.slice(1, -1).split("|").map((cell) => cell.trim());
  const lines = markdown.split("\n").filter((line) => line.startsWith("|"));
  const columns = cells(lines[0]!).slice(2);
  const rows = new Map<string, string[]>();
  for (const line of lines.slice(2)) {
    const [first, , ...rest] = cells(line);
    const id = /^`(.+)`$/.exec(first!)?.[1];
    if (id) rows.set(id, rest.map((cell) => cell.split(" ").at(-1)!));
  }
  const exitLine = lines.find((line) => line.startsWith("| **exit code**"))!;
  const exitCodes = cells(exitLine).slice(2).map((cell) => Number(/^\*\*(\d+)\*\*/.exec(cell)?.[1]));
  const seedRuns = cells(lines.find((line) => line.startsWith("| seed · runs"))!).slice(2);
  return { columns, rows, exitCodes, seedRuns };
}

describe("the committed examples", () => {
  it("last-wins: a sealed report of every clause, failing the ones its bug breaks", async () => {
    const report = await readReport(join(examples, "last-wins", "report.json"));
    expect(report.catalogueVersion, regenerate).toBe(catalogueVersion);
    expect(report.contentSha256, "report.json edited by hand").toBe(contentSha256(report));
    expect(report.clauses.map((clause) => clause.id), regenerate).toEqual(clauses.map((clause) => clause.id));
    expect(report.clauses.filter((clause) => failed(clause.status)).map((clause) => clause.id).sort())
      .toEqual([...expectedFailures["last-wins"]!].sort());
    expect(report.clauses.filter((clause) => clause.status === "error" || clause.status === "inconclusive")).toEqual([]);
  });

  it("last-wins: report.md, report.html and junit.xml are today's renderings of its report.json", async () => {
    const report: Report = await readReport(join(examples, "last-wins", "report.json"));
    const committed = (name: string) => readFile(join(examples, "last-wins", name), "utf8");
    expect(await committed("report.md"), regenerate).toBe(renderMarkdown(report));
    expect(await committed("report.html"), regenerate).toBe(renderHtml(report));
    expect(await committed("junit.xml"), regenerate).toBe(renderJunit(report));
  });

  it("matrix: at the controls' run the reference passes everything and each one-bug host fails exactly its answer key", async () => {
    const { columns, rows, exitCodes, seedRuns } = readMatrix(await readFile(join(examples, "matrix.md"), "utf8"));
    expect(columns, regenerate).toEqual(["reference", ...Object.keys(oneBugHosts)]);
    expect(seedRuns, regenerate).toEqual(columns.map(() => `${controlRun.seed} · ${controlRun.runs}`));
    expect([...rows.keys()], regenerate).toEqual(clauses.map((clause) => clause.id));
    columns.forEach((host, column) => {
      const statuses = [...rows].map(([id, cells]) => [id, cells[column]!] as const);
      expect(statuses.filter(([, status]) => !["PASS", "FAIL", "WARN", "N/A"].includes(status)), host).toEqual([]);
      expect(statuses.filter(([, status]) => failed(status.toLowerCase())).map(([id]) => id).sort(), host)
        .toEqual([...expectedFailures[host]!].sort());
      expect(exitCodes[column], host).toBe(expectedFailures[host]!.some((id) => clauses.find((c) => c.id === id)!.level === "MUST") ? 1 : 0);
    });
    const html = await readFile(join(examples, "matrix.html"), "utf8");
    for (const name of [...columns, ...rows.keys()]) expect(html, name).toContain(name);
  });
});
