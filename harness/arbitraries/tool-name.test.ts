import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selfTestSeed } from "../runner/self-test-seed.ts";
import {
  caseToolNames,
  hostileToolNames,
  longToolNames,
  scriptToolNames,
  separatorToolNames,
  toolName,
  toolNamePool,
} from "./tool-name.ts";

const SEED = selfTestSeed(20260808);

describe("toolName", () => {
  it("draws only from the chosen families", () => {
    for (const name of fc.sample(toolName({ families: ["pool"] }), { numRuns: 200, seed: SEED })) {
      expect(toolNamePool).toContain(name);
    }
    const sepOrCase = new Set<string>([...separatorToolNames, ...caseToolNames]);
    for (const name of fc.sample(toolName({ families: ["case", "separator"] }), { numRuns: 200, seed: SEED })) {
      expect(sepOrCase.has(name)).toBe(true);
    }
  });

  it("by default reaches every family, the pool most often", () => {
    const names = fc.sample(toolName(), { numRuns: 1000, seed: SEED });
    const pool = names.filter((name) => (toolNamePool as readonly string[]).includes(name)).length;
    expect(pool).toBeGreaterThan(300);
    for (const family of [separatorToolNames, caseToolNames, hostileToolNames, longToolNames, scriptToolNames]) {
      expect(names.some((name) => (family as readonly string[]).includes(name))).toBe(true);
    }
  });

  it("holds the hostile names the clauses list", () => {
    for (const name of ["admin.tools.list", "a/b", "__proto__", "constructor", "toString", "hasOwnProperty", ""]) {
      expect(hostileToolNames).toContain(name);
    }
    expect(hostileToolNames.some((name) => name.length === 129)).toBe(true);
  });

  it("holds long names on every boundary, alone and behind mcp__{key}__ of a short key", () => {
    const lengths = new Set(longToolNames.map((name) => name.length));
    for (const length of [57, 60, 63, 64, 65, 128, 129]) expect(lengths.has(length)).toBe(true);
    for (const key of ["a", "beta", "alpha"]) {
      const qualified = new Set(longToolNames.map((name) => `mcp__${key}__${name}`.length));
      for (const length of [63, 64, 65]) expect(qualified.has(length)).toBe(true);
    }
  });

  it("holds pairs differing only in the middle, some sharing their first 64 characters", () => {
    const pairs = longToolNames.flatMap((a) =>
      longToolNames.filter(
        (b) => a < b && a.length === b.length && a.slice(0, 30) === b.slice(0, 30) && a.slice(-30) === b.slice(-30),
      ).map((b) => [a, b] as const),
    );
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.some(([a, b]) => `mcp__alpha__${a}`.slice(0, 64) === `mcp__alpha__${b}`.slice(0, 64))).toBe(true);
  });

  it("shrinks toward the pool's first name", () => {
    const out = fc.check(fc.property(toolName(), (name) => name.length > 100), { seed: SEED });
    expect(out.failed).toBe(true);
    expect(out.counterexample?.[0]).toBe("request");
  });

  it("rejects unknown or no families", () => {
    expect(() => toolName({ families: [] })).toThrow(RangeError);
    expect(() => toolName({ families: ["nope" as never] })).toThrow(RangeError);
  });
});
