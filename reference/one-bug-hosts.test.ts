import { afterEach, describe, expect, it } from "vitest";
import type { HostAdapter, HostServerConfig } from "../harness/index.ts";
import { contextOneBugHosts } from "./context-one-bug-hosts.ts";
import { createHost } from "./create-host.ts";
import { oneBugHosts } from "./one-bug-hosts.ts";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { httpServersOnOneOrigin, memoryWorld, type CallRecord, type Script } from "./test-support/script-server.ts";
import { paced } from "../harness/index.ts";

let hosts: HostAdapter[] = [];
afterEach(async () => {
  await Promise.all(hosts.map((h) => h.shutdown()));
  hosts = [];
});

async function open(bug: string | undefined, servers: HostServerConfig[], localTools?: { name: string; shape: "object" }[]) {
  const host = createHost(bug);
  hosts.push(host);
  const opened = await host.open({ servers, localTools });
  const names = (await host.tools(opened.session)).tools.map((t) => t.name);
  const call = (name: string, args: Record<string, unknown> = {}) => host.call(opened.session, name, args);
  const shown = async () => (await host.tools(opened.session)).tools.map((t) => t.name);
  return { host, ...opened, names, call, shown };
}

const both: [string, Script][] = [["alpha", { tools: ["request"] }], ["beta", { tools: ["request"] }]];
const tested = new Set<string>();
const bug = (id: string, title: string, test: () => Promise<void>, timeout?: number) => {
  tested.add(id);
  it(`${id}: ${title}`, test, timeout);
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

  bug("hyphen-join", "a-b + c and a + b-c meet, and the server that answers its list last silently wins", async () => {
    // a answers its list 60 ms after a-b: a-b-c is a's, though a-b is configured later.
    const late = memoryWorld([["a", { tools: ["b-c"], listDelayMs: 60 }], ["a-b", { tools: ["c"] }]]);
    const first = await open("hyphen-join", late.servers);
    expect(first.names).toEqual(["a-b-c"]);
    expect(first.outcome.errors).toEqual([]);
    await first.call("a-b-c");
    expect(late.calls).toEqual([{ server: "a", tool: "b-c", arguments: {} }]);
    // a-b answers last now: the same name reaches the other server.
    const early = memoryWorld([["a", { tools: ["b-c"] }], ["a-b", { tools: ["c"], listDelayMs: 60 }]]);
    await (await open("hyphen-join", early.servers)).call("a-b-c");
    expect(early.calls).toEqual([{ server: "a-b", tool: "c", arguments: {} }]);
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

  bug("drops-nameless-tools", "a tool named \"\" is dropped with no error and the server's other tools register", async () => {
    const world = memoryWorld([["alpha", { tools: ["", "query"] }]]);
    const { names, outcome } = await open("drops-nameless-tools", world.servers);
    expect(names).toEqual(["mcp__alpha__query"]);
    expect(outcome).toEqual({ registered: { alpha: ["mcp__alpha__query"] }, errors: [] });
    // Any other invalid name is still refused, its server failing with an error that names it.
    const dotted = await open("drops-nameless-tools", memoryWorld([["alpha", { tools: ["a.b", "query"] }]]).servers);
    expect(dotted.names).toEqual([]);
    expect(dotted.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"a.b"') }]);
    // The reference refuses the server of the nameless tool, naming the tool ("") among the missing.
    const reference = await open(undefined, world.servers);
    expect(reference.names).toEqual([]);
    expect(reference.outcome.errors).toEqual([{ server: "alpha", message: expect.stringMatching(/missing: "", "query"$/) }]);
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

  bug("refresh-adds-only", "a refresh keeps a tool the server no longer advertises", async () => {
    const alpha: Script = { tools: ["a"] };
    const { host, session, shown } = await open("refresh-adds-only", memoryWorld([["alpha", alpha]]).servers);
    alpha.tools = ["b"];
    await host.refresh!(session);
    expect(await shown()).toEqual(["mcp__alpha__a", "mcp__alpha__b"]);
  });

  bug("refresh-prunes-unreachable", "a refresh that cannot reach a server drops its tools", async () => {
    const alpha: Script = { tools: ["a"] };
    const world = memoryWorld([["alpha", alpha]]);
    const { host, session, shown } = await open("refresh-prunes-unreachable", world.servers);
    alpha.unreachable = true;
    await world.drop("alpha");
    expect((await host.refresh!(session)).outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining("dropped") }]);
    expect(await shown()).toEqual([]);
  });

  bug("list-changed-ignored", "declares listChanged but never re-lists on a notification", async () => {
    const alpha: Script = { tools: ["a"] };
    const world = memoryWorld([["alpha", alpha]]);
    const { host, shown } = await open("list-changed-ignored", world.servers);
    expect((await host.initialize()).capabilities.listChanged).toBe(true);
    alpha.tools = ["b"];
    await world.notify("alpha");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await shown()).toEqual(["mcp__alpha__a"]);
  });

  bug("guard-dict-hole", "a dict registration overwrites a shown tool; the other shapes are refused", async () => {
    const { servers, calls } = memoryWorld([["alpha", { tools: ["a"] }]]);
    const { host, session, call } = await open("guard-dict-hole", servers);
    expect(await host.registerLocal!(session, "mcp__alpha__a", "object")).toMatchObject({ ok: false });
    expect(await host.registerLocal!(session, "mcp__alpha__a", "dict")).toEqual({ ok: true });
    await call("mcp__alpha__a");
    expect(calls).toEqual([]);
  });

  bug("local-overwritten", "a server tool silently replaces the local tool holding its name", async () => {
    const { servers, calls } = memoryWorld([["alpha", { tools: ["a"] }]]);
    const { outcome, call, shown } = await open("local-overwritten", servers, [{ name: "mcp__alpha__a", shape: "object" }]);
    expect(outcome.errors).toEqual([]);
    expect(await shown()).toEqual(["mcp__alpha__a"]);
    await call("mcp__alpha__a");
    expect(calls.map((c) => c.server)).toEqual(["alpha"]);
  });

  bug("pin-description-only", "a changed input schema passes the pin", async () => {
    const alpha: Script = { tools: [{ name: "a", description: "A", inputSchema: { type: "object" } }] };
    const first = await open("pin-description-only", memoryWorld([["alpha", alpha]]).servers);
    const { pins } = await first.host.pin!(first.session);
    alpha.tools = [{ name: "a", description: "A", inputSchema: { type: "object", required: ["q"] } }];
    const second = await open("pin-description-only", [{ ...memoryWorld([["alpha", alpha]]).servers[0]!, pin: pins.alpha }]);
    expect(second.outcome.errors).toEqual([]);
    expect(await second.shown()).toEqual(["mcp__alpha__a"]);
  });

  bug("options-by-visible-name", "a request schema under the wire name is never applied, and an unknown key is not reported", async () => {
    const schema = { type: "object", required: ["q"] };
    const world = memoryWorld([["alpha", { tools: ["a"] }]]);
    const { outcome, call } = await open("options-by-visible-name", [{ ...world.servers[0]!, requestSchemas: { a: schema, nope: schema } }]);
    expect(outcome.errors).toEqual([]);
    expect(await call("mcp__alpha__a")).toMatchObject({ ok: true });
    expect(world.calls).toHaveLength(1);
  });

  bug("deny-ignored", "a denied tool is shown", async () => {
    const { servers } = memoryWorld([["alpha", { tools: ["a", "b"] }]]);
    const { shown } = await open("deny-ignored", [{ ...servers[0]!, deny: ["b"] }]);
    expect(await shown()).toEqual(["mcp__alpha__a", "mcp__alpha__b"]);
  });

  bug("backtracking-validator", "a tool with a backtracking pattern is shown, and its arguments are validated natively", async () => {
    const inputSchema = { type: "object" as const, properties: { q: { type: "string", pattern: "^(a+)+$" } } };
    const world = memoryWorld([["alpha", { tools: [{ name: "evil", inputSchema }] }]]);
    const { outcome, shown, call } = await open("backtracking-validator", world.servers);
    expect(outcome.errors).toEqual([]);
    expect(await shown()).toEqual(["mcp__alpha__evil"]);
    // A short argument only: the long one is the clause's to time.
    expect(await call("mcp__alpha__evil", { q: "aaab" })).toMatchObject({ ok: false, error: { message: expect.stringContaining("no call was sent") } });
    expect(world.calls).toEqual([]);
  });

  bug("retry-on-lost-answer", "a non-idempotent call whose answer was lost is sent again", async () => {
    const world = memoryWorld([["alpha", { tools: ["pay"], loseAnswers: ["pay"] }]]);
    const { call } = await open("retry-on-lost-answer", world.servers);
    expect(await call("mcp__alpha__pay")).toMatchObject({ ok: false });
    expect(world.calls.map((c) => c.tool)).toEqual(["pay", "pay"]);
  });

  bug("unchecked-refuses-duplicates", "an open holding a duplicate is refused whole; otherwise a dotted name is shown", async () => {
    const refused = await open("unchecked-refuses-duplicates", memoryWorld([["alpha", { tools: ["request", "a.b"] }], ["beta", { tools: ["request"] }]]).servers);
    expect(refused.names).toEqual([]);
    expect(refused.outcome.errors).toEqual([{ message: expect.stringContaining('"request"') }]);
    const shown = await open("unchecked-refuses-duplicates", memoryWorld([["alpha", { tools: ["a.b"] }], ["beta", { tools: ["request"] }]]).servers);
    expect(shown.names).toEqual(["mcp__alpha__a.b", "mcp__beta__request"]);
    expect(shown.outcome.errors).toEqual([]);
    // A server tool on a local tool's name: everything refused, the local tool too, and no server named.
    const occupied = await open("unchecked-refuses-duplicates", memoryWorld([["alpha", { tools: ["request", "fetch"] }]]).servers, [{ name: "mcp__alpha__request", shape: "object" }]);
    expect(await occupied.shown()).toEqual([]);
    expect(occupied.outcome).toEqual({ registered: { alpha: [] }, errors: [{ message: expect.stringContaining('"mcp__alpha__request"') }] });
    const apart = await open("unchecked-refuses-duplicates", memoryWorld([["alpha", { tools: ["request"] }]]).servers, [{ name: "local", shape: "object" }]);
    expect(await apart.shown()).toEqual(["local", "mcp__alpha__request"]);
  });

  bug("drops-failing-server", "a server that cannot be loaded leaves a debug line and no error", async () => {
    const world = memoryWorld([["alpha", { tools: ["a"], unreachable: true }], ["beta", { tools: ["b"] }]]);
    const { names, outcome, diagnostics } = await open("drops-failing-server", world.servers);
    expect(names).toEqual(["mcp__beta__b"]);
    expect(outcome.errors).toEqual([]);
    expect(diagnostics).toEqual([{ level: "debug", message: expect.stringContaining('"alpha"') }]);
    // The reference reports the same server with an error naming it.
    expect((await open("last-wins", memoryWorld([["alpha", { tools: ["a"], unreachable: true }]]).servers)).outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"alpha"') }]);
  });

  bug("strict-arguments", "a property the server's schema does not declare is refused before sending", async () => {
    const inputSchema = { type: "object" as const, properties: { q: { type: "object", properties: { r: { type: "string" } } } } };
    const world = memoryWorld([["alpha", { tools: [{ name: "a", inputSchema }] }]]);
    const { call } = await open("strict-arguments", world.servers);
    expect(await call("mcp__alpha__a", { q: { r: "x" } })).toMatchObject({ ok: true });
    // Undeclared at the top and one level down: both refused, neither sent.
    expect(await call("mcp__alpha__a", { q: { r: "x" }, extra: 1 })).toMatchObject({ ok: false, error: { message: expect.stringContaining("no call was sent") } });
    expect(await call("mcp__alpha__a", { q: { r: "x", extra: 1 } })).toMatchObject({ ok: false });
    expect(world.calls).toHaveLength(1);
    // The reference sends the same extra property: JSON Schema allows it.
    expect(await (await open(undefined, world.servers)).call("mcp__alpha__a", { q: { r: "x" }, extra: 1 })).toMatchObject({ ok: true });
  });

  bug("first-page-only", "only a server's first tools/list page is shown, and nothing says the rest is missing", async () => {
    const world = memoryWorld([["alpha", { tools: ["a", "b", "c"], pageSize: 2 }]]);
    const { names, outcome } = await open("first-page-only", world.servers);
    expect(names).toEqual(["mcp__alpha__a", "mcp__alpha__b"]);
    expect(outcome).toEqual({ registered: { alpha: ["mcp__alpha__a", "mcp__alpha__b"] }, errors: [] });
    // The reference follows nextCursor to the last page.
    expect((await open(undefined, world.servers)).names).toEqual(["mcp__alpha__a", "mcp__alpha__b", "mcp__alpha__c"]);
  });

  bug("cursor-followed-blindly", "a cursor that never advances is followed 20 times and its page shown 20 times, with no error", async () => {
    const world = memoryWorld([["alpha", { tools: ["a"], paging: "stuck" }], ["beta", { tools: ["b"] }]]);
    const { names, outcome } = await open("cursor-followed-blindly", world.servers);
    expect(names).toEqual([...Array<string>(20).fill("mcp__alpha__a"), "mcp__beta__b"]);
    expect(outcome.errors).toEqual([]);
    // A repeated page under a fresh cursor is shown twice too; the reference refuses both servers by name.
    const repeated = memoryWorld([["alpha", { tools: ["a", "b"], pageSize: 1, paging: "repeated" }]]);
    expect((await open("cursor-followed-blindly", repeated.servers)).names).toEqual(["mcp__alpha__a", "mcp__alpha__a", "mcp__alpha__b"]);
    expect((await open(undefined, world.servers)).outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"alpha"') }]);
    expect((await open(undefined, repeated.servers)).outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"alpha"') }]);
  });

  bug("tool-cap-40", "only the first 40 server tools are shown, and nothing names what was left out", async () => {
    const many = Array.from({ length: 30 }, (_, at) => `t${at}`);
    const world = memoryWorld([["alpha", { tools: many }], ["beta", { tools: many }]]);
    const { names, outcome } = await open("tool-cap-40", world.servers);
    expect(names).toEqual([...many.map((t) => `mcp__alpha__${t}`), ...many.slice(0, 10).map((t) => `mcp__beta__${t}`)]);
    expect(outcome).toEqual({ registered: { alpha: many.map((t) => `mcp__alpha__${t}`), beta: many.slice(0, 10).map((t) => `mcp__beta__${t}`) }, errors: [] });
    // At 40 or under nothing is dropped; the reference shows all 60.
    expect((await open("tool-cap-40", memoryWorld([["alpha", { tools: many }], ["beta", { tools: many.slice(0, 10) }]]).servers)).names).toHaveLength(40);
    expect((await open(undefined, world.servers)).names).toHaveLength(60);
  });

  bug("sanitised-tool-names", "a.b is shown as a_b instead of refused, and a_b of the same server silently replaces it", async () => {
    const world = memoryWorld([["alpha", { tools: ["a.b", "a_b", "c"] }]]);
    const { names, outcome, call } = await open("sanitised-tool-names", world.servers);
    expect(names).toEqual(["mcp__alpha__a_b", "mcp__alpha__c"]);
    expect(outcome.errors).toEqual([]);
    await call("mcp__alpha__a_b");
    expect(world.calls).toEqual([{ server: "alpha", tool: "a_b", arguments: {} }]);
    // Alone, the dotted name is shown sanitised and its calls carry the server's own name.
    const alone = memoryWorld([["alpha", { tools: ["a.b"] }]]);
    const sanitised = await open("sanitised-tool-names", alone.servers);
    expect(sanitised.names).toEqual(["mcp__alpha__a_b"]);
    await sanitised.call("mcp__alpha__a_b");
    expect(alone.calls).toEqual([{ server: "alpha", tool: "a.b", arguments: {} }]);
    // The reference refuses the server whose name it cannot show, naming the tool.
    const reference = await open(undefined, world.servers);
    expect(reference.names).toEqual([]);
    expect(reference.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"a.b"') }]);
  });

  bug("lost-call-sticks", "after a lost answer, every later open of the same host leaves that server out, with no error", async () => {
    const world = memoryWorld([["alpha", { tools: ["pay"], loseAnswers: ["pay"] }], ["beta", { tools: ["search"] }]]);
    const host = createHost("lost-call-sticks");
    hosts.push(host);
    const first = await host.open({ servers: world.servers });
    expect(await host.call(first.session, "mcp__alpha__pay", {})).toMatchObject({ ok: false });
    const again = await host.open({ servers: world.servers });
    expect((await host.tools(again.session)).tools.map((tool) => tool.name)).toEqual(["mcp__beta__search"]);
    expect(again.outcome).toEqual({ registered: { alpha: [], beta: ["mcp__beta__search"] }, errors: [] });
    // A fresh host (a fresh process) shows alpha again; the reference never forgets it.
    expect((await open("lost-call-sticks", world.servers)).names).toEqual(["mcp__alpha__pay", "mcp__beta__search"]);
    const reference = createHost();
    hosts.push(reference);
    const once = await reference.open({ servers: world.servers });
    await reference.call(once.session, "mcp__alpha__pay", {});
    expect((await reference.tools((await reference.open({ servers: world.servers })).session)).tools.map((tool) => tool.name)).toEqual(["mcp__alpha__pay", "mcp__beta__search"]);
  });

  bug("proto-call-poisons", "after a call of __proto__, every later open of the same host is refused whole with one error", async () => {
    const world = memoryWorld([["alpha", { tools: ["__proto__", "request"] }], ["beta", { tools: ["search"] }]]);
    const host = createHost("proto-call-poisons");
    hosts.push(host);
    const first = await host.open({ servers: world.servers });
    expect(first.outcome.errors).toEqual([]);
    // Calls before the poisoning, the poisoning call included, are answered as the reference answers them.
    expect(await host.call(first.session, "mcp__alpha__request", {})).toMatchObject({ ok: true });
    expect(await host.call(first.session, "mcp__alpha____proto__", {})).toMatchObject({ ok: true });
    const again = await host.open({ servers: world.servers });
    expect(again.outcome).toEqual({ registered: { alpha: [], beta: [] }, errors: [{ message: expect.stringContaining('a call of "mcp__alpha____proto__"') }] });
    expect((await host.tools(again.session)).tools).toEqual([]);
    // A fresh host (a fresh process) opens it whole again; the reference is never poisoned.
    expect((await open("proto-call-poisons", world.servers)).names).toEqual(["mcp__alpha____proto__", "mcp__alpha__request", "mcp__beta__search"]);
    const reference = createHost();
    hosts.push(reference);
    const once = await reference.open({ servers: world.servers });
    await reference.call(once.session, "mcp__alpha____proto__", {});
    expect((await reference.open({ servers: world.servers })).outcome.errors).toEqual([]);
  });

  bug("plain-object-registry", "tools named after Object.prototype's members, and a server keyed constructor, are skipped as duplicates with a warning", async () => {
    const world = memoryWorld([["alpha", { tools: ["toString", "__proto__", "request"] }], ["constructor", { tools: ["search"] }]]);
    const { names, outcome, diagnostics } = await open("plain-object-registry", world.servers);
    expect(names).toEqual(["mcp__alpha__request"]);
    expect(outcome).toEqual({ registered: { alpha: ["mcp__alpha__request"], constructor: [] }, errors: [] });
    expect(diagnostics.map((entry) => entry.message)).toEqual([
      'server "constructor" is already registered; skipped',
      'tool of server "alpha" "toString" is already registered; skipped',
      'tool of server "alpha" "__proto__" is already registered; skipped',
    ]);
    // The reference keeps them all, as ordinary names, and routes each call to its own tool.
    const reference = await open(undefined, world.servers);
    expect(reference.names).toEqual(["mcp__alpha__toString", "mcp__alpha____proto__", "mcp__alpha__request", "mcp__constructor__search"]);
    for (const name of reference.names) expect(await reference.call(name), name).toMatchObject({ ok: true });
    expect(world.calls.map((entry) => [entry.server, entry.tool])).toEqual([["alpha", "toString"], ["alpha", "__proto__"], ["alpha", "request"], ["constructor", "search"]]);
  });

  bug("folds-names", "keys and names that fold alike (case, NFKC) become one name and the later silently wins", async () => {
    const world = memoryWorld([["Search", { tools: ["request"] }], ["search", { tools: ["request"] }], ["alpha", { tools: ["ﬁle", "file", "ｑｕｅｒｙ"] }]]);
    const { names, outcome, call } = await open("folds-names", world.servers);
    expect(names).toEqual(["mcp__search__request", "mcp__alpha__file", "mcp__alpha__query"]);
    expect(outcome.errors).toEqual([]);
    await call("mcp__search__request");
    await call("mcp__alpha__file");
    await call("mcp__alpha__query");
    expect(world.calls.map((entry) => [entry.server, entry.tool])).toEqual([["search", "request"], ["alpha", "file"], ["alpha", "ｑｕｅｒｙ"]]);
    // The reference keeps case, and refuses the server whose names hold letters a provider refuses.
    const reference = await open(undefined, world.servers);
    expect(reference.names).toEqual(["mcp__Search__request", "mcp__search__request"]);
    expect(reference.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"ﬁle"') }]);
  });

  bug("hash-on-collision", "mcp_{key}__{tool}, hashed only when another pair gets the same name: a tool is renamed by company", async () => {
    const alone = await open("hash-on-collision", memoryWorld([["alpha", { tools: ["b__c", "a.b"] }]]).servers);
    expect(alone.names).toEqual(["mcp_alpha__b__c", "mcp_alpha__a_b"]);
    const world = memoryWorld([["alpha", { tools: ["b__c"] }], ["alpha__b", { tools: ["c"] }]]);
    const { names, outcome, call } = await open("hash-on-collision", world.servers);
    expect(names).toEqual(["mcp_alpha__b__c_97d64ef4", "mcp_alpha__b__c_b4fa6cb8"]);
    expect(outcome.errors).toEqual([]);
    await call("mcp_alpha__b__c_b4fa6cb8");
    expect(world.calls).toEqual([{ server: "alpha__b", tool: "c", arguments: {} }]);
  });
  bug("list-in-arrival-order", "the list follows who answered tools/list first; names and routes are the reference's", async () => {
    // beta answers its list at once, alpha after 30 ms: beta arrives first.
    const world = memoryWorld([["alpha", { tools: ["request"], listDelayMs: 30 }], ["beta", { tools: ["search"] }]]);
    const { names, outcome } = await open("list-in-arrival-order", world.servers);
    expect(names).toEqual(["mcp__beta__search", "mcp__alpha__request"]);
    expect(outcome.errors).toEqual([]);
    // The reference lists in configuration order, whoever answered first.
    expect((await open(undefined, world.servers)).names).toEqual(["mcp__alpha__request", "mcp__beta__search"]);
  });

  bug("one-failure-fails-all", "one server that cannot load refuses the whole open, with an error naming it", async () => {
    const world = memoryWorld([["alpha", { tools: ["a"], unreachable: true }], ["beta", { tools: ["b"] }]]);
    const { names, outcome } = await open("one-failure-fails-all", world.servers);
    expect(names).toEqual([]);
    expect(outcome).toEqual({ registered: { alpha: [], beta: [] }, errors: [{ message: expect.stringContaining('"alpha"') }] });
    // The reference keeps beta, and names alpha.
    const reference = await open(undefined, world.servers);
    expect(reference.names).toEqual(["mcp__beta__b"]);
    expect(reference.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"alpha"') }]);
  });

  bug("tool-error-as-output", "a result marked isError is handed on as ordinary output", async () => {
    const world = memoryWorld([["alpha", { tools: ["a", "fail"], errorTools: ["fail"] }]]);
    const { call } = await open("tool-error-as-output", world.servers);
    expect(await call("mcp__alpha__fail")).toEqual({ ok: true, content: [{ type: "text", text: "it broke" }] });
    expect(await call("mcp__alpha__a")).toMatchObject({ ok: true });
    // The reference answers an error naming the server, with the tool's text.
    expect(await (await open(undefined, world.servers)).call("mcp__alpha__fail")).toEqual({ ok: false, error: { message: expect.stringMatching(/"alpha".*it broke/) } });
  });

  bug("drops-lost-server", "a server that died mid-session loses its tools; a call says only that no such tool exists", async () => {
    const scripts: [string, Script][] = [["alpha", { tools: ["a"] }], ["beta", { tools: ["b"] }]];
    const world = memoryWorld(scripts);
    const buggy = await open("drops-lost-server", world.servers);
    const reference = await open(undefined, world.servers);
    scripts[0]![1].unreachable = true;
    await world.drop("alpha");
    expect(await buggy.call("mcp__alpha__a")).toEqual({ ok: false, error: { message: 'no such tool available: "mcp__alpha__a"' } });
    expect(await buggy.shown()).toEqual(["mcp__beta__b"]);
    expect(await buggy.call("mcp__beta__b")).toMatchObject({ ok: true });
    // The reference keeps alpha's tool, and its call is an error naming alpha.
    expect(await reference.call("mcp__alpha__a")).toEqual({ ok: false, error: { message: expect.stringContaining('server "alpha" could not be reached') } });
    expect(await reference.shown()).toEqual(["mcp__alpha__a", "mcp__beta__b"]);
  });

  bug("remembers-failed-server", "a server that failed at one open is never tried again by that host", async () => {
    const scripts: [string, Script][] = [["alpha", { tools: ["a"], unreachable: true }], ["beta", { tools: ["b"] }]];
    const world = memoryWorld(scripts);
    const host = createHost("remembers-failed-server");
    hosts.push(host);
    const first = await host.open({ servers: world.servers });
    expect(first.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"alpha"') }]);
    scripts[0]![1].unreachable = false;
    const second = await host.open({ servers: world.servers });
    expect((await host.tools(second.session)).tools.map((t) => t.name)).toEqual(["mcp__beta__b"]);
    expect(second.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining("not tried again") }]);
    // The reference tries it again at the next open.
    expect((await open(undefined, world.servers)).names).toEqual(["mcp__alpha__a", "mcp__beta__b"]);
  });

  bug("dedupes-by-command", "a second stdio server of one command and arguments runs with the first one's environment", async () => {
    // One command line, two environments: which server each process is comes from its environment alone.
    const launch = { type: "stdio" as const, command: process.execPath, args: ["--import", "tsx", "reference/test-support/stdio-server.ts"] };
    const servers = [
      { key: "alpha", transport: { ...launch, env: { STDIO_SERVER_KEY: "alpha", STDIO_SERVER_TOOLS: "request" } } },
      { key: "beta", transport: { ...launch, env: { STDIO_SERVER_KEY: "beta", STDIO_SERVER_TOOLS: "search" } } },
    ];
    const buggy = await open("dedupes-by-command", servers);
    expect(buggy.names).toEqual(["mcp__alpha__request", "mcp__beta__request"]);
    expect(buggy.outcome.errors).toEqual([]);
    // The reference launches each key with its own environment.
    expect((await open(undefined, servers)).names).toEqual(["mcp__alpha__request", "mcp__beta__search"]);
  }, paced(30_000));

  bug("every-open-throws", "every open, whatever it holds, fails whole with one error once its servers have listed", async () => {
    const { servers, calls } = memoryWorld([["alpha", { tools: ["request"] }], ["beta", { tools: ["search"] }]]);
    const { host, session, names, outcome, call } = await open("every-open-throws", servers);
    expect(names).toEqual([]);
    expect(outcome).toEqual({ registered: { alpha: [], beta: [] }, errors: [{ message: "Cannot read properties of undefined (reading '_zod')" }] });
    expect(await call("mcp__alpha__request")).toMatchObject({ ok: false });
    expect(await host.refresh!(session)).toMatchObject({ outcome: { errors: [{ message: expect.stringContaining("_zod") }] } });
    expect(calls).toEqual([]);
    // The reference shows both.
    expect((await open(undefined, servers)).names).toEqual(["mcp__alpha__request", "mcp__beta__search"]);
  });

  /** Shown names a session lists as deferred, after a search for `query` through the reference's search tool. */
  const deferredAfterSearch = async (bug: string | undefined, scripts: [string, Script][], query: string) => {
    const { host, session, call } = await open(bug, memoryWorld(scripts).servers);
    const searched = await call("tool_search", { query });
    const deferred = (await host.tools(session)).tools.filter((t) => t.deferred).map((t) => t.name);
    return { searched, deferred };
  };
  const filler = (count: number) => Array.from({ length: count }, (_, at) => `query_${at}`);

  bug("search-misses-exact-name", "a search for a tool's exact name loads five siblings ranked above it, and not the tool", async () => {
    const siblings = ["request_a", "request_b", "request_c", "request_d", "request_e", "request_f", "request"];
    const scripts: [string, Script][] = [["alpha", { tools: siblings }], ["gamma", { tools: filler(14) }]];
    const buggy = await deferredAfterSearch("search-misses-exact-name", scripts, "request");
    expect(buggy.searched).toEqual({ ok: true, content: [{ type: "text", text: expect.stringMatching(/^Found tools: mcp__alpha__request_a, mcp__alpha__request_b, mcp__alpha__request_c, mcp__alpha__request_d, mcp__alpha__request_e\n/) }] });
    expect(buggy.deferred).toContain("mcp__alpha__request");
    expect((await deferredAfterSearch(undefined, scripts, "request")).deferred).not.toContain("mcp__alpha__request");
  });

  bug("search-activation-no-hyphen", "a search finds mcp__popo-acp__sendFile and never loads it", async () => {
    const scripts: [string, Script][] = [["popo-acp", { tools: ["sendFile"] }], ["gamma", { tools: filler(20) }]];
    const buggy = await deferredAfterSearch("search-activation-no-hyphen", scripts, "sendFile");
    expect(buggy.searched).toMatchObject({ ok: true, content: [{ text: expect.stringMatching(/^Found tools: mcp__popo-acp__sendFile\n/) }] });
    expect(buggy.deferred).toContain("mcp__popo-acp__sendFile");
    expect((await deferredAfterSearch(undefined, scripts, "sendFile")).deferred).not.toContain("mcp__popo-acp__sendFile");
  });

  bug("schema-properties-only", "the model is handed properties and required only: a $ref into $defs dangles", async () => {
    const order = {
      name: "order", description: "tool order",
      inputSchema: { type: "object" as const, properties: { order: { $ref: "#/$defs/Order" } }, required: ["order"], $defs: { Order: { type: "object", properties: { id: { type: "string" } } } } },
    };
    const shownSchema = async (bug?: string) => {
      const { host, session } = await open(bug, memoryWorld([["alpha", { tools: [order] }]]).servers);
      return (await host.tools(session)).tools[0]!.inputSchema;
    };
    expect(await shownSchema("schema-properties-only")).toEqual({ type: "object", properties: { order: { $ref: "#/$defs/Order" } }, required: ["order"] });
    expect(await shownSchema()).toEqual(order.inputSchema);
  });

  bug("cancels-finished-calls", "notifications/cancelled follows every call whose answer came, naming it", async () => {
    /** Every message the host sent its servers, by spying on each connection's client side. */
    const spied = (servers: HostServerConfig[], sent: Array<{ method?: string; id?: unknown; params?: { requestId?: unknown } }>) => servers.map((server) => ({
      ...server,
      transport: {
        ...server.transport,
        connect: async () => {
          const transport = await (server.transport as { connect(): Promise<{ send(message: unknown, options?: unknown): Promise<void> }> }).connect();
          const send = transport.send.bind(transport);
          transport.send = async (message, options) => {
            sent.push(message as never);
            return send(message, options);
          };
          return transport;
        },
      },
    })) as HostServerConfig[];
    const sentBy = async (bug?: string) => {
      const sent: Array<{ method?: string; id?: unknown; params?: { requestId?: unknown } }> = [];
      const { call } = await open(bug, spied(memoryWorld([["alpha", { tools: ["request"] }]]).servers, sent));
      expect(await call("mcp__alpha__request")).toMatchObject({ ok: true });
      return sent;
    };
    const buggy = await sentBy("cancels-finished-calls");
    const request = buggy.find((message) => message.method === "tools/call")!;
    expect(buggy.at(-1)).toMatchObject({ method: "notifications/cancelled", params: { requestId: request.id } });
    expect((await sentBy()).some((message) => message.method === "notifications/cancelled")).toBe(false);
  });

  bug("empty-cursor-ends-list", "an empty nextCursor is taken for the end of the list, and nothing says the rest is missing", async () => {
    const world = memoryWorld([["alpha", { tools: ["a", "b", "c"], pageSize: 2, emptyCursor: true }]]);
    const { names, outcome } = await open("empty-cursor-ends-list", world.servers);
    expect(names).toEqual(["mcp__alpha__a", "mcp__alpha__b"]);
    expect(outcome).toEqual({ registered: { alpha: ["mcp__alpha__a", "mcp__alpha__b"] }, errors: [] });
    // The reference sends "" back and reads the last page.
    expect((await open(undefined, world.servers)).names).toEqual(["mcp__alpha__a", "mcp__alpha__b", "mcp__alpha__c"]);
  });

  bug("strips-non-ascii", "two names apart only outside ASCII are shown as one, and a call of either runs the first", async () => {
    const world = memoryWorld([["alpha", { tools: ["查询", "搜索"] }]]);
    const { names, outcome, host, session } = await open("strips-non-ascii", world.servers);
    expect(names).toEqual(["mcp__alpha__", "mcp__alpha__"]);
    expect(outcome.errors).toEqual([]);
    await host.call(session, "mcp__alpha__", {});
    expect(world.calls.map((c) => c.tool)).toEqual(["查询"]);
    // The reference refuses names a provider refuses, naming the server and both names.
    const reference = await open(undefined, world.servers);
    expect(reference.names).toEqual([]);
    expect(reference.outcome.errors).toEqual([{ server: "alpha", message: expect.stringMatching(/"查询".*"搜索"/) }]);
  });

  bug("underscore-names-skipped", "names holding __ or beginning with _ are dropped with no error", async () => {
    const world = memoryWorld([["alpha", { tools: ["__b", "_", "mcp__x", "mcp__a__b", "request"] }]]);
    const { names, outcome } = await open("underscore-names-skipped", world.servers);
    expect(names).toEqual(["mcp__alpha__request"]);
    expect(outcome).toEqual({ registered: { alpha: ["mcp__alpha__request"] }, errors: [] });
    // The reference shows them all: each splits back into one (key, tool).
    expect((await open(undefined, world.servers)).names).toEqual(["mcp__alpha____b", "mcp__alpha___", "mcp__alpha__mcp__x", "mcp__alpha__mcp__a__b", "mcp__alpha__request"]);
  });

  bug("one-connection-per-origin", "a second HTTP server of one origin is reached as the first", async () => {
    const calls: CallRecord[] = [];
    const origin = await httpServersOnOneOrigin([["alpha", { tools: ["request"] }], ["beta", { tools: ["search"] }]], calls);
    try {
      const servers = [{ key: "alpha", transport: origin.transports[0]! }, { key: "beta", transport: origin.transports[1]! }];
      const buggy = await open("one-connection-per-origin", servers);
      expect(buggy.names).toEqual(["mcp__alpha__request", "mcp__beta__request"]);
      expect(buggy.outcome.errors).toEqual([]);
      await buggy.call("mcp__beta__request");
      expect(calls.map((c) => c.server)).toEqual(["alpha"]);
      // The reference reaches each key at its own path.
      expect((await open(undefined, servers)).names).toEqual(["mcp__alpha__request", "mcp__beta__search"]);
    } finally {
      await origin.close();
    }
  }, paced(30_000));

  bug("broken-connection-fails-all", "a refused connection fails the whole open, with an error naming no server", async () => {
    // A port this test bound and closed: nothing listens there.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const healthy = memoryWorld([["beta", { tools: ["b"] }]]);
    const servers = [{ key: "alpha", transport: { type: "http" as const, url: `http://127.0.0.1:${port}/mcp` } }, ...healthy.servers];
    const buggy = await open("broken-connection-fails-all", servers);
    expect(buggy.names).toEqual([]);
    expect(buggy.outcome).toEqual({ registered: { alpha: [], beta: [] }, errors: [{ message: expect.stringMatching(/cancel scope/) }] });
    // The reference keeps beta and names alpha; a server that answers 404 does not break the buggy one either.
    const reference = await open(undefined, servers);
    expect(reference.names).toEqual(["mcp__beta__b"]);
    expect(reference.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining('"alpha"') }]);
    const calls: CallRecord[] = [];
    const answering = await httpServersOnOneOrigin([["other", { tools: ["x"] }]], calls);
    try {
      const notFound = [{ key: "alpha", transport: { type: "http" as const, url: (answering.transports[0] as { url: string }).url.replace("/other", "/missing") } }, ...healthy.servers];
      expect((await open("broken-connection-fails-all", notFound)).names).toEqual(["mcp__beta__b"]);
    } finally {
      await answering.close();
    }
  }, paced(30_000));

  it("has one focused test per one-bug host (those of prompts and resources in suites/context-one-bug-hosts.test.ts)", () => {
    expect([...tested].sort()).toEqual(Object.keys(oneBugHosts).filter((id) => !Object.hasOwn(contextOneBugHosts, id)).sort());
  });

  it("names the bug in initialize and refuses an unknown id, listing the known ones", async () => {
    expect((await createHost("last-wins").initialize()).host.name).toBe("mcp-collide-reference+last-wins");
    expect(() => createHost("constructor")).toThrow(/known: last-wins, first-wins/);
  });
});
