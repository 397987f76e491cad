/** The configuration each agent CLI adapter writes and the CLI output it reads, without any CLI installed. */
import { describe, expect, it } from "vitest";
import type { ServerConfig } from "../../harness/index.ts";
import { claudeErrors, deferredNames } from "./claude-code/claude-code.ts";
import { codexConfig, codexErrors } from "./codex/codex.ts";
import { geminiSettings } from "./gemini-cli/gemini-cli.ts";
import { portsOf } from "./isolation/netns-sandbox.ts";
import { tomlArray, tomlInlineTable, tomlString } from "./toml.ts";

const servers: ServerConfig[] = [
  { key: 'we"ird\\key', transport: { type: "http", url: "http://127.0.0.1:4100/mcp/tok" } },
  { key: "alpha", transport: { type: "stdio", command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200", "t"], env: { K: "v\n" } } },
];

describe("agent CLI configuration", () => {
  it("TOML strings escape quotes, backslashes and control characters", () => {
    expect(tomlString('a"b\\c\nd\u0001')).toBe('"a\\"b\\\\c\\u000ad\\u0001"');
    expect(tomlArray(["x", "y"])).toBe('["x", "y"]');
    expect(tomlInlineTable({ "a b": "c" })).toBe('{ "a b" = "c" }');
  });

  it("Codex: a provider at the fake one, telemetry off, one quoted table per server in order, required only in that variant", () => {
    const toml = codexConfig(servers, "http://127.0.0.1:9999", false);
    expect(toml).toContain('base_url = "http://127.0.0.1:9999/v1"');
    expect(toml).toContain('wire_api = "responses"');
    expect(toml).toMatch(/\[analytics\]\nenabled = false/);
    expect(toml).toContain("check_for_update_on_startup = false");
    const weird = toml.indexOf('[mcp_servers."we\\"ird\\\\key"]\nurl = "http://127.0.0.1:4100/mcp/tok"');
    const alpha = toml.indexOf('[mcp_servers."alpha"]\ncommand = "/usr/bin/node"\nargs = ["/x/shim.cjs", "127.0.0.1:4200", "t"]\nenv = { "K" = "v\\u000a" }');
    expect(weird).toBeGreaterThan(0);
    expect(alpha).toBeGreaterThan(weird);
    expect(toml).not.toContain("required");
    expect(codexConfig(servers, "http://127.0.0.1:9999", true).match(/required = true/g)).toHaveLength(2);
  });

  it("Gemini: API-key auth, telemetry and usage statistics off, every server trusted, keys kept as given", () => {
    expect(geminiSettings(servers)).toEqual({
      security: { auth: { selectedType: "gemini-api-key" } },
      privacy: { usageStatisticsEnabled: false },
      telemetry: { enabled: false },
      general: { disableAutoUpdate: true, disableUpdateNag: true },
      mcpServers: {
        'we"ird\\key': { httpUrl: "http://127.0.0.1:4100/mcp/tok", trust: true },
        alpha: { command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200", "t"], env: { K: "v\n" }, trust: true },
      },
    });
  });

  it("Claude Code: reads the deferred tool list and the init event's failed servers", () => {
    const text = "intro\nThe following deferred tools are now available via ToolSearch. Use ToolSearch with query \"select:<name>\":\nCronCreate\nmcp__alpha__search\n\nAvailable agent types:";
    expect(deferredNames(text)).toEqual(["CronCreate", "mcp__alpha__search"]);
    const init = JSON.stringify({ type: "system", subtype: "init", mcp_servers: [{ name: "alpha", status: "connected" }, { name: "beta", status: "failed" }, { name: "gamma", status: "pending" }] });
    expect(claudeErrors(`${init}\n{"type":"other"}`, ["alpha", "beta"])).toEqual([
      { server: "beta", message: 'MCP server "beta": failed' },
      { message: 'MCP server "gamma": pending' },
    ]);
  });

  it("Codex: only lines about MCP failures are errors (not a temp path that happens to contain mcp)", () => {
    expect(codexErrors("WARNING: could not create PATH aliases under /tmp/mcp-collide-codex-x\nERROR: MCP client for `beta` failed to start: boom\nok")).toEqual([
      { message: "ERROR: MCP client for `beta` failed to start: boom" },
    ]);
  });

  it("bridges exactly the loopback ports the provider and the servers' transports name", () => {
    expect(portsOf(["http://127.0.0.1:9999", "http://127.0.0.1:4100/mcp/tok", "http://example.invalid:81/"], ["/x/shim.cjs", "127.0.0.1:4200", "10.0.0.1:5"])).toEqual([4100, 4200, 9999]);
  });
});
