import { describe, expect, it } from "vitest";
import { ServerScriptSchema, type ServerScriptInput } from "../../fake-servers/index.ts";
import { attributed, hazardsByServer, holdsAlone } from "./hazards.ts";
import type { Situation } from "./situations.ts";
import { describeTool } from "./tool-identity.ts";
import type { World } from "./world.ts";

function worldOf(servers: Record<string, string[]>, extra: Record<string, Partial<ServerScriptInput>> = {}): World {
  return {
    servers: Object.entries(servers).map(([key, names]) =>
      ServerScriptSchema.parse({ key, serverInfo: { name: key, version: "1.0.0" }, tools: names.map((name) => ({ name, description: describeTool(key, name) })), ...extra[key] })),
  };
}

describe("hazards: what a refusal can be about", () => {
  it("puts each hazard on the servers it concerns", () => {
    const hazards = hazardsByServer(worldOf({ alpha: ["request", "admin.tools.list"], beta: ["request"], gamma: ["query"] }));
    expect(hazards.map((set) => [...set].sort())).toEqual([["exact-duplicate", "provider-invalid-name"], ["exact-duplicate"], []]);
  });

  it("attributes a refusal only when one situation (with its companions) accounts for every hazard", () => {
    const of = (...hazards: Situation[]) => attributed(new Set(hazards));
    expect(of("provider-invalid-name")).toEqual(["provider-invalid-name"]);
    expect(of("exact-duplicate", "provider-invalid-name")).toEqual([]);
    // Keys that sanitise alike include one a provider refuses and meet only on one tool name.
    expect(of("sanitising-clash", "unusable-key", "exact-duplicate")).toEqual(["exact-duplicate", "sanitising-clash", "unusable-key"]);
    expect(of("unusable-key", "over-length")).toEqual([]);
    expect(of()).toEqual([]);
  });

  it("holds a situation alone only where nothing else could explain a refusal", () => {
    expect(holdsAlone(worldOf({ alpha: ["admin.tools.list"], beta: ["search"] }), "provider-invalid-name")).toBe(true);
    expect(holdsAlone(worldOf({ alpha: ["admin.tools.list", "search"], beta: ["search"] }), "provider-invalid-name")).toBe(false);
    expect(holdsAlone(worldOf({ alpha: ["search"], beta: ["search"] }), "provider-invalid-name")).toBe(false);
    // A situation that is no hazard is alone in a world with no hazard at all.
    expect(holdsAlone(worldOf({ alpha: ["search"], beta: ["query"] }), "multi-server")).toBe(true);
    expect(holdsAlone(worldOf({ alpha: ["search"], beta: ["search"] }), "multi-server")).toBe(false);
    expect(holdsAlone(worldOf({ alpha: ["search"] }, { alpha: { failure: "list-crash" } }), "list-crash")).toBe(true);
    // A broken pager is a hazard, alone; a healthy paged list is none, so it is alone only where nothing is.
    expect(holdsAlone(worldOf({ alpha: ["search"], beta: ["query"] }, { alpha: { failure: "stuck-cursor" } }), "stuck-cursor")).toBe(true);
    expect(holdsAlone(worldOf({ alpha: ["search", "fetch"], beta: ["query"] }, { alpha: { failure: "repeated-page", pageSize: 1 } }), "repeated-page")).toBe(true);
    expect(holdsAlone(worldOf({ alpha: ["search", "fetch"], beta: ["query"] }, { alpha: { pageSize: 1 } }), "paged-list")).toBe(true);
    expect(holdsAlone(worldOf({ alpha: ["search", "fetch"], beta: ["search"] }, { alpha: { pageSize: 1 } }), "paged-list")).toBe(false);
  });

  it("lets a refusal of a server in a large world judge it: a cap refused with an error is an answer to it", () => {
    const many = Array.from({ length: 60 }, (_, at) => `tool_${at}`);
    const hazards = hazardsByServer(worldOf({ alpha: many, beta: ["search"] }));
    expect(hazards.map((set) => [...set])).toEqual([["large-world"], ["large-world"]]);
    expect(attributed(hazards[0]!)).toEqual(["large-world"]);
  });
});
