/**
 * The CLI end to end against a built-in one-bug host, in-process: one run writes all five files and a
 * baseline; baselines gate as documented; the report's repro line and `repro` reproduce the failure;
 * `matrix` reads the reports. Kept to tiny runs (two clauses, three cases) so it stays a few seconds.
 */
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentSha256 } from "../report/content-hash.ts";
import { readReport } from "../report/read-report.ts";
import { main } from "./main.ts";
import { ownedTempDir } from "../../fake-servers/index.ts";
import { paced } from "../pace.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-cli-").path;
afterAll(() => rm(dir, { recursive: true, force: true }));

const failing = "names/injective";
const passing = "surface/empty-server-ok";
const run = (out: string, ...extra: string[]) =>
  main(["run", "--host", "last-wins", "--runs", "3", "--seed", "1", "--clause", failing, "--clause", passing, "--out", join(dir, out), ...extra]);

describe("mcp-collide (CLI, last-wins host)", () => {
  it("reports, baselines, reproduces and tabulates a failing host", { timeout: paced(180_000) }, async () => {
    const baseline = join(dir, "baseline.json");
    expect(await run("first", "--write-baseline", baseline)).toBe(1);
    const report = await readReport(join(dir, "first", "report.json"));
    expect(report.contentSha256).toBe(contentSha256(report));
    expect(report.clauses.map((clause) => [clause.id, clause.status])).toEqual([[passing, "pass"], [failing, "fail"]]);
    // The report opens with the host's defects, and report.sarif has one result per defect.
    expect(Object.keys(report).indexOf("defects")).toBe(Object.keys(report).indexOf("clauses") - 1);
    expect(report.defects!.length).toBeGreaterThan(0);
    expect(report.defects!.flatMap((defect) => defect.violations.map((violation) => violation.clause))).toSatisfy((ids: string[]) => ids.every((id) => id === failing));
    const sarif = JSON.parse(await readFile(join(dir, "first", "report.sarif"), "utf8"));
    expect(sarif.runs[0].results.map((result: { ruleId: string }) => result.ruleId)).toEqual(report.defects!.map(() => failing));
    const junit = await readFile(join(dir, "first", "junit.xml"), "utf8");
    expect(junit.match(/<testcase /g)).toHaveLength(2);
    expect(junit.match(/<failure /g)).toHaveLength(1);
    expect(await readFile(join(dir, "first", "report.md"), "utf8")).toContain(`### ❌ \`${failing}\``);
    expect(await readFile(join(dir, "first", "report.html"), "utf8")).toContain(`id="clause-names-injective"`);
    expect(JSON.parse(await readFile(baseline, "utf8"))).toEqual({ expectedFailures: [failing] });

    // A baseline of exactly the failures passes; one that also lists a passing clause is stale and fails.
    expect(await run("baselined", "--baseline", baseline)).toBe(0);
    const stale = join(dir, "stale.json");
    await writeFile(stale, JSON.stringify({ expectedFailures: [failing, passing] }));
    expect(await run("stale", "--baseline", stale)).toBe(1);
    expect((await readReport(join(dir, "stale", "report.json"))).baseline?.stale).toEqual([passing]);
    await writeFile(join(dir, "bad.json"), JSON.stringify({ expected: [] }));
    expect(await run("bad", "--baseline", join(dir, "bad.json"))).toBe(2);

    // The repro line reruns exactly the failing case, and `repro` replays it by value.
    const line = report.clauses.find((clause) => clause.id === failing)!.repro!;
    expect(line).toMatch(/^npx mcp-collide run [^'"]+$/);
    expect(await main([...line.split(" ").slice(2), "--out", join(dir, "repro")])).toBe(1);
    expect((await readReport(join(dir, "repro", "report.json"))).clauses[0]?.status).toBe("fail");
    const emitted = join(dir, "regression.test.ts");
    expect(await main(["repro", join(dir, "first", "report.json"), "--emit", emitted, "--expect", "violated"])).toBe(1);
    expect(await readFile(emitted, "utf8")).toContain(`const clauseId = "${failing}";`);

    expect(await main(["matrix", join(dir, "first", "report.json"), join(dir, "baselined", "report.json"), "--out", join(dir, "matrix")])).toBe(0);
    expect(await readFile(join(dir, "matrix", "matrix.md"), "utf8")).toMatch(/`names\/injective` \| MUST \| ❌ FAIL \| ❌ FAIL \(baselined\) \|/);
  });
});
