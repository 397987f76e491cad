import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LiveServer } from "./live-server.ts";
import { Recorder } from "./recorder.ts";
import { ServerScriptSchema } from "./server-script.ts";
import { STDIO_SHIM_PATH, StdioRelay } from "./stdio-relay.ts";

/** Runs the shim with `args`, feeding `input`; resolves with its exit code and stdout. */
function runShim(args: string[], input?: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [STDIO_SHIM_PATH, ...args], { stdio: ["pipe", "pipe", "ignore"] });
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
    expect((await runShim([relay.address, "not-a-token"])).code).toBe(1);
  });

  it("exits 1 at once when nothing listens", async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const { port } = probe.address() as { port: number };
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    expect((await runShim([`127.0.0.1:${port}`, "token"])).code).toBe(1);
  });

  it("exits 1 on a malformed command line", async () => {
    expect((await runShim(["no-port"])).code).toBe(1);
  });

  it("pipes a whole session, flushing what the host wrote before its stdin ended", async () => {
    const recorder = new Recorder();
    const server = new LiveServer(ServerScriptSchema.parse({ key: "k", serverInfo: { name: "n", version: "1" }, tools: [] }), recorder);
    relay.register("tok", server);
    const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }) + "\n";
    const note = JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 99 } }) + "\n";
    const { code, stdout } = await runShim(relay.specFor("tok").args.slice(1), ping + note);
    expect(code).toBe(0);
    expect(recorder.records.map((r) => r.method)).toEqual(["ping", "notifications/cancelled"]);
    // The ping may or may not be answered before the shim's stdin closes the session; if it was, it is clean JSON.
    for (const line of stdout.split("\n").filter(Boolean)) expect(JSON.parse(line)).toMatchObject({ jsonrpc: "2.0" });
    relay.unregister("tok");
    await server.close();
  });
});
