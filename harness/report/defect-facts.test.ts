import { describe, expect, it } from "vitest";
import { joinOf } from "./defect-facts.ts";

describe("joinOf", () => {
  it("reads the key where it stands as a word of its own", () => {
    expect(joinOf("mcp__alpha__search", "alpha", "search")).toBe("mcp__{key}__{tool}");
    expect(joinOf("alpha-search", "alpha", "search")).toBe("{key}-{tool}");
    expect(joinOf("alphasearch", "alpha", "search")).toBe("{key}{tool}");
  });

  it("takes a random label that happens to hold a short key for a label, not the key", () => {
    // The random-label one-bug host's `mcp__xoclaz__request` for key "a": the key's letter inside the label is chance.
    expect(joinOf("mcp__xoclaz__request", "a", "request")).toBe("mcp__{label}__{tool}");
    expect(joinOf("mcp__xocl_a__request", "a", "request")).toBe("mcp__xocl_{key}__{tool}");
  });
});
