import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selfTestSeed } from "../runner/self-test-seed.ts";
import { holdsAlone } from "../world/hazards.ts";
import { sanitisedName, situationsOf } from "../world/situations.ts";
import { aloneHazards, aloneWorld } from "./alone-world.ts";

describe("aloneWorld", () => {
  it.each(aloneHazards)("holds %s and no other hazard, in every world it draws", (hazard) => {
    fc.assert(fc.property(aloneWorld(hazard), (world) => holdsAlone(world, hazard)), { seed: selfTestSeed(3), numRuns: 200 });
  });

  it("draws every invalid name, and worlds of one to three servers", () => {
    const worlds = fc.sample(aloneWorld("provider-invalid-name"), { seed: selfTestSeed(4), numRuns: 300 });
    const names = new Set(worlds.flatMap((world) => world.servers.flatMap((server) => server.tools.map((tool) => tool.name))));
    for (const name of ["admin.tools.list", "a/b", "a b", "a.b", ""]) expect(names, JSON.stringify(name)).toContain(name);
    expect(new Set(worlds.map((world) => world.servers.length))).toEqual(new Set([1, 2, 3]));
    // Beside a server holding the hazard there are healthy servers the host must keep: several servers often.
    expect(worlds.filter((world) => situationsOf(world).includes("multi-server")).length).toBeGreaterThan(100);
  });

  it("with invalidName sanitised-twin, puts the valid name an invalid one sanitises to beside it, still alone", () => {
    const arbitrary = aloneWorld("provider-invalid-name", { invalidName: "sanitised-twin" });
    fc.assert(fc.property(arbitrary, (world) => {
      const twinned = world.servers.filter((server) => {
        const names = server.tools.map((tool) => tool.name);
        return names.some((name) => sanitisedName(name) !== name && names.includes(sanitisedName(name)));
      });
      return twinned.length === 1 && holdsAlone(world, "provider-invalid-name");
    }), { seed: selfTestSeed(5), numRuns: 200 });
    const worlds = fc.sample(arbitrary, { seed: selfTestSeed(6), numRuns: 300 });
    const names = new Set(worlds.flatMap((world) => world.servers.flatMap((server) => server.tools.map((tool) => tool.name))));
    for (const name of ["a.b", "a/b", "a b", "admin.tools.list", "a_b", "admin_tools_list"]) expect(names, JSON.stringify(name)).toContain(name);
  });

  it("with invalidName empty, adds a tool named \"\" beside its server's valid tools, still alone", () => {
    const arbitrary = aloneWorld("provider-invalid-name", { invalidName: "empty" });
    fc.assert(fc.property(arbitrary, (world) => {
      const holders = world.servers.filter((server) => server.tools.some((tool) => tool.name === ""));
      const named = holders[0]?.tools.filter((tool) => tool.name !== "") ?? [];
      return holders.length === 1 && named.length >= 1 && holdsAlone(world, "provider-invalid-name");
    }), { seed: selfTestSeed(7), numRuns: 200 });
  });
});
