/**
 * The bounds a replayed world is held to (harness/arbitraries/world-bounds.ts) must admit every case the
 * catalogue makes, or repro would refuse a genuine counterexample: every clause's constructed cases, and
 * random cases drawn for a host that declares every capability and for one that declares none.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CapabilitiesSchema, MAX_SERVERS_PER_WORLD, namingProfile, worldBoundsBreach, paced } from "../harness/index.ts";
import { clauses } from "./index.ts";

const everything = {
  capabilities: CapabilitiesSchema.parse({ refresh: true, listChanged: true, localTools: true, registerLocal: ["object"], requestSchemas: true, pins: true, allowDeny: true }),
  profile: namingProfile("adr-0112"),
  providerProfile: namingProfile("default"),
  naming: { kind: "joined", order: "key-first", prefix: "mcp__", separator: "__", suffix: "" },
};
const nothing = { capabilities: CapabilitiesSchema.parse({}), profile: undefined, providerProfile: namingProfile("default"), naming: undefined };

describe("world bounds", () => {
  it("admit every constructed case and every sampled random case of every clause", { timeout: paced(120_000) }, () => {
    const breaches: string[] = [];
    let widest = 0;
    for (const clause of clauses) {
      for (const env of [everything, nothing] as never[]) {
        const cases = [...(clause.coverage?.(env) ?? []).map((built) => built.value), ...fc.sample(clause.arbitrary(env), { numRuns: 300, seed: 7 })];
        for (const value of cases) {
          const worlds = clause.worlds(value);
          widest = Math.max(widest, ...worlds.map((world) => world.servers.length));
          const breach = worldBoundsBreach(worlds);
          if (breach) breaches.push(`${clause.id}: ${breach}`);
        }
      }
    }
    expect(breaches).toEqual([]);
    // The bound is the generators' own: some clause reaches it, so it is not set loose.
    expect(widest).toBe(MAX_SERVERS_PER_WORLD);
  });
});
