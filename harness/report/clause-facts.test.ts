import { describe, expect, it } from "vitest";
import { describeTool } from "../world/tool-identity.ts";
import { caseFacts } from "./defect-facts.ts";
import { failing, reportOf } from "./test-support/defect-fixtures.ts";
import { groupDefects } from "./group-defects.ts";
import type { EvidenceStep } from "./report-model.ts";
import { refusedBy } from "./request-schema.ts";
import { arrived, call, found, list, open, received, refresh, tools, world, type Message, type Servers } from "./test-support/step-fixtures.ts";

// Each case as the control runs of the built-in one-bug hosts recorded it (cancels-finished-calls,
// options-by-visible-name, list-changed-ignored, refresh-adds-only, refresh-prunes-unreachable,
// pin-description-only, remembers-failed-server, lost-call-sticks, proto-call-poisons), cut to what is read.

const summary = (clauses: ReturnType<typeof failing>[]) => groupDefects(reportOf(clauses)).defects.map((d) => [d.title.split(":")[0], d.violations.map((v) => `${v.clause}#${v.case}`)]);

describe("a cancellation of a call that had completed", () => {
  const cancelled = (tool: string, answered: boolean): Message => ({ method: "notifications/cancelled", connection: 1, requestId: 3, cancelled: { method: "tools/call", tool, answered } });
  const three = found(1, [["alpha", ["request", "search"]], ["beta", ["query"]]], [
    world(1, [["alpha", ["request", "search"]], ["beta", ["query"]]]), open(1, [{ key: "alpha" }, { key: "beta" }]), tools(1, [["alpha", ["request", "search"]], ["beta", ["query"]]]),
    call(1, "alpha", "request", { probe: "p1" }), call(1, "alpha", "search", { probe: "p2" }), call(1, "beta", "query", { probe: "p3" }),
    received(1, "alpha", [...list(), arrived("request", { probe: "p1" }), cancelled("request", true), arrived("search", { probe: "p2" }), cancelled("search", true)]),
    received(1, "beta", [...list(), arrived("query", { probe: "p3" }), cancelled("query", true)]),
  ]);
  const one = (answered: boolean) => found(2, [["alpha", ["request"]]], [
    world(1, [["alpha", ["request"]]]), open(1, [{ key: "alpha" }]), tools(1, [["alpha", ["request"]]]), call(1, "alpha", "request", { probe: "p1" }),
    received(1, "alpha", [...list(), arrived("request", { probe: "p1" }), cancelled("request", answered)]),
  ]);

  it("is one defect on every world, titled by the behaviour", () => {
    // Old code: two defects, "showed 3: ..." and "showed 1: ...", one per world.
    expect(summary([failing("wire/cancels-only-pending", [three, one(true)])])).toEqual([
      ["cancels calls that had already completed", ["wire/cancels-only-pending#2", "wire/cancels-only-pending#1"]],
    ]);
    // Not read from a cancellation the server had not answered.
    expect(caseFacts(one(false).evidence!).map((fact) => fact.key)).toEqual([]);
  });
});

describe("request schemas an open was given", () => {
  const schema = { type: "object", required: ["q"], properties: { q: { type: "string" } } };
  const capped = { type: "object", properties: { count: { type: "integer", maximum: 3 } } };
  const keyed = (number: number, given: Record<string, unknown>, args: Record<string, unknown>, servers: Servers) => found(number, servers, [
    world(1, servers), open(1, [{ key: "alpha", requestSchemas: { request: given } }, ...servers.slice(1).map(([key]) => ({ key }))]), tools(1, servers),
    call(1, "alpha", "request", args), received(1, "alpha", [...list(), arrived("request", args)]),
  ]);
  const unknown = (number: number, ghost: string, errors: Array<{ server?: string; message: string }> = []) => found(number, [["alpha", ["request"]], ["beta", ["search"]]], [
    world(1, [["alpha", ["request"]], ["beta", ["search"]]]), open(1, [{ key: "alpha", requestSchemas: { [ghost]: schema } }, { key: "beta" }], errors), tools(1, [["alpha", ["request"]], ["beta", ["search"]]]),
    received(1, "alpha", list()), received(1, "beta", list()),
  ]);

  it("a call that breaks one given under its tool's own name reaching its server is one defect; a silent unknown key another", () => {
    // Old code: seven defects, each titled `opened with {"servers":...}`, one per schema and world.
    expect(summary([
      failing("options/keyed-by-wire", [keyed(1, schema, { probe: "p", q: 7 }, [["alpha", ["request"]], ["beta", ["search"]]]), keyed(2, capped, { probe: "p", count: 99 }, [["alpha", ["request"]]])]),
      failing("options/unknown-key", [unknown(1, "search"), unknown(2, "mcp__alpha__request")]),
    ])).toEqual([
      ["enforces no request schema given under a tool's own name", ["options/keyed-by-wire#2", "options/keyed-by-wire#1"]],
      ["reports no error for a request schema given under a name its server does not advertise", ["options/unknown-key#1", "options/unknown-key#2"]],
    ]);
    // A refusal is read only from a keyword it knows; not from a call the schema lets through, nor an open whose error names the server.
    expect([refusedBy(schema, { probe: "p", q: 7 }), refusedBy(schema, { probe: "p" }), refusedBy(capped, { count: 99 }), refusedBy({ properties: { confirm: { const: true } } }, { confirm: false })]).toEqual([true, true, true, true]);
    expect([refusedBy(schema, { q: "seven" }), refusedBy(capped, { count: 2 }), refusedBy({ properties: { q: { pattern: "^a$" } } }, { q: "b" })]).toEqual([false, false, false]);
    expect(caseFacts(keyed(1, schema, { probe: "p", q: "seven" }, [["alpha", ["request"]]]).evidence!).map((fact) => fact.key)).toEqual([]);
    expect(caseFacts(unknown(1, "search", [{ server: "alpha", message: "no such tool" }]).evidence!).map((fact) => fact.kind)).not.toContain("request-schema");
  });
});

describe("a server's list read again, or never", () => {
  const alpha = (names: string[]): Servers => [["alpha", names]];
  const ignored = (number: number, names: string[]) => found(number, alpha(names), [
    world(1, alpha(names)), open(1, [{ key: "alpha" }]), tools(1, alpha(names)), tools(1, alpha(names)), tools(1, alpha(names)), received(1, "alpha", list()),
  ]);
  const relisted = (number: number, before: string[], after: string[]) => found(number, alpha(before), [
    world(1, alpha(before)), open(1, [{ key: "alpha" }]), tools(1, alpha(before)), tools(1, alpha(after)), received(1, "alpha", [...list(), { method: "tools/list", connection: 1 }]),
  ]);
  const refreshed = found(2, [["alpha", ["request", "search"]], ["delta", ["query"]]], [
    world(1, [["alpha", ["request", "search"]], ["delta", ["query"]]]), open(1, [{ key: "alpha" }, { key: "delta" }]), tools(1, [["alpha", ["request", "search"]], ["delta", ["query"]]]),
    refresh(1, "alpha"), tools(1, [["alpha", ["search", "request"]], ["delta", ["query"]]]),
    received(1, "alpha", [...list(), { method: "tools/list", connection: 1 }]), received(1, "delta", list()),
  ]);

  it("never read again after a list_changed is one defect on every world", () => {
    // Old code: "showed 2: ..." and "showed 1: ...", a defect per world.
    expect(summary([failing("drift/list-changed", [ignored(1, ["request", "search"]), ignored(4, ["request"])])])).toEqual([
      ["ignores notifications/tools/list_changed", ["drift/list-changed#4", "drift/list-changed#1"]],
    ]);
  });

  it("read again and nothing dropped is one defect, after a refresh and after a list_changed alike", () => {
    // Old code: three defects ("showed 3: ...; after refresh ...", "showed 2: ...; later showed 3: ...", "showed 1: ...").
    expect(summary([
      failing("drift/refresh-tracks-list", [refreshed]),
      failing("drift/list-changed", [relisted(3, ["request", "search"], ["request", "call", "search"]), relisted(5, ["request"], ["request"])]),
    ])).toEqual([
      ["keeps every tool it showed when a server's list is read again", ["drift/list-changed#5", "drift/refresh-tracks-list#2", "drift/list-changed#3"]],
    ]);
    // Not read where the later list dropped a tool.
    expect(caseFacts(relisted(1, ["request", "search"], ["request"]).evidence!).map((fact) => fact.kind)).not.toContain("relist");
  });
});

describe("what a refresh, a pin or a later open did", () => {
  const pruned = (number: number, servers: Servers, key?: string) => found(number, servers, [
    world(1, servers), open(1, servers.map(([name]) => ({ key: name }))), tools(1, servers),
    refresh(1, key, [{ server: "alpha", message: "server \"alpha\" could not be refreshed; its tools were dropped" }]), tools(1, servers.slice(1)),
    ...servers.map(([name]) => received(1, name, list())),
  ]);
  const pinned = (number: number, servers: Servers) => found(number, servers, [
    world(1, servers), open(1, servers.map(([key]) => ({ key }))), { kind: "host", method: "pin", session: 1, request: {}, answer: { pins: {} } },
    open(2, servers.map(([key, names]) => ({ key, pin: { tools: Object.fromEntries(names.map((name) => [name, "hash"])) } }))),
    ...servers.map(([key]) => received(1, key, [...list(1), ...list(2)])),
  ]);
  const remembered = (number: number, servers: Servers) => found(number, servers, [
    world(1, servers, ["alpha"]), open(1, servers.map(([key]) => ({ key })), [{ server: "alpha", message: "could not be loaded" }]),
    open(2, servers.map(([key]) => ({ key })), [{ server: "alpha", message: "failed at an earlier open" }]), tools(2, servers.slice(1)),
    received(1, "alpha", []), ...servers.slice(1).map(([key]) => received(1, key, [...list(1), ...list(2)])),
  ]);

  it("each is one defect on every world, titled by the behaviour", () => {
    // Old code: a defect per world, titled "showed 1: ...", "pin {}; ...", "first open: ..." and "open 2: ...".
    const two: Servers = [["alpha", ["request"]], ["beta", ["search"]]];
    expect(summary([
      failing("drift/unreachable-prunes-nothing", [pruned(1, two, "alpha"), pruned(2, two), pruned(3, [["alpha", ["request"]]], "alpha")]),
      failing("drift/pin-holds-changes", [pinned(2, two), pinned(5, [["alpha", ["request"]]])]),
      failing("drift/mid-session-loss", [remembered(3, two), remembered(11, [["alpha", ["request"]]])]),
    ])).toEqual([
      ["drops every tool of a server whose refresh failed", ["drift/unreachable-prunes-nothing#3", "drift/unreachable-prunes-nothing#1", "drift/unreachable-prunes-nothing#2"]],
      ["reports no drift at an open given its earlier pins", ["drift/pin-holds-changes#5", "drift/pin-holds-changes#2"]],
      ["reports a server that failed at one open as failed at a later one without reaching it (it received nothing; whether it was back by then, the records do not say)", ["drift/mid-session-loss#11", "drift/mid-session-loss#3"]],
    ]);
  });

  it("reads no pins passing where the pinned open answered garbage, or an error naming a pinned server", () => {
    const two: Servers = [["alpha", ["request"]], ["beta", ["search"]]];
    const pinnedWith = (answer: unknown) => {
      const evidence = pinned(2, two).evidence!;
      const at = evidence.steps.findIndex((step) => step.kind === "host" && step.method === "open" && step.session === 2);
      evidence.steps[at] = { ...(evidence.steps[at] as Extract<EvidenceStep, { kind: "host" }>), answer };
      return caseFacts(evidence).map((fact) => fact.text);
    };
    const passes = "reports no drift at an open given its earlier pins";
    expect(caseFacts(pinned(2, two).evidence!).map((fact) => fact.text).some((text) => text.startsWith(passes))).toBe(true);
    expect(pinnedWith("garbage").some((text) => text.startsWith(passes))).toBe(false);
    expect(pinnedWith({ outcome: { registered: {}, errors: [{ server: "alpha", message: "alpha drifted" }] }, diagnostics: [] }).some((text) => text.startsWith(passes))).toBe(false);
  });

  it("reads a server left out after a failed call, and opens refused after a call of __proto__", () => {
    const two: Servers = [["alpha", ["request"]], ["beta", ["search"]]];
    const poisoner: Servers = [["alpha", ["__proto__"]], ["beta", ["search"]]];
    const later = (second: Servers, calls: EvidenceStep[], third: { errors: Array<{ message: string }>; reached: string[] }) => found(1, two, [
      world(1, two), open(1, [{ key: "alpha" }, { key: "beta" }]), call(1, "alpha", "request", { probe: "p1" }), received(1, "alpha", [...list(), arrived("request", { probe: "p1" })]), received(1, "beta", list()),
      world(2, second), open(2, [{ key: "alpha" }, { key: "beta" }]), ...calls, received(2, "alpha", [...list(), arrived(second[0]![1][0]!, { probe: "p1" })]), received(2, "beta", list()),
      world(3, two), open(3, [{ key: "alpha" }, { key: "beta" }], third.errors), ...["alpha", "beta"].map((key) => received(3, key, third.reached.includes(key) ? list() : [])),
    ]);
    const sticks = later(two, [call(2, "alpha", "request", { probe: "p1" }, false)], { errors: [], reached: ["beta"] });
    const poisons = later(poisoner, [call(2, "alpha", "__proto__", { probe: "p1" })], { errors: [{ message: "TypeError: Cannot read properties of undefined (reading 'get')" }], reached: [] });
    // Old code: neither was read; the title was the first session's "showed 2: ...".
    expect(caseFacts(sticks.evidence!).map((fact) => fact.key)).toContain("later-opens:failed-call");
    expect(caseFacts(poisons.evidence!).map((fact) => fact.key)).toContain("later-opens:proto-call");
    expect(summary([failing("lifecycle/sessions-independent", [sticks])])[0]![0]).toBe("leaves out, with no error, a server a call of which failed in an earlier session");
  });
});

describe("calls a host refused itself, where a clause timed them", () => {
  const hostile = (number: number, servers: Servers, calls: number) => found(number, servers, [
    world(1, servers), open(1, servers.map(([key]) => ({ key }))),
    ...Array.from({ length: calls }, (_, at) => ({ ...call(1, "alpha", "request", { q: `${"a".repeat(8 + at * 20)}!` }, false), answer: { ok: false, error: { message: "the arguments were refused before sending" } } })),
    ...servers.map(([key]) => received(1, key, list())),
  ]);

  it("is one defect titled by the refusals, and says the records keep no timings", () => {
    // Old code: titled "a call of a shown tool reached no server", a route, where the records hold the host's refusals.
    const three: Servers = [["alpha", ["request", "search"]], ["beta", ["query"]]];
    expect(summary([failing("schema/hostile-schema", [hostile(5, three, 2), hostile(8, [["alpha", ["request"]]], 2)])])).toEqual([
      ["refuses every call of one tool itself, before any reaches its server (the records keep no timings", ["schema/hostile-schema#8", "schema/hostile-schema#5"]],
    ]);
    // One refusal alone is not read so.
    expect(caseFacts(hostile(5, three, 1).evidence!).map((fact) => fact.kind)).not.toContain("refused-call");
  });
});

describe("an input schema handed on with a $ref that resolves to nothing", () => {
  const refs = { type: "object", properties: { probe: { type: "string" }, order: { $ref: "#/$defs/Order" } }, $defs: { Order: { type: "object" } } };
  const { $defs: _defs, ...cut } = refs;
  const shown = (number: number, servers: Servers, schema: unknown) => found(number, servers, [
    world(1, servers), open(1, servers.map(([key]) => ({ key }))),
    { kind: "host", method: "tools", session: 1, request: {}, answer: { tools: servers.flatMap(([key, names]) => names.map((tool) => ({ name: `mcp__${key}__${tool}`, description: describeTool(key, tool), inputSchema: schema }))) } },
    ...servers.map(([key]) => received(1, key, list())),
  ]);

  it("is one defect on every world, the records keeping a schema that refers", () => {
    // Old code: "showed 3: ..." and "showed 1: ...", a defect per world (and the records kept no schema to read).
    expect(summary([failing("schema/input-schema-intact", [shown(1, [["alpha", ["order", "search"]], ["beta", ["query"]]], cut), shown(4, [["alpha", ["request"]]], cut)])])).toEqual([
      ["hands the model a tool's input schema without its $defs, so a $ref dangles", ["schema/input-schema-intact#4", "schema/input-schema-intact#1"]],
    ]);
    // A schema whose references resolve is not read so.
    expect(caseFacts(shown(1, [["alpha", ["order"]]], refs).evidence!).map((fact) => fact.kind)).not.toContain("schema");
  });

  it("reads a report from disk as untrusted: a tools answer of another shape, a schema nested past reading, a $ref inside data", () => {
    const odd = shown(1, [["alpha", ["order"]]], refs).evidence!;
    const at = odd.steps.findIndex((step) => step.kind === "host" && step.method === "tools");
    odd.steps[at] = { ...(odd.steps[at] as Extract<EvidenceStep, { kind: "host" }>), answer: { tools: {} } };
    expect(() => caseFacts(odd)).not.toThrow();
    let deep: Record<string, unknown> = { $ref: "#/$defs/Missing" };
    for (let level = 0; level < 100_000; level++) deep = { properties: { x: deep } };
    expect(() => caseFacts(shown(1, [["alpha", ["order"]]], deep).evidence!)).not.toThrow();
    const data = { type: "object", properties: { mode: { type: "string", enum: [{ $ref: "#/nowhere" }], default: { $ref: "#/nowhere" } } } };
    expect(caseFacts(shown(1, [["alpha", ["order"]]], data).evidence!).map((fact) => fact.kind)).not.toContain("schema");
  });
});

describe("a refresh that drops a server's every tool and reports no error", () => {
  const two: Servers = [["alpha", ["request"]], ["beta", ["search"]]];
  const silent = (number: number, servers: Servers, key?: string, shownAfter = servers.slice(1)) => found(number, servers, [
    world(1, servers), open(1, servers.map(([name]) => ({ key: name }))), tools(1, servers), refresh(1, key), tools(1, shownAfter),
    ...servers.map(([name]) => received(1, name, list())),
  ]);

  it("is one defect on every world, a refresh of the server and of every server alike", () => {
    // Old code: three defects, "showed 2: ...; after refresh "alpha", showed 1: ...", "...; after refresh every server, ..." and "showed 1: ...".
    expect(summary([failing("drift/unreachable-prunes-nothing", [silent(1, two, "alpha"), silent(2, two), silent(3, [["alpha", ["request"]]], "alpha")])])).toEqual([
      ["drops every tool of a refreshed server without an error", ["drift/unreachable-prunes-nothing#3", "drift/unreachable-prunes-nothing#1", "drift/unreachable-prunes-nothing#2"]],
    ]);
  });

  it("is not read where the refresh was of another server, or the server's tools are still shown; the title then says what was shown", () => {
    const other = silent(1, two, "beta");
    expect(caseFacts(other.evidence!).map((fact) => fact.kind)).not.toContain("prune");
    expect(caseFacts(silent(2, two, "alpha", two).evidence!).map((fact) => fact.kind)).not.toContain("prune");
    expect(groupDefects(reportOf([failing("drift/unreachable-prunes-nothing", [other])])).defects[0]!.title).toBe('after refresh "beta", does not show "request" of "alpha", and no error names "alpha"');
  });
});

describe("a cursor sent back again and again", () => {
  const stuck = (number: number, times: number, cursors = (at: number) => "c1") => found(number, [["alpha", ["request", "search"]], ["beta", ["query"]]], [
    { kind: "world", world: 1, transport: "memory", servers: [{ key: "alpha", tools: ["request", "search"], failure: "stuck-cursor" }, { key: "beta", tools: ["query"] }] },
    open(1, [{ key: "alpha" }, { key: "beta" }], [{ server: "alpha", message: `the cursor was asked for ${times} times on this connection: no more pages` }]), tools(1, [["beta", ["query"]]]),
    received(1, "alpha", [...list(), ...Array.from({ length: times }, (_, at): Message => ({ method: "tools/list", connection: 1, cursor: cursors(at) }))]), received(1, "beta", list()),
  ]);

  it("is read from what the server received, though an error named the server", () => {
    // Old code: titled 'asked "alpha" for its tool list 13 times on one connection', what the records showed and not why.
    expect(summary([failing("surface/failing-server-named", [stuck(8, 12)])])).toEqual([
      ["asks a server for the same page of its tool list again and again, sending one nextCursor back more than 10 times on one connection", ["surface/failing-server-named#8"]],
    ]);
  });

  it("is not read for a cursor sent back 10 times, nor for cursors that advance", () => {
    expect(caseFacts(stuck(8, 10).evidence!).map((fact) => fact.kind)).not.toContain("cursor-loop");
    const advancing = stuck(8, 12, (at) => `c${at}`);
    expect(caseFacts(advancing.evidence!).map((fact) => fact.kind)).not.toContain("cursor-loop");
    expect(groupDefects(reportOf([failing("surface/failing-server-named", [advancing])])).defects[0]!.title).toBe('asked "alpha" for its tool list 13 times on one connection');
  });
});
