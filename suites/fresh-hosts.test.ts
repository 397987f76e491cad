/**
 * Fresh-process confirmation, end to end (harness/runner/fresh-hosts.ts): a host that poisons its own process
 * in one clause's case (lost-call-sticks: a lost answer kills alpha for the rest of the process) must not be
 * charged with the violations a later, unrelated clause then sees; those are confirmed on a fresh process,
 * held there, and charged to lifecycle/sessions-independent with the case that poisoned the process.
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, runClauses, singleCase, worldOf, type Clause } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { atMostOnce } from "./at-most-once.suite.ts";
import { sessionsIndependent } from "./sessions.suite.ts";
import { noSilentLoss } from "./surface.suite.ts";

/** sessions-independent on one case that opens nothing in between: it passes on its own, whatever the host. */
const quiet: Clause = singleCase(sessionsIndependent, { world: worldOf(["alpha", ["request"]]), between: [] });

const run = (bug: string | undefined, clauses: Clause[]) =>
  runClauses({ clauses, launcher: inProcessLauncher(() => createHost(bug)), transport: "memory", seed: 1, runs: 1, workers: 1 });

describe("fresh-process confirmation", () => {
  it("charges a violation seen only after another clause's case to lifecycle/sessions-independent, never to the clause that ran next", async () => {
    const report = await run("lost-call-sticks", [atMostOnce, noSilentLoss, quiet]);
    const [once, loss, sessions] = report.clauses;
    expect(once!.status).toBe("pass");
    // On the poisoned process alpha was gone from the first case on; on a fresh one every case holds.
    expect(loss!.status).toBe("pass");
    expect(loss!.reason).toMatch(/case 1 failed only on a host process that had served earlier cases and held on a fresh one: not charged here/);
    expect(report.sessionPoisoning?.[0]).toMatchObject({ victim: { clause: "surface/no-silent-loss", case: 1 }, poisoner: { clause: "wire/at-most-once" } });
    expect(report.sessionPoisoning![0]!.evidence!.steps.some((step) => step.kind === "received" && step.server === "alpha")).toBe(true);
    expect(sessions!.status).toBe("fail");
    expect(sessions!.observed).toMatch(/^case 1 of surface\/no-silent-loss failed on a host process that had served case \d of wire\/at-most-once before it, and held on a fresh process/);
    expect(report.exitCode).toBe(1);
  });

  it("changes nothing for a host whose sessions are independent", async () => {
    const report = await run(undefined, [atMostOnce, noSilentLoss, quiet]);
    expect(report.clauses.map((clause) => clause.status)).toEqual(["pass", "pass", "pass"]);
    expect(report.sessionPoisoning).toBeUndefined();
  });

  it("still charges a violation that shows on a fresh process to its own clause", async () => {
    const report = await run("last-wins", [atMostOnce, noSilentLoss, quiet]);
    expect(report.clauses.map((clause) => clause.status)).toEqual(["pass", "fail", "pass"]);
    expect(report.sessionPoisoning).toBeUndefined();
  });
});
