/**
 * Readings of a {@link SessionObservation} that several clauses share: where each shown name really goes
 * (by the servers' records, not the host's word), which servers an error names, and a canonical form of
 * the surface for comparing two sessions.
 */
import { userSees, type HostError } from "../protocol/open-result.ts";
import { visibleKey, type VisibleName } from "../protocol/visible-name.ts";
import { invalidHeaderReason } from "../world/x-mcp-header.ts";
import type { ObservedCall, SessionObservation } from "./session-observation.ts";

/** Where one call was delivered, by the servers' own records. */
export interface Route {
  server: string;
  tool: string;
}

/** The single delivery of a call, or undefined when it reached no server or more than one. */
export function routeOf(call: ObservedCall): Route | undefined {
  if (call.deliveries.length !== 1) return undefined;
  const [record] = call.deliveries;
  return { server: record!.server, tool: record!.tool ?? "" };
}

/** Pairs that quote a name in a message: quotes, backticks, typographic quotes, brackets. */
const QUOTES: readonly (readonly [string, string])[] = [
  ['"', '"'], ["'", "'"], ["`", "`"], ["\u201c", "\u201d"], ["\u2018", "\u2019"], ["\u00ab", "\u00bb"], ["[", "]"], ["(", ")"], ["<", ">"],
];

/** What joins a server and its tool in a qualified name a host quotes: `alpha/request` (Codex, Genkit), `alpha:request`. */
const QUALIFIERS = ["/", ":"] as const;

/**
 * True when `message` names `name` the way an error names a server or a tool: quoted, between one of the
 * {@link QUOTES} pairs (`"a"`, `'a'`, `` `a` ``, `[a]` ...), or as a JSON string (escapes included), or as one
 * end of a quoted qualified name (`` `alpha/request` `` names both `alpha` and `request`). A name in running
 * prose does not count, because a short name like `a` is also a word ("a server failed").
 */
export function messageNames(message: string, name: string): boolean {
  if (message.includes(JSON.stringify(name))) return true;
  return QUOTES.some(([open, close]) => message.includes(`${open}${name}${close}`)
    || (name !== "" && QUALIFIERS.some((joint) => message.includes(`${open}${name}${joint}`) || message.includes(`${joint}${name}${close}`))));
}

/**
 * True when the host's error names server `key`. Policy (HAP/1; hosts/README.md says it to adapter
 * authors): the structured `server` field decides whenever the host set it; only an error without one is
 * read as text, where the key must stand quoted ({@link messageNames}). An empty key is never found in text.
 */
export function errorNamesServer(error: HostError, key: string): boolean {
  // An error only a log file holds was not told to the user (userSees).
  if (!userSees(error)) return false;
  if (error.server !== undefined) return error.server === key;
  return key !== "" && messageNames(error.message, key);
}

/** The errors of an observation that name server `key`. */
export function errorsNaming(observation: Pick<SessionObservation, "open">, key: string): HostError[] {
  return observation.open.outcome.errors.filter((error) => errorNamesServer(error, key));
}

/** True when the host failed the open as a whole: an error that names no server, and no tool shown. */
export function failedWhole(observation: SessionObservation): boolean {
  return observation.tools.length === 0 && observation.open.outcome.errors.some((error) => error.server === undefined);
}

/** The probe call of each shown visible identity, by {@link visibleKey}. */
export function probesByVisible(observation: SessionObservation): Map<string, ObservedCall> {
  return new Map(observation.probes.map((call) => [visibleKey(call), call]));
}

/** The probe call of shown tool `tool`, if the observation probed it. */
export function probeOf(observation: SessionObservation, tool: VisibleName): ObservedCall | undefined {
  const key = visibleKey(tool);
  return observation.probes.find((call) => visibleKey(call) === key);
}

/**
 * The wire names of server `key` that the host shows: by the identity in each shown description, or, for a
 * tool whose description the host did not keep, by where its probe call was delivered.
 */
export function shownWireNames(observation: SessionObservation, key: string): Set<string> {
  const names = new Set<string>();
  const byName = probesByVisible(observation);
  for (const tool of observation.tools) {
    const probe = byName.get(visibleKey(tool));
    const who = tool.identity ?? (probe ? routeOf(probe) : undefined);
    if (who?.server === key) names.add(who.tool);
  }
  return names;
}

/**
 * The surface as a canonical, comparable value: each shown name (a [namespace, name] pair where the host
 * shows namespaces) with the server and wire name its call reached (`?` when the call reached no server or
 * several), sorted.
 */
export function canonicalSurface(observation: SessionObservation): string[] {
  const byName = probesByVisible(observation);
  return observation.tools
    .map((tool) => {
      const call = byName.get(visibleKey(tool));
      const route = call ? routeOf(call) : undefined;
      const shown = tool.namespace === undefined ? tool.name : [tool.namespace, tool.name];
      return JSON.stringify([shown, route?.server ?? "?", route?.tool ?? "?"]);
    })
    .sort();
}

/** Canonical set of the servers the open's errors name (whether by field or message), plus whether it failed whole. */
export function canonicalErrors(observation: SessionObservation, keys: readonly string[]): string {
  const named = keys.filter((key) => errorsNaming(observation, key).length > 0).sort();
  return JSON.stringify({ named, whole: failedWhole(observation) });
}

/**
 * True when the host left `tool` out as the MCP spec requires and said so: its input schema carries an
 * invalid `x-mcp-header` (2026-07-28: a client MUST exclude the tool, keep the server's others, and SHOULD log
 * the tool's name), and an error or a diagnostic of the open names the tool, quoted. Such an exclusion is no
 * shortfall; the same tool dropped with no word still is one.
 */
export function loggedSpecExclusion(observation: SessionObservation, tool: { name: string; inputSchema?: unknown }): boolean {
  if (invalidHeaderReason(tool.inputSchema) === undefined) return false;
  const messages = [...observation.open.outcome.errors, ...observation.open.diagnostics].filter(userSees).map((entry) => entry.message);
  return messages.some((message) => messageNames(message, tool.name));
}
