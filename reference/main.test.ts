import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { describe, expect, it } from "vitest";
import { paced } from "../harness/index.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const node = (args: string[]) => spawn(process.execPath, ["--import", "tsx", "reference/main.ts", ...args], { cwd: root });

/** Starts the adapter and returns a HAP/1 `request` function plus the exit code promise. */
function adapter(args: string[] = []) {
  const child = node(args);
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  let id = 0;
  const request = async (method: string, params: object = {}) => {
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: ++id, method, params })}\n`);
    const { value } = await lines.next();
    return JSON.parse(value as string) as { id: number; result?: any; error?: unknown };
  };
  const exited = once(child, "exit").then(([code]) => code as number | null);
  return { child, request, exited };
}

// Each case spawns tsx (and one a tsx child of its own), which takes seconds on a loaded machine.
describe("reference/main.ts (HAP/1 process)", { timeout: paced(30_000) }, () => {
  it("answers initialize and exits 0 after shutdown", async () => {
    const { request, exited } = adapter();
    const init = await request("initialize", { protocolVersion: "1" });
    expect(init.result).toMatchObject({ protocolVersion: "1", host: { name: "mcp-collide-reference" } });
    expect((await request("shutdown")).result).toEqual({});
    expect(await exited).toBe(0);
  });

  it("spawns a stdio server, routes a call to it, and still exits 0", async () => {
    const { request, exited } = adapter(["--bug", "first-wins"]);
    const server = { command: process.execPath, args: ["--import", "tsx", "reference/test-support/stdio-server.ts", "alpha", "request"] };
    const open = await request("session/open", { servers: [{ key: "alpha", transport: { type: "stdio", ...server } }] });
    expect(open.result.outcome).toEqual({ registered: { alpha: ["request"] }, errors: [] });
    const call = await request("session/call", { session: open.result.session, name: "request", arguments: { q: 1 } });
    expect(call.result).toEqual({ ok: true, content: [{ type: "text", text: "alpha:request" }] });
    expect((await request("shutdown")).result).toEqual({});
    expect(await exited).toBe(0);
  });

  it("exits 0 when stdin ends without shutdown", async () => {
    const { child, exited } = adapter();
    child.stdin.end();
    expect(await exited).toBe(0);
  });

  it("refuses an unknown --bug with exit 2, listing the ids on stderr", async () => {
    const child = node(["--bug", "nope"]);
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const [code] = await once(child, "exit");
    expect(code).toBe(2);
    expect(stderr).toContain('unknown --bug "nope"');
    expect(stderr).toContain("last-wins");
  });

  it("lists the one-bug hosts with --list", async () => {
    const child = node(["--list"]);
    let stdout = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    const [code] = await once(child, "exit");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^last-wins\t.+$/m);
    expect(stdout).toMatch(/^concatenate\t.+$/m);
  });
});
