/** The configuration the opencode adapter writes and the output it reads, without opencode installed. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ServerConfig } from "../../../harness/index.ts";
import { opencode, opencodeConfig, opencodeErrors } from "./opencode.ts";
import { cliResult } from "../../../harness/agent-kit.ts";

const servers: ServerConfig[] = [
  { key: 'we"ird key', transport: { type: "http", url: "http://127.0.0.1:4100/mcp/tok" } },
  { key: "alpha", transport: { type: "stdio", command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200"], env: { K: "v" } } },
];

describe("opencode configuration", () => {
  it("a provider at the fake endpoint per variant, every server in order, every permission allowed, updates off", () => {
    const config = opencodeConfig(servers, "http://127.0.0.1:9999", "key-1", "default") as Record<string, any>;
    expect(config.provider.fake).toMatchObject({ npm: "@ai-sdk/openai-compatible", options: { baseURL: "http://127.0.0.1:9999/v1", apiKey: "key-1" } });
    expect(config.model).toBe("fake/mcp-collide-fake");
    expect(Object.keys(config.mcp)).toEqual(['we"ird key', "alpha"]);
    expect(config.mcp['we"ird key']).toEqual({ type: "remote", url: "http://127.0.0.1:4100/mcp/tok", enabled: true });
    expect(config.mcp.alpha).toEqual({ type: "local", command: ["/usr/bin/node", "/x/shim.cjs", "127.0.0.1:4200"], environment: { K: "v" }, enabled: true });
    expect(config).toMatchObject({ permission: { "*": "allow" }, autoupdate: false, share: "disabled" });
    const anthropic = opencodeConfig(servers, "http://127.0.0.1:9999", "key-1", "anthropic") as Record<string, any>;
    expect(anthropic.provider).toEqual({ anthropic: expect.objectContaining({ options: { baseURL: "http://127.0.0.1:9999/v1", apiKey: "key-1" } }) });
    expect(anthropic.model).toBe("anthropic/mcp-collide-fake");
  });

  it("launch writes the file OPENCODE_CONFIG names, keeps every XDG directory in the home, and reads its logs as log files", () => {
    const home = mkdtempSync(join(tmpdir(), "mcp-collide-opencode-"));
    try {
      const cli = opencode("default");
      const launch = cli.launch({ home, cwd: home, servers, providerOrigin: "http://127.0.0.1:9999", apiKey: "k", prompt: "p", bin: "/bin/opencode" });
      expect(launch.argv).toEqual(["/bin/opencode", "run", "p"]);
      expect(JSON.parse(readFileSync(launch.env.OPENCODE_CONFIG!, "utf8"))).toEqual(opencodeConfig(servers, "http://127.0.0.1:9999", "k", "default"));
      for (const name of ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"]) expect(launch.env[name]!.startsWith(home), name).toBe(true);
      expect(launch.env.OPENCODE_DISABLE_AUTOUPDATE).toBe("true");
      expect(cli.logFiles!({ home, cwd: home })).toEqual([join(home, ".local/share/opencode/log")]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("its refusal of an unknown name is an error; a tool's own words are not; MCP lines it prints are errors with their channel", () => {
    const cli = opencode("default");
    const read = (text: string) => cliResult(cli, [{ id: "c1", isError: false, text }], "c1", "x");
    expect(read("The arguments provided to the tool are invalid: Model tried to call unavailable tool 'x'.")?.isError).toBe(true);
    expect(read("tool \"fail\" of server \"alpha\" failed on purpose")?.isError).toBe(false);
    expect(opencodeErrors({ stdout: "", stderr: "INFO ok\nERROR mcp server alpha failed to connect\n" })).toEqual([{ message: "ERROR mcp server alpha failed to connect", channel: "stderr" }]);
  });
});
