/**
 * Two sessions a clause compared, laid side by side for the report: a maintainer reads a permutation
 * failure by finding the row whose route changed, not by diffing two lines of canonical JSON.
 */
import { visibleKey, visibleLabel } from "../protocol/visible-name.ts";
import type { Comparison } from "../report/report-model.ts";
import type { SessionObservation } from "./session-observation.ts";
import { errorsNaming, failedWhole, probesByVisible, routeOf } from "./surface.ts";

/** Where each shown name's call went, by visible key: `"alpha" / "search"`, or `?` when it reached none or several. */
function routes(observation: SessionObservation): Map<string, { label: string; route: string }> {
  const byName = probesByVisible(observation);
  return new Map(observation.tools.map((tool) => {
    const call = byName.get(visibleKey(tool));
    const route = call ? routeOf(call) : undefined;
    return [visibleKey(tool), { label: visibleLabel(tool), route: route ? `${JSON.stringify(route.server)} / ${JSON.stringify(route.tool)}` : "?" }];
  }));
}

/** What a session's errors said about the configured `keys`, in words (`whole`: the open failed as a whole). */
export function errorsText(observation: Pick<SessionObservation, "open">, keys: readonly string[], whole: boolean): string {
  if (whole) return "the whole open failed";
  const named = keys.filter((key) => errorsNaming(observation, key).length > 0);
  return named.length === 0 ? "no server named" : `named ${named.map((key) => JSON.stringify(key)).join(", ")}`;
}

/** Sessions `observations` (titled by `titles`, one each) side by side, over the configured `keys`. */
export function sessionComparison(titles: readonly string[], observations: readonly SessionObservation[], keys: readonly string[]): Comparison {
  return comparisonOf(titles, observations.map(routes), observations.map((observation) => errorsText(observation, keys, failedWhole(observation))));
}

/** What one session showed, for a comparison: per shown identity (by an injective key), its label and where it went. */
export type ShownRoutes = ReadonlyMap<string, { label: string; route: string }>;

/**
 * Sessions side by side, from what each showed (`each`, see {@link ShownRoutes}) and what its errors said
 * (`errors`, one line each): one row per identity shown in any session, sorted. Tools, prompts and resources
 * alike (context-surface.ts builds the rows of prompts and resources).
 */
export function comparisonOf(titles: readonly string[], each: readonly ShownRoutes[], errors: readonly string[]): Comparison {
  const shown = new Map<string, string>();
  for (const session of each) for (const [key, { label }] of session) if (!shown.has(key)) shown.set(key, label);
  const rows = [...shown].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, label]) => ({ shown: label, routes: each.map((session) => session.get(key)?.route ?? null) }));
  return { titles: [...titles], rows, errors: [...errors] };
}
