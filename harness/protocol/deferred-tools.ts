/**
 * HAP/1's deferred tools (an extension, docs/hap-1.md "Deferred tools"): a host that offers its model a search
 * tool in place of some MCP tools (Claude Code's ToolSearch, Codex's and Qwen Code's tool_search) says so in
 * `initialize`, marks the tools its model reaches only through that search in `session/tools`, and, when the
 * harness asks in `session/open`, loads none of them on the model's behalf, so that the harness can play the
 * model: call the search tool through the host's own loop, read `session/tools` again, then call what it
 * revealed. Kept apart from the other messages' files so that each of them gains one optional field only.
 */
import { z } from "zod";

/**
 * `capabilities.deferredTools`: the name of the host's search tool as its model sees it, and, where the host
 * defers only past a number of server tools, that number (it defers when it loads more than `above`; absent: it
 * may defer at any size). `surface/deferred-reachable` builds its worlds past `above`.
 */
export const DeferredToolsSchema = z.object({
  searchTool: z.string().min(1),
  above: z.number().int().min(0).max(1000).optional(),
});
/** What a host that defers tools declares. */
export type DeferredTools = z.infer<typeof DeferredToolsSchema>;

/**
 * `session/tools`' optional `deferred` of one entry: the model is told of this tool (its name at least, or
 * nothing at all) but reaches it only through the search tool; `description` and `inputSchema`, where given,
 * are what the model gets once a search loads it. Absent or false: the tool is offered as it is.
 */
export const DeferredFlagSchema = z.boolean().optional();

/**
 * `session/open`'s optional `keepDeferred`: load no deferred tool on the model's behalf (an agent CLI's adapter
 * otherwise searches for every one at open, as a model would, before it reads the surface): the harness
 * searches itself. A host whose adapter never searches on its own ignores it.
 */
export const KeepDeferredSchema = z.boolean().optional();

/** The arguments the harness calls a host's search tool with: one query, as a model would type it. */
export interface SearchArguments {
  query: string;
}
