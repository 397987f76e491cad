import { describe, expect, it } from "vitest";
import { groupDefects, withDefects } from "../report/group-defects.ts";
import { sampleReport } from "../report/sample-report.ts";
import { inCatalogueOrderById } from "./catalogue.ts";
import { mergeReports } from "./merge-reports.ts";
import { shardOf, parseShard } from "./shard.ts";

const whole = sampleReport();
const ids = whole.clauses.map((clause) => clause.id);
const shard = (index: number, count: number) => ({
  ...whole,
  shard: `${index}/${count}`,
  selection: ids,
  clauses: shardOf(whole.clauses, { index, count }),
});

describe("shards and merge", () => {
  it("parses i/n and refuses anything else", () => {
    expect(parseShard("2/4")).toEqual({ index: 2, count: 4 });
    for (const bad of ["0/2", "3/2", "1/0", "a/b", "1"]) expect(() => parseShard(bad)).toThrow(/--shard takes i\/n/);
  });

  it("splits disjointly and merges back to the whole run, in any order", () => {
    const parts = [shard(2, 2), shard(1, 2)];
    expect(parts.flatMap((part) => part.clauses.map((clause) => clause.id)).sort()).toEqual([...ids].sort());
    const merged = mergeReports(parts);
    expect(merged.clauses.map((clause) => clause.id)).toEqual(inCatalogueOrderById(whole.clauses).map((clause) => clause.id));
    expect(merged.totals).toEqual(whole.totals);
    expect(merged.exitCode).toBe(whole.exitCode);
    expect(merged.shard).toBeUndefined();
  });

  it("groups the whole run's defects anew: each shard numbered its own from D1", () => {
    const parts = [shard(1, 2), shard(2, 2)].map((part) => withDefects(part));
    expect(parts.map((part) => part.defects![0]!.id)).toEqual(["D1", "D1"]);
    const merged = mergeReports(parts);
    expect(merged.defects).toEqual(groupDefects(whole).defects);
    expect(merged.defects!.map((defect) => defect.id)).toEqual(["D1", "D2", "D3", "D4", "D5"]);
    expect(merged.defects!.map((defect) => defect.violations[0]?.clause)).toEqual(["wire/passthrough", "surface/no-silent-loss", "surface/no-silent-loss", undefined, "surface/all-or-nothing"]);
  });

  it("refuses a missing shard, a foreign shard and overlapping shards", () => {
    expect(() => mergeReports([shard(1, 2)])).toThrow(/a shard is missing/);
    expect(() => mergeReports([shard(1, 2), { ...shard(2, 2), seed: whole.seed + 1 }])).toThrow(/not shards of one run/);
    expect(() => mergeReports([shard(1, 2), shard(1, 2)])).toThrow(/more than one shard/);
    expect(() => mergeReports([shard(1, 2), { ...shard(2, 2), selection: ids.slice(1) }])).toThrow(/different clause selections/);
  });
});
