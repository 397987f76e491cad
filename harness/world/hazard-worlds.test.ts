import { describe, expect, it } from "vitest";
import { hazardWorlds } from "./hazard-worlds.ts";
import { situationsOf } from "./situations.ts";

describe("hazard worlds", () => {
  it("each holds the situation it is built for, computed from the world itself", () => {
    for (const [name, { hazard, world }] of Object.entries(hazardWorlds)) expect(situationsOf(world), name).toContain(hazard);
  });

  it("hold Object.prototype's member names as tool names and as a key", () => {
    const names = (name: keyof typeof hazardWorlds) => hazardWorlds[name].world.servers.flatMap((server) => [server.key, ...server.tools.map((tool) => tool.name)]);
    expect(names("prototype-tools")).toEqual(expect.arrayContaining(["toString", "constructor", "hasOwnProperty", "valueOf", "__proto__"]));
    expect(hazardWorlds["prototype-key"].world.servers[0]!.key).toBe("constructor");
    expect(names("prototype-companions")).toEqual(expect.arrayContaining(["toString", "request"]));
  });

  it("hold keys and names that only compatibility folding makes one, not case alone", () => {
    for (const name of ["fold-keys", "fold-tools"] as const) expect(situationsOf(hazardWorlds[name].world), name).not.toContain("case-clash");
  });
});
