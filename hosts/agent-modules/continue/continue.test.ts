/** What the Continue module writes and reads, without cn installed. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliResult, defineAgentModule, type ServerConfig } from "../../../harness/agent-kit.ts";
import module, { continueCli, continueConfig, continueErrors } from "./continue.ts";

const servers: ServerConfig[] = [
  { key: "zeta web", transport: { type: "http", url: "http://127.0.0.1:4100/mcp/tok" } },
  { key: "alpha", transport: { type: "stdio", command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200"], env: { K: "v" } } },
];

describe("the Continue agent module", () => {
  it("is a module whose AgentCli agrees with its manifest", () => {
    expect(defineAgentModule(module).manifest).toMatchObject({ id: "continue", package: "@continuedev/cli", bin: "cn" });
  });

  it("writes one config with the model at the fake Chat Completions endpoint and every server in order, state and updates off in the home", () => {
    const home = mkdtempSync(join(tmpdir(), "mcp-collide-continue-"));
    try {
      const launch = continueCli().launch({ home, cwd: home, servers, providerOrigin: "http://127.0.0.1:9999", apiKey: "k1", prompt: "p", bin: "/bin/cn" });
      expect(launch.argv).toEqual(["/bin/cn", "-p", "p", "--config", join(home, "config.yaml"), "--auto"]);
      expect(JSON.parse(readFileSync(join(home, "config.yaml"), "utf8"))).toEqual(continueConfig(servers, "http://127.0.0.1:9999", "k1"));
      expect(continueConfig(servers, "http://127.0.0.1:9999", "k1")).toMatchObject({
        models: [{ provider: "openai", apiBase: "http://127.0.0.1:9999/v1", apiKey: "k1", roles: ["chat"] }],
        mcpServers: [{ name: "zeta web", type: "streamable-http", url: "http://127.0.0.1:4100/mcp/tok" }, { name: "alpha", command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200"], env: { K: "v" } }],
      });
      expect(launch.env).toMatchObject({ HOME: home, CONTINUE_GLOBAL_DIR: join(home, ".continue"), CONTINUE_CLI_ENABLE_TELEMETRY: "0", CONTINUE_METRICS_ENABLED: "0" });
      expect(JSON.parse(readFileSync(join(home, ".continue", "index", "globalContext.json"), "utf8"))).toEqual({ autoUpdateCli: false });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("reads cn's own words for a failed call as an error, and an MCP result (an array, isError or not) as output", () => {
    const read = (text: string) => cliResult(continueCli(), [{ id: "c1", isError: false, text }], "c1", "x")?.isError;
    expect(read("Tool no_such_tool not found")).toBe(true);
    expect(read("Error executing tool request: Streamable HTTP error: Error POSTing to endpoint")).toBe(true);
    expect(read('Required parameter "q" missing for tool "search"')).toBe(true);
    expect(read('[{"type":"text","text":"tool \\"fail\\" of server \\"alpha\\" failed on purpose"}]')).toBe(false);
    expect(read('[{"type":"text","text":"Tool x not found"}]')).toBe(false);
  });

  it("names each server its headless refusal says failed to load, on stderr", () => {
    const stderr = `${JSON.stringify({ status: "error", message: "MCP server(s) failed to load:\ngone: Streamable HTTP error: 404\nzeta web: connection refused" })}\n`;
    expect(continueErrors(stderr, ["alpha", "gone", "zeta web"])).toEqual([
      { server: "gone", message: "MCP server failed to load: gone: Streamable HTTP error: 404", channel: "stderr" },
      { server: "zeta web", message: "MCP server failed to load: zeta web: connection refused", channel: "stderr" },
    ]);
    expect(continueErrors("plain text\n{not json", ["alpha"])).toEqual([]);
  });
});
