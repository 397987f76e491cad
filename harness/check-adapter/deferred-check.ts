/**
 * check-adapter's part for an adapter that declares `deferredTools` (harness/protocol/deferred-tools.ts): one
 * world past the declared threshold, opened with `keepDeferred`; some tool must be listed as deferred, a call
 * of the declared search tool with one deferred tool's name must be a result, and the list read again must show
 * that tool loaded. What a run judges (every tool, by both names, and the call after) is
 * `surface/deferred-reachable`'s; this only says whether the adapter speaks the extension at all.
 */
import { z } from "zod";
import { ServerScriptSchema, type FakeServerHost } from "../../fake-servers/index.ts";
import { CallResultSchema } from "../protocol/call-result.ts";
import type { InitializeResult } from "../protocol/initialize-result.ts";
import { OpenResultSchema } from "../protocol/open-result.ts";
import { ToolsResultSchema, type VisibleTool } from "../protocol/tools-result.ts";
import { visibleLabel } from "../protocol/visible-name.ts";
import { clip, NAME_LIMIT } from "../report/report-view.ts";
import { describeTool, identityOf } from "../world/tool-identity.ts";
import type { Finding } from "./findings.ts";

/** What the check needs of its session context. */
export interface DeferredContext {
  ask<T>(method: string, params: unknown, schema: z.ZodType<T>): Promise<T | undefined>;
  add(finding: Finding): void;
  servers: FakeServerHost;
  transport: "stdio" | "http";
  init: InitializeResult;
}

/** Most tools the check's world holds (a threshold past it is left to a run). */
const MOST = 120;

/** The names of the check's world: `count` tools of server alpha. */
const toolNames = (count: number) => Array.from({ length: count }, (_, at) => `check_tool_${String(at + 1).padStart(3, "0")}`);

/** Opens a world past the declared threshold with keepDeferred, searches for one deferred tool, reads the list again. */
export async function deferredSession({ ask, add, servers, transport, init }: DeferredContext): Promise<void> {
  const declared = init.capabilities.deferredTools;
  if (!declared) return;
  const step = "session/open (deferred tools)";
  const count = Math.max(3, (declared.above ?? 0) + 1);
  if (count > MOST) {
    add({ level: "note", step, message: `deferredTools.above is ${declared.above}: a world past it is left to a run (surface/deferred-reachable)` });
    return;
  }
  const script = ServerScriptSchema.parse({ key: "alpha", serverInfo: { name: "alpha-server", version: "1.0.0" }, tools: toolNames(count).map((name) => ({ name, description: describeTool("alpha", name) })) });
  const world = await servers.startWorld([script], transport);
  try {
    const open = await ask("session/open", { servers: world.endpoints.map(({ key, transport }) => ({ key, transport })), keepDeferred: true }, OpenResultSchema);
    if (!open) return;
    const listed = await ask("session/tools", { session: open.session }, ToolsResultSchema);
    const deferred = listed?.tools.filter((tool) => tool.deferred) ?? [];
    if (!listed) return;
    if (deferred.length === 0) {
      add({ level: "note", step, message: `declared deferredTools (search tool ${JSON.stringify(declared.searchTool)}), but no tool of ${count} was listed with deferred: true; a run of surface/deferred-reachable will be INCONCLUSIVE unless the host defers there` });
    } else {
      await searchOnce({ ask, add }, open.session, declared.searchTool, deferred[0]!);
    }
    await ask("session/close", { session: open.session }, z.object({}).loose());
  } finally {
    await world.close();
  }
}

/** One search for `target` (by its wire name where its description says it, else by its shown name), then the list again. */
async function searchOnce({ ask, add }: Pick<DeferredContext, "ask" | "add">, session: string, search: string, target: VisibleTool): Promise<void> {
  const query = identityOf(target.description)?.tool ?? target.name;
  const label = clip(JSON.stringify(visibleLabel(target)), NAME_LIMIT, "");
  const result = await ask("session/call", { session, name: search, arguments: { query } }, CallResultSchema);
  if (!result) return;
  const after = await ask("session/tools", { session }, ToolsResultSchema);
  if (!after) return;
  const loaded = after.tools.some((tool) => !tool.deferred && tool.name === target.name && tool.namespace === target.namespace);
  if (loaded) add({ level: "ok", step: "session/call (the search tool)", message: `a search for ${clip(JSON.stringify(query), NAME_LIMIT, "")} loaded ${label}: the next session/tools lists it without deferred` });
  else add({ level: "mistake", step: "session/call (the search tool)", message: `a search for ${clip(JSON.stringify(query), NAME_LIMIT, "")} through ${JSON.stringify(search)} answered ${result.ok ? "ok" : "an error"}, and the next session/tools still lists ${label} as deferred or not at all: session/call of the declared search tool must go through the host's own search, and session/tools must show what it loaded` });
}
