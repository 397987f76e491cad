/** What the Copilot CLI adapter writes and reads, without the CLI installed. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ServerConfig } from "../../../harness/index.ts";
import { copilot, copilotErrors, copilotMcpConfig, copilotResult } from "./copilot.ts";

const servers: ServerConfig[] = [
  { key: "zeta web", transport: { type: "http", url: "http://127.0.0.1:4100/mcp/tok" } },
  { key: "alpha", transport: { type: "stdio", command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200"], env: { K: "v" } } },
];

/** Two lines of Copilot 1.0.102's `--output-format json` stream for a server whose command does not exist (recorded 2026-12-05). */
const failedGone = [
  '{"type":"session.mcp_server_status_changed","data":{"serverName":"gone","status":"pending"},"ephemeral":true}',
  '{"type":"session.mcp_server_status_changed","data":{"serverName":"gone","status":"failed","error":"failed to spawn MCP server process: No such file or directory (os error 2)","errorClassification":"os_not_found","configSource":"user"},"ephemeral":true}',
  '{"type":"session.mcp_server_status_changed","data":{"serverName":"alpha","status":"connected","configSource":"user"},"ephemeral":true}',
].join("\n");

describe("Copilot CLI adapter", () => {
  it("writes every server under its key, in configuration order, all tools enabled", () => {
    const config = copilotMcpConfig(servers) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(config.mcpServers)).toEqual(["zeta web", "alpha"]);
    expect(config.mcpServers["zeta web"]).toEqual({ type: "http", url: "http://127.0.0.1:4100/mcp/tok", tools: ["*"] });
    expect(config.mcpServers.alpha).toEqual({ type: "local", command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200"], env: { K: "v" }, tools: ["*"] });
  });

  it("starts offline at the fake provider's Chat Completions endpoint, the package cache shared beside the session", () => {
    const scratch = mkdtempSync(join(tmpdir(), "mcp-collide-copilot-test-"));
    try {
      const home = join(scratch, "session-1", "home");
      mkdirSync(home, { recursive: true });
      const shared = join(scratch, copilot().sharedFolder!);
      const launch = copilot().launch({ home, cwd: scratch, servers, providerOrigin: "http://127.0.0.1:9999", apiKey: "k1", prompt: "p", bin: "copilot", shared });
      expect(launch.env).toMatchObject({ HOME: home, COPILOT_OFFLINE: "true", COPILOT_PROVIDER_BASE_URL: "http://127.0.0.1:9999/v1", COPILOT_PROVIDER_API_KEY: "k1", COPILOT_AUTO_UPDATE: "false" });
      expect(launch.env.COPILOT_PROVIDER_WIRE_API).toBeUndefined();
      expect(launch.env.COPILOT_PKG_CACHE_HOME).toBe(shared);
      expect(launch.argv.slice(0, 3)).toEqual(["copilot", "-p", "p"]);
      expect(launch.argv).toEqual(expect.arrayContaining(["--allow-all-tools", "--output-format", "json", "--no-auto-update", "--disable-builtin-mcps"]));
      expect(JSON.parse(readFileSync(join(home, ".copilot", "mcp-config.json"), "utf8"))).toEqual(copilotMcpConfig(servers));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("names each server its JSON events report failed, on stdout, and nothing for one that connected", () => {
    expect(copilotErrors(failedGone, ["gone", "alpha"])).toEqual([
      { server: "gone", message: 'MCP server "gone" failed: failed to spawn MCP server process: No such file or directory (os error 2)', channel: "stdout" },
    ]);
    expect(copilotErrors(failedGone, ["alpha"])).toEqual([{ message: expect.stringContaining('"gone" failed'), channel: "stdout" }]);
    expect(copilotErrors("Total usage est: 0\nnot json {", ["alpha"])).toEqual([]);
  });

  it("reads a failed call's error message as an error, a tool's own text as output", () => {
    const read = (text: string) => copilotResult({ id: "c", isError: false, text });
    expect(read("MCP server 'alpha': tool \"fail\" of server \"alpha\" failed on purpose").isError).toBe(true);
    expect(read("Tool 'nope' does not exist. Available tools that can be called are bash, alpha-search.").isError).toBe(true);
    expect(read("result from alpha: MCP server 'alpha': not a prefix").isError).toBe(false);
    expect(read('{"content":"x"}').isError).toBe(false);
  });
});
