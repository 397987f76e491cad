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

/** What a session's errors said about the configured `keys`, in words. */
function errorsText(observation: SessionObservation, keys: readonly string[]): string {
  if (failedWhole(observation)) return "the whole open failed";
  const named = keys.filter((key) => errorsNaming(observation, key).length > 0);
  return named.length === 0 ? "no server named" : `named ${named.map((key) => JSON.stringify(key)).join(", ")}`;
}

/** Sessions `observations` (titled by `titles`, one each) side by side, over the configured `keys`. */
export function sessionComparison(titles: readonly string[], observations: readonly SessionObservation[], keys: readonly string[]): Comparison {
  const each = observations.map(routes);
  const shown = new Map<string, string>();
  for (const session of each) for (const [key, { label }] of session) if (!shown.has(key)) shown.set(key, label);
  const rows = [...shown].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, label]) => ({ shown: label, routes: each.map((session) => session.get(key)?.route ?? null) }));
  return { titles: [...titles], rows, errors: observations.map((observation) => errorsText(observation, keys)) };
}
