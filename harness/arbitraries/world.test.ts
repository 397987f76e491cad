import * as fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selfTestSeed } from "../runner/self-test-seed.ts";
import { situationsOf } from "../world/situations.ts";
import { worldViolations } from "./_internals/world-violations.ts";
import { serverScript } from "./server-script.ts";
import { world } from "./world.ts";
import type { WorldOptions } from "./world.ts";

const SEED = selfTestSeed(20260808);
const sample = (options: WorldOptions = {}, numRuns = 200) => fc.sample(world(options), { numRuns, seed: SEED });

describe("world", () => {
  const variants: [string, WorldOptions][] = [
    ["defaults", {}],
    ["every option on", { latency: true, identity: "mixed", unreachable: "sometimes", allowEmpty: true }],
    ["identity games", { identity: "games", minServers: 2 }],
    ["pool only", { toolFamilies: ["pool"], keyFamilies: ["pool"], minServers: 2, maxServers: 6 }],
    ["hostile and empty keys", { toolFamilies: ["hostile"], keyFamilies: ["empty", "separator"] }],
  ];
  for (const [label, options] of variants) {
    it(`keeps its invariants (${label})`, () => {
      fc.assert(fc.property(world(options), (value) => worldViolations(value).length === 0), {
        seed: SEED,
        numRuns: 300,
      });
    });
  }

  it("respects the server and tool bounds", () => {
    for (const value of sample({ minServers: 2, maxServers: 3, maxTools: 2 })) {
      expect(value.servers.length).toBeGreaterThanOrEqual(2);
      expect(value.servers.length).toBeLessThanOrEqual(3);
      for (const server of value.servers) {
        expect(server.tools.length).toBeGreaterThanOrEqual(1);
        expect(server.tools.length).toBeLessThanOrEqual(2);
      }
    }
  });

  it("by default is truthful, immediate, reachable and has no empty server", () => {
    for (const value of sample()) {
      for (const server of value.servers) {
        expect(server.serverInfo).toEqual({ name: server.key, version: "1.0.0" });
        expect(server.latency).toEqual({ initialize: 0, toolsList: 0 });
        expect(server.unreachable).toBe(false);
        expect(server.tools.length).toBeGreaterThan(0);
        expect(server.key).not.toBe("");
      }
    }
  });

  it("gives every tool the probe input schema", () => {
    for (const value of sample()) {
      for (const tool of value.servers.flatMap((server) => server.tools)) {
        expect(tool.inputSchema).toEqual({ type: "object", properties: { probe: { type: "string" } } });
      }
    }
  });

  it("produces empty servers, latencies out of order and unreachable servers when asked", () => {
    const found = new Set(
      sample({ allowEmpty: true, latency: true, unreachable: "sometimes", minServers: 2 }).flatMap(situationsOf),
    );
    for (const situation of ["empty-server", "arrival-reordered", "unreachable-server"] as const) {
      expect(found.has(situation)).toBe(true);
    }
  });

  it("always plays an identity game under `games` once there are two servers", () => {
    for (const value of sample({ identity: "games" })) {
      expect(situationsOf(value).includes("spoofed-identity")).toBe(value.servers.length >= 2);
    }
  });

  it("sometimes plays identity games under `mixed`, and not always", () => {
    const spoofed = sample({ identity: "mixed", minServers: 2 }).filter((value) =>
      situationsOf(value).includes("spoofed-identity"),
    ).length;
    expect(spoofed).toBeGreaterThan(20);
    expect(spoofed).toBeLessThan(200);
  });

  // Separator clashes need two matched halves at once (`a_b`+`c` with `a`+`b_c`): separatorClashWorld
  // builds them; the general world is not asked to.
  it("by default reaches every other naming situation", () => {
    const found = new Set(sample({}, 1000).flatMap(situationsOf));
    for (const situation of [
      "exact-duplicate",
      "sanitising-clash",
      "case-clash",
      "length-boundary",
      "over-length",
      "provider-invalid-name",
      "prototype-name",
      "multi-server",
    ] as const) {
      expect(found.has(situation), situation).toBe(true);
    }
  });

  it("rejects bounds that admit no world", () => {
    expect(() => world({ minServers: -1 })).toThrow(RangeError);
    expect(() => serverScript({ maxTools: 0 })).toThrow(RangeError);
    expect(() => serverScript({ maxTools: 0, allowEmpty: true })).not.toThrow();
  });
});
