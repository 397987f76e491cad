import { hazardWorlds, type HazardWorld, type HazardWorldName } from "../world/hazard-worlds.ts";
import { joinClashWorlds, type HostNaming } from "../world/host-naming.ts";
import type { World } from "../world/world.ts";
import type { ConstructedCase } from "./clause.ts";

/**
 * Constructed cases from named hazard worlds (harness/world/hazard-worlds.ts), each for the hazard its world
 * is built for: the world itself, or `toCase(world)` for a clause whose case holds more than a world (an
 * ordering, a payload ...). `suffix` is added to every title (what the case does beside the world).
 */
export function constructed<Case = World>(
  names: readonly HazardWorldName[],
  toCase: (world: World, name: HazardWorldName) => Case = (world) => world as Case,
  suffix = "",
): ConstructedCase<Case>[] {
  return constructedFrom(hazardWorlds, names, toCase, suffix);
}

/**
 * {@link constructed} from another table of named hazard worlds (the prompt and resource worlds of
 * harness/world/context-worlds.ts): each world, or `toCase(world)`, for the hazard it is built for.
 */
export function constructedFrom<Name extends string, Case = World>(
  table: Readonly<Record<Name, HazardWorld>>,
  names: readonly Name[],
  toCase: (world: World, name: Name) => Case = (world) => world as Case,
  suffix = "",
): ConstructedCase<Case>[] {
  return names.map((name) => {
    const { hazard, title, world } = table[name];
    return { hazard, title: `${title}${suffix}`, value: toCase(structuredClone(world), name) };
  });
}

/**
 * Constructed cases whose pairs meet under the host's own join (`naming`, learned from its open of a clean
 * world; none when it was not learned), built like {@link constructed}'s: the world, or `toCase(world)`.
 */
export function joinClashCases<Case = World>(naming: HostNaming | undefined, toCase: (world: World) => Case = (world) => world as Case, suffix = ""): ConstructedCase<Case>[] {
  return joinClashWorlds(naming).map(({ hazard, title, world }: HazardWorld) => ({ hazard, title: `${title}${suffix}`, value: toCase(structuredClone(world)) }));
}
