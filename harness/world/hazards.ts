/**
 * Policy: when a host refuses a server (or a whole open), which situation that refusal judged. A careful
 * host may refuse a server for any hazard it holds, so a refusal says something about a situation only when
 * nothing else in it could explain the refusal: the refused server (for a whole open: the whole world)
 * holds that hazard and no other, apart from the companions it cannot come without. A world that holds a
 * situation "alone" is one where that is so for every server, which is what the runner draws when a
 * situation arose only in cases that could not judge it.
 */
import { situationConcerns, type Situation } from "./situations.ts";
import type { World } from "./world.ts";

/**
 * How many times a host may ask a server for the page of one cursor on one connection before it is asking again and
 * again (a stuck cursor followed forever): surface/failing-server-named's bound, and the one the report's facts and
 * behaviour text read a cursor loop by. A host may ask twice to be sure; past this it is a loop, not a retry (the
 * fake server answers 50 times a connection, then refuses, so no host spins forever).
 */
export const CURSOR_LOOP_BOUND = 10;

/** Situations a careful host may refuse a server for (anything else is no reason to refuse it). */
export const HAZARDS: ReadonlySet<Situation> = new Set<Situation>([
  "case-clash", "exact-duplicate", "fold-clash", "initialize-error", "invalid-x-mcp-header", "list-crash", "list-error", "list-unanswered", "nameless-tool", "over-length",
  "prototype-name", "provider-invalid-name", "repeated-name", "sanitising-clash", "schema-not-object", "separator-clash", "unreachable-server",
  "unusable-key",
  // A list that never ends, or that lists tools twice, is a failing server: a careful host refuses it by name.
  "stuck-cursor", "repeated-page",
  // A server whose tools would take the whole past a model's limit (OpenAI takes 128 tools in a request) may
  // be refused with an error naming it, as Windsurf refuses one past its 50. A healthy paged list is no hazard.
  "large-world",
  // Prompts and resources: one prompt name or URI on two servers (docker/mcp-gateway refuses both servers,
  // naming them), names that fold alike, and a server whose prompt, resource or template list fails.
  "prompt-clash", "prompt-fold-clash", "shared-uri", "prompts-list-error", "resources-list-error", "templates-list-error",
]);

/**
 * Hazards another comes with by construction: two keys that sanitise alike include one a provider refuses,
 * and meet only on one tool name in both; keys that clash under a separator join often hold the separator
 * itself; keys equal ignoring case meet only on one tool name; names that fold alike hold a letter outside
 * ASCII, which no provider accepts in a name (nor the reference in a key), and keys that do meet on one tool name.
 */
const COMPANIONS: Partial<Record<Situation, readonly Situation[]>> = {
  "sanitising-clash": ["unusable-key", "exact-duplicate"],
  "separator-clash": ["unusable-key"],
  "case-clash": ["exact-duplicate"],
  "fold-clash": ["provider-invalid-name", "unusable-key", "exact-duplicate"],
};

/** The hazards `world` puts on each server, by position. */
export function hazardsByServer(world: World): Set<Situation>[] {
  const hazards = world.servers.map(() => new Set<Situation>());
  for (const [situation, positions] of situationConcerns(world)) {
    if (HAZARDS.has(situation)) for (const at of positions) hazards[at]!.add(situation);
  }
  return hazards;
}

/** True when `hazards` hold `situation` and nothing but its companions. */
function onlyFor(situation: Situation, hazards: ReadonlySet<Situation>): boolean {
  const allowed = new Set([situation, ...(COMPANIONS[situation] ?? [])]);
  return [...hazards].every((hazard) => allowed.has(hazard));
}

/**
 * What a refusal of something holding `hazards` judged: every one of them when one situation (with its
 * companions) accounts for them all, else nothing (another hazard could explain the refusal, or none).
 */
export function attributed(hazards: ReadonlySet<Situation>): Situation[] {
  if (hazards.size === 0) return [];
  return [...hazards].some((situation) => onlyFor(situation, hazards)) ? [...hazards].sort() : [];
}

/**
 * True when `world` shows `situation` and no hazard beyond it and its companions, on any server: a careful
 * host that refuses anything in it can only be refusing for that situation. For a situation that is no
 * hazard (spoofed identity, several servers ...), the world holds no hazard at all.
 */
export function holdsAlone(world: World, situation: Situation): boolean {
  const concerns = situationConcerns(world);
  if (!concerns.has(situation)) return false;
  const hazards = new Set([...concerns.keys()].filter((found) => HAZARDS.has(found)));
  return HAZARDS.has(situation) ? onlyFor(situation, hazards) : hazards.size === 0;
}
