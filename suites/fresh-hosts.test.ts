/**
 * Fresh-process confirmation, end to end (harness/runner/fresh-hosts.ts): a host that poisons its own process
 * in one clause's case (lost-call-sticks: a lost answer kills alpha for the rest of the process) must not be
 * charged with the violations a later, unrelated clause then sees; those are confirmed on a fresh process,
 * held there, and charged to lifecycle/sessions-independent with the case that poisoned the process. Once a
 * poisoning is reproduced, every later case runs on a fresh process: a host that poisons its process
 * (proto-call-poisons: one call of __proto__ and every later open is refused) costs no other clause its verdict.
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, runClauses, singleCase, worldOf, type Clause } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { atMostOnce } from "./at-most-once.suite.ts";
import { sessionsIndependent } from "./sessions.suite.ts";
import { emptyServerOk, noSilentLoss } from "./surface.suite.ts";
import { toolErrorReachesModel } from "./tool-error.suite.ts";
import { noCrossRouting, unknownName } from "./wire.suite.ts";

/** sessions-independent on one case that opens nothing in between: it passes on its own, whatever the host. */
const quiet: Clause = singleCase(sessionsIndependent, { world: worldOf(["alpha", ["request"]]), between: [] });

const run = (bug: string | undefined, clauses: Clause[]) =>
  runClauses({ clauses, launcher: inProcessLauncher(() => createHost(bug)), transport: "memory", seed: 1, runs: 1, workers: 1 });

describe("fresh-process confirmation", () => {
  it("charges a violation seen only after another clause's case to lifecycle/sessions-independent, never to the clause that ran next", async () => {
    // One case of at-most-once: a lost answer, after which this host leaves alpha out of every later open.
    const lost = singleCase(atMostOnce, atMostOnce.coverage!({} as never)[0]!.value);
    const report = await run("lost-call-sticks", [lost, noSilentLoss, quiet]);
    const [once, loss, sessions] = report.clauses;
    expect(once!.status).toBe("pass");
    // On the poisoned process alpha was gone from the first case on; on a fresh one every case holds.
    expect(loss!.status).toBe("pass");
    expect(loss!.reason).toMatch(/case 1 failed only on a host process that had served earlier cases and held on a fresh one: not charged here/);
    expect(report.sessionPoisoning?.[0]).toMatchObject({ victim: { clause: "surface/no-silent-loss", case: 1 }, poisoner: { clause: "wire/at-most-once" } });
    expect(report.sessionPoisoning![0]!.evidence!.steps.some((step) => step.kind === "received" && step.server === "alpha")).toBe(true);
    expect(sessions!.status).toBe("fail");
    expect(sessions!.observed).toMatch(/^case 1 of surface\/no-silent-loss failed on a host process that had served case 1 of wire\/at-most-once before it, and held on a fresh process/);
    expect(report.exitCode).toBe(1);
    // Reproduced: every later case ran on a fresh process, and the report says so.
    expect(report.sessionPoisoning).toHaveLength(1);
    expect(report.diagnostics).toEqual([{ level: "info", message: expect.stringMatching(/^mcp-collide: case 1 of surface\/no-silent-loss failed only after case 1 of wire\/at-most-once on the same host process \(reproduced on fresh processes\); from then on every case ran on a fresh host process/) }]);
  });

  it("runs a case that could not judge its hazard on a poisoned process again on a fresh one, and counts that run", async () => {
    // at-most-once's second case meets a process on which the first case's lost answer killed alpha.
    const report = await run("lost-call-sticks", [atMostOnce, quiet]);
    const [once, sessions] = report.clauses;
    expect(once!.status).toBe("pass");
    expect(once!.reason).toMatch(/; case 2 could not judge its hazard only on a host process that had served earlier cases and held on a fresh one/);
    expect(once!.coverage![0]!.constructed.map((entry) => entry.outcome)).toEqual(["judged", "judged"]);
    expect(report.sessionPoisoning).toEqual([expect.objectContaining({ victim: { clause: "wire/at-most-once", case: 2 }, poisoner: { clause: "wire/at-most-once", case: 1 } })]);
    expect(sessions!.status).toBe("fail");
  });

  it("costs no other clause its verdict: once a poisoning is reproduced, every later case runs on a fresh process", async () => {
    // no-silent-loss calls a tool named __proto__ (its prototype-tools case); on today's harness every clause
    // after it was judged on the poisoned process, each INCONCLUSIVE quoting the refused open.
    const later = [emptyServerOk, noCrossRouting, unknownName, toolErrorReachesModel];
    const report = await run("proto-call-poisons", [noSilentLoss, ...later, sessionsIndependent]);
    expect(report.clauses.map((clause) => [clause.id, clause.status])).toEqual([
      ...[noSilentLoss, ...later].map((clause) => [clause.id, "pass"]),
      ["lifecycle/sessions-independent", "fail"],
    ]);
    for (const clause of report.clauses) expect(clause.reason).not.toMatch(/registry was overwritten/);
    expect(report.sessionPoisoning?.[0]).toMatchObject({ victim: { clause: "surface/no-silent-loss" }, poisoner: { clause: "surface/no-silent-loss" } });
    expect(report.diagnostics?.[0]?.message).toMatch(/from then on every case ran on a fresh host process, so no later clause was judged on a process an earlier case had poisoned$/);
    // sessions-independent fails on its own case that calls __proto__ between two opens.
    expect(report.clauses.at(-1)!.findings!.map((finding) => finding.title)).toContain("alpha: request · beta: search, opened before and after calls of tools named like Object.prototype's members");
  });

  it("changes nothing for a host whose sessions are independent", async () => {
    const report = await run(undefined, [atMostOnce, noSilentLoss, quiet]);
    expect(report.clauses.map((clause) => clause.status)).toEqual(["pass", "pass", "pass"]);
    expect(report.sessionPoisoning).toBeUndefined();
  });

  it("with freshProcessPerCase, runs every case on a process that served no other, so a violation is run once and no poisoning arises", async () => {
    const lost = singleCase(atMostOnce, atMostOnce.coverage!({} as never)[0]!.value);
    const loss = singleCase(noSilentLoss, noSilentLoss.coverage!({ capabilities: {} } as never)[0]!.value);
    let launches = 0;
    const counted = (bug: string) => inProcessLauncher(() => (launches++, createHost(bug)));
    // lost-call-sticks poisons its process in the first case: on fresh processes the second case holds, and nothing is looked for.
    const isolated = await runClauses({ clauses: [lost, loss, quiet], launcher: counted("lost-call-sticks"), transport: "memory", seed: 1, runs: 1, workers: 1, freshProcessPerCase: true });
    expect(isolated.clauses.map((clause) => [clause.status, clause.reason])).toEqual([["pass", expect.any(String)], ["pass", expect.not.stringMatching(/only on a host process that had served earlier cases/)], ["pass", expect.any(String)]]);
    expect(isolated.sessionPoisoning).toBeUndefined();
    expect(launches).toBeGreaterThanOrEqual(3);
    // last-wins violates the loss case: its check runs once, where a run without the option runs it again to confirm it.
    const checks = { count: 0 };
    const countedLoss: Clause = { ...loss, check: (env, value) => (checks.count++, loss.check(env, value)) };
    const lastWins = await runClauses({ clauses: [lost, countedLoss, quiet], launcher: counted("last-wins"), transport: "memory", seed: 1, runs: 1, workers: 1, freshProcessPerCase: true });
    expect(lastWins.clauses.map((clause) => clause.status)).toEqual(["pass", "fail", "pass"]);
    expect(checks.count).toBe(1);
    checks.count = 0;
    await runClauses({ clauses: [lost, countedLoss, quiet], launcher: counted("last-wins"), transport: "memory", seed: 1, runs: 1, workers: 1 });
    expect(checks.count).toBe(2);
  });

  it("still charges a violation that shows on a fresh process to its own clause", async () => {
    const report = await run("last-wins", [atMostOnce, noSilentLoss, quiet]);
    expect(report.clauses.map((clause) => clause.status)).toEqual(["pass", "fail", "pass"]);
    expect(report.sessionPoisoning).toBeUndefined();
  });
});
