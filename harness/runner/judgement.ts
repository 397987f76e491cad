/**
 * Policy: a situation counts for a clause only in a case that judged it, never merely because the generated
 * world held it. One session judges:
 * - every situation of the sub-world of servers the host kept (showed some tool of; or, for a server with no
 *   tools, did not blame): the property could look at how it handled them;
 * - for a server the host refused (showed none of its tools), or for a whole open it refused, the hazards the
 *   refused part holds, when one situation accounts for them all (harness/world/hazards.ts) and the host
 *   does accept a world with nothing to refuse: only then is the refusal its answer to that situation
 *   rather than to another hazard beside it, or to everything.
 * A host that refuses every open holding a duplicate therefore judges nothing about the invalid names in
 * those opens; a world holding an invalid name alone is what judges it.
 */
import type { SessionObservation } from "./session-observation.ts";
import { errorsNaming, failedWhole, shownWireNames } from "./surface.ts";
import { attributed, hazardsByServer } from "../world/hazards.ts";
import { situationsOf, type Situation } from "../world/situations.ts";
import { describeTool } from "../world/tool-identity.ts";
import type { World } from "../world/world.ts";

/** How the host treated one server of a world in one session. */
export type ServerLook = "kept" | "refused";

/** Per server of `world`, in order: whether the host kept it or refused it in `observation`. */
export function serverLooks(world: World, observation: SessionObservation): ServerLook[] {
  if (failedWhole(observation)) return world.servers.map(() => "refused");
  return world.servers.map((server) => {
    if (server.unreachable || server.failure !== undefined) return shownWireNames(observation, server.key).size > 0 ? "kept" : "refused";
    if (server.tools.length === 0) return errorsNaming(observation, server.key).length === 0 ? "kept" : "refused";
    return shownWireNames(observation, server.key).size > 0 ? "kept" : "refused";
  });
}

/** Whether judging `observation` needs to know if the host refuses everything: something was refused. */
export function refusedAny(world: World, observation: SessionObservation): boolean {
  return serverLooks(world, observation).includes("refused");
}

/**
 * The situations one session on `world` judged (see the policy above). `acceptsClean`: whether the host
 * accepts a world with nothing to refuse; when false, no refusal judges anything.
 */
export function judgedSituations(world: World, observation: SessionObservation, acceptsClean: boolean): Situation[] {
  return judgedFromLooks(world, serverLooks(world, observation), failedWhole(observation), acceptsClean);
}

/**
 * The situations judged by a session that treated `world`'s servers as `looks` says (and failed the whole open,
 * when `whole`): the policy above, for any surface a session shows (tools here, prompts and resources in
 * context-judgement.ts).
 */
export function judgedFromLooks(world: World, looks: readonly ServerLook[], whole: boolean, acceptsClean: boolean): Situation[] {
  const judged = new Set(situationsOf({ servers: world.servers.filter((_, at) => looks[at] === "kept") }));
  if (acceptsClean) {
    const hazards = hazardsByServer(world);
    if (whole) {
      for (const situation of attributed(new Set(hazards.flatMap((set) => [...set])))) judged.add(situation);
    } else {
      looks.forEach((look, at) => {
        if (look === "refused") for (const situation of attributed(hazards[at]!)) judged.add(situation);
      });
    }
  }
  return [...judged].sort();
}

/**
 * Per server of `world`: whether the session judged it at all, i.e. kept it, or refused it for a reason
 * {@link judgedSituations} would attribute. A comparison of two sessions (two orders, two timings) means
 * something only for servers both judged.
 */
export function judgedServers(world: World, observation: SessionObservation, acceptsClean: boolean): boolean[] {
  return judgedServersFromLooks(world, serverLooks(world, observation), failedWhole(observation), acceptsClean);
}

/** {@link judgedServers} for a session that treated the servers as `looks` says (and failed whole, when `failed`). */
export function judgedServersFromLooks(world: World, looks: readonly ServerLook[], failed: boolean, acceptsClean: boolean): boolean[] {
  const hazards = hazardsByServer(world);
  const whole = failed ? attributed(new Set(hazards.flatMap((set) => [...set]))).length > 0 : false;
  return looks.map((look, at) => look === "kept" || (acceptsClean && (whole || (!failed && attributed(hazards[at]!).length > 0))));
}

/** A world with nothing in it a careful host may refuse: what {@link judgedSituations} asks about. */
export const CLEAN_WORLD: World = {
  servers: [["alpha", "request"], ["beta", "search"]].map(([key, name]) => ({
    key: key!,
    serverInfo: { name: key!, version: "1.0.0" },
    tools: [{ name: name!, description: describeTool(key!, name!), inputSchema: { type: "object", properties: { probe: { type: "string" } } } }],
    latency: { initialize: 0, toolsList: 0 },
    unreachable: false,
  })),
};

/** True when the host kept every server of {@link CLEAN_WORLD} whole and blamed none. */
export function acceptedWhole(world: World, observation: SessionObservation): boolean {
  return world.servers.every((server) => {
    const shown = shownWireNames(observation, server.key);
    return server.tools.every((tool) => shown.has(tool.name)) && errorsNaming(observation, server.key).length === 0;
  }) && !failedWhole(observation);
}
