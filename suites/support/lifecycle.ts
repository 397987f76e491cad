/**
 * Readings the lifecycle clauses share: which (server, tool) each shown name stands for, whether an error
 * names a server and a tool, and the bounds a clause waits within.
 */
import {
  errorNamesServer, messageNames, type ClauseEnvironment, type HostError, type LifecycleSession, type ObservedTool,
} from "../../harness/index.ts";

/** The longest a host may take to reflect `notifications/tools/list_changed`, unless the run sets another bound. */
export const DEFAULT_LIST_CHANGED_TIMEOUT_MS = 2_000;

/**
 * The list-changed bound of this run: the environment's `listChangedTimeoutMs` (the CLI's
 * `--list-changed-timeout`), or {@link DEFAULT_LIST_CHANGED_TIMEOUT_MS} where an embedding leaves it unset.
 */
export function listChangedTimeoutMs(env: Pick<ClauseEnvironment, "listChangedTimeoutMs">): number {
  const bound: unknown = env.listChangedTimeoutMs;
  return typeof bound === "number" && Number.isFinite(bound) && bound > 0 ? bound : DEFAULT_LIST_CHANGED_TIMEOUT_MS;
}

/** A shown tool and the (server, wire name) it stands for. */
export interface ShownTool {
  name: string;
  server: string;
  tool: string;
}

/** `names` as a readable list. */
export function quoted(names: Iterable<string>): string {
  return `[${[...names].map((name) => JSON.stringify(name)).join(", ")}]`;
}

/**
 * What each shown tool stands for: the identity its description carries or, for a tool whose description
 * the host did not keep (and that is not one of `skip`), where a probe call of it lands. A shown tool that
 * lands nowhere stands for nothing and is left out; `unknown` receives its name.
 */
export async function identify(session: LifecycleSession, tools: readonly ObservedTool[], skip: readonly string[] = [], unknown: string[] = []): Promise<ShownTool[]> {
  const shown: ShownTool[] = [];
  for (const tool of tools) {
    if (skip.includes(tool.name)) continue;
    if (tool.identity) {
      shown.push({ name: tool.name, ...tool.identity });
      continue;
    }
    const probe = await session.call(tool.name);
    const [delivery] = probe.deliveries;
    if (probe.deliveries.length === 1 && delivery!.tool !== undefined) shown.push({ name: tool.name, server: delivery!.server, tool: delivery!.tool });
    else unknown.push(tool.name);
  }
  return shown;
}

/** True when `error` names server `key` and tool `wire` (quoted, by the rule errors name servers by). */
export function namesServerAndTool(error: HostError, key: string, wire: string): boolean {
  return errorNamesServer(error, key) && messageNames(error.message, wire);
}
