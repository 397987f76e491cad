/**
 * A host that loads its servers one after another fixes the order they answer in itself: the timing
 * clauses pass it saying so (the servers recorded no other order, and none could arise), where they used
 * to credit it with a reordering that never happened, and a host that loads them all at once is still
 * judged on an answer order that really changed. Both at any --runs, on the coverage plan alone.
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, runClauses, type ClauseReport } from "../harness/index.ts";
import { hostPolicy, PolicyHost } from "../reference/index.ts";
import { clauses } from "./index.ts";

const timing = clauses.filter((clause) => clause.id === "order/arrival-timing" || clause.id === "order/stable-list");

async function judge(loading: "parallel" | "one-at-a-time", bug?: string): Promise<ClauseReport[]> {
  const report = await runClauses({
    clauses: timing, launcher: inProcessLauncher(() => new PolicyHost({ ...hostPolicy(bug), loading }, `reference-${loading}`)), transport: "memory", seed: 3, runs: 1,
  });
  return report.clauses;
}

describe("the timing clauses and a host that lists one server at a time", () => {
  it("pass it, saying the host fixed the order, and never claim a reordering the servers did not record", async () => {
    for (const clause of await judge("one-at-a-time")) {
      expect(clause.status, `${clause.id}: ${clause.reason}`).toBe("pass");
      expect(clause.reason, clause.id).toContain("one at a time");
      expect(clause.judged?.["lists-one-at-a-time"], clause.id).toBeGreaterThan(0);
      expect(clause.judged?.["answer-order-changed"], clause.id).toBeUndefined();
    }
  });

  it("judge a host that lists them all at once on an order that changed, not on the one-at-a-time rule", async () => {
    for (const clause of await judge("parallel")) {
      expect(clause.status, `${clause.id}: ${clause.reason}`).toBe("pass");
      expect(clause.judged?.["answer-order-changed"], clause.id).toBeGreaterThan(0);
      expect(clause.judged?.["lists-one-at-a-time"], clause.id).toBeUndefined();
    }
  });

  it("still fail a host that registers in arrival order when it lists them all at once", async () => {
    const arrival = await judge("parallel", "arrival-order");
    expect(arrival.find((clause) => clause.id === "order/arrival-timing")?.status).toBe("fail");
  });
});
