/**
 * A host that fails every open with one error (Inngest AgentKit as installed for issue 43: every run with an
 * MCP tool threw) is one host-wide defect, told once: the run's clean-world open finds it before any clause,
 * every clause that could judge nothing is INCONCLUSIVE pointing at it in one short reason, and no clause
 * FAILs on it (today's code charged it to schema/hostile-schema, options/unknown-key, surface/allow-deny,
 * names/profile and drift/refresh-tracks-list, and warned on two more). A case whose opens failed otherwise is
 * judged as usual (harness/runner/confounds.test.ts).
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, mergeReports, runClauses, shardOf, type Report, paced } from "../harness/index.ts";
import { createHost, oneBugHosts } from "../reference/index.ts";
import { clauses } from "./index.ts";

const ERROR = oneBugHosts["every-open-throws"]!.swap.everyOpenThrows!;
const run = (selected = clauses, runs = 2) =>
  runClauses({ clauses: selected, launcher: inProcessLauncher(() => createHost("every-open-throws")), transport: "memory", seed: 7, runs, listChangedTimeoutMs: 200 });

/** A report without what differs between two runs: times and durations. */
const timeless = (report: Report) => JSON.parse(JSON.stringify(report, (key, value) => (["durationMs", "startedAt"].includes(key) ? undefined : value)));

// Side by side: independent runs of a host whose every open throws at once.
describe.concurrent("a host that fails every open with one error", () => {
  it("is told once, as a host-wide finding quoting the error and one defect; every clause is INCONCLUSIVE, naming the cause and not the error", async () => {
    const report = await run();
    expect(report.hostWide).toHaveLength(1);
    const [found] = report.hostWide!;
    expect(found!.cause).toBe("every-open-fails");
    expect(found!.detail).toContain(JSON.stringify(ERROR));
    expect(found!.clauses).toEqual(clauses.map((clause) => clause.id));
    expect(found!.evidence?.steps.some((step) => step.kind === "host" && step.method === "open")).toBe(true);
    expect(report.clauses.filter((clause) => clause.status !== "inconclusive").map((clause) => [clause.id, clause.status, clause.reason])).toEqual([]);
    for (const clause of report.clauses) {
      expect(clause.reason, clause.id).toMatch(/^confounded in all \d+ case\(s\) by a host that fails every open/);
      expect(clause.reason, clause.id).not.toContain(ERROR);
      expect(clause.confounds, clause.id).toEqual([{ cause: "every-open-fails", cases: Array.from({ length: clause.cases }, (_, at) => at + 1), detail: expect.any(String) }]);
    }
    // The report opens with it as one defect, titled from the run's record, the error quoted once.
    expect(report.defects?.map((defect) => [defect.cause, defect.confounds?.length])).toEqual([["every-open-fails", clauses.length]]);
    expect(report.defects![0]!.title).toContain(JSON.stringify(ERROR));
    expect(report.exitCode).toBe(1);
  }, paced(120_000));

  it("is told once in a merged report too, naming every shard's clauses", async () => {
    const some = clauses.filter((clause) => ["order/config-permutation", "surface/no-silent-loss", "schema/hostile-schema", "names/profile"].includes(clause.id));
    const serial = await run(some, 1);
    const shards = await Promise.all([1, 2].map((index) => run(shardOf(some, { index, count: 2 }), 1)));
    expect(timeless(mergeReports(shards))).toEqual(timeless(serial));
  }, paced(120_000));
});
