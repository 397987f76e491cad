/**
 * Policy: a clause that compares two different opens (a permutation of the configuration, another answer
 * order, another server added, a spoofed serverInfo, a local tool placed) learns something about its own
 * hazard only from a host whose identical opens agree. When its comparison differs, it opens the
 * configuration it opened first once more (only then: a host whose comparison agrees costs nothing more) and
 * compares the two identical opens by the same measure. When they differ too, the case is confounded by
 * non-determinism and judges nothing (confounds.ts): the difference it saw may be the host's own noise, and
 * names/deterministic is the clause about that, when what differed is what it compares (names and routes).
 * A case whose two opens are of one configuration already (an identity permutation) is its own control.
 */
import type { World } from "../world/world.ts";
import { canonicalJson } from "../world/canonical-json.ts";
import type { CaseConfound, ClauseEnvironment } from "./clause.ts";
import type { ObserveOptions } from "./observe-session.ts";
import type { SessionObservation } from "./session-observation.ts";
import { canonicalErrors, canonicalSurface } from "./surface.ts";

/** The clause whose verdict is about two identical opens showing different names or routes. */
export const DETERMINISM_CLAUSE = "names/deterministic";

/** Longest stretch of two surfaces a confound's detail quotes. */
const DETAIL_LIMIT = 240;

const list = (names: readonly string[]) => `[${names.map((name) => JSON.stringify(name)).join(", ")}]`;
const clip = (text: string) => (text.length > DETAIL_LIMIT ? `${text.slice(0, DETAIL_LIMIT)}…` : text);

/**
 * Whether the comparison `differ` (true: the two sessions differ as the clause counts a difference) is
 * confounded: `worlds` are the two configurations it compared and `first` the session of the first. Opens the
 * first again unless both are one configuration; returns the confound, or undefined when identical opens agree.
 */
export async function confoundedComparison(
  env: Pick<ClauseEnvironment, "observe">, worlds: readonly [World, World], first: SessionObservation, second: SessionObservation,
  differ: (a: SessionObservation, b: SessionObservation) => boolean, options?: ObserveOptions,
): Promise<CaseConfound | undefined> {
  if (canonicalJson(worlds[0]) === canonicalJson(worlds[1])) return nonDeterminism(worlds[0], first, second);
  const again = await env.observe(worlds[0], options);
  return differ(first, again) ? nonDeterminism(worlds[0], first, again) : undefined;
}

/** Two identical opens of `world` that differed, as a confound: what the records show differed, in one line. */
export function nonDeterminism(world: World, a: SessionObservation, b: SessionObservation): CaseConfound {
  const keys = world.servers.map((server) => server.key);
  const opens = `two opens of the same configuration ${list(keys)}`;
  const [sa, sb] = [canonicalSurface(a), canonicalSurface(b)];
  const clause = JSON.stringify(sa) === JSON.stringify(sb) ? {} : { clause: DETERMINISM_CLAUSE };
  const renamed = renamedTool(a, b);
  if (renamed) return { cause: "non-deterministic", ...clause, detail: `${opens} showed ${renamed}` };
  if (clause.clause) return { cause: "non-deterministic", ...clause, detail: clip(`${opens} showed different names or routes: ${sa.join(" ") || "(nothing)"}, then ${sb.join(" ") || "(nothing)"}`) };
  return { cause: "non-deterministic", detail: clip(`${opens} reported different errors: ${canonicalErrors(a, keys)}, then ${canonicalErrors(b, keys)}`) };
}

/** The first tool (by the identity in its description) shown under one name in `a` and another in `b`, in words. */
function renamedTool(a: SessionObservation, b: SessionObservation): string | undefined {
  const named = (observation: SessionObservation) => new Map(observation.tools.flatMap((tool) =>
    (tool.identity ? [[JSON.stringify([tool.identity.server, tool.identity.tool]), tool.namespace === undefined ? tool.name : `${tool.namespace}/${tool.name}`] as const] : [])));
  const [na, nb] = [named(a), named(b)];
  for (const [id, name] of na) {
    const other = nb.get(id);
    if (other === undefined || other === name) continue;
    const [server, tool] = JSON.parse(id) as [string, string];
    return `"${tool}" of "${server}" as ${JSON.stringify(name)}, then as ${JSON.stringify(other)}`;
  }
  return undefined;
}
