import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { World } from "../world/world.ts";
import { defineClause, type ClauseEnvironment } from "./clause.ts";
import { runClause } from "./run-clause.ts";

/** One server, with no tools when `empty` (the "empty-server" situation), else with one. */
const worldOf = (empty: boolean): World => ({
  servers: [{ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: empty ? [] : [{ name: "t", inputSchema: { type: "object" } }], latency: { initialize: 0, toolsList: 0 }, unreachable: false }],
});

/** A clause that always holds and counts the cases it was run on; `empty-server` arises in a quarter of them. */
function counting(requires: string[]) {
  const checked: World[] = [];
  const clause = defineClause({
    id: "test/counting", level: "MUST", summary: "holds", sources: [],
    arbitrary: () => fc.nat(3).map((n) => worldOf(n === 0)),
    worlds: (world: World) => [world],
    requires: requires as never,
    async check(_env, world: World) {
      checked.push(world);
      return { ok: true };
    },
  });
  return { clause, checked };
}

const run = (clause: ReturnType<typeof counting>["clause"], seed: number) =>
  runClause(clause, {} as ClauseEnvironment, { seed, runs: 2, caseTimeoutMs: 5000, recover: async () => {}, stderrTail: () => "" });

describe("runClause: required situations", () => {
  it("runs extra cases only while a required situation is missing, and only cases that show it", async () => {
    let toppedUp = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const { clause, checked } = counting(["empty-server"]);
      const report = await run(clause, seed);
      expect(report.cases).toBe(checked.length);
      if (report.cases === 2) continue;
      toppedUp++;
      // The first two cases missed it; exactly one more was run, and it shows the situation.
      expect(report.status).toBe("pass");
      expect(report.cases).toBe(3);
      expect(checked[2]!.servers[0]!.tools).toEqual([]);
      expect(report.reason).toBe("held in 3 case(s) (2 + 1 drawn until every required situation arose)");
    }
    expect(toppedUp).toBeGreaterThan(0);
  });

  it("runs drawn cases while a situation only a check can exercise is missing", async () => {
    let toppedUp = 0;
    for (let seed = 1; seed <= 40; seed++) {
      let ran = 0;
      const clause = defineClause({
        id: "test/exercising", level: "MUST", summary: "holds", sources: [],
        arbitrary: () => fc.nat(3),
        worlds: () => [worldOf(false)],
        requires: ["check-only"] as never,
        async check(_env, n: number) {
          ran++;
          return n === 0 ? { ok: true, exercised: ["check-only"] } : { ok: true };
        },
      });
      const report = await runClause(clause, {} as ClauseEnvironment, { seed, runs: 2, caseTimeoutMs: 5000, recover: async () => {}, stderrTail: () => "" });
      expect(report.cases).toBe(ran);
      if (ran === 2 && report.status === "pass") continue;
      toppedUp++;
      // Still missing after every draw: all 8 were run (before, the 6 extra draws were drawn and skipped).
      if (report.status === "inconclusive") {
        expect(ran).toBe(8);
        continue;
      }
      expect(report.status).toBe("pass");
      expect(report.reason).toBe(`held in ${ran} case(s) (2 + ${ran - 2} drawn until every required situation arose)`);
    }
    expect(toppedUp).toBeGreaterThan(0);
  });

  it("stays INCONCLUSIVE, running no extra case, when no draw can show the situation", async () => {
    const { clause, checked } = counting(["over-length"]);
    const report = await run(clause, 7);
    expect(report.status).toBe("inconclusive");
    expect(checked).toHaveLength(2);
    expect(report.reason).toBe("held in 2 case(s), but these situations never arose (in 8 drawn): over-length");
  });

  it("gives the same cases for the same seed", async () => {
    const a = counting(["empty-server"]);
    const b = counting(["empty-server"]);
    await run(a.clause, 3);
    await run(b.clause, 3);
    expect(b.checked).toEqual(a.checked);
  });
});
