import { describe, expect, it } from "vitest";
import { describeTool, identityOf } from "./tool-identity.ts";

describe("the identity marker", () => {
  it("reads back the exact pair, whatever the host does to the text around it", () => {
    expect(identityOf(`Use it well. ${describeTool("alpha", "search")} (from alpha)`)).toEqual({ server: "alpha", tool: "search" });
  });

  it("keeps names outside ASCII exact even through a host that normalises text (NFC, NFKC)", () => {
    for (const tool of ["cafe\u0301", "caf\u00e9", "\uff53\uff45\uff41\uff52\uff43\uff48", "查询", "🔍", "\u05d7\u05d9\u05e4\u05d5\u05e9"]) {
      const description = describeTool("ａlpha", tool);
      expect(description).toMatch(/^[\x00-\x7f]*⟦id=[\x00-\x7f]*⟧$/);
      for (const form of ["NFC", "NFD", "NFKC", "NFKD"] as const) {
        expect(identityOf(description.normalize(form)), `${tool} ${form}`).toEqual({ server: "ａlpha", tool });
      }
    }
  });
});
