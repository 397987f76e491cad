/**
 * Policy: a world whose pairs meet under the host's own join (harness/world/host-naming.ts) is judged, as
 * {@link HOST_JOIN_CLASH}, where the host answered every such clash: it showed the shared name for one of the
 * pairs and not the others (it settled the clash; a pair lost under a name shown for its twin is a loss,
 * never "not judged"), or the session judged every server holding those pairs: kept them, or refused them
 * for a hazard they hold (see judgement.ts) or, holding nothing else a careful host may refuse, for the clash
 * itself, by a host that accepts a world with nothing to refuse. A host that shows nothing, or refuses every
 * open, settles no clash. Nothing is judged when the host's join was not learned.
 */
import { userSees } from "../protocol/open-result.ts";
import { visibleKey } from "../protocol/visible-name.ts";
import { HOST_JOIN_CLASH, joinClashes, type HostNaming, type WorldPair } from "../world/host-naming.ts";
import type { World } from "../world/world.ts";
import type { ClauseEnvironment } from "./clause.ts";
import { hazardsByServer } from "../world/hazards.ts";
import { judgedServers, refusedAny, serverLooks } from "./judgement.ts";
import type { SessionObservation } from "./session-observation.ts";
import { errorNamesServer, errorsNaming, failedWhole, messageNames, probesByVisible, routeOf, shownWireNames } from "./surface.ts";

/** A pair the host did not show, under a name its own join gives it and that it shows for another pair. */
export interface LostTwin {
  /** The shared name, as the host shows it. */
  name: string;
  lost: WorldPair;
  /** The pair the host shows under `name`. */
  kept: { key: string; tool: string };
  /**
   * Whether the host said anything of it: an error naming its server, an error naming no server at all (a
   * host that says only that something failed to register), or an error or diagnostic quoting its server or tool.
   */
  told: boolean;
}

/** Whether the host told its user about `pair` of `world` (see {@link LostTwin}'s `told`); log-file entries do not count. */
function toldOf(world: World, observation: SessionObservation, pair: WorldPair): boolean {
  if (errorsNaming(observation, pair.key).length > 0) return true;
  const errors = observation.open.outcome.errors.filter(userSees);
  if (errors.some((error) => error.server === undefined && !world.servers.some((server) => errorNamesServer(error, server.key)))) return true;
  return [...errors, ...observation.open.diagnostics.filter(userSees)].some((entry) => messageNames(entry.message, pair.tool) || (pair.key !== "" && messageNames(entry.message, pair.key)));
}

/**
 * Every pair of `world` the host did not show (under any name) while it shows the name `naming` gives that
 * pair for another pair of the same clash: one name, two pairs, one of them gone.
 */
export function lostTwins(world: World, observation: SessionObservation, naming: HostNaming): LostTwin[] {
  if (failedWhole(observation)) return [];
  const probes = probesByVisible(observation);
  // Who each plain shown name stands for: by the identity in its description, else by where its probe went.
  const owners = new Map<string, { key: string; tool: string }[]>();
  for (const tool of observation.tools) {
    if (tool.namespace !== undefined) continue;
    const probe = probes.get(visibleKey(tool));
    const route = probe ? routeOf(probe) : undefined;
    const who = tool.identity ? { key: tool.identity.server, tool: tool.identity.tool } : route ? { key: route.server, tool: route.tool } : undefined;
    if (who) owners.set(tool.name, [...(owners.get(tool.name) ?? []), who]);
  }
  return joinClashes(world, naming).flatMap(({ name, pairs }) => {
    const kept = (owners.get(name) ?? []).find((owner) => pairs.some((pair) => pair.key === owner.key && pair.tool === owner.tool));
    if (kept === undefined) return [];
    return pairs
      .filter((pair) => !shownWireNames(observation, pair.key).has(pair.tool))
      .map((lost) => ({ name, lost, kept, told: toldOf(world, observation, lost) }));
  });
}

/** `[HOST_JOIN_CLASH]` when `observation` (a session on `world`) judged a clash under the host's join, else `[]`. */
export async function hostJoinJudged(env: Pick<ClauseEnvironment, "naming" | "acceptsCleanWorld">, world: World, observation: SessionObservation): Promise<string[]> {
  if (env.naming === undefined) return [];
  const clashes = joinClashes(world, env.naming);
  if (clashes.length === 0) return [];
  const settled = new Set(lostTwins(world, observation, env.naming).map((twin) => twin.name));
  const open = clashes.filter((clash) => !settled.has(clash.name));
  if (open.length === 0) return [HOST_JOIN_CLASH];
  const clean = refusedAny(world, observation) ? await env.acceptsCleanWorld() : true;
  const judged = judgedServers(world, observation, clean);
  // A refusal of a server that holds nothing else a careful host may refuse (of a whole open: of a world
  // holding nothing else) can only answer the clash, as judgement.ts reads a refusal of a world hazard.
  const hazards = hazardsByServer(world);
  const looks = serverLooks(world, observation);
  const alone = failedWhole(observation) ? hazards.every((held) => held.size === 0) : undefined;
  const answered = (at: number) => judged[at] || (clean && looks[at] === "refused" && (alone ?? hazards[at]!.size === 0));
  return open.every((clash) => clash.pairs.every((pair) => answered(pair.at))) ? [HOST_JOIN_CLASH] : [];
}
