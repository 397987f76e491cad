/**
 * The controls, in-process: every clause runs against the reference (all pass, with evidence) and against
 * each one-bug host (each fails exactly the clauses in the answer key). A clause no host can fail, or a
 * host that fails a clause it was not built to fail, shows up here.
 */
import { describe, expect, it } from "vitest";
import { catalogueIds, type ClauseReport, paced } from "../harness/index.ts";
import { oneBugHosts } from "../reference/index.ts";
import { confoundDepartures, controlRun, departuresFromKey, expectedConfounded, expectedExitCode, expectedFailures, failedIds } from "./expected-failures.ts";
import { controlReport } from "./control-report.ts";
import { expectedDefects } from "./expected-defects.ts";
import { clauses } from "./index.ts";

/**
 * Issue 15: a failure a maintainer believes at a glance. Its evidence holds each world started, every
 * request made to the host with the host's answer (a call with its arguments), and what each server of
 * each world received; a failure found by comparing two sessions (the order clauses, a spoofed serverInfo,
 * a second open) lays both side by side under titles that say what differed between them.
 */
function expectBelievableEvidence(clause: ClauseReport): void {
  const steps = clause.evidence?.steps ?? [];
  const worlds = steps.filter((step) => step.kind === "world");
  expect(worlds.length, clause.id).toBeGreaterThan(0);
  const opens = steps.filter((step) => step.kind === "host" && step.method === "open");
  expect(opens.length, clause.id).toBeGreaterThan(0);
  for (const step of steps) if (step.kind === "host") expect(step.answer !== undefined || step.error !== undefined || step.method === "close", `${clause.id} ${step.method}`).toBe(true);
  for (const step of steps) if (step.kind === "host" && step.method === "call") expect(step.request, clause.id).toHaveProperty("arguments");
  for (const world of worlds) {
    if (world.kind !== "world") continue;
    const received = steps.filter((step) => step.kind === "received" && step.world === world.world).map((step) => step.kind === "received" && step.server);
    expect(received, `${clause.id} world ${world.world}`).toEqual(world.servers.map((server) => server.key));
  }
  if (clause.id.startsWith("order/") || ["names/label-from-config", "names/deterministic"].includes(clause.id)) {
    const comparison = clause.comparison;
    expect(comparison?.titles.length, clause.id).toBe(2);
    expect(new Set(comparison!.titles).size, clause.id).toBe(2);
    const differs = comparison!.rows.some((row) => row.routes[0] !== row.routes[1]) || comparison!.errors[0] !== comparison!.errors[1] ||
      (comparison!.order !== undefined && comparison!.order[0] !== comparison!.order[1]);
    expect(differs, clause.id).toBe(true);
  }
}

const run = controlReport;

describe("controls (in-process)", () => {
  it("the answer key covers every built-in host, and every implemented clause is failed by some host", () => {
    expect(Object.keys(expectedFailures).sort()).toEqual(["reference", ...Object.keys(oneBugHosts)].sort());
    expect(Object.keys(expectedDefects).sort()).toEqual(["reference", ...Object.keys(oneBugHosts)].sort());
    const failedBySome = new Set(Object.values(expectedFailures).flat());
    expect(clauses.map((clause) => clause.id).filter((id) => !failedBySome.has(id))).toEqual([]);
    for (const clause of clauses) expect(catalogueIds as readonly string[]).toContain(clause.id);
  });

  it("the reference passes every clause, each with evidence", async () => {
    const report = await run();
    expect(report.clauses.map((clause) => [clause.id, clause.status, clause.reason])).toEqual(
      clauses.map((clause) => [clause.id, "pass", expect.stringMatching(/^held in \d+ constructed and 20 random case/)]),
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

  for (const bug of Object.keys(oneBugHosts)) {
    const confounded = Object.keys(expectedConfounded[bug] ?? {});
    it(`${bug} fails exactly ${expectedFailures[bug]!.join(", ") || "nothing"}${confounded.length > 0 ? `, and is confounded on ${confounded.length} clause(s)` : ""}`, async () => {
      const report = await run(bug);
      expect(departuresFromKey(bug, failedIds(report), false)).toEqual({ missing: [], unexpected: [] });
      // INCONCLUSIVE only where a host-wide cause the key names confounded the clause, and then with a reason naming it.
      expect(confoundDepartures(bug, report)).toEqual([]);
      for (const clause of report.clauses.filter((c) => c.status === "inconclusive")) expect(clause.reason, clause.id).toMatch(/confounded in all \d+ case\(s\) by|case\(s\) confounded by/);
      expect(report.clauses.filter((clause) => !["pass", "fail", "warn"].includes(clause.status) && !confounded.includes(clause.id))).toEqual([]);
      for (const clause of report.clauses.filter((c) => c.status === "fail" || c.status === "warn")) {
        expect(clause.counterexample?.servers.length, clause.id).toBeGreaterThan(0);
        expect(clause.expected && clause.observed && clause.path, clause.id).toBeTruthy();
        expectBelievableEvidence(clause);
      }
      expect(report.exitCode).toBe(expectedExitCode(bug));
      // The defect key: its findings grouped by cause come to the count the key says, the first titled so.
      const key = expectedDefects[bug]!;
      expect(report.defects?.map((defect) => defect.title).length, (report.defects ?? []).map((defect) => defect.title).join("\n")).toBe(key.count);
      expect(report.defects?.[0]?.title).toMatch(key.title);
    }, paced(120_000));
  }
});
