/**
 * The constructed cases of issue 40's hazard classes, appended to the coverage plans of the clauses each
 * concerns (harness/world/shipped-hazard-worlds.ts builds the worlds): empty-string cursors, names outside
 * ASCII, names shaped like a host's own, servers keyed like one of the host's built-in tools, and servers
 * unreachable as real ones are. Kept apart from each clause's own plan so the two grow independently.
 */
import {
  constructed, errorNamesServer, worldOf, type Capabilities, type ConstructedCase, type SessionObservation, type World,
} from "../../harness/index.ts";

/** Healthy paged lists whose first, or last, cursor is "": the pages after it must be asked for and shown. */
export const emptyCursorCases = (): ConstructedCase<World>[] => constructed(["empty-cursor-first", "empty-cursor-last"]);

/** Broken pagers whose cursor is "": a host that stops there never meets the failure it must name. */
export const emptyCursorFailingCases = (): ConstructedCase<World>[] => constructed(["stuck-empty-cursor", "list-crash-empty-cursor"]);

/**
 * Servers unreachable as real ones are, each beside a healthy one: a closed port, a reset while the host awaits
 * its answer, an accept that never speaks (HTTP); a command that exits at once, or closes its stdout (stdio).
 */
export const realFailureCases = (): ConstructedCase<World>[] =>
  constructed(["unreachable-refused", "unreachable-reset", "unreachable-silent", "unreachable-exits", "unreachable-stdout-closed"]);

/** Names in other scripts, twins apart only outside ASCII, transliterations, one name in NFC and NFD. */
export const nonAsciiCases = <Case = World>(toCase?: (world: World) => Case): ConstructedCase<Case>[] =>
  constructed<Case>(["non-ascii-tools", "non-ascii-twins", "transliterated", "nfc-nfd"], toCase);

/** The situation of a server keyed like one of the host's built-in tools, as a check reports it. */
export const BUILTIN_KEY = "builtin-key";
/** What {@link BUILTIN_KEY} means. */
export const builtinKeyMeaning = "a server's key begins with the name of one of the host's built-in tools (HAP/1 builtinTools), and the host showed a tool of it or named it in an error";

/** Keys beginning with a built-in's name: the built-in's name itself, and it with a suffix. */
function builtinKeyWorld(builtin: string): World {
  return worldOf([builtin, ["request"]], [`${builtin}-mcp`, ["search"]]);
}

/**
 * Names shaped like a host's own (`__b`, `_`, `mcp__x`, `mcp__a__b`), and, for a host with built-in tools,
 * servers keyed like the first of them (`Bash`, `Bash-mcp` for Claude Code's `Bash`).
 */
export function reservedNameCases(env: { capabilities: Pick<Capabilities, "builtinTools"> }): ConstructedCase<World>[] {
  const builtin = env.capabilities.builtinTools?.[0];
  return [
    ...constructed(["reserved-tools"]),
    ...(builtin === undefined ? [] : [{
      hazard: BUILTIN_KEY,
      title: `keys that begin with a built-in tool's name: ${builtin}: request · ${builtin}-mcp: search (${JSON.stringify(builtin)} is one of the host's built-in tools)`,
      value: builtinKeyWorld(builtin),
    }]),
  ];
}

/**
 * [{@link BUILTIN_KEY}] when `world` holds a server keyed like one of the host's built-ins (its key begins with
 * one) and the host either showed a tool of it or named it in an error: it dealt with that server.
 */
export function builtinKeyJudged(env: { capabilities: Pick<Capabilities, "builtinTools"> }, world: World, observation: SessionObservation): string[] {
  // An in-process host may hand its capabilities over unparsed, the defaults missing.
  const builtins = env.capabilities.builtinTools ?? [];
  const keyed = world.servers.filter((server) => builtins.some((builtin) => server.key.startsWith(builtin)));
  const dealt = keyed.some((server) =>
    observation.tools.some((tool) => tool.identity?.server === server.key) || observation.open.outcome.errors.some((error) => errorNamesServer(error, server.key)));
  return dealt ? [BUILTIN_KEY] : [];
}
