import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selfTestSeed } from "../runner/self-test-seed.ts";
import { longServerKeys, serverKey, serverKeyPool } from "./server-key.ts";

const SEED = selfTestSeed(20260808);

describe("serverKey", () => {
  it("never draws an empty key by default", () => {
    expect(fc.sample(serverKey(), { numRuns: 1000, seed: SEED })).not.toContain("");
  });

  it("draws the empty key when its family is chosen", () => {
    expect(fc.sample(serverKey({ families: ["empty"] }), { numRuns: 5, seed: SEED })).toEqual(["", "", "", "", ""]);
  });

  it("by default reaches the collision keys, the case variants and long keys", () => {
    const keys = new Set(fc.sample(serverKey(), { numRuns: 2000, seed: SEED }));
    for (const key of ["alpha", "a_b", "a__b", "a_", "store.refunds", "store refunds", "Search", "search"]) {
      expect(keys.has(key)).toBe(true);
    }
    expect([...keys].some((key) => key.length >= 60)).toBe(true);
  });

  it("holds long keys that put mcp__{key}__{pool tool} on 63, 64 and 65", () => {
    const lengths = new Set(longServerKeys.flatMap((key) => ["call", "request"].map((tool) => `mcp__${key}__${tool}`.length)));
    for (const length of [63, 64, 65]) expect(lengths.has(length)).toBe(true);
  });

  it("shrinks toward alpha", () => {
    const out = fc.check(fc.property(serverKey(), (key) => key.length > 60), { seed: SEED });
    expect(out.counterexample?.[0]).toBe(serverKeyPool[0]);
  });
});
