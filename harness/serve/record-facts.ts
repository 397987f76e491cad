/**
 * Facts read from a served world's records alone (harness/serve/served-records.ts), shared by the clauses'
 * `judgeRecords`: which servers the app listed, which pages it asked for, where each call arrived and under
 * which name, and which of the world's tools the app offered its model.
 */
import type { MessageRecord, ProviderTool } from "../../fake-servers/index.ts";
import { identityOf } from "../world/tool-identity.ts";
import type { World } from "../world/world.ts";

/** The `tools/list` requests server `key` received (with a cursor only: the pages after the first). */
export function toolListRequests(records: readonly MessageRecord[], key: string, pagesAfterFirst = false): MessageRecord[] {
  return records.filter((record) => record.server === key && record.method === "tools/list" && (!pagesAfterFirst || record.cursor !== undefined));
}

/** The keys of the servers that received anything at all, in configuration order. */
export function contactedKeys(world: World, records: readonly MessageRecord[]): string[] {
  return world.servers.map((server) => server.key).filter((key) => records.some((record) => record.server === key));
}

/** One call that arrived at a server that does not advertise its name, where another server of the world does. */
export interface StrayCall {
  at: string;
  tool: string;
  /** The servers of the world that advertise that name. */
  owners: string[];
}

/**
 * Calls that reached the wrong server, read from the records alone: a `tools/call` at a server whose list never
 * held that name while another server's did. Whatever the app showed, a call it made went where no tool of
 * that name lives.
 */
export function strayCalls(world: World, records: readonly MessageRecord[]): StrayCall[] {
  const owners = (tool: string) => world.servers.filter((server) => server.tools.some((candidate) => candidate.name === tool)).map((server) => server.key);
  return records.flatMap((record) => {
    if (record.method !== "tools/call" || record.tool === undefined) return [];
    const holders = owners(record.tool);
    return holders.length > 0 && !holders.includes(record.server) ? [{ at: record.server, tool: record.tool, owners: holders }] : [];
  });
}

/** The (server, tool) pairs of `world` that `tools` (a list an app offered its model) shows, by the identity in each description. */
export function pairsOffered(world: World, tools: readonly ProviderTool[]): Set<string> {
  const offered = new Set<string>();
  for (const tool of tools) {
    const identity = identityOf(tool.description);
    if (identity && world.servers.some((server) => server.key === identity.server && server.tools.some((candidate) => candidate.name === identity.tool))) {
      offered.add(`${identity.server}\u0000${identity.tool}`);
    }
  }
  return offered;
}

/** The (server, tool) pairs of `world` that the list `tools` misses (keys `server\0tool`, as pairsOffered). */
export function pairsMissing(world: World, tools: readonly ProviderTool[]): Array<{ server: string; tool: string }> {
  const offered = pairsOffered(world, tools);
  return world.servers.flatMap((server) => server.tools.filter((tool) => !offered.has(`${server.key}\u0000${tool.name}`)).map((tool) => ({ server: server.key, tool: tool.name })));
}
