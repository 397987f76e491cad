/** What the Kilo module writes and reads, without Kilo installed. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { callResultOf, cliResult, defineAgentModule, installedCli, type ServerConfig } from "../../../harness/agent-kit.ts";
import { missingInstall, skipTitle } from "../../../harness/index.ts";
import { opencode } from "../../agent-clis/opencode/opencode.ts";
import module, { kiloCli, kiloConfig } from "./kilo.ts";

const servers: ServerConfig[] = [
  { key: 'we"ird key', transport: { type: "http", url: "http://127.0.0.1:4100/mcp/tok" } },
  { key: "alpha", transport: { type: "stdio", command: "/usr/bin/node", args: ["/x/shim.cjs", "127.0.0.1:4200"], env: { K: "v" } } },
];

/** Kilo 7.7.7's answer to a call of a name it does not show (measured). */
const refusal = "Model tried to call unavailable tool 'no_such_tool'. Available tools: alpha_search, bash, beta_search, edit.";

/** Why the pinned Kilo CLI beside this module cannot be used here (`npm run agents:modules`), if it cannot. */
const noKilo = missingInstall("agent-module:kilo");

describe("the Kilo agent module", () => {
  it.skipIf(noKilo !== undefined)(skipTitle("finds the pinned Kilo install beside its module, at the version its package.json pins", noKilo), () => {
    const pinned = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")).dependencies["@kilocode/cli"];
    expect(installedCli(kiloCli(), new URL("./kilo.ts", import.meta.url).pathname)?.version).toBe(pinned);
  });

  it("is a module whose AgentCli agrees with its manifest", () => {
    expect(defineAgentModule(module).manifest).toMatchObject({ id: "kilo", package: "@kilocode/cli", bin: "kilo" });
  });

  it("writes the file KILO_CONFIG names: the fake provider, every server in order, every permission allowed; its switches off, every XDG folder in the home", () => {
    const home = mkdtempSync(join(tmpdir(), "mcp-collide-kilo-"));
    try {
      const launch = kiloCli().launch({ home, cwd: home, servers, providerOrigin: "http://127.0.0.1:9999", apiKey: "k1", prompt: "p", bin: "/bin/kilo" });
      expect(launch.argv).toEqual(["/bin/kilo", "run", "p"]);
      const config = JSON.parse(readFileSync(launch.env.KILO_CONFIG!, "utf8"));
      expect(config).toEqual(kiloConfig(servers, "http://127.0.0.1:9999", "k1"));
      expect(config.provider.fake).toMatchObject({ npm: "@ai-sdk/openai-compatible", options: { baseURL: "http://127.0.0.1:9999/v1", apiKey: "k1" } });
      expect(Object.keys(config.mcp)).toEqual(['we"ird key', "alpha"]);
      expect(config.mcp.alpha).toEqual({ type: "local", command: ["/usr/bin/node", "/x/shim.cjs", "127.0.0.1:4200"], environment: { K: "v" }, enabled: true });
      expect(config).toMatchObject({ permission: { "*": "allow" }, autoupdate: false, share: "disabled" });
      for (const name of ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"]) expect(launch.env[name]!.startsWith(home), name).toBe(true);
      expect(launch.env).toMatchObject({ KILO_DISABLE_AUTOUPDATE: "true", KILO_DISABLE_MODELS_FETCH: "true", KILO_DISABLE_SESSION_INGEST: "true" });
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });

  it("reads its own words for a failed call as an error, and a tool's own words as output", () => {
    const read = (text: string) => cliResult(kiloCli(), [{ id: "c1", isError: false, text }], "c1", "x")?.isError;
    expect(read(refusal)).toBe(true);
    expect(read("MCP error -32000: Connection closed")).toBe(true);
    expect(read("Invalid input for tool alpha_search: Type validation failed")).toBe(true);
    expect(read('tool "fail" of server "alpha" failed on purpose: the record it was asked for does not exist')).toBe(false);
  });

  it("never borrows opencode's words: opencode's pattern reads Kilo's refusal as a success, which is why a module declares its own", () => {
    const borrowed = cliResult(opencode("default"), [{ id: "c1", isError: false, text: refusal }], "c1", "no_such_tool")!;
    expect(callResultOf(opencode("default"), borrowed)).toEqual({ ok: true, content: [{ type: "text", text: refusal }] });
    expect(callResultOf(kiloCli(), cliResult(kiloCli(), [{ id: "c1", isError: false, text: refusal }], "c1", "no_such_tool")!)).toEqual({ ok: false, error: { message: refusal } });
    // Declaring none is safe: the answer is undetermined, never read as a success.
    const unknown = { ...kiloCli(), failureTexts: undefined };
    expect(callResultOf(unknown, cliResult(unknown, [{ id: "c1", isError: false, text: refusal }], "c1", "no_such_tool")!)).toMatchObject({ ok: true, undetermined: expect.stringContaining("no failureTexts") });
  });
});
