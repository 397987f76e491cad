import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AdapterError } from "../adapter/adapter-error.ts";
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

  it("runs every constructed case after one failed: each failing one is a finding of its own at its path, unshrunk, and its path replays that very case", async () => {
    const { clause, built, checked } = planned((world) => world.servers[0]!.tools.length > 0);
    const report = await runClause(clause, {} as ClauseEnvironment, options(5));
    // Both constructed cases ran (and failed), then the random ones (which hold).
    expect(checked).toHaveLength(4);
    expect(report).toMatchObject({
      status: "fail", path: "0", cases: 4, constructed: 2, random: 2, shrinks: 0,
      reason: "violated on constructed case 1 of 2 (empty-server: alpha advertises nothing); violated on constructed case 2 of 2 (empty-server: alpha advertises nothing, again)",
    });
    expect(report.findings!.map((finding) => [finding.case, finding.kind, finding.status, finding.path, finding.hazard])).toEqual([
      [1, "constructed", "fail", "0", "empty-server"], [2, "constructed", "fail", "1", "empty-server"],
    ]);
    // The clause's own fields are its first finding's.
    expect(report.counterexample!.value).toEqual(built[0]!.value);
    expect(report.findings![0]).toMatchObject({ counterexample: report.counterexample, expected: report.expected, observed: report.observed, evidence: report.evidence });
    expect(report.coverage![0]!.constructed.map((entry) => entry.outcome)).toEqual(["violated", "violated"]);
    expect(report.coverage![0]!.status).toBe("violated");
    for (const finding of report.findings!) {
      expect(await valueAtPath(clause.arbitrary({} as never), 5, finding.path!, built.map((entry) => entry.value))).toEqual(built[finding.case - 1]!.value);
    }
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

/** A world whose one server advertises `names`. */
const named = (...names: string[]): World => ({
  servers: [{ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: names.map((name) => ({ name, inputSchema: { type: "object" } })), latency: { initialize: 0, toolsList: 0 }, unreachable: false }],
});

/**
 * A clause with three constructed cases for two hazards, whose check runs `verdict(first tool's name)`: "fail"
 * violates, "break" throws as a crashed adapter would, anything else holds. Random cases draw a, b or c.
 */
function twoBugs(verdict: (name: string) => string) {
  const checked: string[] = [];
  const clause = defineClause({
    id: "test/two-bugs", level: "MUST", summary: "holds", sources: [],
    arbitrary: () => fc.constantFrom("a", "b", "c").map((name) => named(name)),
    coverage: () => [
      { hazard: "exact-duplicate", title: "first bug", value: named("one") },
      { hazard: "exact-duplicate", title: "no bug here", value: named("two") },
      { hazard: "separator-clash", title: "second bug", value: named("three") },
    ],
    worlds: (world: World) => [world],
    requires: ["exact-duplicate", "separator-clash"],
    async check(_env, world: World) {
      const name = world.servers[0]!.tools[0]!.name;
      checked.push(name);
      const said = verdict(name);
      if (said === "break") throw new AdapterError("crash", `adapter exited on ${name}`);
      const judged = name === "three" ? ["separator-clash"] : ["exact-duplicate"];
      return said === "fail" ? { ok: false, expected: `no bug in ${name}`, observed: `bug in ${name}`, judged } : { ok: true, judged };
    },
  });
  return { clause, checked };
}

describe("runClause: every hazard judged, every failing hazard reported", () => {
  it("runs the whole plan past a failure: two independent bugs are two findings, each with its own world and explanation, and a random failure adds a third", async () => {
    const { clause, checked } = twoBugs((name) => (["one", "three", "c"].includes(name) ? "fail" : "hold"));
    let randomFound = 0;
    for (let seed = 1; seed <= 10; seed++) {
      checked.length = 0;
      const report = await runClause(clause, {} as ClauseEnvironment, options(seed, 6));
      expect(checked.slice(0, 3)).toEqual(["one", "two", "three"]);
      const constructedFindings = report.findings!.filter((finding) => finding.kind === "constructed");
      expect(constructedFindings.map((finding) => [finding.case, finding.hazard, finding.title, finding.observed, finding.path])).toEqual([
        [1, "exact-duplicate", "first bug", "bug in one", "0"], [3, "separator-clash", "second bug", "bug in three", "2"],
      ]);
      expect(report.status).toBe("fail");
      expect(report.observed).toBe("bug in one");
      expect(report.reason).toMatch(/^violated on constructed case 1 of 3 \(exact-duplicate: first bug\); violated on constructed case 3 of 3 \(separator-clash: second bug\)/);
      expect(report.coverage!.map((row) => row.status)).toEqual(["violated", "violated"]);
      expect(report.coverage!.flatMap((row) => row.constructed.map((entry) => entry.outcome))).not.toContain("not-run");
      const random = report.findings!.filter((finding) => finding.kind === "random");
      if (random.length > 0) {
        randomFound++;
        // Random exploration stops at its first failure and shrinks it: one finding, after the constructed ones.
        expect(random).toHaveLength(1);
        expect(random[0]).toMatchObject({ status: "fail", observed: "bug in c" });
        expect(random[0]!.case).toBeGreaterThan(3);
        expect(random[0]!.reason).toMatch(/^violated in random case \d \(after 3 constructed\); shrunk in \d+ step\(s\)$/);
        // Its path counts the constructed cases first, as before: the seed and path replay that very case.
        const examples = clause.coverage!({} as never).map((built) => built.value);
        expect(await valueAtPath(clause.arbitrary({} as never), seed, random[0]!.path!, examples)).toEqual(random[0]!.counterexample!.value);
      }
    }
    expect(randomFound).toBeGreaterThan(0);
  });

  it("relaunches a host that broke on a constructed case and runs the next: the broken case is an ERROR finding, a later failure a finding too", async () => {
    const { clause, checked } = twoBugs((name) => (name === "one" ? "break" : name === "three" ? "fail" : "hold"));
    let recovered = 0;
    const report = await runClause(clause, {} as ClauseEnvironment, { ...options(1, 2), recover: async () => { recovered++; } });
    expect(checked.slice(0, 3)).toEqual(["one", "two", "three"]);
    expect(recovered).toBe(1);
    expect(report.status).toBe("error");
    expect(report.findings!.map((finding) => [finding.case, finding.status])).toEqual([[1, "error"], [3, "fail"]]);
    expect(report.error).toMatchObject({ kind: "crash", message: "adapter exited on one" });
    expect(report.reason).toMatch(/^the host broke \(crash\) on constructed case 1 of 3 \(exact-duplicate: first bug\): adapter exited on one; violated on constructed case 3 of 3/);
    expect(report.coverage!.flatMap((row) => row.constructed.map((entry) => entry.outcome))).toEqual(["broke", "judged", "violated"]);
  });

  it("says next to the verdict which cases could not run when no host could be started for them, and only then marks them not-run", async () => {
    const { clause, checked } = twoBugs((name) => (name === "one" ? "break" : "hold"));
    const report = await runClause(clause, {} as ClauseEnvironment, { ...options(1, 2), recover: async () => { throw new AdapterError("spawn", "no such adapter"); } });
    expect(checked).toEqual(["one"]);
    expect(report.status).toBe("error");
    expect(report.reason).toMatch(/; constructed cases 2 to 3 and every random case could not run: the host could not be \(re\)started \(spawn\): no such adapter$/);
    expect(report.coverage!.flatMap((row) => row.constructed.map((entry) => entry.outcome))).toEqual(["broke", "not-run", "not-run"]);
  });

  it("keeps detection only (no shrinking) to the constructed cases once one failed, and still runs all of them", async () => {
    const { clause, checked } = twoBugs((name) => (name === "one" ? "fail" : "hold"));
    const report = await runClause(clause, {} as ClauseEnvironment, { ...options(1, 5), shrink: false });
    expect(checked).toEqual(["one", "two", "three"]);
    expect(report).toMatchObject({ status: "fail", cases: 3, constructed: 3, random: 0 });
  });
});
