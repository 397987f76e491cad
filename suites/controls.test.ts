/**
 * The controls, in-process: every clause runs against the reference (all pass, with evidence) and against
 * each one-bug host (each fails exactly the clauses in the answer key). A clause no host can fail, or a
 * host that fails a clause it was not built to fail, shows up here. This file holds the key's coverage, the
 * reference and part 1 of the one-bug hosts; controls-part-2..4.test.ts the other parts (the self-test's
 * workers share them).
 */
import { describe, expect, it } from "vitest";
import { catalogueIds, paced } from "../harness/index.ts";
import { oneBugHosts } from "../reference/index.ts";
import { controlRun, expectedFailures } from "./expected-failures.ts";
import { controlReport } from "./control-report.ts";
import { CONTROL_PARTS, controlPart, controlTests, SLOW_CONTROLS } from "./control-checks.ts";
import { expectedDefects } from "./expected-defects.ts";
import { clauses } from "./index.ts";

describe("controls (in-process)", () => {
  it("the answer key covers every built-in host, every implemented clause is failed by some host, and the parts hold every one-bug host once", () => {
    expect(Array.from({ length: CONTROL_PARTS }, (_, at) => controlPart(at + 1)).flat().sort()).toEqual(Object.keys(oneBugHosts).sort());
    expect(SLOW_CONTROLS.filter((host) => !(host in oneBugHosts))).toEqual([]);
    expect(Object.keys(expectedFailures).sort()).toEqual(["reference", ...Object.keys(oneBugHosts)].sort());
    expect(Object.keys(expectedDefects).sort()).toEqual(["reference", ...Object.keys(oneBugHosts)].sort());
    const failedBySome = new Set(Object.values(expectedFailures).flat());
    expect(clauses.map((clause) => clause.id).filter((id) => !failedBySome.has(id))).toEqual([]);
    for (const clause of clauses) expect(catalogueIds as readonly string[]).toContain(clause.id);
  });

  it("the reference passes every clause, each with evidence", async () => {
    const report = await controlReport();
    expect(report.clauses.map((clause) => [clause.id, clause.status, clause.reason])).toEqual(
      clauses.map((clause) => [clause.id, "pass", expect.stringMatching(new RegExp(`^held in \\d+ constructed and ${controlRun.runs} random case`))]),
    );
    expect(report.exitCode).toBe(0);
    for (const clause of report.clauses) for (const situation of clauses.find((c) => c.id === clause.id)!.requires) {
      expect(clause.situations[situation], `${clause.id} ${situation}`).toBeGreaterThan(0);
    }
    // Its identical opens agree, so nothing is ever confounded, and no host-wide cause is found.
    expect(report.clauses.filter((clause) => clause.confounds !== undefined).map((clause) => clause.id)).toEqual([]);
    expect(report.hostWide).toBeUndefined();
    expect(report.defects).toEqual([]);
  }, paced(120_000));

  controlTests(controlPart(1));
});
