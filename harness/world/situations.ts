import { z } from "zod";
import type { World } from "./world.ts";

/**
 * A situation a generated world puts a host in. A PASS states how many cases exercised each situation a
 * clause is about, and a clause whose situation never arose is INCONCLUSIVE, so these are computed from
 * the world itself, never from what the generator meant to build. Declared in sorted order; the meaning
 * of each is in {@link situationMeanings}.
 */
export const SituationSchema = z.enum([
  "arrival-reordered",
  "case-clash",
  "empty-server",
  "exact-duplicate",
  "length-boundary",
  "middle-differing",
  "multi-server",
  "over-length",
  "prototype-name",
  "provider-invalid-name",
  "sanitising-clash",
  "separator-clash",
  "spoofed-identity",
  "unreachable-server",
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
  "length-boundary":
    "some mcp__{key}__{tool} is 63 to 65 characters long, or a key or wire name is 57, 60, 63, 64, 65, 128 or 129",
  "middle-differing":
    "two distinct wire names longer than 60 share their first 30 and last 30 characters (keep-the-ends shortening merges them)",
  "multi-server": "two or more servers are configured",
  "over-length": "some mcp__{key}__{tool} is longer than 64 characters",
  "prototype-name": "a key or wire name is a property of Object.prototype (__proto__, constructor, toString…)",
  "provider-invalid-name": "a wire name is empty or has a character outside [A-Za-z0-9_-]",
  "sanitising-clash": "two keys become equal when characters outside [A-Za-z0-9_-] are replaced by _",
  "separator-clash": "two distinct (key, tool) pairs give one string under {key}_{tool} or mcp__{key}__{tool}",
  "spoofed-identity":
    "a server's serverInfo.name is another server's key, or two servers report the same serverInfo name and version",
  "unreachable-server": "a server cannot be reached at all",
};

/** Lengths at which some host or provider limit starts or stops (Cursor 60, Gemini 63, 64, spec 128). */
const BOUNDARY_LENGTHS = new Set([57, 60, 63, 64, 65, 128, 129]);
/** The common provider charset (Anthropic, OpenAI, Bedrock). */
const PROVIDER_NAME = /^[A-Za-z0-9_-]+$/;
/** Names a host keyed by a plain object stumbles on. */
const PROTOTYPE_NAMES = new Set(Object.getOwnPropertyNames(Object.prototype));

/** `mcp__{key}__{tool}`: the ADR-0112 name, used as the yardstick for lengths. */
function qualified(key: string, tool: string): string {
  return `mcp__${key}__${tool}`;
}

/** True when two distinct members of `items` give one `project(item)`. */
function collides<T>(items: readonly T[], project: (item: T) => string, same: (a: T, b: T) => boolean): boolean {
  const seen = new Map<string, T>();
  for (const item of items) {
    const image = project(item);
    const earlier = seen.get(image);
    if (earlier !== undefined && !same(earlier, item)) return true;
    if (earlier === undefined) seen.set(image, item);
  }
  return false;
}

/** Whether `world` puts a host in each situation. */
const detectors: Readonly<Record<Situation, (world: World) => boolean>> = {
  "arrival-reordered": ({ servers }) =>
    servers.some((early, i) =>
      servers
        .slice(i + 1)
        .some(
          (late, j) =>
            (late.answerRank ?? i + 1 + j) < (early.answerRank ?? i) ||
            late.latency.initialize < early.latency.initialize || late.latency.toolsList < early.latency.toolsList,
        ),
    ),
  "case-clash": ({ servers }) => {
    const keys = [...new Set(servers.map((server) => server.key))];
    if (collides(keys, (key) => key.toLowerCase(), (a, b) => a === b)) return true;
    const names = servers.flatMap((server, index) => server.tools.map((tool) => ({ index, name: tool.name })));
    return names.some((a) =>
      names.some((b) => a.index !== b.index && a.name !== b.name && a.name.toLowerCase() === b.name.toLowerCase()),
    );
  },
  "empty-server": ({ servers }) => servers.some((server) => server.tools.length === 0),
  "exact-duplicate": ({ servers }) => {
    const owners = new Map<string, number>();
    for (const [index, server] of servers.entries()) {
      for (const tool of server.tools) {
        const owner = owners.get(tool.name);
        if (owner !== undefined && owner !== index) return true;
        owners.set(tool.name, index);
      }
    }
    return false;
  },
  "length-boundary": ({ servers }) =>
    servers.some(
      (server) =>
        BOUNDARY_LENGTHS.has(server.key.length) ||
        server.tools.some((tool) => {
          const length = qualified(server.key, tool.name).length;
          return BOUNDARY_LENGTHS.has(tool.name.length) || (length >= 63 && length <= 65);
        }),
    ),
  "middle-differing": ({ servers }) => {
    const names = [...new Set(servers.flatMap((server) => server.tools.map((tool) => tool.name)))];
    return collides(
      names.filter((name) => name.length > 60),
      (name) => `${name.slice(0, 30)}\u0000${name.slice(-30)}`,
      (a, b) => a === b,
    );
  },
  "multi-server": ({ servers }) => servers.length >= 2,
  "over-length": ({ servers }) =>
    servers.some((server) => server.tools.some((tool) => qualified(server.key, tool.name).length > 64)),
  "prototype-name": ({ servers }) =>
    servers.some(
      (server) => PROTOTYPE_NAMES.has(server.key) || server.tools.some((tool) => PROTOTYPE_NAMES.has(tool.name)),
    ),
  "provider-invalid-name": ({ servers }) =>
    servers.some((server) => server.tools.some((tool) => !PROVIDER_NAME.test(tool.name))),
  "sanitising-clash": ({ servers }) =>
    collides(
      [...new Set(servers.map((server) => server.key))],
      (key) => key.replace(/[^A-Za-z0-9_-]/g, "_"),
      (a, b) => a === b,
    ),
  "separator-clash": ({ servers }) => {
    const pairs = servers.flatMap((server) => server.tools.map((tool) => ({ key: server.key, tool: tool.name })));
    const same = (a: { key: string; tool: string }, b: { key: string; tool: string }) =>
      a.key === b.key && a.tool === b.tool;
    return (
      collides(pairs, (pair) => `${pair.key}_${pair.tool}`, same) ||
      collides(pairs, (pair) => qualified(pair.key, pair.tool), same)
    );
  },
  "spoofed-identity": ({ servers }) =>
    servers.some((server, i) =>
      servers.some(
        (other, j) =>
          i !== j &&
          (server.serverInfo.name === other.key ||
            (server.serverInfo.name === other.serverInfo.name && server.serverInfo.version === other.serverInfo.version)),
      ),
    ),
  "unreachable-server": ({ servers }) => servers.some((server) => server.unreachable),
};

/** Every situation `world` puts a host in, sorted, each once. */
export function situationsOf(world: World): Situation[] {
  return SituationSchema.options.filter((situation) => detectors[situation](world));
}
