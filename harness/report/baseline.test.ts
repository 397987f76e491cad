import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { applyBaseline, baselineOf, parseBaseline, readBaseline, writeBaseline } from "./baseline.ts";
import { sampleReport } from "./sample-report.ts";
import { ownedTempDir } from "../../fake-servers/index.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-baseline-").path;
afterAll(() => rm(dir, { recursive: true, force: true }));

/** The sample without its ERROR clause, so exit codes 0 and 1 are reachable. */
const healthy = () => {
  const report = sampleReport();
  return { ...report, clauses: report.clauses.filter((clause) => clause.status !== "error") };
};

describe("baselines", () => {
  it("rejects malformed files with a message that says what is wrong", () => {
    expect(() => parseBaseline("{", "b.json")).toThrow(/b\.json is not JSON/);
    expect(() => parseBaseline('{"expectedFailure": []}', "b.json")).toThrow(/expectedFailures/);
    expect(() => parseBaseline('{"expectedFailures": [1]}', "b.json")).toThrow(/b\.json/);
    expect(() => parseBaseline('{"expectedFailures": [""]}', "b.json")).toThrow(/empty/);
    expect(parseBaseline('{"expectedFailures": ["a/b"]}', "b.json")).toEqual({ expectedFailures: ["a/b"] });
  });

  it("says which file it could not read", async () => {
    await expect(readBaseline(join(dir, "missing.json"))).rejects.toThrow(/cannot read baseline .*missing\.json/);
  });

  it("lists exactly the failures, and a baseline of exactly them gives exit 0", () => {
    const report = healthy();
    const baseline = baselineOf(report);
    expect(baseline.expectedFailures).toEqual(["surface/no-silent-loss", "surface/all-or-nothing", "names/injective"]);
    const judged = applyBaseline(report, baseline, false, "b.json");
    expect(judged.exitCode).toBe(0);
    expect(judged.baseline).toEqual({
      file: "b.json", expectedFailures: baseline.expectedFailures, baselined: baseline.expectedFailures, stale: [], unmatched: [],
    });
    expect(judged.clauses.find((clause) => clause.id === "surface/no-silent-loss")?.baseline).toBe("expected-failure");
  });

  it("fails the run on a stale entry (a listed clause that now passes) and reports unmatched ids", () => {
    const report = healthy();
    const listed = [...baselineOf(report).expectedFailures, "order/config-permutation", "guard/every-shape", "no/such-clause"];
    const judged = applyBaseline(report, { expectedFailures: listed }, false);
    expect(judged.exitCode).toBe(1);
    expect(judged.baseline?.stale).toEqual(["order/config-permutation"]);
    expect(judged.baseline?.unmatched).toEqual(["guard/every-shape", "no/such-clause"]);
    expect(judged.clauses[0]?.baseline).toBe("stale");
  });

  it("never excuses a broken host, and without a baseline keeps the plain contract", () => {
    const withError = sampleReport();
    expect(applyBaseline(withError, { expectedFailures: withError.clauses.map((clause) => clause.id) }, false).exitCode).toBe(2);
    const plain = applyBaseline(healthy(), undefined, true);
    expect(plain.exitCode).toBe(1);
    expect(plain.strict).toBe(true);
    expect(plain.baseline).toBeUndefined();
  });

  it("writes a baseline that reads back", async () => {
    const file = join(dir, "written.json");
    await writeBaseline(healthy(), file);
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual(baselineOf(healthy()));
    await writeFile(join(dir, "ok.json"), await readFile(file, "utf8"));
    expect(await readBaseline(join(dir, "ok.json"))).toEqual(baselineOf(healthy()));
  });
});
