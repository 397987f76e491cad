import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultDelays, latency } from "./latency.ts";

describe("latency", () => {
  it("picks each method's delay on its own from the small set", () => {
    const samples = fc.sample(latency(), { numRuns: 300, seed: 7 });
    for (const sample of samples) {
      expect(defaultDelays).toContain(sample.initialize);
      expect(defaultDelays).toContain(sample.toolsList);
    }
    expect(samples.some((sample) => sample.initialize < sample.toolsList)).toBe(true);
    expect(samples.some((sample) => sample.initialize > sample.toolsList)).toBe(true);
  });

  it("shrinks toward answering at once", () => {
    const out = fc.check(fc.property(latency(), () => false), { seed: 7 });
    expect(out.counterexample?.[0]).toEqual({ initialize: 0, toolsList: 0 });
  });
});
