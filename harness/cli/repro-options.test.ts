import { describe, expect, it } from "vitest";
import { parseReproOptions } from "./repro-options.ts";

describe("parseReproOptions", () => {
  it("reads a report and a clause", () => {
    expect(parseReproOptions(["out/report.json", "--clause", "names/injective"])).toMatchObject({ report: "out/report.json", clause: "names/injective", expect: "pass" });
  });

  it("accepts a run's repro line with run swapped for repro", () => {
    const line = "--clause names/injective --seed 1 --path 1:0:0:1 --transport http --host last-wins".split(" ");
    expect(parseReproOptions(line)).toMatchObject({ clause: "names/injective", seed: 1, path: "1:0:0:1", transport: "http", host: "last-wins" });
    expect(parseReproOptions(["--clause", "a/b", "--seed", "2", "--path", "0", "--", "python3", "adapter.py"]).hostArgv).toEqual(["python3", "adapter.py"]);
  });

  it("explains what is missing or contradictory", () => {
    expect(() => parseReproOptions(["--clause", "a/b"])).toThrow(/--seed S and --path P/);
    expect(() => parseReproOptions(["r.json", "--seed", "1"])).toThrow(/already holds the case/);
    expect(() => parseReproOptions(["r.json", "--host", "x", "--", "node"])).toThrow(/not both/);
    expect(() => parseReproOptions(["a.json", "b.json"])).toThrow(/at most one report/);
    expect(() => parseReproOptions(["r.json", "--expect", "maybe"])).toThrow();
  });
});
