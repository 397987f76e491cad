import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valueAtPath } from "../cli/replay-case.ts";
import { situationsOf } from "../world/situations.ts";
import type { World } from "../world/world.ts";
import { defineClause, type ClauseEnvironment, type ConstructedCase } from "./clause.ts";
import { runClause } from "./run-clause.ts";

/** One server, with no tools when `empty` (the "empty-server" situation), else with one named `name`. */
const worldOf = (empty: boolean, name = "t"): World => ({
  servers: [{ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: empty ? [] : [{ name, inputSchema: { type: "object" } }], latency: { initialize: 0, toolsList: 0 }, unreachable: false }],
});

const options = (seed: number, runs = 2) => ({ seed, runs, caseTimeoutMs: 5000, recover: async () => {}, stderrTail: () => "" });

/**
 * A clause whose random worlds never hold `empty-server` (every one has a tool) and whose coverage plan
 * builds it; `holds(world)` decides each case, and every case judges what its world shows (or nothing, when
 * `blind`). It records the worlds it was run on.
 */
function planned(holds: (world: World) => boolean = () => true, blind = false) {
  const checked: World[] = [];
  const built: ConstructedCase<World>[] = [
    { hazard: "empty-server", title: "alpha advertises nothing", value: worldOf(true) },
    { hazard: "empty-server", title: "alpha advertises nothing, again", value: worldOf(true) },
  ];
  const clause = defineClause({
    id: "test/planned", level: "MUST", summary: "holds", sources: [],
    arbitrary: () => fc.constantFrom("a", "b", "c").map((name) => worldOf(false, name)),
    coverage: () => built,
    worlds: (world: World) => [world],
    requires: ["empty-server"],
    async check(_env, world: World) {
      checked.push(world);
      const judged = blind ? [] : situationsOf(world);
      return holds(world) ? { ok: true, judged } : { ok: false, expected: "a tool", observed: "none", judged };
    },
  });
  return { clause, checked, built };
}

describe("runClause: coverage first", () => {
  it("runs every constructed case first, in order, then exactly `runs` random cases, at every seed", async () => {
    for (const seed of [1, 2, 3, 99]) {
      for (const runs of [1, 5]) {
        const { clause, checked, built } = planned();
        const report = await runClause(clause, {} as ClauseEnvironment, options(seed, runs));
        expect(checked.slice(0, 2)).toEqual(built.map((entry) => entry.value));
        expect(checked).toHaveLength(2 + runs);
        expect(report).toMatchObject({ status: "pass", cases: 2 + runs, constructed: 2, random: runs, reason: `held in 2 constructed and ${runs} random case(s)` });
        // The random worlds never hold the hazard: only the constructed ones judged it, whatever the seed.
        expect(report.coverage).toEqual([{
          hazard: "empty-server", required: true, status: "judged", random: 0,
          constructed: [{ title: "alpha advertises nothing", case: 1, outcome: "judged" }, { title: "alpha advertises nothing, again", case: 2, outcome: "judged" }],
        }]);
      }
    }
  });

  it("is INCONCLUSIVE when no case could judge a required situation, saying what the host did on each case built for it", async () => {
    const { clause } = planned(() => true, true);
    const report = await runClause(clause, {} as ClauseEnvironment, options(1));
    expect(report.status).toBe("inconclusive");
    expect(report.situations).toEqual({ "empty-server": 2 });
    expect(report.judged).toEqual({});
    expect(report.reason).toBe(
      "held in 2 constructed and 2 random case(s), but these situations were never judged: empty-server (constructed case 1 (\"alpha advertises nothing\"): the host was asked nothing; constructed case 2 (\"alpha advertises nothing, again\"): the host was asked nothing; met in 2 of 4 case(s), none of which could judge it)",
    );
    expect(report.coverage![0]).toMatchObject({ status: "not-judged", constructed: [{ outcome: "not-judged", note: "the host was asked nothing" }, { outcome: "not-judged" }] });
  });

  it("reports a violation on a constructed case at its path, unshrunk, and the path replays that very case", async () => {
    const { clause, built } = planned((world) => world.servers[0]!.tools.length > 0);
    const report = await runClause(clause, {} as ClauseEnvironment, options(5));
    expect(report).toMatchObject({ status: "fail", path: "0", cases: 1, shrinks: 0, reason: "violated on constructed case 1 of 2 (empty-server: alpha advertises nothing)" });
    expect(report.counterexample!.value).toEqual(built[0]!.value);
    expect(report.coverage![0]!.constructed.map((entry) => entry.outcome)).toEqual(["violated", "not-run"]);
    expect(report.coverage![0]!.status).toBe("violated");
    expect(await valueAtPath(clause.arbitrary({} as never), 5, "1", built.map((entry) => entry.value))).toEqual(built[1]!.value);
  });

  it("shrinks a violation found in a random case, and says which random case it was", async () => {
    const { clause } = planned((world) => world.servers[0]!.tools[0]?.name !== "c");
    let failed = 0;
    for (let seed = 1; seed <= 10; seed++) {
      const report = await runClause(clause, {} as ClauseEnvironment, options(seed, 6));
      if (report.status !== "fail") continue;
      failed++;
      expect(report.reason).toMatch(/^violated in random case [1-6] \(after 2 constructed\); shrunk in \d+ step\(s\)$/);
      expect(Number(report.path!.split(":")[0])).toBeGreaterThanOrEqual(2);
      expect((report.counterexample!.value as World).servers[0]!.tools[0]!.name).toBe("c");
    }
    expect(failed).toBeGreaterThan(0);
  });

  it("stops shrinking at the budget, reporting the smallest case found so far and saying it may not be the smallest", async () => {
    const { clause } = planned((world) => world.servers[0]!.tools[0]?.name !== "c");
    for (let seed = 1; seed <= 10; seed++) {
      const report = await runClause(clause, {} as ClauseEnvironment, { ...options(seed, 6), shrinkBudgetMs: 0 });
      if (report.status !== "fail") continue;
      expect(report.reason).toMatch(/\(stopped at the 0 ms shrink budget: the world shown may not be the smallest\)$/);
      expect((report.counterexample!.value as World).servers[0]!.tools[0]!.name).toBe("c");
      return;
    }
    throw new Error("no seed failed");
  });

  it("gives the same cases for the same seed", async () => {
    const [a, b] = [planned(), planned()];
    await runClause(a.clause, {} as ClauseEnvironment, options(3, 5));
    await runClause(b.clause, {} as ClauseEnvironment, options(3, 5));
    expect(b.checked).toEqual(a.checked);
  });

  it("counts a situation a random case judged, with the first such case, beside the constructed ones", async () => {
    const clause = defineClause({
      id: "test/random", level: "MUST", summary: "holds", sources: [],
      arbitrary: () => fc.constant(worldOf(true)),
      coverage: () => [{ hazard: "multi-server", title: "never judged", value: worldOf(false) }],
      worlds: (world: World) => [world],
      requires: ["empty-server"],
      check: async (_env, world: World) => ({ ok: true, judged: situationsOf(world) }),
    });
    const report = await runClause(clause, {} as ClauseEnvironment, options(1, 3));
    expect(report.status).toBe("pass");
    expect(report.coverage).toEqual([
      { hazard: "empty-server", required: true, status: "judged", constructed: [], random: 3, firstRandomCase: 2 },
      { hazard: "multi-server", required: false, status: "not-judged", constructed: [{ title: "never judged", case: 1, outcome: "not-judged", note: "the host was asked nothing" }], random: 0 },
    ]);
  });
});
