import { afterEach, describe, expect, it } from "vitest";
import type { HostAdapter, HostServerConfig } from "../harness/index.ts";
import { createHost } from "./create-host.ts";
import { httpServer, memoryWorld, type CallRecord, type Script } from "./test-support/script-server.ts";

let hosts: HostAdapter[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((h) => h.shutdown()));
  hosts = [];
});

async function openReference(servers: HostServerConfig[]) {
  const host = createHost();
  hosts.push(host);
  const opened = await host.open({ servers });
  const names = (await host.tools(opened.session)).tools.map((t) => t.name);
  return { host, ...opened, names };
}

const two: [string, Script][] = [["alpha", { tools: ["request"] }], ["beta", { tools: ["request"] }]];

describe("reference host", () => {
  it("declares HAP/1, its transports and the adr-0112 profile", async () => {
    const init = await createHost().initialize();
    expect(init).toMatchObject({ protocolVersion: "1", host: { name: "mcp-collide-reference", version: "0.1.0" }, capabilities: { profile: "adr-0112" } });
    expect(init.transports).toEqual(["stdio", "http", "memory"]);
  });

  it("qualifies every name by configuration key and sends the server its own name", async () => {
    const { servers, calls } = memoryWorld(two);
    const { host, session, outcome, names } = await openReference(servers);
    expect(names).toEqual(["mcp__alpha__request", "mcp__beta__request"]);
    expect(outcome).toEqual({ registered: { alpha: ["mcp__alpha__request"], beta: ["mcp__beta__request"] }, errors: [] });
    const result = await host.call(session, "mcp__beta__request", { q: { deep: [1] } });
    expect(result).toEqual({ ok: true, content: [{ type: "text", text: "beta:request" }] });
    expect(calls).toEqual([{ server: "beta", tool: "request", arguments: { q: { deep: [1] } } }]);
  });

  it("qualifies a single server too, never by serverInfo", async () => {
    const { servers } = memoryWorld([["alpha", { tools: ["request"], serverInfo: { name: "beta", version: "1" } }]]);
    expect((await openReference(servers)).names).toEqual(["mcp__alpha__request"]);
  });

  it("gives the same surface for every configuration order", async () => {
    const world: [string, Script][] = [["alpha", { tools: ["request", "x"] }], ["beta", { tools: ["request"] }], ["gamma", { tools: [] }]];
    const forward = await openReference(memoryWorld(world).servers);
    const backward = await openReference(memoryWorld([...world].reverse()).servers);
    expect([...backward.names].sort()).toEqual([...forward.names].sort());
    expect(backward.outcome.errors).toEqual([]);
    for (const name of forward.names) {
      expect(await backward.host.call(backward.session, name, {})).toEqual(await forward.host.call(forward.session, name, {}));
    }
  });

  it("registers in configuration order however late a server answers", async () => {
    const slowFirst = memoryWorld([["alpha", { tools: ["a"], listDelayMs: 60 }], ["beta", { tools: ["b"] }]]);
    const slowLast = memoryWorld([["alpha", { tools: ["a"] }], ["beta", { tools: ["b"], listDelayMs: 60 }]]);
    expect((await openReference(slowFirst.servers)).names).toEqual(["mcp__alpha__a", "mcp__beta__b"]);
    expect((await openReference(slowLast.servers)).names).toEqual(["mcp__alpha__a", "mcp__beta__b"]);
  });

  it.each(["a__b", "a_", "a.b", "", "__proto__"])("refuses key %j, naming the server and the remedy", async (key) => {
    const { servers } = memoryWorld([[key, { tools: ["c"] }], ["other", { tools: ["c"] }]]);
    const { outcome, names } = await openReference(servers);
    expect(names).toEqual(["mcp__other__c"]);
    expect(Object.hasOwn(outcome.registered, key) && outcome.registered[key]).toEqual([]);
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0].server).toBe(key);
    expect(outcome.errors[0].message).toContain(JSON.stringify(key));
    expect(outcome.errors[0].message).toContain("load the server under another configuration key");
    expect(outcome.errors[0].message).toContain("missing: \"c\"");
  });

  it("refuses a name over 64 characters, naming server, tool, length, limit and remedy, never cutting it", async () => {
    const tool = "t".repeat(53); // mcp__ + long_alpha + __ + 53 = 70
    const { servers } = memoryWorld([["long_alpha", { tools: [tool] }], ["beta", { tools: ["u".repeat(58)] }]]);
    const { outcome, names } = await openReference(servers);
    expect(names).toEqual([]);
    const [tooLongKey, tooLongTool] = outcome.errors;
    expect(tooLongKey.server).toBe("long_alpha");
    for (const part of ['"long_alpha"', tool, "70 characters", "64", "shorter configuration key (at most 4 characters)"]) {
      expect(tooLongKey.message).toContain(part);
    }
    expect(tooLongTool.message).toContain("too long to show under any configuration key");
  });

  it("fails a whole server when any tool cannot be shown, listing every missing wire name", async () => {
    const { servers } = memoryWorld([["alpha", { tools: ["ok_one", "bad.name", "ok_two"] }], ["beta", { tools: ["fine"] }]]);
    const { outcome, names } = await openReference(servers);
    expect(names).toEqual(["mcp__beta__fine"]);
    expect(outcome.registered).toEqual({ alpha: [], beta: ["mcp__beta__fine"] });
    expect(outcome.errors).toHaveLength(1);
    expect(outcome.errors[0].message).toMatch(/^server "alpha" .*"\.".*missing: "bad\.name", "ok_one", "ok_two"$/);
  });

  it("fails every server that would share a name, symmetrically", async () => {
    const { servers } = memoryWorld([["alpha", { tools: ["request"] }], ["alpha", { tools: ["request", "other"] }], ["beta", { tools: ["x"] }]]);
    const { outcome, names } = await openReference(servers);
    expect(names).toEqual(["mcp__beta__x"]);
    expect(outcome.errors.map((e) => e.server)).toEqual(["alpha", "alpha"]);
  });

  it("loads a server that advertises no tools with no error", async () => {
    const { outcome, names } = await openReference(memoryWorld([["empty", {}], ["beta", { tools: ["x"] }]]).servers);
    expect(outcome).toEqual({ registered: { empty: [], beta: ["mcp__beta__x"] }, errors: [] });
    expect(names).toEqual(["mcp__beta__x"]);
  });

  it("reports an unreachable server by name and loads the others", async () => {
    const { servers } = memoryWorld([["down", { unreachable: true, tools: ["x"] }], ["beta", { tools: ["x"] }]]);
    const { outcome, names } = await openReference(servers);
    expect(names).toEqual(["mcp__beta__x"]);
    expect(outcome.registered).toEqual({ down: [], beta: ["mcp__beta__x"] });
    expect(outcome.errors).toEqual([{ server: "down", message: expect.stringContaining('"down"') }]);
  });

  it("answers a name it does not show with an error, reaching no server", async () => {
    const { servers, calls } = memoryWorld(two);
    const { host, session } = await openReference(servers);
    for (const name of ["request", "mcp__gamma__request", "mcp__alpha__nope"]) {
      expect(await host.call(session, name, {})).toMatchObject({ ok: false, error: { message: expect.stringContaining(name) } });
    }
    expect(calls).toEqual([]);
  });

  it("passes descriptions and schemas through, follows pagination, and reports isError as a failed call", async () => {
    const schema = { type: "object" as const, properties: { q: { type: "string" } }, required: ["q"] };
    const { servers } = memoryWorld([["alpha", { tools: [{ name: "a", description: "D", inputSchema: schema }, "b", "c"], pageSize: 1, errorTools: ["b"] }]]);
    const { host, session, names } = await openReference(servers);
    expect(names).toEqual(["mcp__alpha__a", "mcp__alpha__b", "mcp__alpha__c"]);
    expect((await host.tools(session)).tools[0]).toEqual({ name: "mcp__alpha__a", description: "D", inputSchema: schema });
    expect(await host.call(session, "mcp__alpha__b", {})).toEqual({ ok: false, error: { message: expect.stringMatching(/"alpha".*it broke/) } });
    await host.close(session);
    await expect(host.tools(session)).rejects.toThrow(/unknown session/);
  });

  it("stops on a cursor it has seen and names the server, never looping; the other servers load as usual", async () => {
    const world = memoryWorld([["alpha", { tools: ["a", "b"], pageSize: 1, paging: "stuck" }], ["beta", { tools: ["c"] }]]);
    const { names, outcome } = await openReference(world.servers);
    expect(names).toEqual(["mcp__beta__c"]);
    expect(outcome).toEqual({
      registered: { alpha: [], beta: ["mcp__beta__c"] },
      errors: [{ server: "alpha", message: expect.stringMatching(/^server "alpha" could not be loaded .*cursor "stuck" again: the list would never end/) }],
    });
  });

  it("refuses a server whose later page repeats an earlier page's tools, never showing a tool twice", async () => {
    const world = memoryWorld([["alpha", { tools: ["a", "b", "c"], pageSize: 2, paging: "repeated" }], ["beta", { tools: ["c"] }]]);
    const { names, outcome } = await openReference(world.servers);
    expect(names).toEqual(["mcp__beta__c"]);
    expect(outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('page 2 lists "a", "b" again') }]);
  });

  it("closes every server connection on close", async () => {
    const { servers, state } = memoryWorld(two);
    const { host, session } = await openReference(servers);
    expect(state.open).toBe(2);
    await host.close(session);
    expect(state.open).toBe(0);
  });

  it("loads a streamable-HTTP server", async () => {
    const calls: CallRecord[] = [];
    const server = await httpServer("web", { tools: ["request"] }, calls);
    try {
      const { host, session, names } = await openReference([{ key: "web", transport: server.transport }]);
      expect(names).toEqual(["mcp__web__request"]);
      expect(await host.call(session, "mcp__web__request", { a: 1 })).toMatchObject({ ok: true });
      expect(calls).toEqual([{ server: "web", tool: "request", arguments: { a: 1 } }]);
      await host.close(session);
    } finally {
      await server.close();
    }
  });
});
