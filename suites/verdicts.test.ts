/**
 * Verdicts must be true and repeatable: a failure shrinks to the smallest world, its seed and path replay
 * exactly that case, and the same seed gives the same report (times aside).
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, mergeReports, runClauses, selfTestSeed, shardOf, type Report, paced } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "./index.ts";

const noSilentLoss = clauses.filter((clause) => clause.id === "surface/no-silent-loss");
const lastWins = inProcessLauncher(() => createHost("last-wins"));

/** A report without what legitimately differs between two runs: times and durations. */
function timeless(report: Report): unknown {
  return JSON.parse(JSON.stringify(report, (key, value) => (["durationMs", "startedAt"].includes(key) ? undefined : value)));
}

describe("verdicts", () => {
  it("shrinks a last-wins loss to two servers with one same-named tool each", async () => {
    // Soak seeds whose loss once stopped at three or four servers (gadgets sharing server `a`; pool servers
    // colliding beside a gadget).
    for (const seed of [...new Set([1, 2, 3, 346926566, 1905876686, 330960374, selfTestSeed(1)])]) {
      const report = await runClauses({ clauses: noSilentLoss, launcher: lastWins, seed, runs: 25, transport: "memory" });
      const [clause] = report.clauses;
      expect(clause!.status).toBe("fail");
      const servers = clause!.counterexample!.servers;
      expect(servers).toHaveLength(2);
      expect(servers.map((server) => server.tools.length)).toEqual([1, 1]);
      expect(servers[0]!.tools).toEqual(servers[1]!.tools);
    }
  }, paced(60_000));

  it("replays exactly the shrunk case from the report's seed and path", async () => {
    const first = (await runClauses({ clauses: noSilentLoss, launcher: lastWins, seed: selfTestSeed(11), runs: 25, transport: "memory" })).clauses[0]!;
    const replay = (await runClauses({ clauses: noSilentLoss, launcher: lastWins, seed: selfTestSeed(11), runs: 25, path: first.path, transport: "memory" })).clauses[0]!;
    expect(replay.status).toBe("fail");
    expect(replay.cases).toBe(1);
    expect(replay.counterexample).toEqual(first.counterexample);
    expect(replay.observed).toBe(first.observed);
  }, paced(60_000));

  it("gives the same report for the same seed, times aside", async () => {
    const some = clauses.filter((clause) => ["order/config-permutation", "surface/no-silent-loss", "names/injective", "wire/passthrough"].includes(clause.id));
    const run = () => runClauses({ clauses: some, launcher: lastWins, seed: selfTestSeed(5), runs: 15, transport: "memory" });
    const [a, b] = [await run(), await run()];
    expect(timeless(b)).toEqual(timeless(a));
  }, paced(60_000));

  it("gives the serial run's report with several workers, and with shards merged", async () => {
    const some = clauses.filter((clause) => ["order/config-permutation", "surface/no-silent-loss", "surface/empty-server-ok", "names/injective", "names/context-free", "wire/passthrough"].includes(clause.id));
    const run = (selected: typeof clauses, workers: number) =>
      runClauses({ clauses: selected, launcher: lastWins, seed: selfTestSeed(9), runs: 12, transport: "memory", workers });
    const serial = await run(some, 1);
    expect(timeless(await run(some, 3))).toEqual(timeless(serial));
    const shards = await Promise.all([1, 2, 3].map((index) => run(shardOf(some, { index, count: 3 }), 1)));
    expect(shards.map((shard) => shard.clauses.length)).toEqual([2, 2, 2]);
    expect(timeless(mergeReports(shards.reverse()))).toEqual(timeless(serial));
  }, paced(120_000));
});
