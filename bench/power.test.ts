/**
 * The quick power check `npm test` runs: two fixed seeds (not the controls' seed 7) at the default run
 * count, every one-bug host against every clause of its answer key and the reference against every clause,
 * as `npm run power` does for K fresh seeds. The committed table (docs/power.md) is the measurement over many
 * seeds; this check holds the harness to it: a pair the table shows detected in every seed must be detected
 * at both seeds here, and the reference must pass everything. A pair the table shows short of 100 % may miss
 * here (it is listed there as falling short, and the issue stays open until the generators reach it), so
 * weakening any other pair, or a false failure, fails this test, while the table alone cannot be flattered:
 * regenerating it is `npm run power`.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { measurePower, rate } from "./power-run.ts";
import { powerMarkdown } from "./power-table.ts";
import { expectedFailures } from "../suites/expected-failures.ts";
import { clauses } from "../suites/index.ts";

/** The rows of a power table: each (clause, host) pair as "clause x host", with its detected and seed counts. */
function tableRows(table: string): { pair: string; detected: number; seeds: number }[] {
  return [...table.matchAll(/^\| `([^`]+)` \| `([^`]+)` \| (\d+)\/(\d+) \|/gm)].map((row) => ({ pair: `${row[1]} x ${row[2]}`, detected: Number(row[3]), seeds: Number(row[4]) }));
}

/** The (clause, host) pairs docs/power.md shows detected in fewer than all of its seeds, as "clause x host". */
export function shortPairs(table: string): Set<string> {
  return new Set(tableRows(table).filter((row) => row.detected < row.seeds).map((row) => row.pair));
}

describe("power (quick)", () => {
  it("reads the pairs the committed table shows short", () => {
    const table = "| `a/b` | `h1` | 20/20 | 100 % |\n| `a/c` | `h2` | 17/20 | 85 % |\n";
    expect([...shortPairs(table)]).toEqual(["a/c x h2"]);
  });

  it("has a committed table with a row for every answer-key pair of today's catalogue (else: npm run power --write)", () => {
    const table = readFileSync(join(import.meta.dirname, "..", "docs", "power.md"), "utf8");
    const rows = tableRows(table).map((row) => row.pair);
    const ids = new Set(clauses.map((clause) => clause.id));
    const key = Object.entries(expectedFailures).flatMap(([host, failing]) => (host === "reference" ? [] : failing.filter((id) => ids.has(id)).map((id) => `${id} x ${host}`)));
    expect(rows.length).toBeGreaterThan(0);
    expect([...new Set(rows)].sort()).toEqual([...new Set(key)].sort());
  });

  it("detects at two more seeds every answer-key pair the committed table shows at 100 %, and the reference passes everything", async () => {
    const short = shortPairs(readFileSync(join(import.meta.dirname, "..", "docs", "power.md"), "utf8"));
    const power = await measurePower({ seeds: [11, 12] });
    const missed = power.pairs.filter((pair) => pair.detected < pair.seeds);
    expect(missed.filter((pair) => !short.has(`${pair.clause} x ${pair.host}`)).map((pair) => `${pair.clause} x ${pair.host}: ${JSON.stringify(pair.missed)}`)).toEqual([]);
    expect(power.reference.flatMap((clause) => clause.departures.map((departure) => `${clause.clause}: ${departure.status} ${departure.reason}`))).toEqual([]);
    expect(power.pairs.filter((pair) => !short.has(`${pair.clause} x ${pair.host}`)).every((pair) => rate(pair) === 100)).toBe(true);
    expect(powerMarkdown(power, 0, "")).toContain("| `names/provider-valid` | `unchecked-refuses-duplicates` | 2/2 | 100 % |");
  }, 600_000);
});

describe("npm run power (the command)", () => {
  const power = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "power.ts"), ...args], { encoding: "utf8" });

  it("prints its usage on --help, and exits 2 on bad usage (an unknown option, a value that is not a count) before measuring", () => {
    const help = power("--help");
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run power -- \[--seeds K\]/);
    for (const bad of [["--bogus"], ["--concurrency", "x"], ["--seeds", "0"]]) {
      const run = power(...bad);
      expect(run.status, bad.join(" ")).toBe(2);
      expect(run.stdout, bad.join(" ")).not.toContain("seed(s) from base");
    }
  }, 60_000);
});
