/** What the Cline CLI adapter writes and reads, without the CLI installed. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ServerConfig } from "../../../harness/index.ts";
import { cline, clineErrors, clineMcpSettings, clineProviders, clineResult, RELIST_FILE } from "./cline.ts";

const servers: ServerConfig[] = [
  { key: "zeta web", transport: { type: "http", url: "http://127.0.0.1:4100/mcp/tok" } },
  { key: "alpha", transport: { type: "stdio", command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200"] } },
];

describe("Cline CLI adapter", () => {
  it("writes the provider as `cline auth` does, telemetry off, and every server under its key in configuration order", () => {
    const scratch = mkdtempSync(join(tmpdir(), "mcp-collide-cline-test-"));
    try {
      const home = join(scratch, "home");
      mkdirSync(home);
      const launch = cline().launch({ home, cwd: scratch, servers, providerOrigin: "http://127.0.0.1:9999", apiKey: "k1", prompt: "do it", bin: "cline" });
      const settings = join(home, ".cline", "data", "settings");
      expect(launch.argv).toEqual(["cline", "--yolo", "--json", "--cwd", scratch, "do it"]);
      expect(launch.env).toEqual({ HOME: home, CLINE_MCP_SETTINGS_PATH: join(settings, "cline_mcp_settings.json"), NO_COLOR: "1" });
      const providers = JSON.parse(readFileSync(join(settings, "providers.json"), "utf8"));
      expect(providers).toEqual(clineProviders("http://127.0.0.1:9999", "k1"));
      expect(providers.lastUsedProvider).toBe("openai-compatible");
      expect(providers.providers["openai-compatible"].settings).toEqual({ provider: "openai-compatible", apiKey: "k1", model: "mcp-collide-fake", baseUrl: "http://127.0.0.1:9999/v1" });
      expect(JSON.parse(readFileSync(join(settings, "global-settings.json"), "utf8"))).toEqual({ telemetryOptOut: true, autoUpdateEnabled: false });
      const mcp = JSON.parse(readFileSync(join(settings, "cline_mcp_settings.json"), "utf8"));
      expect(Object.keys(mcp.mcpServers)).toEqual(["zeta web", "alpha"]);
      expect(mcp).toEqual(clineMcpSettings(servers));
      expect(mcp.mcpServers["zeta web"]).toEqual({ type: "streamableHttp", url: "http://127.0.0.1:4100/mcp/tok" });
      expect(mcp.mcpServers.alpha).toEqual({ command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200"], env: {} });
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("re-lists by reading a line of a file in its working directory, a different line each turn (no mistake, no identical call)", () => {
    const scratch = mkdtempSync(join(tmpdir(), "mcp-collide-cline-test-"));
    try {
      const home = join(scratch, "home");
      mkdirSync(home);
      cline().launch({ home, cwd: scratch, servers, providerOrigin: "http://127.0.0.1:9999", apiKey: "k1", prompt: "do it", bin: "cline" });
      const lines = readFileSync(join(scratch, RELIST_FILE), "utf8").split("\n");
      const [first, second] = [1, 2].map((turn) => cline().relistReply?.(`r${turn}`, turn, { home, cwd: scratch }));
      expect(first).toEqual({ type: "tool-call", id: "r1", name: "read_files", arguments: { files: [{ path: join(scratch, RELIST_FILE), start_line: 1, end_line: 1 }] } });
      expect(second).not.toEqual({ ...first, id: "r2" });
      expect(lines.length).toBeGreaterThanOrEqual(64);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });

  it("ends a session with its own submit_and_exit, the arguments its schema requires", () => {
    expect(cline().closingReply?.("end1")).toEqual({ type: "tool-call", id: "end1", name: "submit_and_exit", arguments: { summary: expect.stringMatching(/.{10,}/), verified: true } });
  });

  it("reads the CallToolResult JSON Cline hands its model: content as text, isError and its refusals marked", () => {
    const read = (text: string) => clineResult({ id: "c", isError: false, text });
    expect(read('{"content":[{"type":"text","text":"result one"},{"type":"text","text":"two"}]}')).toEqual({ id: "c", isError: false, text: "result one\ntwo" });
    expect(read('{"isError":true,"content":[{"type":"text","text":"failed on purpose"}]}')).toEqual({ id: "c", isError: true, text: "failed on purpose" });
    expect(read('{"error":"Tool call nosuch was rejected before execution: AI_NoSuchToolError"}')).toEqual({ id: "c", isError: true, text: "Tool call nosuch was rejected before execution: AI_NoSuchToolError" });
    expect(read("plain words")).toEqual({ id: "c", isError: false, text: "plain words" });
  });

  it("counts only MCP failure lines of its own output as errors, each with its channel", () => {
    expect(clineErrors({ stdout: '{"type":"agent_event"}\n[mcp] MCP server "a" failed to start', stderr: "DeprecationWarning: AI SDK Warning" })).toEqual([{ message: '[mcp] MCP server "a" failed to start', channel: "stdout" }]);
    expect(clineErrors({ stdout: "", stderr: "" })).toEqual([]);
  });
});
