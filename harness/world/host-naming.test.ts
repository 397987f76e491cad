import { describe, expect, it } from "vitest";
import { joinClashConcern, joinClashes, joinClashWorlds, joinedName, namingTemplate, type HostNaming } from "./host-naming.ts";
import { worldOf } from "./hazard-worlds.ts";

const agentsSdk: HostNaming = { kind: "joined", order: "key-first", prefix: "mcp_", separator: "__", suffix: "" };
const libreChat: HostNaming = { kind: "joined", order: "tool-first", prefix: "", separator: "_mcp_", suffix: "" };
const glued: HostNaming = { kind: "joined", order: "key-first", prefix: "", separator: "", suffix: "_tool" };

/** Every (key, tool) of a world with the name `naming` gives it. */
const namesUnder = (naming: HostNaming, world: ReturnType<typeof joinClashWorlds>[number]["world"]) =>
  world.servers.flatMap((server) => server.tools.map((tool) => joinedName(naming, server.key, tool.name)));

describe("host naming", () => {
  it("joins key and tool in the host's order, with its prefix, separator and suffix", () => {
    expect(joinedName(agentsSdk, "alpha", "request")).toBe("mcp_alpha__request");
    expect(joinedName(libreChat, "alpha", "request")).toBe("request_mcp_alpha");
    expect(joinedName({ kind: "bare" }, "alpha", "request")).toBe("request");
    expect([agentsSdk, libreChat, glued, { kind: "bare" } as const].map(namingTemplate)).toEqual(["mcp_{key}__{tool}", "{tool}_mcp_{key}", "{key}{tool}_tool", "{tool}"]);
  });

  it("builds, for any join, one world of two distinct pairs that meet under exactly that join", () => {
    for (const naming of [agentsSdk, libreChat, glued]) {
      const [built, ...rest] = joinClashWorlds(naming);
      expect(rest).toEqual([]);
      const names = namesUnder(naming, built!.world);
      expect(names, namingTemplate(naming)).toHaveLength(2);
      expect(new Set(names).size, namingTemplate(naming)).toBe(1);
      expect(joinClashConcern(built!.world, naming)).toEqual(new Set([0, 1]));
      expect(built!.hazard).toBe("host-join-clash");
      expect(built!.title).toContain(`under the host's own join ${namingTemplate(naming)}`);
    }
    // The example: alpha: b__c beside alpha__b: c, both mcp_alpha__b__c.
    expect(joinClashWorlds(agentsSdk)[0]!.world.servers.map((server) => [server.key, server.tools.map((tool) => tool.name)])).toEqual([["alpha", ["b__c"]], ["alpha__b", ["c"]]]);
    // LibreChat's {tool}_mcp_{key}: the usual joins do not meet there.
    expect(joinClashWorlds(libreChat)[0]!.world.servers.map((server) => [server.key, server.tools.map((tool) => tool.name)])).toEqual([["b_mcp_c", ["alpha"]], ["c", ["alpha_mcp_b"]]]);
  });

  it("lists each name the join gives two distinct pairs, with the pairs; a server listing one name twice is one pair", () => {
    const hyphen: HostNaming = { kind: "joined", order: "key-first", prefix: "", separator: "-", suffix: "" };
    expect(joinClashes(worldOf(["a", ["b-c", "b-c"]], ["a-b", ["c"]], ["d", ["e"]]), hyphen)).toEqual([
      { name: "a-b-c", pairs: [{ at: 0, key: "a", tool: "b-c" }, { at: 1, key: "a-b", tool: "c" }] },
    ]);
    expect(joinClashes(worldOf(["a", ["b-c", "b-c"]]), hyphen)).toEqual([]);
  });

  it("builds nothing for bare names or an unknown join, and sees no clash where the join keeps pairs apart", () => {
    expect(joinClashWorlds({ kind: "bare" })).toEqual([]);
    expect(joinClashWorlds(undefined)).toEqual([]);
    expect(joinClashConcern(joinClashWorlds(agentsSdk)[0]!.world, libreChat)).toEqual(new Set());
  });
});
