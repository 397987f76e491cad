/**
 * The situations of prompts and resources are read from the world itself, each with the servers it concerns:
 * every constructed world of the prompt and resource clauses shows the hazard it is built for, and a failing
 * list lists nothing (its items make no clash).
 */
import { describe, expect, it } from "vitest";
import { contextHazardWorlds, contextWorldOf } from "./context-worlds.ts";
import { situationConcerns, situationsOf } from "./situations.ts";
import { spacesFolded } from "./context-situations.ts";

describe("situations of prompts and resources", () => {
  it("every constructed world shows the situation it is built for", () => {
    for (const [name, { hazard, world }] of Object.entries(contextHazardWorlds)) expect(situationsOf(world), name).toContain(hazard);
  });

  it("names the servers each concerns", () => {
    const world = contextWorldOf(
      { key: "alpha", prompts: ["review", ["My Prompt", "Mine"]], resources: ["mem://shared"] },
      { key: "beta", prompts: ["review", "My-Prompt"], resources: ["mem://shared"], templates: ["mem://shared"] },
      { key: "gamma", prompts: ["review"], errors: ["prompts"] },
    );
    const concerns = Object.fromEntries([...situationConcerns(world)].map(([situation, at]) => [situation, [...at].sort()]));
    expect(concerns).toMatchObject({
      "prompt-clash": [0, 1],
      "prompt-fold-clash": [0, 1],
      "prompt-titled": [0],
      "prompts-list-error": [2],
      "shared-uri": [0, 1],
      "template-twin": [1],
      "resource-template": [1],
    });
    expect(spacesFolded("My  Prompt\tnow")).toBe("My-Prompt-now");
  });

  it("counts a paged list and an empty cursor only where a list is paged at all", () => {
    expect(situationsOf(contextWorldOf({ key: "alpha", prompts: ["a", "b"], paging: { prompts: { pageSize: 1, emptyCursor: true } } }))).toEqual(expect.arrayContaining(["empty-cursor", "paged-prompts"]));
    expect(situationsOf(contextWorldOf({ key: "alpha", prompts: ["a"], paging: { prompts: { pageSize: 1, emptyCursor: true } } }))).not.toEqual(expect.arrayContaining(["empty-cursor"]));
  });
});
