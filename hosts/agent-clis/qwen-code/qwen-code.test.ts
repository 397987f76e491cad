/** The configuration the Qwen Code adapter writes and the turns it reads, without Qwen Code installed. */
import { describe, expect, it } from "vitest";
import type { HeldTurn } from "../../../fake-servers/index.ts";
import type { ServerConfig } from "../../../harness/index.ts";
import { qwenCode, qwenDeferredNames, qwenSettings } from "./qwen-code.ts";
import { cliResult } from "../../../harness/agent-kit.ts";

const servers: ServerConfig[] = [
  { key: "beta", transport: { type: "http", url: "http://127.0.0.1:4100/mcp/tok" } },
  { key: "alpha", transport: { type: "stdio", command: "/usr/bin/node", args: ["/x/shim.cjs"], env: { K: "v" } } },
];

const PROMPT = 'You are Qwen Code.\n\n## Deferred Tools\n\nThe following tools are available...\n\n> The names ...\n\n- "cron_create": "Schedule"\n- "mcp__alpha__a\\"b": "x"\n- "mcp__beta__search": "⟦id=...⟧"';

const turn = (tools: string[], text: string, results = 0) => ({
  record: { seq: 7 }, content: { tools: tools.map((name) => ({ name, description: "d" })), toolResults: Array.from({ length: results }, () => ({ isError: false, text: "" })), text },
}) as unknown as HeldTurn;

describe("Qwen Code configuration", () => {
  it("OpenAI auth, every server trusted in order, statistics, telemetry and updates off; eager denies tool_search", () => {
    const settings = qwenSettings(servers, "default") as Record<string, any>;
    expect(settings).toMatchObject({ security: { auth: { selectedType: "openai" } }, privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false }, general: { enableAutoUpdate: false } });
    expect(Object.keys(settings.mcpServers)).toEqual(["beta", "alpha"]);
    expect(settings.mcpServers.beta).toEqual({ httpUrl: "http://127.0.0.1:4100/mcp/tok", trust: true });
    expect(settings.mcpServers.alpha).toEqual({ command: "/usr/bin/node", args: ["/x/shim.cjs"], env: { K: "v" }, trust: true });
    expect(settings.permissions).toBeUndefined();
    expect((qwenSettings(servers, "eager") as Record<string, any>).permissions).toEqual({ deny: ["tool_search"] });
  });

  it("reads the deferred listing, and loads every listed tool through tool_search before the surface is read", () => {
    expect(qwenDeferredNames(PROMPT)).toEqual(["cron_create", 'mcp__alpha__a"b', "mcp__beta__search"]);
    const cli = qwenCode("default");
    const first = turn(["tool_search"], PROMPT);
    const surface = cli.surface!(first);
    expect(surface.map((tool) => [tool.name, tool.description])).toEqual([["tool_search", "d"], ["cron_create", undefined], ['mcp__alpha__a"b', undefined], ["mcp__beta__search", undefined]]);
    expect(cli.warmUp!(first, surface)).toEqual({ type: "tool-call", id: "call_mcpcollide_search7", name: "tool_search", arguments: { query: 'select:cron_create,mcp__alpha__a"b,mcp__beta__search', max_results: 3 } });
    const loaded = turn(["tool_search", "cron_create", 'mcp__alpha__a"b', "mcp__beta__search"], PROMPT, 1);
    expect(cli.warmUp!(loaded, cli.surface!(loaded))).toBeUndefined();
    expect(qwenCode("eager").warmUp!(first, surface)).toBeUndefined();
  });

  it("its own words for a failed call are errors; a tool's own words are not", () => {
    const cli = qwenCode("default");
    const read = (text: string) => cliResult(cli, [{ id: "c1", isError: false, text }], "c1", "x");
    expect(read('Tool "x" not found in registry. Tools must use the exact names that are registered.')?.isError).toBe(true);
    expect(read("MCP tool 'fail' reported tool error for function call: {\"name\":\"fail\"} with response: []")?.isError).toBe(true);
    expect(read('tool "fail" of server "alpha" failed on purpose')?.isError).toBe(false);
  });
});
