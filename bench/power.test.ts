/**
 * Seed-stable verdicts, as the committed power table states them: at every seed it measured, at one random case
 * per clause and at the default run count, every built-in host fails exactly its answer key (every pair of the
 * key detected, no failure beyond it, the reference passing every clause). Each clause's coverage plan judges its
 * hazards first in every run, so none of this may depend on the draw. `npm test` checks here that the committed table
 * (docs/power.md, `npm run power`) covers today's key and found every pair in every seed, and that the 20-seed table
 * at one random case (docs/power-20-seeds.md) found every pair in 20 of 20; the controls
 * (suites/controls.test.ts) hold every built-in host to the key at their own seed; seeds.power.test.ts
 * (`npm run test:power`) measures it again live at three seeds (two at the default run count).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_RUNS, paced } from "../harness/index.ts";
import { expectedFailures } from "../suites/expected-failures.ts";
import { clauses } from "../suites/index.ts";

/** The rows of a power table: each (clause, host) pair as "clause x host", with its detected/seeds count per run count. */
function tableRows(table: string): { pair: string; counts: { detected: number; seeds: number }[] }[] {
  return [...table.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|((?: \d+\/\d+ \|)+)$/gm)].map((row) => ({
    pair: `${row[1]} x ${row[2]}`,
    counts: [...row[3]!.matchAll(/(\d+)\/(\d+)/g)].map((count) => ({ detected: Number(count[1]), seeds: Number(count[2]) })),
  }));
}

/** A committed power table of docs/, its rows, after checking they are exactly today's answer-key pairs. */
function committedTable(file: string): { table: string; rows: ReturnType<typeof tableRows> } {
  const table = readFileSync(join(import.meta.dirname, "..", "docs", file), "utf8");
  const rows = tableRows(table);
  const ids = new Set(clauses.map((clause) => clause.id));
  const key = Object.entries(expectedFailures).flatMap(([host, failing]) => (host === "reference" ? [] : failing.filter((id) => ids.has(id)).map((id) => `${id} x ${host}`)));
  expect([...new Set(rows.map((row) => row.pair))].sort()).toEqual([...new Set(key)].sort());
  return { table, rows };
}

describe("power", () => {
  it("reads every run count's column of a table row", () => {
    const table = "| `a/b` | `h1` | 20/20 | 19/20 |\n| `a/c` | `h2` | 17/20 | 20/20 |\n";
    expect(tableRows(table)).toEqual([
      { pair: "a/b x h1", counts: [{ detected: 20, seeds: 20 }, { detected: 19, seeds: 20 }] },
      { pair: "a/c x h2", counts: [{ detected: 17, seeds: 20 }, { detected: 20, seeds: 20 }] },
    ]);
  });

  it("has a committed table with a row for every answer-key pair of today's catalogue, each detected in every seed at every run count (else: npm run power -- --write docs/power.md)", () => {
    const { table, rows } = committedTable("power.md");
    expect(table).toContain(`--runs 1,${DEFAULT_RUNS}`);
    expect(rows.filter((row) => row.counts.length !== 2 || row.counts.some((count) => count.detected < count.seeds)).map((row) => row.pair)).toEqual([]);
  });

  it("has a committed 20-seed table at --runs 1 with a row for every answer-key pair, each detected in 20 of 20 seeds, nothing beyond the key (else: npm run power -- --seeds 20 --runs 1 --write docs/power-20-seeds.md)", () => {
    const { table, rows } = committedTable("power-20-seeds.md");
    expect(table).toContain("--seeds 20");
    expect(table).toMatch(/failures beyond the answer key: 0; reference departures from PASS: 0 in \d+ clause runs/);
    expect(rows.filter((row) => row.counts.length !== 1 || row.counts[0]!.seeds !== 20 || row.counts[0]!.detected !== 20).map((row) => row.pair)).toEqual([]);
  });
});

describe("npm run power (the command)", () => {
  const power = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "power.ts"), ...args], { encoding: "utf8" });

  it("prints its usage on --help, and exits 2 on bad usage (an unknown option, a value that is not a count) before measuring", () => {
    const help = power("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run power -- \[--seeds K\]/);
    for (const bad of [["--bogus"], ["--concurrency", "x"], ["--seeds", "0"], ["--runs", "1,x"]]) {
      const run = power(...bad);
      expect(run.status, bad.join(" ")).toBe(2);
      expect(run.stdout, bad.join(" ")).not.toContain("seed(s) from base");
    }
  }, paced(60_000));
});
