/**
 * The reference host after open: refresh, list_changed, local tools and the guard, pins, request schemas,
 * allow and deny lists, hostile schemas, and lost answers. One-bug variants live in one-bug-hosts.test.ts.
 */
import { afterEach, describe, expect, it } from "vitest";
import { paced, pacedUntil, type HostAdapter, type HostServerConfig, type LocalShape } from "../harness/index.ts";
import { createHost } from "./create-host.ts";
import { memoryWorld, type Script } from "./test-support/script-server.ts";

let hosts: HostAdapter[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((h) => h.shutdown()));
  hosts = [];
});

/** Opens `servers` on a fresh reference host (or one-bug host `bug`). */
async function openOn(servers: HostServerConfig[], options: { bug?: string; localTools?: { name: string; shape: LocalShape }[] } = {}) {
  const host = createHost(options.bug);
  hosts.push(host);
  const opened = await host.open({ servers, localTools: options.localTools });
  const names = async () => (await host.tools(opened.session)).tools.map((t) => t.name);
  return { host, ...opened, names, call: (name: string, args: Record<string, unknown> = {}) => host.call(opened.session, name, args) };
}

describe("reference host, lifecycle", () => {
  it("declares every lifecycle capability", async () => {
    expect((await createHost().initialize()).capabilities).toEqual({
      refresh: true, listChanged: true, localTools: true, registerLocal: ["object", "name", "callable", "dict"],
      requestSchemas: true, pins: true, allowDeny: true, profile: "adr-0112", httpHeaders: true, builtinTools: [],
      deferredTools: { searchTool: "tool_search", above: 20 },
      prompts: true, resources: true, resourceTemplates: true, promptsListChanged: true, resourcesListChanged: true,
    });
  });

  it("refresh removes as well as adds, and touches no other server", async () => {
    const alpha: Script = { tools: ["a", "b"] };
    const { servers } = memoryWorld([["alpha", alpha], ["beta", { tools: ["x"] }]]);
    const { host, session, names } = await openOn(servers);
    alpha.tools = ["b", "c"];
    expect(await names()).toEqual(["mcp__alpha__a", "mcp__alpha__b", "mcp__beta__x"]);
    const refreshed = await host.refresh!(session, "alpha");
    expect(refreshed.outcome).toEqual({ registered: { alpha: ["mcp__alpha__b", "mcp__alpha__c"], beta: ["mcp__beta__x"] }, errors: [] });
    expect(await names()).toEqual(["mcp__alpha__b", "mcp__alpha__c", "mcp__beta__x"]);
    expect(await host.call(session, "mcp__alpha__a", {})).toMatchObject({ ok: false });
    expect((await host.refresh!(session, "nobody")).outcome.errors).toEqual([{ message: expect.stringContaining('"nobody"') }]);
  });

  it("a refresh that cannot reach a server keeps its tools and names it in an error", async () => {
    const alpha: Script = { tools: ["a"] };
    const world = memoryWorld([["alpha", alpha], ["beta", { tools: ["x"] }]]);
    const { host, session, names } = await openOn(world.servers);
    alpha.unreachable = true;
    await world.drop("alpha");
    const refreshed = await host.refresh!(session);
    expect(refreshed.outcome.errors).toEqual([{ server: "alpha", message: expect.stringMatching(/"alpha" could not be refreshed.*kept/) }]);
    expect(await names()).toEqual(["mcp__alpha__a", "mcp__beta__x"]);
    alpha.unreachable = false;
    expect((await host.refresh!(session, "alpha")).outcome.errors).toEqual([]);
  });

  it("re-lists a server by itself on list_changed", async () => {
    const alpha: Script = { tools: ["a"] };
    const world = memoryWorld([["alpha", alpha]]);
    const { names } = await openOn(world.servers);
    alpha.tools = ["a", "new"];
    await world.notify("alpha");
    expect(await pacedUntil(async () => (await names()).includes("mcp__alpha__new"), 5_000, 10)).toBe(true);
  }, paced(10_000));

  it.each<LocalShape>(["object", "name", "callable", "dict"])("the guard refuses a local %s onto a shown name, and routing stays", async (shape) => {
    const { servers, calls } = memoryWorld([["alpha", { tools: ["a"] }]]);
    const { host, session, names, call } = await openOn(servers);
    expect(await host.registerLocal!(session, "mcp__alpha__a", shape)).toEqual({ ok: false, error: { message: expect.stringContaining('"alpha"') } });
    expect(await host.registerLocal!(session, "my_tool", shape)).toEqual({ ok: true });
    expect(await names()).toEqual(["my_tool", "mcp__alpha__a"]);
    expect(await call("my_tool")).toMatchObject({ ok: true });
    await call("mcp__alpha__a");
    expect(calls).toEqual([{ server: "alpha", tool: "a", arguments: {} }]);
  });

  it("a local tool holding a server tool's name fails that server and keeps the local", async () => {
    const { servers, calls } = memoryWorld([["alpha", { tools: ["a", "b"] }], ["beta", { tools: ["x"] }]]);
    const { outcome, names, call } = await openOn(servers, { localTools: [{ name: "mcp__alpha__a", shape: "object" }] });
    expect(outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining("held by a local tool") }]);
    expect(await names()).toEqual(["mcp__alpha__a", "mcp__beta__x"]);
    expect(await call("mcp__alpha__a")).toMatchObject({ ok: true });
    expect(calls).toEqual([]);
  });

  it("holds a tool whose description, input or output schema changed since the pin, naming server and tool", async () => {
    const tool = (description: string, required: string[] = [], output?: object) =>
      ({ name: "a", description, inputSchema: { type: "object" as const, required }, ...(output ? { outputSchema: output as { type: "object" } } : {}) });
    for (const changed of [tool("changed"), tool("A", ["q"]), tool("A", [], { type: "object" })]) {
      const alpha: Script = { tools: [tool("A"), "b"] };
      const first = await openOn(memoryWorld([["alpha", alpha]]).servers);
      const { pins } = await first.host.pin!(first.session);
      alpha.tools = [changed, "b"];
      const second = await openOn([{ ...memoryWorld([["alpha", alpha]]).servers[0]!, pin: pins.alpha }]);
      expect(await second.names()).toEqual([]);
      expect(second.outcome.errors).toEqual([{ server: "alpha", message: expect.stringMatching(/tool "a" is held: its definition changed/) }]);
      alpha.tools = [tool("A"), "b"];
      expect(await (await openOn([{ ...memoryWorld([["alpha", alpha]]).servers[0]!, pin: pins.alpha }])).names()).toEqual(["mcp__alpha__a", "mcp__alpha__b"]);
    }
  });

  it("enforces a request schema keyed by wire name before the call leaves; an unknown key fails at open", async () => {
    const schema = { type: "object", required: ["q"], properties: { q: { type: "string" } } };
    const world = memoryWorld([["alpha", { tools: ["a"] }]]);
    const { call } = await openOn([{ ...world.servers[0]!, requestSchemas: { a: schema } }]);
    expect(await call("mcp__alpha__a", { q: 5 })).toEqual({ ok: false, error: { message: expect.stringMatching(/"alpha".*"a".*no call was sent/) } });
    expect(world.calls).toEqual([]);
    expect(await call("mcp__alpha__a", { q: "ok" })).toMatchObject({ ok: true });
    const unknown = await openOn([{ ...memoryWorld([["alpha", { tools: ["a"] }]]).servers[0]!, requestSchemas: { mcp__alpha__a: schema } }]);
    expect(unknown.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"mcp__alpha__a", which it does not advertise') }]);
  });

  it("exposes only what allow names and deny does not; an allow entry not advertised is an error", async () => {
    const [alpha, beta] = memoryWorld([["alpha", { tools: ["a", "b", "c"] }], ["beta", { tools: ["x", "y"] }]]).servers;
    const { names, outcome } = await openOn([{ ...alpha!, allow: ["a", "b"] }, { ...beta!, allow: ["*"], deny: ["y"] }]);
    expect(await names()).toEqual(["mcp__alpha__a", "mcp__alpha__b", "mcp__beta__x"]);
    expect(outcome.errors).toEqual([]);
    const ghost = await openOn([{ ...memoryWorld([["alpha", { tools: ["a"] }]]).servers[0]!, allow: ["a", "zzz"] }]);
    expect(ghost.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"zzz", which it does not advertise') }]);
  });

  it("refuses hostile schemas naming server and tool, and other servers still route", async () => {
    const hostile = [
      { type: "object", properties: { q: { type: "nope" } } },
      { type: "object", properties: { q: { $ref: "#/$defs/missing" } } },
      { type: "object", properties: { q: { type: "string", pattern: "^(a+)+$" } } },
    ];
    for (const inputSchema of hostile) {
      const world = memoryWorld([["alpha", { tools: [{ name: "evil", inputSchema: inputSchema as { type: "object" } }, "ok"] }], ["beta", { tools: ["x"] }]]);
      const { outcome, names, call } = await openOn(world.servers);
      expect(outcome.errors).toEqual([{ server: "alpha", message: expect.stringMatching(/tool "evil" is refused/) }]);
      expect(await names()).toEqual(["mcp__beta__x"]);
      expect(await call("mcp__beta__x")).toMatchObject({ ok: true });
    }
  });

  it("never sends a non-idempotent call again after its answer was lost; an idempotent one once more", async () => {
    const tools = [{ name: "pay", inputSchema: { type: "object" as const } }, { name: "read", inputSchema: { type: "object" as const }, annotations: { idempotentHint: true } }];
    const world = memoryWorld([["alpha", { tools, loseAnswers: ["pay", "read"] }]]);
    const { call } = await openOn(world.servers);
    expect(await call("mcp__alpha__pay")).toEqual({ ok: false, error: { message: expect.stringMatching(/"alpha".*"pay".*not sent again/) } });
    expect(await call("mcp__alpha__read")).toMatchObject({ ok: false });
    expect(world.calls.map((c) => c.tool)).toEqual(["pay", "read", "read"]);
  });
});
