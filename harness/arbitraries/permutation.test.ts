import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selfTestSeed } from "../runner/self-test-seed.ts";
import { configOrder } from "./config-order.ts";
import { collidingWorld } from "./colliding-world.ts";
import { ordering, reorder } from "./ordering.ts";
import { permutation } from "./permutation.ts";
import { serverScript } from "./server-script.ts";
import { toolOrder } from "./tool-order.ts";

const SEED = selfTestSeed(20260808);
const sorted = <T>(items: readonly T[]) => [...items].sort();

describe("permutation", () => {
  it("reorders without losing or adding items", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string()).chain((items) => fc.tuple(fc.constant(items), permutation(items))),
        ([items, permuted]) => JSON.stringify(sorted(items)) === JSON.stringify(sorted(permuted)),
      ),
      { seed: SEED },
    );
  });

  it("reaches every order of three items", () => {
    const seen = new Set(fc.sample(permutation(["a", "b", "c"]), { numRuns: 300, seed: SEED }).map((p) => p.join("")));
    expect([...seen].sort()).toEqual(["abc", "acb", "bac", "bca", "cab", "cba"]);
  });

  it("handles empty and single lists", () => {
    expect(fc.sample(permutation([]), { numRuns: 3, seed: SEED })).toEqual([[], [], []]);
    expect(fc.sample(permutation(["x"]), { numRuns: 3, seed: SEED })).toEqual([["x"], ["x"], ["x"]]);
  });

  it("shrinks toward the identity: a failing reorder ends as one swap of neighbours", () => {
    const items = ["a", "b", "c", "d", "e", "f"];
    const out = fc.check(fc.property(permutation(items), (p) => p.join("") === items.join("")), { seed: SEED });
    const [shrunk] = out.counterexample as [string[]];
    const moved = shrunk.map((item, index) => (item === items[index] ? -1 : index)).filter((index) => index >= 0);
    expect(moved).toHaveLength(2);
    expect((moved[1] as number) - (moved[0] as number)).toBe(1);
  });
});

describe("ordering and reorder", () => {
  it("reorder keeps the items and an empty ordering is the identity", () => {
    expect(reorder(["a", "b", "c"], [])).toEqual(["a", "b", "c"]);
    expect(reorder(["a", "b", "c"], [2, 1])).toEqual(["c", "b", "a"]);
    expect(reorder(["a", "b", "c"], [7, 7, 7])).toEqual(["c", "b", "a"]);
    fc.assert(
      fc.property(fc.array(fc.nat()), ordering(), (items, order) => {
        return JSON.stringify(sorted(reorder(items, order))) === JSON.stringify(sorted(items));
      }),
      { seed: SEED },
    );
  });

  it("draws side by side with a world, no chain needed", () => {
    const out = fc.check(
      fc.property(collidingWorld(), ordering(), (value, order) => {
        const keys = value.servers.map((server) => server.key);
        return JSON.stringify(reorder(keys, order)) === JSON.stringify(keys);
      }),
      { seed: SEED },
    );
    const [value, order] = out.counterexample as [{ servers: unknown[] }, number[]];
    expect(value.servers).toHaveLength(2);
    expect(order).toEqual([1]);
  });
});

describe("configOrder and toolOrder", () => {
  it("permute servers, and tools inside one server, leaving the rest alone", () => {
    fc.assert(
      fc.property(
        collidingWorld().chain((value) => fc.tuple(fc.constant(value), configOrder(value))),
        ([value, permuted]) => {
          const keys = (w: typeof value) => w.servers.map((server) => JSON.stringify(server));
          return JSON.stringify(sorted(keys(value))) === JSON.stringify(sorted(keys(permuted)));
        },
      ),
      { seed: SEED },
    );
    fc.assert(
      fc.property(
        serverScript().chain((server) => fc.tuple(fc.constant(server), toolOrder(server))),
        ([server, permuted]) =>
          permuted.key === server.key &&
          JSON.stringify(sorted(permuted.tools.map((tool) => tool.name))) ===
            JSON.stringify(sorted(server.tools.map((tool) => tool.name))),
      ),
      { seed: SEED },
    );
  });

  it("reach other orders than the configured one", () => {
    const value = { servers: fc.sample(collidingWorld({ minServers: 3, maxServers: 3 }), { numRuns: 1, seed: SEED })[0]!.servers };
    const orders = new Set(fc.sample(configOrder(value), { numRuns: 100, seed: SEED }).map((w) => w.servers.map((s) => s.key).join()));
    expect(orders.size).toBe(6);
  });
});
