import { describe, expect, it } from "vitest";
import { selfTestSeed } from "./self-test-seed.ts";

describe("selfTestSeed", () => {
  it("uses the fixed seed unless the soak sets one", () => {
    expect(selfTestSeed(7, {})).toBe(7);
    expect(selfTestSeed(7, { MCP_COLLIDE_SOAK_SEED: "" })).toBe(7);
    expect(selfTestSeed(7, { MCP_COLLIDE_SOAK_SEED: "123456" })).toBe(123456);
  });

  it("refuses a variable that is not a seed instead of silently using the fixed one", () => {
    for (const raw of ["abc", "-1", "1.5", "2147483648", "0x10"]) {
      expect(() => selfTestSeed(7, { MCP_COLLIDE_SOAK_SEED: raw })).toThrow(/is not a seed/);
    }
  });
});
