import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import { holdsAlone } from "../world/hazards.ts";
import type { World } from "../world/world.ts";
import { fakeTool } from "./_internals/fake-tool.ts";
import { lifecycleWorld } from "./lifecycle-world.ts";
import { longToolNames } from "./tool-name.ts";

/** The hazards {@link aloneWorld} can put, alone, into a world with nothing else to refuse. */
export const aloneHazards = ["provider-invalid-name", "over-length", "exact-duplicate", "case-clash"] as const;
/** One hazard {@link aloneWorld} can put alone into a clean world. */
export type AloneHazard = (typeof aloneHazards)[number];

/** Wire names a model provider refuses, each for nothing but its characters (or for being empty). */
const invalidNames = ["admin.tools.list", "a/b", "a b", "a.b", ""] as const;
/** Valid long names whose mcp__{key}__{tool} is over 64 for any key of the pool, and under the spec's 128. */
const overLongNames = longToolNames.filter((name) => name.length >= 60 && name.length <= 65);

/**
 * A world holding `hazard` and nothing else a careful host may refuse (harness/world/hazards.ts): a clean
 * world ({@link lifecycleWorld}) in which one tool of one server takes an invalid name or an over-long one,
 * or the name (or, for a case clash, the other-case spelling) of a tool of another server. What a host does
 * with its refusal there can only be about that hazard, which is what the runner draws these for when a
 * situation arose only where something else could explain a refusal. Shrinks toward the first server's
 * first tool and the plainest name.
 */
export function aloneWorld(hazard: AloneHazard): Arbitrary<World> {
  const pairwise = hazard === "exact-duplicate" || hazard === "case-clash";
  const names = hazard === "provider-invalid-name" ? invalidNames : overLongNames;
  return fc
    .record({
      base: lifecycleWorld({ minServers: pairwise ? 2 : 1, maxServers: 3 }),
      server: fc.nat({ max: 2 }),
      tool: fc.nat({ max: 1 }),
      name: fc.constantFrom(...names),
    })
    .map(({ base, server, tool, name }) => {
      const at = server % base.servers.length;
      const target = base.servers[at]!;
      const other = base.servers[(at + 1) % base.servers.length]!.tools[0]!.name;
      const caseOf = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
      const renamed = hazard === "exact-duplicate" ? other : hazard === "case-clash" ? caseOf(other) : name;
      const index = tool % target.tools.length;
      if (target.tools.some((candidate, j) => j !== index && candidate.name === renamed)) return base;
      const tools = target.tools.map((candidate, j) => (j === index ? fakeTool(target.key, renamed) : candidate));
      return { servers: base.servers.map((candidate, j) => (j === at ? { ...candidate, tools } : candidate)) };
    })
    .filter((world) => holdsAlone(world, hazard));
}
