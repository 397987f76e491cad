import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selfTestSeed } from "../runner/self-test-seed.ts";
import { applyToList, type ToolDefinition } from "../../fake-servers/index.ts";
import { identityOf } from "../world/tool-identity.ts";
import type { World } from "../world/world.ts";
import { worldViolations } from "./_internals/world-violations.ts";
import { driftChange, driftChangeKinds, resolveDriftChange, type DriftChange } from "./drift-change.ts";
import { hostileSchema, hostileSchemaKinds, hostileSchemaOf, hostileTool } from "./hostile-schema.ts";
import { lifecycleWorld } from "./lifecycle-world.ts";

const SEED = selfTestSeed(20260808);
const names = (world: World) => world.servers.flatMap((server) => server.tools.map((tool) => tool.name));

/** The value fast-check shrinks `arbitrary` to under `failing` (the self-test seed). */
function shrunk<T>(arbitrary: fc.Arbitrary<T>, failing: (value: T) => boolean): T {
  const details = fc.check(fc.property(arbitrary, (value) => !failing(value)), { seed: SEED, numRuns: 500 });
  if (!details.failed) throw new Error("no counterexample");
  return details.counterexample![0];
}

describe("lifecycleWorld", () => {
  it("keeps the world invariants, and no two servers share a tool name", () => {
    fc.assert(fc.property(lifecycleWorld({ maxServers: 3, maxTools: 2 }), (world) =>
      worldViolations(world).length === 0 && new Set(names(world)).size === names(world).length), { seed: SEED, numRuns: 300 });
  });

  it("respects its bounds", () => {
    fc.assert(fc.property(lifecycleWorld({ minServers: 2, maxServers: 3, minTools: 2, maxTools: 2 }), (world) =>
      world.servers.length >= 2 && world.servers.length <= 3 && world.servers.every((server) => server.tools.length === 2)), { seed: SEED, numRuns: 200 });
    expect(() => lifecycleWorld({ maxServers: 4, minTools: 2 })).toThrow(RangeError);
  });

  it("advertises listChanged never, sometimes or always, as asked", () => {
    const flags = (mode: "never" | "sometimes" | "always") =>
      fc.sample(lifecycleWorld({ listChanged: mode }), { seed: SEED, numRuns: 100 }).flatMap((world) => world.servers.map((server) => server.listChanged));
    expect(new Set(flags("never"))).toEqual(new Set([undefined]));
    expect(new Set(flags("always"))).toEqual(new Set([true]));
    expect(new Set(flags("sometimes"))).toEqual(new Set([true, false]));
  });

  it("shrinks to one server with one plain tool", () => {
    const world = shrunk(lifecycleWorld({ maxServers: 3 }), (w) => w.servers.length > 0);
    expect(world.servers.map((server) => [server.key, server.tools.map((tool) => tool.name)])).toEqual([["alpha", ["request"]]]);
  });
});

describe("resolveDriftChange", () => {
  const tools: ToolDefinition[] = [{ name: "request", description: "x", inputSchema: { type: "object" } }, { name: "search", inputSchema: { type: "object" } }];

  it("resolves every kind onto the list, with identity markers naming the new tool", () => {
    const step = (change: DriftChange) => resolveDriftChange(change, "alpha", tools, ["query"]);
    expect(step({ kind: "add", name: { from: "other-server", pick: 0 } })).toMatchObject({ kind: "add", tool: { name: "query" } });
    expect(step({ kind: "add", name: { from: "pool", pick: 0 } })).toMatchObject({ kind: "add", tool: { name: "query" } });
    expect(step({ kind: "remove", pick: 3 })).toEqual({ kind: "remove", name: "search" });
    const rename = step({ kind: "rename", pick: 0, to: { from: "other-server", pick: 5 } });
    expect(rename).toMatchObject({ kind: "rename", from: "request", to: "query" });
    expect(identityOf((rename as { description: string }).description)).toEqual({ server: "alpha", tool: "query" });
    const describe = step({ kind: "describe", pick: 1, revision: 2 }) as { description: string };
    expect(identityOf(describe.description)).toEqual({ server: "alpha", tool: "search" });
    expect(step({ kind: "input-schema", pick: 0, variant: 1 })).toMatchObject({ kind: "input-schema", name: "request", inputSchema: { type: "object" } });
    expect(step({ kind: "output-schema", pick: 0, variant: 2 })).toEqual({ kind: "output-schema", name: "request", outputSchema: null });
  });

  it("falls back to the pool when no other server has a fresh name, and gives up when nothing applies", () => {
    expect(resolveDriftChange({ kind: "add", name: { from: "other-server", pick: 0 } }, "alpha", tools, ["search"])).toMatchObject({ tool: { name: "query" } });
    expect(resolveDriftChange({ kind: "remove", pick: 0 }, "alpha", [], [])).toBeUndefined();
    expect(() => driftChange({ kinds: [] })).toThrow(RangeError);
  });

  it("always yields a step that applies to the list it was resolved against", () => {
    fc.assert(fc.property(driftChange(), fc.subarray(["request", "search", "query", "call"]), (change, present) => {
      const list = present.map((name) => ({ name, inputSchema: { type: "object" } }));
      const step = resolveDriftChange(change, "alpha", list, ["get_logs"]);
      return step === undefined || typeof applyToList(list, step) !== "string";
    }), { seed: SEED, numRuns: 500 });
  });

  it("draws every kind, and shrinks toward adding a pool name", () => {
    const kinds = new Set(fc.sample(driftChange(), { seed: SEED, numRuns: 200 }).map((change) => change.kind));
    expect([...kinds].sort()).toEqual([...driftChangeKinds].sort());
    expect(shrunk(driftChange(), () => true)).toEqual({ kind: "add", name: { from: "pool", pick: 0 } });
  });
});

describe("hostileSchema", () => {
  it("has a backtracking argument for every pattern kind, and none for the rest", () => {
    for (const kind of hostileSchemaKinds) {
      const hostile = hostileSchemaOf(kind);
      const pattern = JSON.stringify(hostile.inputSchema).includes('"pattern"') && !kind.startsWith("invalid");
      expect([kind, hostile.backtracks]).toEqual([kind, pattern]);
      if (hostile.backtracks) expect(String(hostile.argument.q)).toMatch(/^a{28,}!$/);
    }
  });

  it("makes tools that identify themselves and keep the schema intact", () => {
    const tool = hostileTool("alpha", "request", hostileSchemaOf("output-unknown-type"));
    expect(identityOf(tool.description)).toEqual({ server: "alpha", tool: "request" });
    expect(tool.outputSchema).toEqual({ type: "object", properties: { q: { type: "nope" } } });
  });

  it("shrinks toward a schema that does not compile, away from backtracking", () => {
    expect(shrunk(hostileSchema(), () => true).kind).toBe("unknown-type");
  });
});
