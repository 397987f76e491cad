import { describe, expect, it } from "vitest";
import { duplicate, failing, finding, reportOf, server, twiceToAlpha } from "./test-support/defect-fixtures.ts";
import { groupDefects } from "./group-defects.ts";
import { renderMarkdown } from "./render-markdown.ts";
import { defectFingerprint, renderSarif } from "./render-sarif.ts";
import { HOSTILE, sampleReport } from "./sample-report.ts";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The properties SARIF 2.1.0 requires of what report.sarif holds (the OASIS standard's sarif-schema-2.1.0.json,
 * `required` of each object used), plus what GitHub code scanning needs to show a result (a location with a
 * file and a line, a rule per ruleId). Written from the standard, apart from sarif-model.ts, which is the
 * renderer's own view.
 */
function sarifProblems(log: Json): string[] {
  const problems: string[] = [];
  const need = (ok: unknown, what: string) => { if (!ok) problems.push(what); };
  need(log.version === "2.1.0", "sarifLog.version is 2.1.0");
  need(Array.isArray(log.runs), "sarifLog.runs is an array");
  for (const run of log.runs ?? []) {
    need(typeof run.tool?.driver?.name === "string" && run.tool.driver.name.length > 0, "run.tool.driver.name (toolComponent.name)");
    const rules: Json[] = run.tool?.driver?.rules ?? [];
    for (const rule of rules) {
      need(typeof rule.id === "string" && rule.id.length > 0, "reportingDescriptor.id");
      for (const field of ["shortDescription", "fullDescription", "help"]) if (rule[field]) need(typeof rule[field].text === "string", `${rule.id}.${field}.text (multiformatMessageString.text)`);
      if (rule.defaultConfiguration) need(["none", "note", "warning", "error"].includes(rule.defaultConfiguration.level), `${rule.id}: reportingConfiguration.level`);
    }
    need(new Set(rules.map((rule) => rule.id)).size === rules.length, "rule ids are unique");
    for (const result of run.results ?? []) {
      need(typeof result.message?.text === "string" || typeof result.message?.id === "string", "result.message has text or id");
      need(["none", "note", "warning", "error"].includes(result.level), "result.level");
      need(rules[result.ruleIndex]?.id === result.ruleId, "result.ruleIndex points at the rule of result.ruleId");
      need(result.locations?.length >= 1, "a result has a location (GitHub shows none without)");
      const locations: Json[] = [...(result.locations ?? []), ...(result.relatedLocations ?? [])];
      for (const location of locations) {
        need(typeof location.physicalLocation?.artifactLocation?.uri === "string", "physicalLocation.artifactLocation.uri");
        need(Number.isInteger(location.physicalLocation?.region?.startLine) && location.physicalLocation.region.startLine >= 1, "region.startLine >= 1");
        if (location.id !== undefined) need(Number.isInteger(location.id) && location.id >= -1, "location.id is an integer >= -1");
        if (location.message) need(typeof location.message.text === "string", "location.message.text");
      }
      // An embedded link [text](n) must name a related location's id (SARIF 3.11.6).
      for (const [, id] of String(result.message?.text ?? "").matchAll(/(?<!\\)\[[^\]]*\]\((\d+)\)/g)) {
        need((result.relatedLocations ?? []).some((location: Json) => location.id === Number(id)), `link (${id}) names a related location`);
      }
      for (const value of Object.values(result.partialFingerprints ?? {})) need(typeof value === "string", "partialFingerprints values are strings");
    }
  }
  return problems;
}

describe("renderSarif", () => {
  const report = sampleReport({ contentSha256: "a".repeat(64) });
  const markdown = renderMarkdown(report);
  const log = JSON.parse(renderSarif(report, { markdown, markdownUri: "out/report.md", clauseDocs: "https://example.test/docs/clauses.md" }));
  const [run] = log.runs;

  it("holds every property SARIF 2.1.0 requires, and what GitHub code scanning needs", () => {
    expect(sarifProblems(log)).toEqual([]);
    expect(log.$schema).toBe("https://json.schemastore.org/sarif-2.1.0.json");
    // The check itself catches a broken log.
    const broken = structuredClone(log);
    broken.runs[0].results[0].locations = [];
    broken.runs[0].results[1].ruleIndex = 0;
    broken.runs[0].tool.driver.rules[0].id = "";
    expect(sarifProblems(broken)).toEqual(expect.arrayContaining([
      "a result has a location (GitHub shows none without)", "result.ruleIndex points at the rule of result.ruleId", "reportingDescriptor.id",
    ]));
  });

  it("has a rule per clause, with its summary, level and help, and a result per defect at its line of report.md", () => {
    expect(run.tool.driver.rules.map((rule: Json) => rule.id)).toEqual([...report.clauses.map((clause) => clause.id), "host/non-deterministic"]);
    const rule = run.tool.driver.rules.find((entry: Json) => entry.id === "surface/all-or-nothing");
    expect(rule.shortDescription.text).toBe("the summary of surface/all-or-nothing");
    expect(rule.defaultConfiguration.level).toBe("warning");
    expect(rule.helpUri).toBe("https://example.test/docs/clauses.md#clause-surface-all-or-nothing");
    const defects = groupDefects(report).defects;
    expect(run.results.map((result: Json) => [result.properties.defect, result.ruleId, result.level])).toEqual([
      ["D1", "wire/passthrough", "error"], ["D2", "surface/no-silent-loss", "error"], ["D3", "surface/no-silent-loss", "error"],
      ["D4", "host/non-deterministic", "error"], ["D5", "surface/all-or-nothing", "warning"],
    ]);
    expect(run.tool.driver.rules.at(-1).id).toBe("host/non-deterministic");
    const lines = markdown.split("\n");
    run.results.forEach((result: Json, index: number) => {
      const { uri } = result.locations[0].physicalLocation.artifactLocation;
      expect(uri).toBe("out/report.md");
      expect(lines[result.locations[0].physicalLocation.region.startLine - 1]).toMatch(new RegExp(`^### \\S+ ${defects[index]!.id} — `));
    });
    const related = run.results[1].relatedLocations[0];
    expect(lines[related.physicalLocation.region.startLine - 1]).toMatch(/^### ❌ `surface\/no-silent-loss` — FAIL \(MUST\)$/);
    expect(related.message.text).toMatch(/^surface\/no-silent-loss case 2 \(FAIL\): expected every advertised tool shown/);
    expect(run.results[1].message.text).toContain("Violates [surface/no-silent-loss](1).");
  });

  it("keeps host strings inert: hidden characters shown, brackets escaped", () => {
    const texts = run.results.flatMap((result: Json) => [result.message.text, ...result.relatedLocations.map((location: Json) => location.message.text)]);
    for (const text of texts) expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u202E]/);
    expect(run.results[0].message.text).toContain("\\u0007 \\u202Eevil \\]\\]> &amp;");
    expect(JSON.stringify(log)).not.toContain(HOSTILE);
  });

  it("fingerprints a defect by its world and behaviour: stable when other defects come and go, new for another behaviour", () => {
    const one = reportOf([failing("wire/passthrough", [finding(1, duplicate, [twiceToAlpha])])]);
    const more = reportOf([
      failing("surface/no-silent-loss", [finding(1, [server("a", ["x"])], [{ shown: [] }])]),
      failing("wire/passthrough", [finding(1, duplicate, [twiceToAlpha])]),
    ]);
    const print = (given: typeof one, id: string) => {
      const result = JSON.parse(renderSarif(given)).runs[0].results.find((entry: Json) => entry.ruleId === id);
      return result.partialFingerprints;
    };
    expect(print(more, "wire/passthrough")).toEqual(print(one, "wire/passthrough"));
    expect(groupDefects(more).defects.find((d) => d.violations[0]!.clause === "wire/passthrough")!.id).toBe("D2");
    const elsewhere = reportOf([failing("wire/passthrough", [finding(1, duplicate, [{ ...twiceToAlpha, calls: [["request", ["beta", "request"]]] }])])]);
    expect(print(elsewhere, "wire/passthrough")).not.toEqual(print(one, "wire/passthrough"));
    expect(print(one, "wire/passthrough").primaryLocationLineHash).toBe(`${defectFingerprint(groupDefects(one).defects[0]!).slice(0, 16)}:1`);
  });

  it("points every result at line 1 of report.md when it is not given, and has no results for a clean run", () => {
    const plain = JSON.parse(renderSarif(report)).runs[0];
    expect(plain.results.every((result: Json) => result.locations[0].physicalLocation.region.startLine === 1)).toBe(true);
    expect(plain.results[0].locations[0].physicalLocation.artifactLocation.uri).toBe("report.md");
    expect(JSON.parse(renderSarif({ ...report, defects: [] })).runs[0].results).toEqual([]);
  });
});
