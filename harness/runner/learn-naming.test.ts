import { describe, expect, it } from "vitest";
import { describeTool } from "../world/tool-identity.ts";
import { CLEAN_WORLD } from "./judgement.ts";
import { namingShown } from "./learn-naming.ts";
import type { SessionObservation } from "./session-observation.ts";

/** A session on the clean world in which the host showed alpha's request and beta's search under `name`. */
function shown(name: (key: string, tool: string) => string | undefined, namespaced = false): SessionObservation {
  const pairs = [["alpha", "request"], ["beta", "search"]] as const;
  const tools = pairs.flatMap(([key, tool]) => {
    const visible = name(key, tool);
    return visible === undefined ? [] : [{ name: visible, ...(namespaced ? { namespace: key } : {}), description: describeTool(key, tool), identity: { server: key, tool } }];
  });
  const registered = Object.fromEntries(pairs.map(([key, tool]) => [key, name(key, tool) === undefined ? [] : [name(key, tool)!]]));
  return { open: { session: "s1", outcome: { registered, errors: [] }, diagnostics: [] }, tools, probes: [], unknown: [], records: [], answerOrder: [] };
}

describe("namingShown: the join a host showed on the clean world", () => {
  it("reads prefix, separator and suffix, key first or tool first", () => {
    expect(namingShown(CLEAN_WORLD, shown((key, tool) => `mcp__${key}__${tool}`))).toEqual({ kind: "joined", order: "key-first", prefix: "mcp__", separator: "__", suffix: "" });
    expect(namingShown(CLEAN_WORLD, shown((key, tool) => `mcp_${key}__${tool}`))).toEqual({ kind: "joined", order: "key-first", prefix: "mcp_", separator: "__", suffix: "" });
    expect(namingShown(CLEAN_WORLD, shown((key, tool) => `${tool}_mcp_${key}`))).toEqual({ kind: "joined", order: "tool-first", prefix: "", separator: "_mcp_", suffix: "" });
    expect(namingShown(CLEAN_WORLD, shown((key, tool) => `${key}${tool}!`))).toEqual({ kind: "joined", order: "key-first", prefix: "", separator: "", suffix: "!" });
    expect(namingShown(CLEAN_WORLD, shown((_key, tool) => tool))).toEqual({ kind: "bare" });
  });

  it("learns nothing from names that are not one join of key and tool, namespaces, or a world not kept whole", () => {
    // A random label per session, a hash, one tool bare and the other prefixed, a tool left out.
    expect(namingShown(CLEAN_WORLD, shown((_key, tool) => `mcp__xkqzpa__${tool}`))).toBeUndefined();
    expect(namingShown(CLEAN_WORLD, shown((key, tool) => `mcp_${key}__${tool}_97d64ef4`.slice(0, key === "alpha" ? 30 : 20)))).toBeUndefined();
    expect(namingShown(CLEAN_WORLD, shown((key, tool) => (key === "alpha" ? tool : `mcp__${key}__${tool}`)))).toBeUndefined();
    expect(namingShown(CLEAN_WORLD, shown((key, tool) => (key === "alpha" ? undefined : `mcp__${key}__${tool}`)))).toBeUndefined();
    expect(namingShown(CLEAN_WORLD, shown((_key, tool) => tool, true))).toBeUndefined();
  });
});
