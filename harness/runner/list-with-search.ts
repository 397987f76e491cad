/**
 * The list a model of a searching host ends up with, before a clause judges it.
 *
 * Policy: a host that defers tools behind its own search (HAP/1 `deferredTools`) is judged on what a model
 * could reach, not on what it offered before any search, so that a tool the host deferred is never taken for
 * one it lost. Two searches, each as a model would make them:
 * - a tool the host still lists as deferred by its name alone (no description the harness can read it by) is
 *   searched for by that name;
 * - a server none of whose tools the list shows, neither loaded nor deferred, is searched for by each of its
 *   tools' own names (its description, for a name with no word in it): a model after a tool searches by what it
 *   does, which is close to its name. Codex with
 *   tool search names only `mcp__<key>` namespaces, and its BM25 search finds no namespace by a name made of
 *   stop words (`a`, `the`) or one it sanitised (`port-reopens` listed as `mcp__port_reopens`), so its adapter's
 *   search by the key cannot load every server. A server the host really lost stays lost: nothing finds it.
 * Whether a search by a tool's exact name finds it is surface/deferred-reachable's question, not this list's.
 */
import type { HostAdapter } from "../adapter/host-adapter.ts";
import type { ToolsResult } from "../protocol/tools-result.ts";
import { identityOf } from "../world/tool-identity.ts";
import type { World } from "../world/world.ts";

/** Most searches for hidden servers' tools in one session: a bound on a model's patience, and on the run's cost. */
export const MAX_HIDDEN_SEARCHES = 32;

/** A tool's name, or its description where the name holds no word to search by (an empty name, or `_`). */
function queryFor(tool: { name: string; description?: string }): string[] {
  if (/[\p{L}\p{N}]/u.test(tool.name)) return [tool.name];
  return tool.description === undefined || tool.description === "" ? [] : [tool.description];
}

/**
 * `adapter`'s list for `session`, after searching through `searchTool` (none: the list as it is) for what the
 * host still defers: deferred entries by their names, then the tools of every server of `world` it shows nothing
 * of, unless the host defers only past `above` server tools (HAP/1 `deferredTools.above`) and `world` has no more.
 */
export async function listWithSearch(adapter: HostAdapter, session: string, searchTool: string | undefined, world: World, above?: number): Promise<ToolsResult> {
  let listed = await adapter.tools(session);
  if (searchTool === undefined) return listed;
  const unloaded = listed.tools.filter((tool) => tool.deferred && identityOf(tool.description) === undefined);
  for (const tool of unloaded) await adapter.call(session, searchTool, { query: tool.name });
  if (unloaded.length > 0) listed = await adapter.tools(session);
  // A host that defers only past `above` server tools hides nothing in a world that small.
  if (above !== undefined && world.servers.reduce((sum, server) => sum + server.tools.length, 0) <= above) return listed;
  const shown = new Set(listed.tools.map((tool) => identityOf(tool.description)?.server));
  const queries = [...new Set(world.servers.filter((server) => !shown.has(server.key)).flatMap((server) => server.tools.flatMap(queryFor)))]
    .slice(0, MAX_HIDDEN_SEARCHES);
  for (const query of queries) await adapter.call(session, searchTool, { query });
  return queries.length > 0 ? adapter.tools(session) : listed;
}
