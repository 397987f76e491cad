import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { valueAtPath } from "./replay-case.ts";

describe("valueAtPath", () => {
  it("regenerates exactly the shrunk counterexample a run reported", async () => {
    const arbitrary = fc.array(fc.record({ key: fc.string(), tools: fc.array(fc.string()) }), { maxLength: 6 });
    const holds = (servers: Array<{ tools: string[] }>) => servers.flatMap((server) => server.tools).length < 3;
    for (const seed of [1, 2, 3]) {
      const details = fc.check(fc.property(arbitrary, holds), { seed, numRuns: 200 });
      expect(details.failed).toBe(true);
      expect(await valueAtPath(arbitrary, seed, details.counterexamplePath!)).toEqual(details.counterexample![0]);
    }
  });
});
