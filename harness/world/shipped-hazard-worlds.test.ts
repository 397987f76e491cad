import { describe, expect, it } from "vitest";
import { shippedHazardWorlds } from "./shipped-hazard-worlds.ts";
import { situationsOf } from "./situations.ts";

const names = (name: keyof typeof shippedHazardWorlds) => shippedHazardWorlds[name].world.servers.flatMap((server) => server.tools.map((tool) => tool.name));

describe("issue 40's hazard worlds", () => {
  it("each holds the situation it is built for, computed from the world itself", () => {
    for (const [name, { hazard, world }] of Object.entries(shippedHazardWorlds)) expect(situationsOf(world), name).toContain(hazard);
  });

  it("page with an empty cursor first and last but one", () => {
    expect(shippedHazardWorlds["empty-cursor-first"].world.servers[0]!.emptyCursor).toBe(1);
    expect(shippedHazardWorlds["empty-cursor-last"].world.servers[0]!.emptyCursor).toBe(2);
  });

  it("hold names in several scripts, twins that differ only outside ASCII, and one name in NFC and NFD, byte for byte", () => {
    const ascii = (name: string) => name.replace(/[^\x00-\x7f]/g, "");
    const alpha = names("non-ascii-tools").slice(0, -1);
    expect(new Set(alpha.map(ascii))).toEqual(new Set([""]));
    for (const script of [/\p{Script=Han}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u, /\p{Script=Arabic}/u, /\p{Script=Hebrew}/u, /\p{Extended_Pictographic}/u]) {
      expect(alpha.some((name) => script.test(name)), String(script)).toBe(true);
    }
    const twins = names("non-ascii-twins").filter((name) => name.startsWith("search_"));
    expect(twins).toHaveLength(2);
    expect(new Set(twins.map(ascii)).size).toBe(1);
    const [nfc, nfd] = names("nfc-nfd");
    expect(nfc).toBe("caf\u00e9");
    expect(nfd).toBe("cafe\u0301");
    expect(nfd!.normalize("NFC")).toBe(nfc);
    expect(names("transliterated")).toEqual(expect.arrayContaining(["поиск", "poisk", "caf\u00e9", "cafe"]));
  });

  it("hold names shaped like a host's own, none of them Object.prototype's", () => {
    expect(names("reserved-tools")).toEqual(expect.arrayContaining(["__b", "_", "mcp__x", "mcp__a__b"]));
    expect(situationsOf(shippedHazardWorlds["reserved-tools"].world)).not.toContain("prototype-name");
  });
});
