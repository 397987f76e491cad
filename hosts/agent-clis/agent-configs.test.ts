/** The configuration each agent CLI adapter writes and the CLI output it reads, without any CLI installed. */
import { describe, expect, it } from "vitest";
import type { ServerConfig } from "../../harness/index.ts";
import { claudeErrors, deferredNames } from "./claude-code/claude-code.ts";
import type { HeldTurn } from "../../fake-servers/index.ts";
import { callReply, codeModeResult, codeModeSurface, LISTING_ID, listingReply } from "./codex/code-mode.ts";
import { codexConfig, codexErrors } from "./codex/codex.ts";
import { geminiSettings } from "./gemini-cli/gemini-cli.ts";
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
    const toml = codexConfig(servers, "http://127.0.0.1:9999", "default");
    expect(toml).toContain('base_url = "http://127.0.0.1:9999/v1"');
    expect(toml).toContain('wire_api = "responses"');
    expect(toml).toMatch(/\[analytics\]\nenabled = false/);
    expect(toml).toContain("check_for_update_on_startup = false");
    const weird = toml.indexOf('[mcp_servers."we\\"ird\\\\key"]\nurl = "http://127.0.0.1:4100/mcp/tok"');
    const alpha = toml.indexOf('[mcp_servers."alpha"]\ncommand = "/usr/bin/node"\nargs = ["/x/shim.cjs", "127.0.0.1:4200", "t"]\nenv = { "K" = "v\\u000a" }');
    expect(weird).toBeGreaterThan(0);
    expect(alpha).toBeGreaterThan(weird);
    expect(toml).not.toContain("required");
    expect(codexConfig(servers, "http://127.0.0.1:9999", "required").match(/required = true/g)).toHaveLength(2);
  });

  it("Codex code mode: no model slug (Codex picks its own default), nothing else changed", () => {
    expect(codexConfig(servers, "http://127.0.0.1:9999", "default")).toMatch(/^model = "mcp-collide-fake"\n/);
    expect(codexConfig(servers, "http://127.0.0.1:9999", "code-mode")).toBe(codexConfig(servers, "http://127.0.0.1:9999", "default").replace(/^model = .*\n/, ""));
  });

  it("Codex code mode: a call is one exec script indexing tools by the exact name, arguments parsed from JSON", async () => {
    const reply = callReply('mcp__a__x"y', JSON.parse('{"__proto__":1,"probe":"p"}'), "call_9");
    expect(reply).toMatchObject({ type: "custom-tool-call", id: "call_9", name: "exec" });
    const input = (reply as { input: string }).input;
    expect(input.split("\n")[0]).toMatch(/^\/\/ @exec: \{"yield_time_ms":\d+,"max_output_tokens":\d+\}$/);
    // Run the script as Codex's isolate would, with a stand-in `tools` object: the name and every key arrive exactly.
    const seen: unknown[] = [];
    const printed: string[] = [];
    const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (...args: string[]) => (...values: unknown[]) => Promise<void>;
    await new AsyncFunction("tools", "text", input)({ 'mcp__a__x"y': async (args: unknown) => { seen.push(args); return { content: [] }; } }, (value: string) => printed.push(value));
    expect(seen).toEqual([JSON.parse('{"__proto__":1,"probe":"p"}')]);
    expect(Object.keys(seen[0] as object)).toEqual(["__proto__", "probe"]);
    expect(printed).toEqual(['{"content":[]}']);
    expect(listingReply()).toMatchObject({ type: "custom-tool-call", id: LISTING_ID, name: "exec", input: expect.stringContaining("ALL_TOOLS") });
  });

  it("Codex code mode: the surface is the ALL_TOOLS listing; a failed or cut listing is an error, never a shorter surface", () => {
    const output = (header: string, body: string) => JSON.stringify([{ type: "input_text", text: header }, { type: "input_text", text: body }]);
    const turn = (results: Array<{ id: string; text: string }>) => ({ content: { tools: [], text: "", toolResults: results.map((result) => ({ ...result, isError: false })) } }) as unknown as HeldTurn;
    const listed = [{ name: "mcp__alpha__a_b", description: "Fake tool" }, { name: "exec_command", description: "Runs a command" }];
    expect(codeModeSurface(turn([]))).toEqual([]);
    expect(codeModeSurface(turn([{ id: LISTING_ID, text: output("Script completed\nOutput:\n", JSON.stringify(listed)) }]))).toEqual(listed);
    expect(() => codeModeSurface(turn([{ id: LISTING_ID, text: output("Script completed\nOutput:\n", JSON.stringify(listed).slice(0, 30)) }]))).toThrow(/does not parse/);
    expect(() => codeModeSurface(turn([{ id: LISTING_ID, text: output("Script failed\nOutput:\n", "Script error: boom") }]))).toThrow(/did not complete.*boom/s);
    expect(() => codeModeSurface(turn([{ id: "other", text: "x" }]))).toThrow(/no result/);
  });

  it("Codex code mode: a call's result is the CallToolResult's text; a failed script or isError is an error", () => {
    const result = (header: string, body: string) => [{ id: "c", isError: false, text: JSON.stringify([{ type: "input_text", text: header }, { type: "input_text", text: body }]) }];
    expect(codeModeResult(result("Script completed\n", JSON.stringify({ content: [{ type: "text", text: "hi" }] })), "c")).toMatchObject({ isError: false, text: "hi" });
    expect(codeModeResult(result("Script completed\n", JSON.stringify({ content: [{ type: "text", text: "no" }], isError: true })), "c")).toMatchObject({ isError: true, text: "no" });
    expect(codeModeResult(result("Script failed\n", "TypeError: tools.x is not a function"), "c")).toMatchObject({ isError: true, text: "Script failed\nTypeError: tools.x is not a function" });
    expect(codeModeResult(result("Script running with cell ID 3\n", ""), "c")).toMatchObject({ isError: true });
    expect(codeModeResult(result("Script completed\n", "undefined"), "c")).toMatchObject({ isError: true, text: "not a CallToolResult: undefined" });
    expect(codeModeResult(result("Script completed\n", "{}"), "other")).toBeUndefined();
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
});
