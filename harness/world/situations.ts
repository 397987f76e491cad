import { z } from "zod";
import type { World } from "./world.ts";
import { contextConcerns, contextSituationMeanings } from "./context-situations.ts";
import { invalidHeaderReason } from "./x-mcp-header.ts";

/**
 * A situation a generated world puts a host in. A report counts, per clause, the cases whose worlds showed
 * each situation and the cases whose check could judge it, so these are computed from the world itself,
 * never from what the generator meant to build; and, since a case can only judge what the host did about
 * the servers concerned, each is computed with the servers it concerns ({@link situationConcerns}).
 * Declared in sorted order; the meaning of each is in {@link situationMeanings}.
 */
export const SituationSchema = z.enum([
  "arrival-reordered",
  "case-clash",
  "empty-cursor",
  "empty-server",
  "exact-duplicate",
  "fold-clash",
  "initialize-error",
  "invalid-x-mcp-header",
  "large-world",
  "length-boundary",
  "list-crash",
  "list-error",
  "list-unanswered",
  "middle-differing",
  "multi-server",
  "nameless-tool",
  "over-length",
  "paged-list",
  "paged-prompts",
  "paged-resources",
  "prompt-clash",
  "prompt-fold-clash",
  "prompt-titled",
  "prompts-list-error",
  "prototype-name",
  "provider-invalid-name",
  "repeated-name",
  "repeated-page",
  "reserved-name",
  "resource-template",
  "resources-list-error",
  "sanitising-clash",
  "schema-not-object",
  "separator-clash",
  "shared-uri",
  "spoofed-identity",
  "stuck-cursor",
  "template-twin",
  "templates-list-error",
  "tool-error",
  "unreachable-server",
  "unusable-key",
]);
/** A situation a generated world puts a host in. */
export type Situation = z.infer<typeof SituationSchema>;

/**
 * Tools in all from which a world is large: past the 40 Cursor documents sending a model, Windsurf's 50 and
 * Antigravity's 50, so a host-wide cap loses some (random worlds hold at most 24).
 */
export const LARGE_WORLD = 60;

/** What each situation means, as a report may print it. */
export const situationMeanings: Readonly<Record<Situation, string>> = {
  "arrival-reordered":
    "a server later in configuration order answers initialize or tools/list sooner than one before it (by answer rank or latency)",
  "case-clash": "two keys, or two wire names in different servers, are equal ignoring case but not equal",
  "empty-server": "a server advertises no tools",
  "exact-duplicate": "one wire name is advertised by two or more servers",
  "fold-clash":
    "two keys, or two wire names (in one server or two), become equal under compatibility folding (NFKD, accents dropped, lower case) though they differ ignoring case alone: ﬁle and file, ｓｅａｒｃｈ and search",
  "initialize-error": "a server answers initialize with a JSON-RPC error",
  "invalid-x-mcp-header":
    "a server's tool marks a parameter with an x-mcp-header the MCP 2026-07-28 rule refuses (empty, not an HTTP token, repeated, or on a non-primitive): a client must exclude that tool and keep the others",
  "large-world":
    `the servers list ${LARGE_WORLD} tools or more in all (hosts that give a model only the first 40, 50 or 100 tools lose some)`,
  "length-boundary":
    "some mcp__{key}__{tool} is 63 to 65 characters long, or a key or wire name is 57, 60, 63, 64, 65, 128 or 129 (a tool name SHOULD be 1 to 128 characters: MCP spec 2026-07-28, Tools)",
  "list-crash": "a server dies in the middle of listing its tools (after a first page, or on the first request)",
  "list-error": "a server answers tools/list with a JSON-RPC error",
  "list-unanswered": "a server never answers tools/list within the harness's bound (it then drops the connection)",
  "middle-differing":
    "two distinct wire names longer than 60 share their first 30 and last 30 characters (keep-the-ends shortening merges them)",
  "multi-server": "two or more servers are configured",
  "nameless-tool": "a server's tool list holds a tool without a name",
  "over-length": "some mcp__{key}__{tool} is longer than 64 characters (most providers' limit; MCP itself allows a tool name up to 128)",
  "paged-list": "a server answers tools/list in two or more pages, each after the first asked for with the opaque cursor the one before gave",
  "prototype-name": "a key or wire name is a property of Object.prototype (__proto__, constructor, toString…)",
  "provider-invalid-name": "a wire name is empty or has a character outside [A-Za-z0-9_-] (MCP allows a tool name 1 to 128 characters of [A-Za-z0-9_.-]: spec 2026-07-28)",
  "repeated-name":
    "a server lists one wire name more than once (a server's bug: names SHOULD be unique within a server, spec 2026-07-28); the host must survive it, neither crashing nor routing a call anywhere else",
  "repeated-page": "a server answers tools/list with its second page repeating its first page's tools under a fresh cursor",
  "reserved-name":
    "a wire name begins with _ or with mcp__ (__b, _, mcp__x, mcp__a__b: the shapes hosts use for their own names, mcp__{server}__{tool}), other than Object.prototype's member names (prototype-name)",
  "sanitising-clash": "two keys become equal when characters outside [A-Za-z0-9_-] are replaced by _",
  "schema-not-object": "a server's tool list holds a tool whose inputSchema is not an object",
  "separator-clash": "two distinct (key, tool) pairs give one string under {key}_{tool} or mcp__{key}__{tool}",
  "spoofed-identity":
    "a server's serverInfo.name is another server's key, or two servers report the same serverInfo name and version",
  "stuck-cursor": "a server answers tools/list with a nextCursor that never advances (the same page and the same cursor again, for ever)",
  "tool-error": "a server's tool answers every call with a tool error (a result with isError: true, not a protocol error)",
  "unreachable-server": "a server cannot be reached at all",
  "unusable-key":
    "a key is empty, contains __, ends in _, or has a character outside [A-Za-z0-9_-] (a careful host may refuse to label tools by it)",
  ...contextSituationMeanings,
};

/** Lengths at which some host or provider limit starts or stops (Cursor 60, Gemini 63, 64, spec 128). */
const BOUNDARY_LENGTHS = new Set([57, 60, 63, 64, 65, 128, 129]);
/** The common provider charset (Anthropic, OpenAI, Bedrock). */
const PROVIDER_NAME = /^[A-Za-z0-9_-]+$/;
/** Names a host keyed by a plain object stumbles on. */
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** `text` with every character outside [A-Za-z0-9_-] replaced by `_`, as Claude Code names servers and tools. */
export function sanitisedName(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, "_");
}

/**
 * `text` under compatibility folding, as hosts that normalise names do (mux: NFKD and lower case): NFKD maps
 * ligatures and full-width letters to plain ones (ﬁ to fi, ｓ to s), the accents it splits off are dropped,
 * and the rest is lower-cased.
 */
export function foldedName(text: string): string {
  return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** `mcp__{key}__{tool}`: the ADR-0112 name, used as the yardstick for lengths. */
function qualified(key: string, tool: string): string {
  return `mcp__${key}__${tool}`;
}

/** The wire names a host can list from a server: none from one that is unreachable or fails its listing. */
function listed(server: World["servers"][number]): string[] {
  return server.unreachable || server.failure !== undefined ? [] : server.tools.map((tool) => tool.name);
}

/** Server positions concerned by a situation (empty: it does not arise). */
type Concern = Set<number>;

/** The positions of every member of a group of two or more whose `project` images meet (distinct members only). */
function meeting<T>(items: readonly { at: number; item: T }[], project: (item: T) => string, same: (a: T, b: T) => boolean): Concern {
  const byImage = new Map<string, { at: number; item: T }[]>();
  for (const entry of items) byImage.set(project(entry.item), [...(byImage.get(project(entry.item)) ?? []), entry]);
  const concerned: Concern = new Set();
  for (const group of byImage.values()) {
    if (group.some((a) => group.some((b) => !same(a.item, b.item)))) for (const { at } of group) concerned.add(at);
  }
  return concerned;
}

/**
 * The positions of both members of every pair of `items` that `meet`, where only items of one `bucket` can meet:
 * each item's bucket is computed once and pairs are tried within a bucket only. Trying every pair with the
 * projection inside `meet` (a Unicode normalisation per name, twice per pair) was a tenth of a control run's CPU
 * in a world of 160 tools.
 */
function pairsMeeting<T>(items: readonly { at: number; item: T }[], bucket: (item: T) => string, meet: (a: { at: number; item: T }, b: { at: number; item: T }) => boolean): Concern {
  const buckets = new Map<string, { at: number; item: T }[]>();
  for (const entry of items) {
    const image = bucket(entry.item);
    const members = buckets.get(image);
    if (members) members.push(entry);
    else buckets.set(image, [entry]);
  }
  const concerned: Concern = new Set();
  for (const members of buckets.values()) {
    members.forEach((a, i) => members.slice(i + 1).forEach((b) => {
      if (meet(a, b) || meet(b, a)) concerned.add(a.at).add(b.at);
    }));
  }
  return concerned;
}

/** Every server's listed (position, name) pairs. */
const namesOf = (world: World) => world.servers.flatMap((server, at) => listed(server).map((name) => ({ at, item: name })));
/** Every server's distinct key, with its first position. */
const keysOf = (world: World) => world.servers.map((server, at) => ({ at, item: server.key }));
const where = (world: World, test: (server: World["servers"][number], at: number) => boolean): Concern =>
  new Set(world.servers.flatMap((server, at) => (test(server, at) ? [at] : [])));

/** For each situation, the servers it concerns in `world`. */
const concerns: Readonly<Record<Situation, (world: World) => Concern>> = {
  "arrival-reordered": ({ servers }) => {
    const concerned: Concern = new Set();
    servers.forEach((early, i) =>
      servers.slice(i + 1).forEach((late, j) => {
        const k = i + 1 + j;
        const sooner = (late.answerRank ?? k) < (early.answerRank ?? i) ||
          late.latency.initialize < early.latency.initialize || late.latency.toolsList < early.latency.toolsList;
        if (sooner) concerned.add(i).add(k);
      }),
    );
    return concerned;
  },
  "case-clash": (world) => {
    const keys = meeting(keysOf(world), (key) => key.toLowerCase(), (a, b) => a === b);
    // Names in different servers only: one server holding `search` and `Search` is its own business.
    for (const at of pairsMeeting(namesOf(world), (name) => name.toLowerCase(), (a, b) => a.at !== b.at && a.item !== b.item)) keys.add(at);
    return keys;
  },
  "empty-server": (world) => where(world, (server) => server.tools.length === 0 && !server.unreachable && server.failure === undefined),
  "exact-duplicate": (world) => {
    const owners = new Map<string, Set<number>>();
    for (const { at, item } of namesOf(world)) owners.set(item, (owners.get(item) ?? new Set()).add(at));
    return new Set([...owners.values()].filter((set) => set.size > 1).flatMap((set) => [...set]));
  },
  "fold-clash": (world) => {
    // Only what folding adds to case: ﬁle and file differ ignoring case; Search and search are a case clash.
    const folds = (a: { item: string }, b: { item: string }) => a.item.toLowerCase() !== b.item.toLowerCase();
    // Within one server too: a host that folds names under one label merges a server's own two names.
    return new Set([...pairsMeeting(keysOf(world), foldedName, folds), ...pairsMeeting(namesOf(world), foldedName, folds)]);
  },
  "initialize-error": (world) => where(world, (server) => !server.unreachable && server.failure === "initialize-error"),
  "invalid-x-mcp-header": (world) =>
    where(world, (server) => !server.unreachable && server.failure === undefined && server.tools.some((tool) => invalidHeaderReason(tool.inputSchema) !== undefined)),
  "large-world": (world) =>
    (world.servers.reduce((sum, server) => sum + listed(server).length, 0) >= LARGE_WORLD ? where(world, (server) => listed(server).length > 0) : new Set()),
  "length-boundary": (world) =>
    where(world, (server) => BOUNDARY_LENGTHS.has(server.key.length) || listed(server).some((name) => {
      const length = qualified(server.key, name).length;
      return BOUNDARY_LENGTHS.has(name.length) || (length >= 63 && length <= 65);
    })),
  "list-crash": (world) => where(world, (server) => !server.unreachable && server.failure === "list-crash"),
  "list-error": (world) => where(world, (server) => !server.unreachable && server.failure === "list-error"),
  "list-unanswered": (world) => where(world, (server) => !server.unreachable && server.failure === "list-unanswered"),
  "middle-differing": (world) =>
    meeting(namesOf(world).filter(({ item }) => item.length > 60), (name) => `${name.slice(0, 30)}\u0000${name.slice(-30)}`, (a, b) => a === b),
  "multi-server": (world) => (world.servers.length >= 2 ? where(world, () => true) : new Set()),
  "nameless-tool": (world) => where(world, (server) => !server.unreachable && server.failure === "nameless-tool"),
  "over-length": (world) => where(world, (server) => listed(server).some((name) => qualified(server.key, name).length > 64)),
  "paged-list": (world) =>
    where(world, (server) => !server.unreachable && server.failure === undefined && server.pageSize !== undefined && server.tools.length > server.pageSize),
  "prototype-name": (world) => where(world, (server) => PROTOTYPE_NAMES.has(server.key) || listed(server).some((name) => PROTOTYPE_NAMES.has(name))),
  "provider-invalid-name": (world) => where(world, (server) => listed(server).some((name) => !PROVIDER_NAME.test(name))),
  "repeated-name": (world) => where(world, (server) => new Set(listed(server)).size < listed(server).length),
  "repeated-page": (world) => where(world, (server) => !server.unreachable && server.failure === "repeated-page"),
  "reserved-name": (world) => where(world, (server) => listed(server).some((name) => !PROTOTYPE_NAMES.has(name) && (name.startsWith("_") || name.startsWith("mcp__")))),
  "sanitising-clash": (world) => meeting(keysOf(world), sanitisedName, (a, b) => a === b),
  "schema-not-object": (world) => where(world, (server) => !server.unreachable && server.failure === "schema-not-object"),
  "separator-clash": (world) => {
    const pairs = world.servers.flatMap((server, at) => listed(server).map((name) => ({ at, item: { key: server.key, tool: name } })));
    const same = (a: { key: string; tool: string }, b: { key: string; tool: string }) => a.key === b.key && a.tool === b.tool;
    const underscore = meeting(pairs, (pair) => `${pair.key}_${pair.tool}`, same);
    for (const at of meeting(pairs, (pair) => qualified(pair.key, pair.tool), same)) underscore.add(at);
    return underscore;
  },
  "spoofed-identity": ({ servers }) => {
    const concerned: Concern = new Set();
    servers.forEach((server, i) =>
      servers.forEach((other, j) => {
        const lies = server.serverInfo.name === other.key ||
          (server.serverInfo.name === other.serverInfo.name && server.serverInfo.version === other.serverInfo.version);
        if (i !== j && lies) concerned.add(i).add(j);
      }),
    );
    return concerned;
  },
  "stuck-cursor": (world) => where(world, (server) => !server.unreachable && server.failure === "stuck-cursor"),
  "tool-error": (world) => where(world, (server) => listed(server).some((name) => server.errorTools?.includes(name) === true)),
  "unreachable-server": (world) => where(world, (server) => server.unreachable),
  "unusable-key": (world) =>
    where(world, (server) => server.key === "" || server.key.includes("__") || server.key.endsWith("_") || !PROVIDER_NAME.test(server.key)),
  ...contextConcerns,
};

/** Every situation `world` puts a host in, with the positions of the servers each concerns, in sorted order. */
export function situationConcerns(world: World): Map<Situation, ReadonlySet<number>> {
  const found = new Map<Situation, ReadonlySet<number>>();
  for (const situation of SituationSchema.options) {
    const concerned = concerns[situation](world);
    if (concerned.size > 0) found.set(situation, concerned);
  }
  return found;
}

/** Every situation `world` puts a host in, sorted, each once. */
export function situationsOf(world: World): Situation[] {
  return [...situationConcerns(world).keys()];
}
