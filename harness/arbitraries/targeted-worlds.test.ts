import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import { describe, expect, it } from "vitest";
import { selfTestSeed } from "../runner/self-test-seed.ts";
import { sanitisedName, situationsOf } from "../world/situations.ts";
import type { Situation } from "../world/situations.ts";
import type { World } from "../world/world.ts";
import { worldViolations } from "./_internals/world-violations.ts";
import { collidingWorld } from "./colliding-world.ts";
import { longNameWorld } from "./long-name-world.ts";
import { separatorClashGadgets, separatorClashWorld } from "./separator-clash-world.ts";
import { serverKeyPool } from "./server-key.ts";
import { spoofedWorld } from "./spoofed-world.ts";

const SEED = selfTestSeed(20260808);

/** Share of 200 worlds (the self-test seed) that put a host in `situation`. */
function share(arbitrary: Arbitrary<World>, situation: Situation): number {
  const worlds = fc.sample(arbitrary, { numRuns: 200, seed: SEED });
  return worlds.filter((value) => situationsOf(value).includes(situation)).length / worlds.length;
}

const targeted: [string, () => Arbitrary<World>, Situation[]][] = [
  ["collidingWorld", () => collidingWorld(), ["exact-duplicate", "multi-server"]],
  ["separatorClashWorld", () => separatorClashWorld(), ["separator-clash", "multi-server"]],
  ["longNameWorld", () => longNameWorld(), ["length-boundary", "middle-differing", "over-length"]],
  ["spoofedWorld", () => spoofedWorld(), ["spoofed-identity", "multi-server"]],
];

describe.each(targeted)("%s", (_label, arbitrary, situations) => {
  it("keeps the world invariants", () => {
    fc.assert(fc.property(arbitrary(), (value) => worldViolations(value).length === 0), { seed: SEED, numRuns: 300 });
  });

  it.each(situations)("produces %s in at least 30% of worlds", (situation) => {
    expect(share(arbitrary(), situation)).toBeGreaterThanOrEqual(0.3);
  });
});

describe("targeted worlds", () => {
  it("always spoof in spoofedWorld", () => {
    expect(share(spoofedWorld(), "spoofed-identity")).toBe(1);
  });

  it("produce sanitising and case clashes from separatorClashWorld too", () => {
    expect(share(separatorClashWorld(), "sanitising-clash")).toBeGreaterThan(0.1);
    expect(share(separatorClashWorld(), "case-clash")).toBeGreaterThan(0.1);
  });

  it("produce one server holding two names that sanitise to one (a.b, a_b) from separatorClashWorld", () => {
    // No situation names it (sanitising-clash is about keys): a host that sanitises names keeps one of them.
    const twinned = (value: World) => value.servers.some((server) => {
      const names = new Set(server.tools.map((tool) => tool.name));
      return new Set([...names].map(sanitisedName)).size < names.size;
    });
    const worlds = fc.sample(separatorClashWorld(), { numRuns: 200, seed: SEED });
    expect(worlds.filter(twinned).length / worlds.length).toBeGreaterThanOrEqual(0.25);
  });

  it("give every server of a clash gadget a plain tool beside it with companions, and none without", () => {
    // Keys only a gadget makes (pool keys such as `a` and `alpha` may come from the plain servers around them).
    const pool: readonly string[] = serverKeyPool;
    const gadgetKeys = new Set(separatorClashGadgets.flatMap((gadget) => gadget.map((fragment) => fragment.key)).filter((key) => !pool.includes(key)));
    const companionShare = (value: World) => {
      const gadgetServers = value.servers.filter((server) => gadgetKeys.has(server.key));
      if (gadgetServers.length === 0) return 1;
      return gadgetServers.filter((server) => server.tools.some((tool) => tool.name === "search") && server.tools.length > 1).length / gadgetServers.length;
    };
    const withCompanions = fc.sample(separatorClashWorld({ companions: true }), { numRuns: 100, seed: SEED });
    expect(withCompanions.every((value) => companionShare(value) === 1)).toBe(true);
    fc.assert(fc.property(separatorClashWorld({ companions: true }), (value) => worldViolations(value).length === 0), { seed: SEED, numRuns: 200 });
    const without = fc.sample(separatorClashWorld(), { numRuns: 100, seed: SEED });
    expect(without.filter((value) => companionShare(value) === 1).length).toBeLessThan(50);
  });

  it("produce two long tools whose mcp__{key}__{tool} share the first 64 characters", () => {
    const cutCollision = (value: World) =>
      value.servers.some((server) => {
        const heads = server.tools.map((tool) => `mcp__${server.key}__${tool.name}`.slice(0, 64));
        return new Set(heads).size < heads.length;
      });
    const worlds = fc.sample(longNameWorld(), { numRuns: 200, seed: SEED });
    expect(worlds.filter(cutCollision).length / worlds.length).toBeGreaterThanOrEqual(0.3);
  });

  it("carry latency, identity and reachability options through", () => {
    const worlds = fc.sample(
      separatorClashWorld({ latency: true, identity: "games", unreachable: "sometimes" }),
      { numRuns: 200, seed: SEED },
    );
    const found = new Set(worlds.flatMap(situationsOf));
    for (const situation of ["arrival-reordered", "spoofed-identity", "unreachable-server"] as const) {
      expect(found.has(situation)).toBe(true);
    }
    const multi = worlds.filter((value) => value.servers.length >= 2);
    expect(multi.every((value) => situationsOf(value).includes("spoofed-identity"))).toBe(true);
  });
});

describe("shrinking", () => {
  it("takes a lost duplicate down to two servers with one same-named tool each", () => {
    const noSharedName = (value: World) => {
      const names = value.servers.flatMap((server) => server.tools.map((tool) => tool.name));
      return new Set(names).size === names.length;
    };
    const out = fc.check(fc.property(collidingWorld(), noSharedName), { seed: SEED });
    expect(out.failed).toBe(true);
    const [shrunk] = out.counterexample as [World];
    expect(shrunk.servers).toHaveLength(2);
    expect(shrunk.servers.map((server) => server.tools.length)).toEqual([1, 1]);
    const [first, second] = shrunk.servers.map((server) => server.tools[0]?.name);
    expect(first).toBe(second);
  });

  it("takes a lost duplicate down to two plain servers whatever the seed and options", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const out = fc.check(
        fc.property(collidingWorld({ latency: true, identity: "mixed", maxTools: 4, maxServers: 6 }), (value) => {
          const names = value.servers.flatMap((server) => server.tools.map((tool) => tool.name));
          return new Set(names).size === names.length;
        }),
        { seed },
      );
      const [shrunk] = out.counterexample as [World];
      expect(shrunk.servers.map((server) => server.tools.length)).toEqual([1, 1]);
      expect(shrunk.servers.map((server) => server.latency)).toEqual([
        { initialize: 0, toolsList: 0 },
        { initialize: 0, toolsList: 0 },
      ]);
      expect(shrunk.servers.map((server) => server.serverInfo.name)).toEqual(shrunk.servers.map((server) => server.key));
    }
  });

  it("takes a separator clash down to the first gadget", () => {
    const out = fc.check(
      fc.property(separatorClashWorld({ latency: true }), (value) => !situationsOf(value).includes("separator-clash")),
      { seed: SEED },
    );
    const [shrunk] = out.counterexample as [World];
    expect(shrunk.servers.map((server) => [server.key, server.tools.map((tool) => tool.name)])).toEqual([
      ["a_b", ["c"]],
      ["a", ["b_c"]],
    ]);
  });

  it("takes a spoofed identity down to two plain servers", () => {
    const out = fc.check(
      fc.property(spoofedWorld(), (value) => !situationsOf(value).includes("spoofed-identity")),
      { seed: SEED },
    );
    const [shrunk] = out.counterexample as [World];
    expect(shrunk.servers).toHaveLength(2);
    expect(shrunk.servers.map((server) => server.tools.map((tool) => tool.name))).toEqual([["request"], ["request"]]);
  });
});
