/**
 * How a host joins a server's key and a tool's name into the name it shows a model, as the harness read it
 * from the host's own open of a clean world (harness/runner/learn-naming.ts), and the worlds whose pairs meet
 * under exactly that join. A host that qualifies a name only when another pair would take it under its join
 * (the OpenAI Agents SDK for Python with `include_server_in_tool_names`: `mcp_{key}__{tool}`, hashed on a
 * collision) is seen only in such worlds; the usual `_` and `__` joins miss a host whose join is its own
 * (LibreChat's `{tool}_mcp_{key}`). A clean world has nothing to sanitise, so the sanitiser is not learned: the
 * usual sanitiser's collisions (`store.refunds`, `store_refunds`) are built by hand beside these.
 */
import { z } from "zod";
import { worldOf, type HazardWorld } from "./hazard-worlds.ts";
import type { World } from "./world.ts";

/** A join read from a host's names: `prefix + first + separator + second + suffix`, key first or tool first. */
export const HostNamingSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("joined"),
    order: z.enum(["key-first", "tool-first"]),
    prefix: z.string(),
    separator: z.string(),
    suffix: z.string(),
  }),
  /** The tool's own name, no key in it: only an exact duplicate can meet. */
  z.object({ kind: z.literal("bare") }),
]);
/** How a host joins key and tool name (see the module doc). */
export type HostNaming = z.infer<typeof HostNamingSchema>;

/** The check situation a world whose pairs meet under the host's own join stands for. */
export const HOST_JOIN_CLASH = "host-join-clash";
/** What {@link HOST_JOIN_CLASH} means, for the clauses that report it. */
export const hostJoinClashMeaning =
  "two (server, tool) pairs give one name under the join the host itself showed on its open of a clean world (learned once per host), and the session judged the servers holding them";

/** The name `naming` gives `tool` of the server keyed `key`. */
export function joinedName(naming: HostNaming, key: string, tool: string): string {
  if (naming.kind === "bare") return tool;
  const [first, second] = naming.order === "key-first" ? [key, tool] : [tool, key];
  return `${naming.prefix}${first}${naming.separator}${second}${naming.suffix}`;
}

/** The join as a template for people: `mcp_{key}__{tool}`, `{tool}_mcp_{key}`, `{tool}`. */
export function namingTemplate(naming: HostNaming): string {
  return joinedName(naming, "{key}", "{tool}");
}

/** One (server, tool) pair of a world, with the position of its server. */
export interface WorldPair {
  at: number;
  key: string;
  tool: string;
}

/** A name `naming` gives two or more distinct pairs of a world, and those pairs. */
export interface JoinClash {
  name: string;
  pairs: WorldPair[];
}

/** Every name `naming` gives two or more distinct pairs of `world` (servers that cannot load hold none). */
export function joinClashes(world: World, naming: HostNaming): JoinClash[] {
  const byName = new Map<string, WorldPair[]>();
  world.servers.forEach((server, at) => {
    if (server.unreachable || server.failure !== undefined) return;
    for (const tool of server.tools) {
      const name = joinedName(naming, server.key, tool.name);
      const pairs = byName.get(name) ?? [];
      // A server listing one name twice is one pair, whatever it lists.
      if (!pairs.some((pair) => pair.key === server.key && pair.tool === tool.name)) pairs.push({ at, key: server.key, tool: tool.name });
      byName.set(name, pairs);
    }
  });
  return [...byName].filter(([, pairs]) => pairs.length > 1).map(([name, pairs]) => ({ name, pairs }));
}

/** The positions of every server holding a pair whose joined name another, distinct pair of the world also gets. */
export function joinClashConcern(world: World, naming: HostNaming): Set<number> {
  return new Set(joinClashes(world, naming).flatMap((clash) => clash.pairs.map((pair) => pair.at)));
}

/**
 * The smallest world whose two pairs meet under `naming`'s own join and under no other part of it: the
 * separator moved from a key into a tool name (`alpha: b__c` beside `alpha__b: c` under `mcp_{key}__{tool}`,
 * the issue's example), in whichever order the host puts key and tool. None for bare names (an exact
 * duplicate is built by hand already).
 */
export function joinClashWorlds(naming: HostNaming | undefined): HazardWorld[] {
  if (naming === undefined || naming.kind === "bare") return [];
  const split = `b${naming.separator}c`;
  const servers: [string, string[]][] = naming.order === "key-first"
    // alpha + S + b + S + c from (alpha, b S c) and (alpha S b, c).
    ? [["alpha", [split]], [`alpha${naming.separator}b`, ["c"]]]
    // alpha + S + b + S + c from (key b S c, tool alpha) and (key c, tool alpha S b).
    : [[split, ["alpha"]], ["c", [`alpha${naming.separator}b`]]];
  const world = worldOf(...servers);
  const shown = joinedName(naming, servers[0]![0], servers[0]![1][0]!);
  const listed = servers.map(([key, tools]) => `${key}: ${tools.join(", ")}`).join(" · ");
  return [{ hazard: HOST_JOIN_CLASH, title: `two pairs meet on ${shown} under the host's own join ${namingTemplate(naming)}: ${listed}`, world }];
}
