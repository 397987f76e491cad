/**
 * The Python kit's loop, driven line by line: whatever the host prints or its children write goes to
 * stderr, never between HAP/1 answers; params it cannot read are -32602, an unknown method -32601, an
 * exception -32603, a line nested past Python's recursion limit -32700 (and the loop goes on); the end of
 * stdin shuts the host down.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { LineDriver } from "../check-adapter/line-driver.ts";
import { packageRoot } from "../cli/builtin-host.ts";
import { missingInstall, skipTitle } from "../optional-installs.ts";
import { paced } from "../pace.ts";

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
    await vi.waitFor(() => expect(driver!.stderrTail()).toContain("child of open"), { timeout: paced(15_000), interval: 50 });
    expect(driver.takeStrays()).toEqual([]);
  }, paced(30_000));

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
  }, paced(30_000));

  it("serves prompts and resources: lists as the adapter returns them, gets and reads with their arguments and, by keyword, the namespace", async () => {
    driver = new LineDriver(adapter, 20_000);
    expect(await driver.request("session/prompts", { session: "s1" })).toMatchObject({ kind: "result", result: { prompts: [{ name: "mcp__alpha__review", server: "alpha", wireName: "review" }] } });
    expect(await driver.request("session/getPrompt", { session: "s1", name: "mcp__alpha__review", arguments: { topic: "refund" } }))
      .toMatchObject({ kind: "result", result: { ok: true, messages: [{ role: "user", content: { text: "mcp__alpha__review {'topic': 'refund'}" } }] } });
    expect(await driver.request("session/getPrompt", { session: "s1", name: "x", arguments: { topic: 3 } })).toMatchObject({ kind: "error", error: { code: -32602 } });
    expect(await driver.request("session/resources", { session: "s1" })).toMatchObject({ kind: "result", result: { resources: [{ uri: "mem://alpha/notes", namespace: "alpha" }], templates: [] } });
    expect(await driver.request("session/readResource", { session: "s1", uri: "mem://x", namespace: "beta" }))
      .toMatchObject({ kind: "result", result: { ok: false, error: { message: "no resource mem://x in beta" } } });
  }, paced(30_000));

  it("shuts the host down and exits 0 when stdin ends", async () => {
    const result = spawnSync(adapter[0]!, adapter.slice(1), { input: "", encoding: "utf8", timeout: paced(20_000) });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("");
    expect(result.stderr).toContain("host: shutdown");
  });

  it("answers -32700 to a line nested deeper than Python's recursion limit, and keeps serving", () => {
    expect(deeplyNested(adapter)).toEqual({ codes: [-32700, -32700], initialized: "noisy", status: 0 });
  });
});

/**
 * Sends `adapter` two JSON lines nested deeper than Python's recursion limit (an array, then params nested in
 * objects), then initialize: the error codes of the first two answers, the name initialize gave, the exit status.
 */
function deeplyNested(argv: readonly string[]): { codes: unknown[]; initialized: unknown; status: number | null } {
  const arrays = `${"[".repeat(5_000)}${"]".repeat(5_000)}`;
  const objects = `{"jsonrpc":"2.0","id":2,"method":"initialize","params":${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}}`;
  const init = JSON.stringify({ jsonrpc: "2.0", id: 3, method: "initialize", params: { protocolVersion: "1" } });
  const result = spawnSync(argv[0]!, argv.slice(1), { input: `${arrays}\n${objects}\n${init}\n`, encoding: "utf8", timeout: paced(20_000) });
  const answers = result.stdout.trim().split("\n").filter(Boolean).map((line) => JSON.parse(line));
  return { codes: answers.slice(0, 2).map((answer) => answer.error?.code), initialized: answers[2]?.result?.host?.name, status: result.status };
}

const asyncAdapter = ["python3", join(packageRoot, "harness/kit/test-support/task_bound_adapter.py")];

describe.skipIf(python !== undefined)(skipTitle("Python async kit (mcp_collide_hap.aio)", python), () => {
  let driver: LineDriver | undefined;
  afterEach(async () => driver?.stop());

  it("runs each session's open, requests and close in one task of its own, and passes tls, keep_deferred and namespace by keyword", async () => {
    driver = new LineDriver(asyncAdapter, 20_000);
    expect(await driver.request("initialize", { protocolVersion: "1" })).toMatchObject({ kind: "result", result: { host: { name: "task-bound" } } });
    const tls = { caCertificate: "-----BEGIN CERTIFICATE-----", caFile: "/tmp/mcp-collide-x/ca.pem" };
    expect(await driver.request("session/open", { servers: [], tls })).toMatchObject({ kind: "result", result: { session: "s1", diagnostics: [{ message: "tls /tmp/mcp-collide-x/ca.pem" }] } });
    expect(await driver.request("session/open", { servers: [] })).toMatchObject({ kind: "result", result: { session: "s2", diagnostics: [] } });
    // keepDeferred reaches open as keep_deferred, by keyword, only when the harness sends it true.
    expect(await driver.request("session/open", { servers: [], keepDeferred: true })).toMatchObject({ kind: "result", result: { session: "s3", diagnostics: [{ message: "keep deferred" }] } });
    expect(await driver.request("session/close", { session: "s3" })).toMatchObject({ kind: "result", result: {} });
    // Interleaved requests of two sessions: each runs in the task that opened its session.
    for (const session of ["s1", "s2", "s1"]) {
      expect(await driver.request("session/tools", { session }), session).toMatchObject({ kind: "result", result: { tools: [{ name: "same-task-True" }] } });
    }
    expect(await driver.request("session/call", { session: "s2", name: "x", namespace: "mcp__a", arguments: {} }))
      .toMatchObject({ kind: "result", result: { ok: false, error: { message: "no tool named x in mcp__a" } } });
    expect(await driver.request("session/close", { session: "s1" })).toMatchObject({ kind: "result", result: {} });
    await vi.waitFor(() => expect(driver!.stderrTail()).toContain("host: s1 left in its own task"), { timeout: paced(15_000), interval: 50 });
    expect(driver.stderrTail()).not.toContain("left in another task");
  }, paced(30_000));

  it("answers errors for what broke, keeps serving, and answers every request of a session whose task died with an error", async () => {
    driver = new LineDriver(asyncAdapter, 20_000);
    expect(await driver.request("session/open", { servers: [], tls: { caFile: 3 } })).toMatchObject({ kind: "error", error: { code: -32602 } });
    expect(await driver.request("session/open", { servers: [] })).toMatchObject({ kind: "result", result: { session: "s1" } });
    expect(await driver.request("session/call", { session: "s1", name: "explode", arguments: {} })).toMatchObject({ kind: "error", error: { code: -32603, message: "RuntimeError: the adapter itself broke" } });
    expect(await driver.request("session/refresh", { session: "s1" })).toMatchObject({ kind: "error", error: { code: -32601 } });
    expect(await driver.request("session/tools", { session: "s9" })).toMatchObject({ kind: "error", error: { code: -32602, message: "no open session 's9'" } });
    expect(await driver.request("session/call", { session: "s1", name: "die", arguments: {} })).toMatchObject({ kind: "error", error: { code: -32603, message: expect.stringContaining("ended while answering session/call: its task was cancelled") } });
    expect(await driver.request("session/tools", { session: "s1" })).toMatchObject({ kind: "error", error: { code: -32603, message: expect.stringContaining("has ended") } });
    expect(await driver.request("session/open", { servers: [] })).toMatchObject({ kind: "result", result: { session: "s2" } });
  }, paced(30_000));

  it("closes every open session in its own task when stdin ends, then exits 0", () => {
    const open = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "session/open", params: { servers: [] } });
    const result = spawnSync(asyncAdapter[0]!, asyncAdapter.slice(1), { input: `${open(1)}\n${open(2)}\n`, encoding: "utf8", timeout: paced(20_000) });
    expect(result.status).toBe(0);
    expect(result.stdout.trim().split("\n").map((line) => JSON.parse(line).result.session)).toEqual(["s1", "s2"]);
    expect(result.stderr).toContain("host: s1 left in its own task");
    expect(result.stderr).toContain("host: s2 left in its own task");
    expect(result.stderr).toContain("host: shutdown with 0 session(s) left open");
  });

  it("answers -32700 to a line nested deeper than Python's recursion limit, and keeps serving", () => {
    expect(deeplyNested(asyncAdapter)).toEqual({ codes: [-32700, -32700], initialized: "task-bound", status: 0 });
  });
});
