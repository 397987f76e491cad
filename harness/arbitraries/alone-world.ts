import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import { holdsAlone } from "../world/hazards.ts";
import { sanitisedName } from "../world/situations.ts";
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
/** Invalid names with a valid twin they sanitise to (`[^A-Za-z0-9_-]` to `_`), plainest first: `a.b` and `a_b`. */
const twinnedNames = ["a.b", "a/b", "a b", "admin.tools.list"] as const;
/** Valid long names whose mcp__{key}__{tool} is over 64 for any key of the pool, and under the spec's 128. */
const overLongNames = longToolNames.filter((name) => name.length >= 60 && name.length <= 65);

/** Options of {@link aloneWorld}. */
export interface AloneWorldOptions {
  /**
   * With `provider-invalid-name`, which invalid name, and how it sits in its server (default `any`):
   * - `any`: one of the invalid names (`a.b`, `a/b`, `a b`, `admin.tools.list`, `""`) takes a tool's place;
   * - `sanitised-twin`: an invalid name with a valid twin it sanitises to, and the twin beside it (`a.b` beside
   *   `a_b`). A host that sanitises instead of refusing shows one name for two of that server's tools and
   *   keeps only one of them;
   * - `empty`: `""`, added beside the server's own tools rather than taking one's place, so the server always
   *   holds a valid tool too (`alpha: "", request`). A host that filters nameless tools out (LangChain's
   *   `loadMcpTools`, Mastra's `if (tool.name)`) keeps the rest of that server and names nothing.
   * Either way nothing else a careful host may refuse is in the world.
   */
  invalidName?: "any" | "sanitised-twin" | "empty";
}

/**
 * A world holding `hazard` and nothing else a careful host may refuse (harness/world/hazards.ts): a clean
 * world ({@link lifecycleWorld}) in which one tool of one server takes an invalid name or an over-long one,
 * or the name (or, for a case clash, the other-case spelling) of a tool of another server. What a host does
 * with its refusal there can only be about that hazard, which is what the runner draws these for when a
 * situation arose only where something else could explain a refusal. Shrinks toward the first server's
 * first tool and the plainest name.
 */
export function aloneWorld(hazard: AloneHazard, options: AloneWorldOptions = {}): Arbitrary<World> {
  const pairwise = hazard === "exact-duplicate" || hazard === "case-clash";
  const invalid = hazard === "provider-invalid-name" ? options.invalidName ?? "any" : undefined;
  const twin = invalid === "sanitised-twin";
  const nameless = invalid === "empty";
  const names = nameless ? [""] : twin ? twinnedNames : invalid === "any" ? invalidNames : overLongNames;
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
      const place = (tools: typeof target.tools): World => ({ servers: base.servers.map((candidate, j) => (j === at ? { ...candidate, tools } : candidate)) });
      // The empty name joins the server's tools instead of taking one's place: a valid tool always stays beside it.
      if (nameless) return place([...target.tools.slice(0, tool), fakeTool(target.key, ""), ...target.tools.slice(tool)]);
      const index = tool % target.tools.length;
      if (target.tools.some((candidate, j) => j !== index && candidate.name === renamed)) return base;
      const renamedTools = target.tools.map((candidate, j) => (j === index ? fakeTool(target.key, renamed) : candidate));
      const twinName = sanitisedName(renamed);
      return place(twin && !renamedTools.some((candidate) => candidate.name === twinName) ? [...renamedTools, fakeTool(target.key, twinName)] : renamedTools);
    })
    .filter((world) => holdsAlone(world, hazard));
}
