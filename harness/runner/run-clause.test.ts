import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { holdsAlone } from "../world/hazards.ts";
import { situationsOf } from "../world/situations.ts";
import type { World } from "../world/world.ts";
import { defineClause, type ClauseEnvironment } from "./clause.ts";
import { runClause } from "./run-clause.ts";

/** One server, with no tools when `empty` (the "empty-server" situation), else with one. */
const worldOf = (empty: boolean): World => ({
  servers: [{ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: empty ? [] : [{ name: "t", inputSchema: { type: "object" } }], latency: { initialize: 0, toolsList: 0 }, unreachable: false }],
});

/** A clause that always holds, judges whatever its world shows, and counts the cases it was run on; `empty-server` arises in a quarter of them. */
function counting(requires: string[]) {
  const checked: World[] = [];
  const clause = defineClause({
    id: "test/counting", level: "MUST", summary: "holds", sources: [],
    arbitrary: () => fc.nat(3).map((n) => worldOf(n === 0)),
    worlds: (world: World) => [world],
    requires: requires as never,
    async check(_env, world: World) {
      checked.push(world);
      return { ok: true, judged: situationsOf(world) };
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
      expect(report.reason).toBe("held in 3 case(s) (2 + 1 drawn until every required situation was judged)");
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
          return { ok: true, judged: n === 0 ? ["check-only"] : [] };
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
      expect(report.reason).toBe(`held in ${ran} case(s) (2 + ${ran - 2} drawn until every required situation was judged)`);
    }
    expect(toppedUp).toBeGreaterThan(0);
  });

  it("stays INCONCLUSIVE, running no extra case, when no draw can show the situation", async () => {
    const { clause, checked } = counting(["over-length"]);
    const report = await run(clause, 7);
    expect(report.status).toBe("inconclusive");
    expect(checked).toHaveLength(2);
    expect(report.reason).toBe("held in 2 case(s), but these situations were never judged (in 8 drawn): over-length (never arose)");
  });

  it("gives the same cases for the same seed", async () => {
    const a = counting(["empty-server"]);
    const b = counting(["empty-server"]);
    await run(a.clause, 3);
    await run(b.clause, 3);
    expect(b.checked).toEqual(a.checked);
  });

  it("does not count a situation a case drew but could not judge", async () => {
    const clause = defineClause({
      id: "test/blind", level: "MUST", summary: "holds", sources: [],
      arbitrary: () => fc.constant(worldOf(true)),
      worlds: (world: World) => [world],
      requires: ["empty-server"] as never,
      check: async () => ({ ok: true, judged: [] }),
    });
    const report = await runClause(clause, {} as ClauseEnvironment, { seed: 1, runs: 2, caseTimeoutMs: 5000, recover: async () => {}, stderrTail: () => "" });
    expect(report.status).toBe("inconclusive");
    expect(report.situations).toEqual({ "empty-server": report.cases });
    expect(report.judged).toEqual({});
    expect(report.reason).toMatch(/never judged \(in 8 drawn\): empty-server \(arose in \d+ case\(s\), none of which could judge it; \d+ more drawn holding it alone\)$/);
  });

  it("once a situation arose unjudged, runs only drawn worlds that hold it alone, and says so", async () => {
    const tool = (key: string, name: string) => ({ name, description: `${key}/${name}`, inputSchema: { type: "object" } });
    const server = (key: string, names: string[]) => ({ key, serverInfo: { name: key, version: "1" }, tools: names.map((name) => tool(key, name)), latency: { initialize: 0, toolsList: 0 }, unreachable: false });
    // Most worlds hold an invalid name beside a duplicate (a host that refuses every open with a duplicate judges nothing there).
    const confounded: World = { servers: [server("alpha", ["admin.tools.list", "search"]), server("beta", ["search"])] };
    const alone: World = { servers: [server("alpha", ["admin.tools.list"]), server("beta", ["search"])] };
    let judgedAlone = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const checked: World[] = [];
      const clause = defineClause({
        id: "test/confounded", level: "MUST", summary: "holds", sources: [],
        arbitrary: () => fc.nat(7).map((n) => (n === 0 ? alone : confounded)),
        worlds: (world: World) => [world],
        requires: ["provider-invalid-name"] as never,
        async check(_env, world: World) {
          checked.push(world);
          return { ok: true, judged: situationsOf(world).includes("exact-duplicate") ? [] : ["provider-invalid-name"] };
        },
      });
      const report = await runClause(clause, {} as ClauseEnvironment, { seed, runs: 2, caseTimeoutMs: 5000, recover: async () => {}, stderrTail: () => "" });
      expect(checked.slice(2).every((world) => holdsAlone(world, "provider-invalid-name")), `seed ${seed}`).toBe(true);
      if (report.status === "pass" && report.cases > 2) {
        judgedAlone++;
        expect(report.reason).toBe(`held in ${report.cases} case(s) (2 + ${report.cases - 2} drawn until every required situation was judged; judged only in worlds holding it alone: provider-invalid-name)`);
        // The report counts the cases drawn for it alone: every top-up here.
        expect(report.alone).toEqual({ "provider-invalid-name": report.cases - 2 });
      }
      if (report.cases === 2) expect(report.alone).toBeUndefined();
      expect(report.judged!["provider-invalid-name"] ?? 0).toBeLessThanOrEqual(report.situations["provider-invalid-name"]!);
    }
    expect(judgedAlone).toBeGreaterThan(0);
  });
});
