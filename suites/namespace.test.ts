/**
 * The HAP/1 `namespace` extension, end to end: a host whose visible identity is the (namespace, name) pair
 * (Codex's) is judged on the pair by the names and wire clauses, both ways, and the field survives HAP/1 in
 * both directions (serveHap hands it to the host; HapClient sends it).
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import {
  describeTool, HapClient, inProcessLauncher, runClauses, serveHap, singleCase, visibleKey, visibleLabel, WorldSchema, type Clause, type HostAdapter, type World,
} from "../harness/index.ts";
import { clauses } from "./index.ts";
import { namespacedHost } from "./test-support/namespaced-host.ts";

const world = (...servers: Array<[string, string[]]>): World => WorldSchema.parse({
  servers: servers.map(([key, tools]) => ({
    key, serverInfo: { name: key, version: "1.0.0" },
    tools: tools.map((name) => ({ name, description: describeTool(key, name), inputSchema: { type: "object", properties: { probe: { type: "string" } } } })),
  })),
});

/** Runs clause `id`'s check on exactly `value`, once. */
async function judge(host: () => HostAdapter, id: string, value: unknown) {
  const clause = clauses.find((candidate) => candidate.id === id)!;
  const once: Clause = singleCase(clause, value);
  const report = await runClauses({ clauses: [once], launcher: inProcessLauncher(host), seed: 1, runs: 1, transport: "memory" });
  return report.clauses[0]!;
}

const duplicate = world(["alpha", ["search"]], ["beta", ["search"]]);

describe("a host that shows (namespace, name) pairs", () => {
  it("is judged on the pair: two servers' same-named tools in two namespaces are two identities, each routed", async () => {
    const careful = () => namespacedHost("careful");
    for (const id of ["names/injective", "names/deterministic", "surface/no-silent-loss", "wire/unknown-name"]) {
      expect((await judge(careful, id, duplicate)).status, id).toBe("pass");
    }
    for (const id of ["wire/passthrough", "wire/no-cross-routing"]) {
      expect((await judge(careful, id, { world: duplicate, payload: {} })).status, id).toBe("pass");
    }
    expect((await judge(careful, "order/config-permutation", { world: duplicate, servers: [1], tools: [] })).status).toBe("pass");
  });

  it("fails the wire clauses when the host routes by the bare name, ignoring the namespace", async () => {
    const bare = () => namespacedHost("bare-routing");
    const passthrough = await judge(bare, "wire/passthrough", { world: duplicate, payload: {} });
    expect(passthrough.status).toBe("fail");
    expect(passthrough.observed).toContain('"mcp__beta/search" (tool "search" of "beta"), called with {"probe":"probe-2"}, was delivered as ["search" at "alpha"]');
    expect((await judge(bare, "wire/no-cross-routing", { world: duplicate, payload: {} })).status).toBe("fail");
  });

  it("checks each part against the provider rule: a namespace a provider refuses fails names/provider-valid", async () => {
    const dotted = () => namespacedHost("careful", (key) => `mcp.${key}`);
    const report = await judge(dotted, "names/provider-valid", world(["alpha", ["search"]]));
    expect(report.status).toBe("fail");
    expect(report.observed).toBe('shown: ["mcp.alpha"], which profile default, /^[A-Za-z0-9_-]{1,64}$/ refuses');
    const long = world(["alpha", ["x".repeat(65)]]);
    expect((await judge(() => namespacedHost("careful"), "names/provider-valid", long)).status).toBe("fail");
  });

  it("is not the joined name: a namespace pair never satisfies a profile that fixes one name", async () => {
    const clause = clauses.find((candidate) => candidate.id === "names/profile")!;
    const once: Clause = singleCase(clause, duplicate);
    const report = await runClauses({
      clauses: [once], launcher: inProcessLauncher(() => namespacedHost("careful", (key) => `mcp__${key}_`)), seed: 1, runs: 1, transport: "memory", profile: "adr-0112",
    });
    expect(report.clauses[0]!.status).toBe("fail");
    expect(report.clauses[0]!.observed).toContain('"search" of "alpha" is shown as "mcp__alpha_/search", not "mcp__alpha__search"');
  });
});

describe("visible identity helpers", () => {
  it("keys are injective where a joined string is not", () => {
    const a = { namespace: "mcp__a__b", name: "c" };
    const b = { namespace: "mcp__a", name: "b__c" };
    expect(visibleKey(a)).not.toBe(visibleKey(b));
    expect(visibleKey({ name: "x" })).not.toBe(visibleKey({ namespace: "", name: "x" }));
    expect(visibleLabel(a)).toBe("mcp__a__b/c");
    expect(visibleLabel({ name: "x" })).toBe("x");
  });
});

describe("HAP/1 carries namespace", () => {
  it("serveHap hands a call's namespace to the host and returns tools with theirs", async () => {
    const seen: unknown[] = [];
    const host: HostAdapter = {
      initialize: async () => ({ protocolVersion: "1", host: { name: "ns", version: "0" }, transports: ["http"], capabilities: {} as never }),
      open: async () => ({ session: "s1", outcome: { registered: {}, errors: [] }, diagnostics: [] }),
      tools: async () => ({ tools: [{ namespace: "mcp__alpha", name: "search" }] }),
      call: async (...args) => { seen.push(args); return { ok: true, content: [] }; },
      close: async () => undefined,
      shutdown: async () => undefined,
    };
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: unknown[] = [];
    output.on("data", (chunk: Buffer) => lines.push(...chunk.toString().trim().split("\n").map((line) => JSON.parse(line))));
    const served = serveHap(host, input, output);
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "session/call", params: { session: "s1", name: "search", namespace: "mcp__alpha", arguments: { q: 1 } } })}\n`);
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "session/call", params: { session: "s1", name: "search", arguments: {} } })}\n`);
    input.write(`${JSON.stringify({ jsonrpc: "2.0", id: 3, method: "session/tools", params: { session: "s1" } })}\n`);
    input.end();
    await served;
    expect(seen).toEqual([["s1", "search", { q: 1 }, "mcp__alpha"], ["s1", "search", {}]]);
    expect(lines.at(-1)).toEqual({ jsonrpc: "2.0", id: 3, result: { tools: [{ namespace: "mcp__alpha", name: "search" }] } });
  });

  it("HapClient sends namespace only when there is one", async () => {
    // An adapter that answers every request with its params, so the test sees exactly what was sent.
    const echo = "require('readline').createInterface({input:process.stdin}).on('line',(l)=>{const r=JSON.parse(l);process.stdout.write(JSON.stringify({jsonrpc:'2.0',id:r.id,result:{ok:true,content:[r.params]}})+'\\n')})";
    const client = new HapClient({ argv: [process.execPath, "-e", echo] });
    try {
      expect(await client.call("s1", "search", {}, "mcp__alpha")).toEqual({ ok: true, content: [{ session: "s1", name: "search", namespace: "mcp__alpha", arguments: {} }] });
      expect(await client.call("s1", "search", {})).toEqual({ ok: true, content: [{ session: "s1", name: "search", arguments: {} }] });
    } finally {
      await client.shutdown(200);
    }
  });
});
