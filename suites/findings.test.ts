/**
 * Every hazard judged, every failing hazard reported (issue 43): a clause runs its whole coverage plan whatever
 * an earlier case did, so a host with two independent bugs in one clause's plan shows both, each a finding
 * with its own world and explanation, and each finding's world replays to the same violation. No case of a
 * finished run is left `not-run`.
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, replayCase, runClauses, paced } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "./index.ts";
import { injective } from "./names.suite.ts";
import { failingServerNamed } from "./surface.suite.ts";

const run = (bug: string, selected = clauses) =>
  runClauses({ clauses: selected, launcher: inProcessLauncher(() => createHost(bug)), transport: "memory", seed: 7, runs: 1 });

// Side by side: independent in-process runs, each judged from its own records.
describe.concurrent("findings", () => {
  it("shows every failing hazard of one clause's plan, each with its own world, explanation and path", async () => {
    const report = await run("first-page-only", [failingServerNamed]);
    const [clause] = report.clauses;
    expect(clause!.status).toBe("fail");
    // Three independent failures of one host (a crash after the first page, a stuck cursor, a repeated page),
    // all in one clause's plan: on today's harness the first alone was reported and the others never ran.
    const hazards = clause!.findings!.filter((finding) => finding.kind === "constructed").map((finding) => finding.hazard);
    expect(hazards).toEqual(expect.arrayContaining(["list-crash", "stuck-cursor", "repeated-page"]));
    const worlds = clause!.findings!.map((finding) => JSON.stringify(finding.counterexample!.servers));
    expect(new Set(worlds).size).toBe(worlds.length);
    for (const finding of clause!.findings!.filter((entry) => entry.kind === "constructed")) {
      expect(finding.path).toBe(String(finding.case - 1));
      expect(finding.reason).toMatch(new RegExp(`^violated on constructed case ${finding.case} of \\d+ \\(${finding.hazard}: `));
      expect(finding.evidence!.steps.length).toBeGreaterThan(0);
    }
    expect(clause!.coverage!.filter((row) => ["list-crash", "stuck-cursor", "repeated-page"].includes(row.hazard)).map((row) => row.status)).toEqual(["violated", "violated", "violated"]);
  }, paced(60_000));

  it("replays each finding's own world to the same violation", async () => {
    const report = await run("last-wins", [injective]);
    const findings = report.clauses[0]!.findings!;
    expect(new Set(findings.map((finding) => finding.hazard)).size).toBeGreaterThan(1);
    for (const finding of findings) {
      const replayed = await replayCase({ clause: injective, launcher: inProcessLauncher(() => createHost("last-wins")), value: finding.counterexample!.value, transport: "memory" });
      expect(replayed.verdict, finding.reason).toBe("violated");
    }
  }, paced(60_000));

  it("leaves no case of a finished run not-run, whichever clause failed first", async () => {
    const report = await run("last-wins");
    const notRun = report.clauses.flatMap((clause) => (clause.coverage ?? []).flatMap((row) =>
      [row.status, ...row.constructed.map((entry) => entry.outcome)].filter((outcome) => outcome === "not-run").map(() => `${clause.id} ${row.hazard}`)));
    expect(notRun).toEqual([]);
    expect(report.clauses.filter((clause) => clause.status === "fail").every((clause) => (clause.findings?.length ?? 0) > 0)).toBe(true);
  }, paced(120_000));
});
