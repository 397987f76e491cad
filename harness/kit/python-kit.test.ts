/**
 * The Python kit's loop, driven line by line: whatever the host prints or its children write goes to
 * stderr, never between HAP/1 answers; params it cannot read are -32602, an unknown method -32601, an
 * exception -32603 (and the loop goes on); the end of stdin shuts the host down.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LineDriver } from "../check-adapter/line-driver.ts";
import { packageRoot } from "../cli/builtin-host.ts";
import { missingInstall, skipTitle } from "../optional-installs.ts";

const python = missingInstall("python3");
const adapter = ["python3", join(packageRoot, "harness/kit/test-support/noisy_adapter.py")];

describe.skipIf(python !== undefined)(skipTitle("Python kit (mcp_collide_hap.py)", python), () => {
  let driver: LineDriver | undefined;
  afterEach(async () => driver?.stop());

  it("keeps stdout for HAP/1 alone, whatever the host prints and its children write", async () => {
    driver = new LineDriver(adapter, 20_000);
    const init = await driver.request("initialize", { protocolVersion: "1" });
    expect(init).toMatchObject({ kind: "result", result: { protocolVersion: "1", host: { name: "noisy", version: "1" }, transports: ["stdio"] } });
    const open = await driver.request("session/open", { servers: [{ key: "alpha", transport: { type: "stdio", command: "x", args: [] } }] });
    expect(open).toMatchObject({ kind: "result", result: { session: "s1", outcome: { registered: { alpha: [] }, errors: [] }, diagnostics: [] } });
    // The child's line reaches stderr through its own pipe, so it may land after the answer: wait for it.
    await vi.waitFor(() => expect(driver!.stderrTail()).toContain("child of open"), { timeout: 15_000, interval: 50 });
    expect(driver.takeStrays()).toEqual([]);
  }, 30_000);

  it("answers unreadable params, unknown methods and exceptions with JSON-RPC errors, and keeps serving", async () => {
    driver = new LineDriver(adapter, 20_000);
    expect(await driver.request("session/open", { servers: "alpha" })).toMatchObject({ kind: "error", error: { code: -32602, message: "params.servers must be an array" } });
    expect(await driver.request("session/teleport", {})).toMatchObject({ kind: "error", error: { code: -32601 } });
    expect(await driver.request("session/refresh", { session: "s1" })).toMatchObject({ kind: "error", error: { code: -32601, message: "this adapter does not implement session/refresh" } });
    expect(await driver.request("session/call", { session: "s1", name: "explode", arguments: {} })).toMatchObject({ kind: "error", error: { code: -32603, message: "RuntimeError: the adapter itself broke" } });
    expect(await driver.request("session/call", { session: "s1", name: "x", arguments: {} })).toMatchObject({ kind: "result", result: { ok: false, error: { message: "no tool named x" } } });
    // A namespace is passed on to the adapter, by keyword, only when the call carries one.
    expect(await driver.request("session/call", { session: "s1", name: "x", namespace: "mcp__alpha", arguments: {} }))
      .toMatchObject({ kind: "result", result: { ok: false, error: { message: "no tool named x in mcp__alpha" } } });
  }, 30_000);

  it("shuts the host down and exits 0 when stdin ends", async () => {
    const result = spawnSync(adapter[0]!, adapter.slice(1), { input: "", encoding: "utf8", timeout: 20_000 });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("host: shutdown");
  });
});
