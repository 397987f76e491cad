import { describe, expect, it } from "vitest";
import { chooseFlaggedHost } from "./host-choice.ts";
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
    expect(() => parseReproOptions(["r.json", "--host", "x", "--", "node"])).toThrow(/one of --host NAME/);
    expect(() => parseReproOptions(["a.json", "b.json"])).toThrow(/at most one report/);
    expect(() => parseReproOptions(["r.json", "--expect", "maybe"])).toThrow();
  });
});

describe("repro's agent and gateway flags (the words a repro line of run --agent or --gateway ends in)", () => {
  const line = (...host: string[]) => ["--clause", "surface/no-silent-loss", "--seed", "2026", "--path", "1", "--transport", "http", ...host];

  it("reads an agent CLI's repro line, with its longer bounds, and launches the agent CLI run --agent launches", () => {
    const options = parseReproOptions(line("--agent", "opencode"));
    expect(options).toMatchObject({ agent: "opencode", seed: 2026, path: "1", timeout: 300_000, caseTimeout: 1_800_000 });
    const host = chooseFlaggedHost(options);
    expect(host.launcher.command).toEqual(expect.arrayContaining([expect.stringMatching(/harness\/agent\/agent-module-main\.ts$/), "--module", expect.stringMatching(/hosts\/agent-clis\/opencode\/opencode\.ts$/)]));
    expect(host.launcher.reproArgs).toEqual(["--agent", "opencode"]);
    const module = parseReproOptions(["r.json", "--agent-module", "./cn.ts", "--agent-variant", "eager", "--agent-bin", "/opt/cn", "--agent-no-isolation"]);
    expect(module).toMatchObject({ agentModule: "./cn.ts", agentVariant: "eager", agentBin: "/opt/cn", agentNoIsolation: true });
    expect(chooseFlaggedHost(module).launcher.reproArgs).toEqual(["--agent-module", "./cn.ts", "--agent-variant", "eager", "--agent-bin", "/opt/cn", "--agent-no-isolation"]);
  });

  it("reads a gateway's repro line, and launches the gateway adapter on its module", () => {
    const options = parseReproOptions(line("--gateway", "mcp-hub"));
    expect(options).toMatchObject({ gateway: "mcp-hub", timeout: 300_000, caseTimeout: 1_800_000 });
    const host = chooseFlaggedHost(options);
    expect(host.launcher.command.slice(-3)).toEqual([expect.stringMatching(/hosts\/gateways\/gateway-main\.ts$/), "--module", expect.stringMatching(/hosts\/gateways\/mcp-hub\/mcp-hub\.ts$/)]);
    expect(host.launcher.reproArgs).toEqual(["--gateway", "mcp-hub"]);
    expect(chooseFlaggedHost(parseReproOptions(["r.json", "--gateway-module", "./g.ts", "--gateway-no-isolation"])).launcher.reproArgs).toEqual(["--gateway-module", "./g.ts", "--gateway-no-isolation"]);
  });

  it("keeps a bound given on the command line, and the short bounds for other hosts", () => {
    expect(parseReproOptions(["r.json", "--gateway", "mcp-hub", "--timeout", "5000", "--case-timeout", "9000"])).toMatchObject({ timeout: 5000, caseTimeout: 9000 });
    expect(parseReproOptions(["r.json"])).toMatchObject({ timeout: 30_000, caseTimeout: 120_000 });
    expect(parseReproOptions(line("--host", "last-wins"))).toMatchObject({ timeout: 30_000, caseTimeout: 120_000 });
  });

  it("refuses two hosts at once, an unknown id, an agent's or a gateway's option alone, and a recorded command beside a named host", () => {
    expect(() => parseReproOptions(["r.json", "--agent", "opencode", "--host", "last-wins"])).toThrow(/one of --host NAME, --agent ID/);
    expect(() => parseReproOptions(["r.json", "--agent", "opencode", "--", "node", "x.js"])).toThrow(/one of --host NAME, --agent ID/);
    expect(() => parseReproOptions(["r.json", "--agent", "opencode", "--gateway", "mcp-hub"])).toThrow(/one of --host NAME, --agent ID/);
    expect(() => parseReproOptions(["r.json", "--gateway-module", "./g.ts", "--host", "last-wins"])).toThrow(/one of --host NAME, --agent ID/);
    expect(() => parseReproOptions(["r.json", "--agent", "cursor"])).toThrow(/unknown agent CLI/);
    expect(() => parseReproOptions(["r.json", "--gateway", "nope"])).toThrow(/unknown gateway/);
    expect(() => parseReproOptions(["r.json", "--agent-variant", "eager"])).toThrow(/need --agent ID or --agent-module/);
    expect(() => parseReproOptions(["r.json", "--gateway-no-isolation"])).toThrow(/needs --gateway ID or --gateway-module/);
    expect(() => parseReproOptions(["r.json", "--agent", "opencode", "--trust-report-command"])).toThrow(/--trust-report-command runs the host command recorded/);
    expect(() => parseReproOptions(["r.json", "--gateway", "mcp-hub", "--trust-report-command"])).toThrow(/--trust-report-command runs the host command recorded/);
  });
});
