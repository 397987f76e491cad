import { describe, expect, it } from "vitest";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { chooseHost } from "./host-choice.ts";
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

  it("--agent picks a built-in agent CLI adapter, with slower defaults and the observation cache on", () => {
    const plain = parseRunOptions([]);
    expect(plain).toMatchObject({ timeout: 30_000, caseTimeout: 120_000, workers: availableParallelism(), cacheObservations: false });
    const agent = parseRunOptions(["--agent", "codex", "--agent-variant", "required", "--agent-bin", "/opt/codex", "--agent-no-isolation"]);
    expect(agent).toMatchObject({ agent: "codex", agentVariant: "required", agentBin: "/opt/codex", agentNoIsolation: true, timeout: 300_000, workers: 2 * availableParallelism(), cacheObservations: true });
    expect(parseRunOptions(["--agent", "gemini-cli", "--workers", "1"])).toMatchObject({ workers: 1 });
    // A few random cases and a bound on shrinking, unless asked otherwise; none of that without --agent.
    expect(agent).toMatchObject({ runs: 3, shrinkBudget: 180_000 });
    expect(parseRunOptions(["--agent", "codex", "--runs", "10", "--shrink-budget", "0"])).toMatchObject({ runs: 10, shrinkBudget: 0 });
    expect(parseRunOptions([])).toMatchObject({ runs: 25, shrinkBudget: undefined });
    const host = chooseHost({ ...agent, agentChoice: { bin: "/opt/codex", variant: "required", noIsolation: true } });
    // A registered CLI runs as its module does under --agent-module: one adapter, one path.
    expect(host.launcher.command.slice(-8, -5)).toEqual([expect.stringMatching(/harness\/agent\/agent-module-main\.ts$/), "--module", expect.stringMatching(/hosts\/agent-clis\/codex\/codex\.ts$/)]);
    expect(host.launcher.command.slice(-5)).toEqual(["--variant", "required", "--bin", "/opt/codex", "--no-isolation"]);
    expect(host.launcher.reproArgs).toEqual(["--agent", "codex", "--agent-variant", "required", "--agent-bin", "/opt/codex", "--agent-no-isolation"]);
  });

  it("--agent-module runs an agent module from any folder, with --agent's defaults and flags", () => {
    const options = parseRunOptions(["--agent-module", "./cn.ts", "--agent-variant", "eager"]);
    expect(options).toMatchObject({ agentModule: "./cn.ts", agentVariant: "eager", runs: 3, timeout: 300_000, cacheObservations: true });
    const host = chooseHost({ ...options, agentChoice: { variant: "eager" } });
    expect(host.launcher.command.slice(-5)).toEqual([expect.stringMatching(/harness\/agent\/agent-module-main\.ts$/), "--module", resolve("cn.ts"), "--variant", "eager"]);
    expect(host.launcher.reproArgs).toEqual(["--agent-module", "./cn.ts", "--agent-variant", "eager"]);
    expect(() => parseRunOptions(["--agent-module", "./cn.ts", "--agent", "codex"])).toThrow(/one of/);
  });

  it("refuses two hosts at once, an unknown agent, and agent flags without --agent", () => {
    expect(() => parseRunOptions(["--agent", "codex", "--host", "last-wins"])).toThrow(/one of/);
    expect(() => parseRunOptions(["--agent", "codex", "--", "node", "x.js"])).toThrow(/one of/);
    expect(() => parseRunOptions(["--agent", "cursor"])).toThrow();
    expect(() => parseRunOptions(["--agent-variant", "required"])).toThrow(/need --agent ID or --agent-module/);
  });
});

describe("--gateway, --gateway-module", () => {
  it("start the gateway adapter on a registered module or one's own, with the agent defaults, and name it in the repro line", () => {
    const registered = parseRunOptions(["--gateway", "mcp-hub"]);
    expect(registered).toMatchObject({ gateway: "mcp-hub", gatewayNoIsolation: false, runs: 3, timeout: 300_000, cacheObservations: true });
    const host = chooseHost({ ...registered, gatewayChoice: { id: "mcp-hub" } });
    expect(host.launcher.command.slice(-3, -1)).toEqual([expect.stringMatching(/hosts\/gateways\/gateway-main\.ts$/), "--module"]);
    expect(host.launcher.command.at(-1)).toMatch(/hosts\/gateways\/mcp-hub\/mcp-hub\.ts$/);
    expect(host.launcher.reproArgs).toEqual(["--gateway", "mcp-hub"]);
    const own = parseRunOptions(["--gateway-module", "./my-gateway.ts", "--gateway-no-isolation"]);
    const ownHost = chooseHost({ ...own, gatewayChoice: { module: own.gatewayModule, noIsolation: own.gatewayNoIsolation } });
    expect(ownHost.launcher.command.slice(-3)).toEqual(["--module", expect.stringMatching(/\/my-gateway\.ts$/), "--no-isolation"]);
    expect(ownHost.launcher.reproArgs).toEqual(["--gateway-module", "./my-gateway.ts", "--gateway-no-isolation"]);
  });

  it("refuses an unknown gateway, two hosts at once, and --gateway-no-isolation alone", () => {
    expect(() => parseRunOptions(["--gateway", "nope"])).toThrow(/unknown gateway/);
    expect(() => parseRunOptions(["--gateway", "mcp-hub", "--gateway-module", "x.ts"])).toThrow(/one of/);
    expect(() => parseRunOptions(["--gateway", "mcp-hub", "--agent", "codex"])).toThrow(/one of/);
    expect(() => parseRunOptions(["--gateway-no-isolation"])).toThrow(/needs --gateway/);
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
