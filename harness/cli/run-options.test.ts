import { describe, expect, it } from "vitest";
import { availableParallelism } from "node:os";
import { chooseHost } from "./host-choice.ts";
import { parseRunOptions } from "./run-options.ts";
import { paced } from "../pace.ts";

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

  it("--agent picks a built-in agent CLI adapter, with slower defaults and the observation cache on", () => {
    const plain = parseRunOptions([]);
    expect(plain).toMatchObject({ timeout: paced(30_000), caseTimeout: 120_000, workers: availableParallelism(), cacheObservations: false });
    const agent = parseRunOptions(["--agent", "codex", "--agent-variant", "required", "--agent-bin", "/opt/codex", "--agent-no-isolation"]);
    expect(agent).toMatchObject({ agent: "codex", agentVariant: "required", agentBin: "/opt/codex", agentNoIsolation: true, timeout: paced(300_000), workers: 2 * availableParallelism(), cacheObservations: true });
    expect(parseRunOptions(["--agent", "gemini-cli", "--workers", "1"])).toMatchObject({ workers: 1 });
    // A few random cases and a bound on shrinking, unless asked otherwise; none of that without --agent.
    expect(agent).toMatchObject({ runs: 3, shrinkBudget: 180_000 });
    expect(parseRunOptions(["--agent", "codex", "--runs", "10", "--shrink-budget", "0"])).toMatchObject({ runs: 10, shrinkBudget: 0 });
    expect(parseRunOptions([])).toMatchObject({ runs: 25, shrinkBudget: undefined });
    const host = chooseHost({ ...agent, agentChoice: { bin: "/opt/codex", variant: "required", noIsolation: true } });
    expect(host.launcher.command.at(-6)).toMatch(/hosts\/agent-clis\/codex\/adapter\.ts$/);
    expect(host.launcher.command.slice(-5)).toEqual(["--variant", "required", "--bin", "/opt/codex", "--no-isolation"]);
    expect(host.launcher.reproArgs).toEqual(["--agent", "codex", "--agent-variant", "required", "--agent-bin", "/opt/codex", "--agent-no-isolation"]);
  });

  it("refuses two hosts at once, an unknown agent, and agent flags without --agent", () => {
    expect(() => parseRunOptions(["--agent", "codex", "--host", "last-wins"])).toThrow(/one of/);
    expect(() => parseRunOptions(["--agent", "codex", "--", "node", "x.js"])).toThrow(/one of/);
    expect(() => parseRunOptions(["--agent", "cursor"])).toThrow();
    expect(() => parseRunOptions(["--agent-variant", "required"])).toThrow(/need --agent/);
  });
});

describe("--max-line-bytes", () => {
  it("defaults to 32 MiB and reads a bound within 1 KiB .. 256 MiB", () => {
    expect(parseRunOptions([]).maxLineBytes).toBe(32 * 1024 * 1024);
    expect(parseRunOptions(["--max-line-bytes", "4096"]).maxLineBytes).toBe(4096);
    expect(() => parseRunOptions(["--max-line-bytes", "10"])).toThrow();
    expect(() => parseRunOptions(["--max-line-bytes", String(2 ** 30)])).toThrow();
  });
});
