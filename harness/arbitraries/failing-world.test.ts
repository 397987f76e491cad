import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { situationsOf } from "../world/situations.ts";
import type { World } from "../world/world.ts";
import { failingWorld, loadFailures } from "./failing-world.ts";

const how = (server: { unreachable?: boolean; failure?: string }) => (server.unreachable ? "unreachable" : server.failure);

describe("failingWorld", () => {
  it("always holds a failing server, draws every load failure, and nothing else a careful host may refuse", () => {
    const samples = fc.sample(failingWorld(), { numRuns: 400, seed: 7 });
    const seen = new Set<string>();
    for (const world of samples) {
      const failing = world.servers.filter((server) => how(server) !== undefined);
      expect(failing.length).toBeGreaterThan(0);
      for (const server of failing) seen.add(how(server)!);
      const situations = new Set(situationsOf(world));
      for (const hazard of ["exact-duplicate", "case-clash", "separator-clash", "provider-invalid-name", "over-length"]) expect(situations.has(hazard as never), hazard).toBe(false);
    }
    expect([...seen].sort()).toEqual([...loadFailures].sort());
    // Healthy servers stand beside failing ones, so "the others register as usual" is judged too.
    expect(samples.some((world) => world.servers.some((server) => how(server) === undefined) && world.servers.some((server) => how(server) !== undefined))).toBe(true);
  });

  it("shrinks toward one unreachable server", () => {
    const out = fc.check(fc.property(failingWorld(), () => false), { seed: 7 });
    const [world] = out.counterexample! as [World];
    expect(world.servers.map(how)).toEqual(["unreachable"]);
  });
});
