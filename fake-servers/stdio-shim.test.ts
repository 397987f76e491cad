import { spawn } from "node:child_process";
import { accessSync, chmodSync, constants, copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveServer } from "./live-server.ts";
import { Recorder } from "./recorder.ts";
import { ServerScriptSchema } from "./server-script.ts";
import { PERL_SHIM_PATH, RELAY_TOKEN_VARIABLE, STDIO_SHIM_PATH, StdioRelay } from "./stdio-relay.ts";

type Shim = "node" | "perl";
/** The perl the relay should find (the first on PATH), if any: where there is one, the perl shim must work. */
const perl = (process.env.PATH ?? "").split(delimiter).filter(Boolean).map((dir) => join(dir, "perl")).find((file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
});
const shims: Shim[] = perl === undefined ? ["node"] : ["node", "perl"];

/**
 * Runs the `shim` (or a copy of it at `script`) with `args` (and `env`, as a host passes a spec's env), feeding
 * `input`; resolves with its exit code and stdout.
 */
function runShim(shim: Shim, args: string[], input?: string, options: { env?: Record<string, string>; uid?: number; script?: string } = {}): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const [command, script] = shim === "node" ? [process.execPath, STDIO_SHIM_PATH] : [perl!, PERL_SHIM_PATH];
    const child = spawn(command, [options.script ?? script, ...args], {
      stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, ...options.env },
      ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.on("exit", (code) => resolve({ code, stdout }));
    // A shim that is refused may exit before it reads its input: the write then fails with EPIPE, which is
    // the behaviour under test, not an error of the test.
    child.stdin.on("error", () => undefined);
    if (input !== undefined) child.stdin.end(input);
  });
}

let relay: StdioRelay;
beforeAll(async () => {
  relay = await StdioRelay.start();
});
afterAll(async () => {
  await relay.close();
  await relay.close();
});

describe("stdio relay", () => {
  it("hands hosts the perl shim where perl can serve, the node shim when told to, the token in the environment either way", async () => {
    const env = { [RELAY_TOKEN_VARIABLE]: "t" };
    expect(relay.specFor("t")).toEqual(perl === undefined
      ? { type: "stdio", command: process.execPath, args: [STDIO_SHIM_PATH, relay.address], env }
      : { type: "stdio", command: perl, args: [PERL_SHIM_PATH, relay.address], env });
    const forced = await StdioRelay.start("node");
    expect(forced.shim).toBe("node");
    expect(forced.specFor("t")).toEqual({ type: "stdio", command: process.execPath, args: [STDIO_SHIM_PATH, forced.address], env: { [RELAY_TOKEN_VARIABLE]: "t" } });
    await forced.close();
  });

  it("hands hosts the node shim when the perl on PATH cannot run a session, not a perl that merely exists", async () => {
    const bin = mkdtempSync(join(tmpdir(), "mcp-collide-fake-perl-"));
    const path = process.env.PATH;
    try {
      writeFileSync(join(bin, "perl"), "#!/bin/sh\nexit 0\n");
      chmodSync(join(bin, "perl"), 0o755);
      process.env.PATH = `${bin}${delimiter}${path ?? ""}`;
      const broken = await StdioRelay.start();
      expect(broken.shim).toBe("node");
      await broken.close();
    } finally {
      process.env.PATH = path;
      rmSync(bin, { recursive: true, force: true });
    }
  });

  it("keeps the token off the command line (another user reads /proc/<pid>/cmdline, not environ)", () => {
    const spec = relay.specFor("secret-token-123");
    expect([spec.command, ...spec.args].join(" ")).not.toContain("secret-token-123");
    expect(spec.env?.[RELAY_TOKEN_VARIABLE]).toBe("secret-token-123");
  });
});

describe.each<Shim>(shims)("stdio shim (%s)", (shim) => {
  it("exits 1 at once when the relay refuses its token", async () => {
    const spec = relay.specFor("tok-refused");
    expect((await runShim(shim, spec.args.slice(1), undefined, { env: { ...spec.env, [RELAY_TOKEN_VARIABLE]: "not-a-token" } })).code).toBe(1);
  });

  it("exits 1 at once when nothing listens", async () => {
    const gone = await StdioRelay.start();
    const spec = gone.specFor("token");
    await gone.close();
    expect((await runShim(shim, spec.args.slice(1), undefined, { env: spec.env })).code).toBe(1);
  });

  it("exits 1 on a malformed command line or without its token", async () => {
    expect((await runShim(shim, [])).code).toBe(1);
    expect((await runShim(shim, relay.specFor("tok").args.slice(1))).code).toBe(1);
  });

  it.runIf(process.platform === "linux" && process.getuid?.() === 0)("cannot be reached by another local user holding the token, and records nothing of it", async () => {
    const recorder = new Recorder();
    const server = new LiveServer(ServerScriptSchema.parse({ key: "k", serverInfo: { name: "n", version: "1" }, tools: [] }), recorder);
    relay.register("stolen", server);
    // The shim as nobody can read it: a checkout may sit where nobody cannot (a 0700 home or clone), and a
    // shim that cannot even be read would exit before it tried the relay, proving nothing (perl exits 13).
    const readable = mkdtempSync(join(tmpdir(), "mcp-collide-shim-"));
    try {
      chmodSync(readable, 0o755);
      const script = join(readable, shim === "node" ? "stdio-shim.cjs" : "stdio-shim.pl");
      copyFileSync(shim === "node" ? STDIO_SHIM_PATH : PERL_SHIM_PATH, script);
      chmodSync(script, 0o644);
      const spec = relay.specFor("stolen");
      const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "intruder", version: "1" } } }) + "\n";
      // nobody (65534) with everything the host got: the command line, and even the token.
      const { code } = await runShim(shim, spec.args.slice(1), init, { env: { ...spec.env, [RELAY_TOKEN_VARIABLE]: "stolen" }, uid: 65534, script });
      expect(code).toBe(1);
      expect(recorder.records).toEqual([]);
    } finally {
      rmSync(readable, { recursive: true, force: true });
      relay.unregister("stolen");
      await server.close();
    }
  });

  it("pipes a whole session, flushing what the host wrote before its stdin ended", async () => {
    const recorder = new Recorder();
    const server = new LiveServer(ServerScriptSchema.parse({ key: "k", serverInfo: { name: "n", version: "1" }, tools: [] }), recorder);
    relay.register("tok", server);
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) + "\n";
    const note = JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 99 } }) + "\n";
    const spec = relay.specFor("tok");
    const { code, stdout } = await runShim(shim, spec.args.slice(1), ping + note, { env: spec.env });
    expect(code).toBe(0);
    expect(recorder.records.map((r) => r.method)).toEqual(["ping", "notifications/cancelled"]);
    // The ping may or may not be answered before the shim's stdin closes the session; if it was, it is clean JSON.
    for (const line of stdout.split("\n").filter(Boolean)) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
    relay.unregister("tok");
    await server.close();
  });

  it("carries a whole session both ways, messages far larger than one read or write intact", async () => {
    const recorder = new Recorder();
    const description = "d".repeat(50_000);
    const tools = Array.from({ length: 20 }, (_, index) => ({ name: `tool_${index}`, description }));
    const server = new LiveServer(ServerScriptSchema.parse({ key: "big", serverInfo: { name: "n", version: "1" }, tools }), recorder);
    relay.register("big", server);
    const spec = relay.specFor("big");
    const client = new Client({ name: "test", version: "1" });
    const command = shim === "node" ? process.execPath : perl!;
    await client.connect(new StdioClientTransport({ command, args: [shim === "node" ? STDIO_SHIM_PATH : PERL_SHIM_PATH, ...spec.args.slice(1)], env: spec.env, stderr: "ignore" }));
    const listed = await client.listTools();
    expect(listed.tools.map((tool) => [tool.name, tool.description?.length])).toEqual(tools.map((tool) => [tool.name, 50_000]));
    await client.callTool({ name: "tool_3", arguments: { blob: "b".repeat(1_000_000) } });
    await client.close();
    const call = recorder.records.find((record) => record.method === "tools/call");
    expect(call).toMatchObject({ tool: "tool_3", arguments: { blob: "b".repeat(1_000_000) } });
    relay.unregister("big");
    await server.close();
  });
});
