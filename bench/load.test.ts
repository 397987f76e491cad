/** `npm run load`: its options, and a short run that ends on time with its busy processes. */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { availableParallelism } from "node:os";
import { loadOptions } from "./load.ts";

describe("npm run load", () => {
  it("defaults to 4x the cores for 30 minutes, and refuses a count that is not a positive whole number", () => {
    expect(loadOptions([])).toEqual({ procs: 4 * availableParallelism(), seconds: 1800 });
    expect(loadOptions(["--procs", "3", "--seconds", "5"])).toEqual({ procs: 3, seconds: 5 });
    for (const bad of [["--procs", "0"], ["--seconds", "x"], ["--procs", "1.5"]]) expect(() => loadOptions(bad), bad.join(" ")).toThrow(/not a positive whole number/);
    expect(() => loadOptions(["--bogus"])).toThrow();
  });

  it("runs its busy processes for the time given, then ends, saying the highest load reached", () => {
    const run = spawnSync(process.execPath, ["--import", "tsx", join(import.meta.dirname, "load.ts"), "--procs", "1", "--seconds", "1"], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^load: 1 busy processes on \d+ cores for 1 s/);
    expect(run.stdout).toMatch(/load: done; highest 1-minute load average \d+\.\d\d/);
  });
});
