/**
 * Policy: a world whose pairs meet under the host's own join (harness/world/host-naming.ts) is judged, as
 * {@link HOST_JOIN_CLASH}, where the session judged every server holding those pairs: kept them, or refused
 * them for a hazard they hold (see judgement.ts). Nothing is judged when the host's join was not learned.
 */
import { HOST_JOIN_CLASH, joinClashConcern } from "../world/host-naming.ts";
import type { World } from "../world/world.ts";
import type { ClauseEnvironment } from "./clause.ts";
import { judgedServers, refusedAny } from "./judgement.ts";
import type { SessionObservation } from "./session-observation.ts";

/** `[HOST_JOIN_CLASH]` when `observation` (a session on `world`) judged a clash under the host's join, else `[]`. */
export async function hostJoinJudged(env: Pick<ClauseEnvironment, "naming" | "acceptsCleanWorld">, world: World, observation: SessionObservation): Promise<string[]> {
  if (env.naming === undefined) return [];
  const concerned = joinClashConcern(world, env.naming);
  if (concerned.size === 0) return [];
  const judged = judgedServers(world, observation, refusedAny(world, observation) ? await env.acceptsCleanWorld() : true);
  return [...concerned].every((at) => judged[at]) ? [HOST_JOIN_CLASH] : [];
}
