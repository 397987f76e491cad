/**
 * The controls' per-host checks, shared by the control files so the self-test's workers share them:
 * each one-bug host fails exactly its answer key, with believable evidence, its exit code and its defect key.
 */
import { expect, it } from "vitest";
import { type ClauseReport, paced } from "../harness/index.ts";
import { oneBugHosts } from "../reference/index.ts";
import { confoundDepartures, departuresFromKey, expectedConfounded, expectedExitCode, expectedFailures, failedIds } from "./expected-failures.ts";
import { controlReport } from "./control-report.ts";
import { expectedDefects } from "./expected-defects.ts";

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

/**
 * Hosts whose control run costs several times another's: each waits out a bound many times while its failure
 * shrinks (list_changed notifications nobody answers; a pattern that backtracks). At the controls' seed and
 * runs, under load: backtracking-validator 25 s, list-changed-ignored 29 s, refresh-adds-only 26 s, where most
 * hosts take 3 to 8 s. Dealt first, so they are not left to one part by the answer key's order (they were all
 * at even places: one half took 257 s, the other 131 s). Each must be a one-bug host (controls.test.ts checks).
 */
export const SLOW_CONTROLS = ["backtracking-validator", "list-changed-ignored", "refresh-adds-only"];

/** How many files the in-process controls are dealt into: controls.test.ts and controls-part-2..4.test.ts. */
export const CONTROL_PARTS = 4;

/**
 * The one-bug hosts of one part of the controls (1 to CONTROL_PARTS): the slow ones dealt first, to parts 2, 3,
 * 4 (part 1 also runs the reference and the key's coverage), then the rest in the answer key's order, in turn,
 * so each part holds old and new hosts alike and the parts cost about the same. Four parts, not two: the
 * self-test's three workers each take one, and the longest file (a half: 246 s beside the other workers) no
 * longer sets the self-test's end.
 */
export function controlPart(part: number): string[] {
  const slow = SLOW_CONTROLS.filter((host) => host in oneBugHosts);
  const order = [...slow, ...Object.keys(oneBugHosts).filter((host) => !slow.includes(host))];
  return order.filter((_, at) => ((at + 1) % CONTROL_PARTS) + 1 === part);
}

/** Registers, in the calling describe block, one test per one-bug host of `hosts`: it fails exactly its key. */
export function controlTests(hosts: readonly string[]): void {
  for (const bug of hosts) {
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
}
