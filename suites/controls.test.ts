/**
 * The controls, in-process: every clause runs against the reference (all pass, with evidence) and against
 * each one-bug host (each fails exactly the clauses in the answer key). A clause no host can fail, or a
 * host that fails a clause it was not built to fail, shows up here.
 */
import { describe, expect, it } from "vitest";
import { catalogueIds, inProcessLauncher, runClauses } from "../harness/index.ts";
import { createHost, oneBugHosts } from "../reference/index.ts";
import { controlRun, departuresFromKey, expectedExitCode, expectedFailures, failedIds } from "./expected-failures.ts";
import { clauses } from "./index.ts";

const run = (bug?: string) =>
  runClauses({ clauses, launcher: inProcessLauncher(() => createHost(bug)), transport: "memory", ...controlRun });

describe("controls (in-process)", () => {
  it("the answer key covers every built-in host, and every implemented clause is failed by some host", () => {
    expect(Object.keys(expectedFailures).sort()).toEqual(["reference", ...Object.keys(oneBugHosts)].sort());
    const failedBySome = new Set(Object.values(expectedFailures).flat());
    expect(clauses.map((clause) => clause.id).filter((id) => !failedBySome.has(id))).toEqual([]);
    for (const clause of clauses) expect(catalogueIds as readonly string[]).toContain(clause.id);
  });

  it("the reference passes every clause, each with evidence", async () => {
    const report = await run();
    expect(report.clauses.map((clause) => [clause.id, clause.status, clause.reason])).toEqual(
      clauses.map((clause) => [clause.id, "pass", expect.stringMatching(/^held in 20 case/)]),
    );
    expect(report.exitCode).toBe(0);
    for (const clause of report.clauses) for (const situation of clauses.find((c) => c.id === clause.id)!.requires) {
      expect(clause.situations[situation], `${clause.id} ${situation}`).toBeGreaterThan(0);
    }
  }, 120_000);

  for (const bug of Object.keys(oneBugHosts)) {
    it(`${bug} fails exactly ${expectedFailures[bug]!.join(", ")}`, async () => {
      const report = await run(bug);
      expect(departuresFromKey(bug, failedIds(report), false)).toEqual({ missing: [], unexpected: [] });
      expect(report.clauses.filter((clause) => !["pass", "fail", "warn"].includes(clause.status))).toEqual([]);
      for (const clause of report.clauses.filter((c) => c.status === "fail" || c.status === "warn")) {
        expect(clause.counterexample?.servers.length, clause.id).toBeGreaterThan(0);
        expect(clause.expected && clause.observed && clause.path, clause.id).toBeTruthy();
      }
      expect(report.exitCode).toBe(expectedExitCode(bug));
    }, 120_000);
  }
});
