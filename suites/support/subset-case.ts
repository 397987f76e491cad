/**
 * A world opened whole, then with only some of its servers: what `names/context-free` and
 * `prompts/context-free` compare. An entry (a tool, a prompt) shown both times must be shown under the same
 * name; an entry is known by its (server, name) pair, and shown under a visible key and label.
 */
import type { World } from "../../harness/index.ts";
import { keysOf, list } from "./answer-timing.ts";

/** A world, and which of its servers the second session keeps. */
export interface SubsetCase {
  world: World;
  keep: boolean[];
}

/** The servers the case keeps (the first one when it keeps none: a session of nothing compares nothing). */
export function subWorld(value: SubsetCase): World {
  const servers = value.world.servers.filter((_, index) => value.keep[index]);
  return { servers: servers.length > 0 ? servers : value.world.servers.slice(0, 1) };
}

/** What distinguishes the two worlds of a subset case, as the report titles them. */
export const describeSubset = (value: SubsetCase): string[] => [`all configured: ${list(keysOf(value.world))}`, `only ${list(keysOf(subWorld(value)))} configured`];

/** Each entry shown, by its (server, name) pair as JSON: the visible key it is shown under, and its label. */
export type ShownByPair = ReadonlyMap<string, { key: string; label: string }>;

/**
 * The entries shown under another name with only the subset configured, each as a sentence (`what` names the
 * kind: "tool", "prompt"), and whether any entry was shown both times at all (the comparison judged something).
 */
export function renamedInContext(value: SubsetCase, full: ShownByPair, alone: ShownByPair): { renamed: string[]; compared: boolean } {
  const renamed = [...alone].filter(([id, name]) => full.has(id) && full.get(id)!.key !== name.key).map(([id, name]) => {
    const [server, wire] = JSON.parse(id) as [string, string];
    return `"${wire}" of "${server}" is "${full.get(id)!.label}" with ${list(keysOf(value.world))} configured but "${name.label}" with ${list(keysOf(subWorld(value)))}`;
  });
  const compared = subWorld(value).servers.length < value.world.servers.length && [...alone.keys()].some((id) => full.has(id));
  return { renamed, compared };
}
