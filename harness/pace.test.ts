import { describe, expect, it } from "vitest";
import { pace, paced, pacedUntil } from "./pace.ts";

describe("pace", () => {
  it("is 1 at rest and the run queue per core above it, whichever average is larger", () => {
    expect(pace({ one: 0.5, five: 1, cores: 2 })).toBe(1);
    expect(pace({ one: 8, five: 2, cores: 2 })).toBe(4);
    expect(pace({ one: 2, five: 12, cores: 2 })).toBe(6);
    expect(paced(1000, { one: 6, five: 0, cores: 2 })).toBe(3000);
  });

  it("pacedUntil answers true once the condition holds, sync or async", async () => {
    let n = 0;
    expect(await pacedUntil(() => ++n >= 3, 60_000, 1)).toBe(true);
    expect(n).toBe(3);
    expect(await pacedUntil(async () => true, 0)).toBe(true);
  });

  it("pacedUntil answers false, after one last look, when the condition never holds", async () => {
    let looks = 0;
    expect(await pacedUntil(() => { looks++; return false; }, 0)).toBe(false);
    expect(looks).toBeGreaterThanOrEqual(1);
  });
});
