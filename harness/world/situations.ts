import { z } from "zod";
import type { World } from "./world.ts";
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
  "empty-server",
  "exact-duplicate",
  "initialize-error",
  "invalid-x-mcp-header",
  "length-boundary",
  "list-crash",
  "list-error",
  "list-unanswered",
  "middle-differing",
  "multi-server",
  "nameless-tool",
  "over-length",
  "prototype-name",
  "provider-invalid-name",
  "sanitising-clash",
  "schema-not-object",
  "separator-clash",
  "spoofed-identity",
  "tool-error",
  "unreachable-server",
  "unusable-key",
]);
/** A situation a generated world puts a host in. */
export type Situation = z.infer<typeof SituationSchema>;

/** What each situation means, as a report may print it. */
export const situationMeanings: Readonly<Record<Situation, string>> = {
  "arrival-reordered":
    "a server later in configuration order answers initialize or tools/list sooner than one before it (by answer rank or latency)",
  "case-clash": "two keys, or two wire names in different servers, are equal ignoring case but not equal",
  "empty-server": "a server advertises no tools",
  "exact-duplicate": "one wire name is advertised by two or more servers",
  "initialize-error": "a server answers initialize with a JSON-RPC error",
  "invalid-x-mcp-header":
    "a server's tool marks a parameter with an x-mcp-header the MCP 2026-07-28 rule refuses (empty, not an HTTP token, repeated, or on a non-primitive): a client must exclude that tool and keep the others",
  "length-boundary":
    "some mcp__{key}__{tool} is 63 to 65 characters long, or a key or wire name is 57, 60, 63, 64, 65, 128 or 129",
  "list-crash": "a server dies in the middle of listing its tools (after a first page, or on the first request)",
  "list-error": "a server answers tools/list with a JSON-RPC error",
  "list-unanswered": "a server never answers tools/list within the harness's bound (it then drops the connection)",
  "middle-differing":
    "two distinct wire names longer than 60 share their first 30 and last 30 characters (keep-the-ends shortening merges them)",
  "multi-server": "two or more servers are configured",
  "nameless-tool": "a server's tool list holds a tool without a name",
  "over-length": "some mcp__{key}__{tool} is longer than 64 characters",
  "prototype-name": "a key or wire name is a property of Object.prototype (__proto__, constructor, toString…)",
  "provider-invalid-name": "a wire name is empty or has a character outside [A-Za-z0-9_-]",
  "sanitising-clash": "two keys become equal when characters outside [A-Za-z0-9_-] are replaced by _",
  "schema-not-object": "a server's tool list holds a tool whose inputSchema is not an object",
  "separator-clash": "two distinct (key, tool) pairs give one string under {key}_{tool} or mcp__{key}__{tool}",
  "spoofed-identity":
    "a server's serverInfo.name is another server's key, or two servers report the same serverInfo name and version",
  "tool-error": "a server's tool answers every call with a tool error (a result with isError: true, not a protocol error)",
  "unreachable-server": "a server cannot be reached at all",
  "unusable-key":
    "a key is empty, contains __, ends in _, or has a character outside [A-Za-z0-9_-] (a careful host may refuse to label tools by it)",
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
    const names = namesOf(world);
    for (const a of names) {
      for (const b of names) {
        if (a.at !== b.at && a.item !== b.item && a.item.toLowerCase() === b.item.toLowerCase()) keys.add(a.at).add(b.at);
      }
    }
    return keys;
  },
  "empty-server": (world) => where(world, (server) => server.tools.length === 0 && !server.unreachable && server.failure === undefined),
  "exact-duplicate": (world) => {
    const owners = new Map<string, Set<number>>();
    for (const { at, item } of namesOf(world)) owners.set(item, (owners.get(item) ?? new Set()).add(at));
    return new Set([...owners.values()].filter((set) => set.size > 1).flatMap((set) => [...set]));
  },
  "initialize-error": (world) => where(world, (server) => !server.unreachable && server.failure === "initialize-error"),
  "invalid-x-mcp-header": (world) =>
    where(world, (server) => !server.unreachable && server.failure === undefined && server.tools.some((tool) => invalidHeaderReason(tool.inputSchema) !== undefined)),
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
  "prototype-name": (world) => where(world, (server) => PROTOTYPE_NAMES.has(server.key) || listed(server).some((name) => PROTOTYPE_NAMES.has(name))),
  "provider-invalid-name": (world) => where(world, (server) => listed(server).some((name) => !PROVIDER_NAME.test(name))),
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
  "tool-error": (world) => where(world, (server) => listed(server).some((name) => server.errorTools?.includes(name) === true)),
  "unreachable-server": (world) => where(world, (server) => server.unreachable),
  "unusable-key": (world) =>
    where(world, (server) => server.key === "" || server.key.includes("__") || server.key.endsWith("_") || !PROVIDER_NAME.test(server.key)),
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
