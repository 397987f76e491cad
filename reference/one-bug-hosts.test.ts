import { afterEach, describe, expect, it } from "vitest";
import type { HostAdapter, HostServerConfig } from "../harness/index.ts";
import { createHost } from "./create-host.ts";
import { oneBugHosts } from "./one-bug-hosts.ts";
import { memoryWorld, type Script } from "./test-support/script-server.ts";

let hosts: HostAdapter[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((h) => h.shutdown()));
  hosts = [];
});

async function open(bug: string, servers: HostServerConfig[]) {
  const host = createHost(bug);
  hosts.push(host);
  const opened = await host.open({ servers });
  const names = (await host.tools(opened.session)).tools.map((t) => t.name);
  const call = (name: string) => host.call(opened.session, name, {});
  return { host, ...opened, names, call };
}

const both: [string, Script][] = [["alpha", { tools: ["request"] }], ["beta", { tools: ["request"] }]];
const tested = new Set<string>();
const bug = (id: string, title: string, test: () => Promise<void>) => {
  tested.add(id);
  it(`${id}: ${title}`, test);
};

describe("one-bug hosts", () => {
  bug("last-wins", "a later server silently replaces the earlier one's tool", async () => {
    const { servers, calls } = memoryWorld(both);
    const { names, outcome, call } = await open("last-wins", servers);
    expect(names).toEqual(["request"]);
    expect(outcome.errors).toEqual([]);
    await call("request");
    expect(calls.map((c) => c.server)).toEqual(["beta"]);
  });

  bug("first-wins", "a later duplicate is skipped with only a warning", async () => {
    const { servers, calls } = memoryWorld(both);
    const { names, outcome, diagnostics, call } = await open("first-wins", servers);
    expect(names).toEqual(["request"]);
    expect(outcome).toEqual({ registered: { alpha: ["request"], beta: [] }, errors: [] });
    expect(diagnostics).toEqual([{ level: "warning", message: expect.stringContaining('"beta"') }]);
    await call("request");
    expect(calls.map((c) => c.server)).toEqual(["alpha"]);
  });

  bug("qualify-on-collision", "a tool's name depends on what else is configured", async () => {
    expect((await open("qualify-on-collision", memoryWorld(both.slice(0, 1)).servers)).names).toEqual(["request"]);
    expect((await open("qualify-on-collision", memoryWorld(both).servers)).names).toEqual(["mcp__alpha__request", "mcp__beta__request"]);
  });

  bug("single-underscore", "a_b + c and a + b_c meet, the later silently wins", async () => {
    const { servers, calls } = memoryWorld([["a_b", { tools: ["c"] }], ["a", { tools: ["b_c"] }]]);
    const { names, outcome, call } = await open("single-underscore", servers);
    expect(names).toEqual(["a_b_c"]);
    expect(outcome.errors).toEqual([]);
    await call("a_b_c");
    expect(calls).toEqual([{ server: "a", tool: "b_c", arguments: {} }]);
  });

  bug("cut-at-64", "two long names cut to one 64-character name", async () => {
    const stem = "x".repeat(55);
    const { servers, calls } = memoryWorld([["alpha", { tools: [`${stem}_one`, `${stem}_two`] }]]);
    const { names, outcome, call } = await open("cut-at-64", servers);
    expect(names).toEqual([`mcp__alpha__${stem}`.slice(0, 64)]);
    expect(outcome.errors).toEqual([]);
    await call(names[0]);
    expect(calls.map((c) => c.tool)).toEqual([`${stem}_two`]);
  });

  bug("label-from-server-info", "servers reporting one serverInfo.name share one label", async () => {
    const info = { name: "shared", version: "1" };
    const { servers, calls } = memoryWorld([["alpha", { tools: ["request"], serverInfo: info }], ["beta", { tools: ["request"], serverInfo: info }]]);
    const { names, call } = await open("label-from-server-info", servers);
    expect(names).toEqual(["mcp__shared__request"]);
    await call("mcp__shared__request");
    expect(calls.map((c) => c.server)).toEqual(["beta"]);
  });

  bug("arrival-order", "the server that answers first wins", async () => {
    const { servers, calls } = memoryWorld([["alpha", { tools: ["request"], listDelayMs: 60 }], ["beta", { tools: ["request"] }]]);
    const { outcome, call } = await open("arrival-order", servers);
    expect(outcome.registered).toEqual({ alpha: [], beta: ["request"] });
    await call("request");
    expect(calls.map((c) => c.server)).toEqual(["beta"]);
  });

  bug("visible-as-wire", "the server is sent the visible name", async () => {
    const { servers, calls } = memoryWorld(both);
    const { call } = await open("visible-as-wire", servers);
    expect(await call("mcp__alpha__request")).toMatchObject({ ok: false });
    expect(calls).toEqual([{ server: "alpha", tool: "mcp__alpha__request", arguments: {} }]);
  });

  bug("silent-shortfall", "an invalid tool is dropped and the rest register with no error", async () => {
    const { names, outcome } = await open("silent-shortfall", memoryWorld([["alpha", { tools: ["ok", "bad.name"] }]]).servers);
    expect(names).toEqual(["mcp__alpha__ok"]);
    expect(outcome).toEqual({ registered: { alpha: ["mcp__alpha__ok"] }, errors: [] });
  });

  bug("nonempty-check", "a server with no tools is reported as an error", async () => {
    const { outcome } = await open("nonempty-check", memoryWorld([["empty", {}]]).servers);
    expect(outcome.errors).toEqual([{ server: "empty", message: expect.stringContaining('"empty"') }]);
  });

  bug("bare-fallback", "a name not shown reaches the first server advertising it bare", async () => {
    const { servers, calls } = memoryWorld(both);
    const { names, call } = await open("bare-fallback", servers);
    expect(names).not.toContain("request");
    expect(await call("request")).toMatchObject({ ok: true });
    expect(calls.map((c) => c.server)).toEqual(["alpha"]);
  });

  bug("random-label", "names change between two opens of one configuration", async () => {
    const first = await open("random-label", memoryWorld(both).servers);
    const second = await open("random-label", memoryWorld(both).servers);
    expect(first.names[0]).toMatch(/^mcp__[a-z]{6}__request$/);
    expect(second.names).not.toEqual(first.names);
  });

  bug("concatenate", "duplicates are shown twice and the first one takes every call", async () => {
    const { servers, calls } = memoryWorld(both);
    const { names, outcome, call } = await open("concatenate", servers);
    expect(names).toEqual(["request", "request"]);
    expect(outcome.errors).toEqual([]);
    await call("request");
    expect(calls.map((c) => c.server)).toEqual(["alpha"]);
  });

  bug("anonymous-errors", "an error does not say which server it is about", async () => {
    const { outcome } = await open("anonymous-errors", memoryWorld([["alpha", { tools: ["bad.name"] }]]).servers);
    expect(outcome.errors).toEqual([{ message: "failed to register MCP tools" }]);
  });

  bug("unchecked-names", "a dotted or over-long name is shown as it is", async () => {
    const long = "t".repeat(70);
    const { names, outcome } = await open("unchecked-names", memoryWorld([["alpha", { tools: ["a.b", long] }]]).servers);
    expect(names).toEqual(["mcp__alpha__a.b", `mcp__alpha__${long}`]);
    expect(outcome.errors).toEqual([]);
  });

  it("has one focused test per one-bug host", () => {
    expect([...tested].sort()).toEqual(Object.keys(oneBugHosts).sort());
  });

  it("names the bug in initialize and refuses an unknown id, listing the known ones", async () => {
    expect((await createHost("last-wins").initialize()).host.name).toBe("mcp-collide-reference+last-wins");
    expect(() => createHost("constructor")).toThrow(/known: last-wins, first-wins/);
  });
});
