import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveServer } from "./live-server.ts";
import { Recorder } from "./recorder.ts";
import { ServerScriptSchema } from "./server-script.ts";
import { RELAY_TOKEN_VARIABLE, STDIO_SHIM_PATH, StdioRelay } from "./stdio-relay.ts";

/** Runs the shim with `args` (and `env`, as a host passes a spec's env), feeding `input`; resolves with its exit code and stdout. */
function runShim(args: string[], input?: string, options: { env?: Record<string, string>; uid?: number } = {}): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [STDIO_SHIM_PATH, ...args], {
      stdio: ["pipe", "pipe", "ignore"], env: { ...process.env, ...options.env },
      ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
    });
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    child.on("exit", (code) => resolve({ code, stdout }));
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

describe("stdio shim", () => {
  it("exits 1 at once when the relay refuses its token", async () => {
    const spec = relay.specFor("tok-refused");
    expect((await runShim(spec.args.slice(1), undefined, { env: { ...spec.env, [RELAY_TOKEN_VARIABLE]: "not-a-token" } })).code).toBe(1);
  });

  it("exits 1 at once when nothing listens", async () => {
    const gone = await StdioRelay.start();
    const spec = gone.specFor("token");
    await gone.close();
    expect((await runShim(spec.args.slice(1), undefined, { env: spec.env })).code).toBe(1);
  });

  it("exits 1 on a malformed command line or without its token", async () => {
    expect((await runShim([])).code).toBe(1);
    expect((await runShim(relay.specFor("tok").args.slice(1))).code).toBe(1);
  });

  it("keeps the token off the command line (another user reads /proc/<pid>/cmdline, not environ)", () => {
    const spec = relay.specFor("secret-token-123");
    expect([spec.command, ...spec.args].join(" ")).not.toContain("secret-token-123");
    expect(spec.env?.[RELAY_TOKEN_VARIABLE]).toBe("secret-token-123");
  });

  it.runIf(process.platform === "linux" && process.getuid?.() === 0)("cannot be reached by another local user holding the token, and records nothing of it", async () => {
    const recorder = new Recorder();
    const server = new LiveServer(ServerScriptSchema.parse({ key: "k", serverInfo: { name: "n", version: "1" }, tools: [] }), recorder);
    relay.register("stolen", server);
    try {
      const spec = relay.specFor("stolen");
      const init = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "intruder", version: "1" } } }) + "\n";
      // nobody (65534) with everything the host got: the command line, and even the token.
      const { code } = await runShim(spec.args.slice(1), init, { env: { ...spec.env, [RELAY_TOKEN_VARIABLE]: "stolen" }, uid: 65534 });
      expect(code).toBe(1);
      expect(recorder.records).toEqual([]);
    } finally {
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
    const { code, stdout } = await runShim(spec.args.slice(1), ping + note, { env: spec.env });
    expect(code).toBe(0);
    expect(recorder.records.map((r) => r.method)).toEqual(["ping", "notifications/cancelled"]);
    // The ping may or may not be answered before the shim's stdin closes the session; if it was, it is clean JSON.
    for (const line of stdout.split("\n").filter(Boolean)) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
    relay.unregister("tok");
    await server.close();
  });
});
