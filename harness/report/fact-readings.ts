/**
 * Policy (docs/defects.md says it to users): the readings defect-facts.ts makes of a shown name, and the
 * words of each fact. A fact names a host behaviour by its form, never by a world's strings, and a join is
 * said in words where its template would read as an unfilled one (`{tool}` is "the bare name").
 */

/** One world-independent fact: `key` compares, `text` says it to a reader. */
export interface CaseFact {
  kind: FactKind;
  key: string;
  text: string;
  /**
   * How the fact showed in this finding's own world, where the fact says (the place a schema differs): a
   * defect's title quotes that of its first finding, the one on its smallest world. Never compared.
   */
  detail?: string;
  /**
   * Facts the same records fit as well (a first page that ended at an empty cursor: the host reads one page,
   * or it takes "" for the end). Such a finding is explained by one of them where another finding of the
   * report shows that one alone (group-defects.ts); else by this fact.
   */
  or?: CaseFact[];
}

/**
 * The kinds of fact, in the order a clause that names none prefers them: two servers reached as one first (what
 * the host showed or lost of the one it never reached follows from it).
 */
export const FACT_KINDS = ["target", "failing", "options", "cut", "stripped", "clash", "twice", "folded", "prefix", "lost", "refused", "call", "local", "error", "renamed", "order", "refresh", "naming"] as const;
/**
 * Kinds read across a case's steps (clause-facts.ts): each explains only a clause that names it, after every
 * kind above, since what happened between the steps (a list changed, a server went away) is the clause's doing.
 */
export const CLAUSE_ONLY_KINDS = ["cancel", "request-schema", "unheeded", "relist", "prune", "pin", "remembered", "later-opens", "refused-call", "schema", "cursor-loop"] as const;
export type FactKind = (typeof FACT_KINDS)[number] | (typeof CLAUSE_ONLY_KINDS)[number];

/** The name a provider's rule accepts (the default profile's). */
export const PROVIDER_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** The profile's own join: a host that names this way has no naming fact. */
export const PROFILE_JOIN = "mcp__{key}__{tool}";

/**
 * Where `key` stands in `before` as a word of its own (no letter or digit touching it on either side), the
 * last such place, or -1: a random label that happens to hold a short key ("xoclaz" holds "a") is a label.
 */
function keyIndex(before: string, key: string): number {
  const alnum = /[A-Za-z0-9]/;
  for (let at = key === "" ? -1 : before.lastIndexOf(key); at >= 0; at = at === 0 ? -1 : before.lastIndexOf(key, at - 1)) {
    if (!alnum.test(before[at - 1] ?? "") && !alnum.test(before[at + key.length] ?? "")) return at;
  }
  return -1;
}

/** The join a shown name follows for its pair: the key and the tool replaced by placeholders (the last tool, the key before it). */
export function joinOf(shown: string, key: string, tool: string): string | undefined {
  const at = tool === "" ? shown.length : shown.lastIndexOf(tool);
  if (at < 0) return undefined;
  const before = shown.slice(0, at);
  const keyAt = keyIndex(before, key);
  // A label that is not the key (serverInfo's name, a random id): its last word stands for it.
  const head = keyAt >= 0 ? `${before.slice(0, keyAt)}{key}${before.slice(keyAt + key.length)}` : before.replace(/[A-Za-z0-9]+(?=[^A-Za-z0-9]*$)/, "{label}");
  return `${head}{tool}${shown.slice(at + tool.length)}`;
}

/** `join` filled for a pair. */
export const fill = (join: string, key: string, tool: string) => join.replace("{key}", key).replace("{tool}", tool);

/** A join in a reader's words: the bare name where the join is the tool's name alone. */
export const joinWords = (join: string) => (join === "{tool}" ? "the bare name" : join);

/** `name` with every character outside ASCII removed. */
export const asciiStripped = (name: string) => name.replace(/[^\x00-\x7f]/g, "");

/** `full` holds characters outside ASCII, and `shown` is `full` without them. */
export const strippedTo = (full: string, shown: string) => full !== shown && asciiStripped(full) === shown;

/** The characters of `name` other than ASCII letters and digits (the shapes a host might drop a name for), sorted. */
export const heldCharacters = (name: string) => [...new Set(name.replace(/[A-Za-z0-9]/g, ""))].sort();

/** Each fact's words, so every reading of one fact says it alike. */
export const facts = {
  cut: (length: number): CaseFact => ({ kind: "cut", key: `cut:${length}`, text: `cuts names to their first ${length} characters` }),
  stripped: (): CaseFact => ({ kind: "stripped", key: "stripped:non-ascii", text: "strips the characters outside ASCII from names" }),
  clash: (join: string): CaseFact => ({
    kind: "clash", key: `clash:${join}`,
    text: join === "{tool}" ? "loses a tool to another server's tool of the same bare name" : `loses a tool to another server's tool of the same name under its join ${join}`,
  }),
  twice: (join: string | undefined): CaseFact => ({
    kind: "twice", key: `twice:${join ?? "?"}`,
    text: `shows one name for several tools (${join === undefined ? "names of no one join" : join === "{tool}" ? "bare names" : `names ${join}`})`,
  }),
  emptyCursor: (): CaseFact => ({ kind: "prefix", key: "prefix:empty-cursor", text: "takes an empty nextCursor for the end of a list, so the pages after it are lost" }),
  holds: (character: string): CaseFact => ({ kind: "lost", key: `lost:holds:${JSON.stringify(character)}`, text: `drops tools whose names hold ${JSON.stringify(character)}` }),
  naming: (join: string): CaseFact => ({ kind: "naming", key: `naming:${join.includes("{key}") ? join : "a label"}`, text: `names every tool ${join === "{tool}" ? "by its bare name" : join}, not ${PROFILE_JOIN}` }),
  relabelled: (join: string): CaseFact => ({ kind: "renamed", key: "renamed:label", text: `shows one tool under another label on another list of one configuration (${joinWords(join)})` }),
  renamed: (joins: readonly string[]): CaseFact => ({ kind: "renamed", key: "renamed", text: `shows one tool under several names (${[...joins].sort().map(joinWords).join(", ")})` }),
};

/**
 * `list` with facts of one key merged, the first kept: read alone anywhere (one session's records fit no other
 * reading), it is read alone; else it fits every reading any of them fits as well.
 */
export function mergeFacts(list: readonly CaseFact[]): CaseFact[] {
  const byKey = new Map<string, CaseFact>();
  for (const fact of list) {
    const seen = byKey.get(fact.key);
    const { or: _or, ...plain } = seen ?? fact;
    const alone = (seen !== undefined && !seen.or) || !fact.or;
    const or = [...(seen?.or ?? []), ...(fact.or ?? [])].filter((entry, index, all) => all.findIndex((other) => other.key === entry.key) === index);
    byKey.set(fact.key, alone ? plain : { ...plain, or });
  }
  return [...byKey.values()];
}
