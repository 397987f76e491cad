import { describe, expect, it } from "vitest";
import { parseRunOptions } from "./run-options.ts";

describe("parseRunOptions", () => {
  it("reads the baseline flags", () => {
    const options = parseRunOptions(["--baseline", "known.json", "--write-baseline", "now.json", "--strict"]);
    expect(options).toMatchObject({ baseline: "known.json", writeBaseline: "now.json", strict: true });
  });

  it("defaults to no baseline and the documented output directory", () => {
    const options = parseRunOptions([]);
    expect(options.baseline).toBeUndefined();
    expect(options.writeBaseline).toBeUndefined();
    expect(options.out).toBe("mcp-collide-report");
  });

  it("refuses an empty baseline path and a flag without its value", () => {
    expect(() => parseRunOptions(["--baseline", ""])).toThrow();
    expect(() => parseRunOptions(["--baseline"])).toThrow();
  });
});
