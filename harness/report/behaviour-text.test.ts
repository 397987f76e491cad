import { describe, expect, it } from "vitest";
import { behaviourText } from "./behaviour-text.ts";
import { finding, server } from "./test-support/defect-fixtures.ts";

describe("behaviourText after a refresh", () => {
  // The drift worlds change a server's list before refreshing it, and the records keep only what it
  // advertised at the start: alpha may well have dropped "search". Delta was not refreshed.
  const world = [server("alpha", ["request", "search"]), server("delta", ["query"])];
  const shown = (...names: Array<[string, string]>) => names.map(([key, tool]) => [`mcp__${key}__${tool}`, key, tool] as [string, string, string]);

  it("says nothing missing of a server it refreshed, whose list the records no longer know", () => {
    // Today's code: "after refresh "alpha", does not show "search" of "alpha", and no error names "alpha"".
    const drift = finding(2, world, [{ shown: shown(["alpha", "request"], ["alpha", "search"], ["delta", "query"]), refreshed: { server: "alpha", shown: shown(["alpha", "request"], ["delta", "query"]) } }]);
    const text = behaviourText(drift.evidence!);
    expect(text.anomalies).toEqual([]);
    expect(text.facts).toContain(`after refresh "alpha", showed 2: "mcp__alpha__request", "mcp__delta__query"`);
  });

  it("still says what is missing of a server it did not refresh", () => {
    const drift = finding(2, world, [{ shown: shown(["alpha", "request"], ["alpha", "search"], ["delta", "query"]), refreshed: { server: "alpha", shown: shown(["alpha", "request"]) } }]);
    expect(behaviourText(drift.evidence!).anomalies).toEqual([`after refresh "alpha", does not show "query" of "delta", and no error names "delta"`]);
  });

  it("says nothing missing of any server after a refresh of every server", () => {
    const drift = finding(2, world, [{ shown: shown(["alpha", "request"], ["alpha", "search"], ["delta", "query"]), refreshed: { shown: shown(["alpha", "request"]) } }]);
    expect(behaviourText(drift.evidence!).anomalies).toEqual([]);
  });
});
