/**
 * Clauses `prompts/tracks-list` and `resources/tracks-list` (issue 37): a server's prompts or resources change
 * while a session runs, and the host must show the new list, every page of it, once it is refreshed or, for a
 * host that follows list_changed, once the server says so. The TS SDK's listChanged refetch walks every page of
 * tools but only the first of prompts and resources (typescript-sdk PR#2249 review): a refresh that reads one
 * page of three shows a third of the list.
 */
import fc from "fast-check";
import {
  canonicalJson, contextWorldOf, defineClause, fakePrompt, fakeResource, fetchThrough, shownContext, withLifecycleWorld,
  type ClauseEnvironment, type ContextServer, type LifecycleWorld, type World,
} from "../harness/index.ts";
import { listChangedTimeoutMs, quoted } from "./support/lifecycle.ts";

/** One world, the server whose list changes, its new list, and how the host is to learn of it. */
interface TrackCase {
  world: World;
  target: number;
  /** The server's new prompt names or resource URIs. */
  items: string[];
  via: "refresh" | "list-changed";
}

type Family = "prompts" | "resources";

/** Per family: each server's pool of names or URIs (disjoint, so no change lands on another server's name). */
const POOLS: Readonly<Record<Family, (key: string) => string[]>> = {
  prompts: (key) => (key === "alpha" ? ["review", "summarise", "explain", "draft"] : ["outline", "translate"]),
  resources: (key) => [`mem://${key}/notes`, `mem://${key}/log`, `mem://${key}/readme`, `mem://${key}/draft`],
};

/** A server of a tracking world: its first two pool items, paged one a page when `paged`, announcing list changes. */
function trackedServer(family: Family, key: string, paged: boolean, count = 2): ContextServer {
  const items = POOLS[family](key).slice(0, count);
  const paging = paged ? { [family]: { pageSize: 1 } } : undefined;
  return { key, listChanged: true, ...(family === "prompts" ? { prompts: items } : { resources: items }), ...(paging ? { paging } : {}) };
}

/** The (server, name or URI) pairs of `key` the session shows of `family`: by marker, else (when `probe`) by where a get or read went. */
async function shownOf(env: ClauseEnvironment, live: LifecycleWorld, session: string, family: Family, key: string, probe: boolean): Promise<string[]> {
  const shown = await shownContext(env, session);
  const wires: string[] = [];
  for (const entry of family === "prompts" ? shown.prompts : shown.resources) {
    if (entry.identity) {
      if (entry.identity.server === key) wires.push(entry.identity.tool);
      continue;
    }
    if (!probe) continue;
    const name = "uri" in entry ? entry.uri : entry.name;
    const fetched = await fetchThrough(env, live.fake, session, family === "prompts" ? "prompt" : "resource", { name, namespace: entry.namespace });
    const [delivery] = fetched.deliveries;
    const wire = delivery?.prompt ?? delivery?.uri;
    if (fetched.deliveries.length === 1 && delivery!.server === key && wire !== undefined) wires.push(wire);
  }
  return [...new Set(wires)].sort();
}

/** The tracking clause of `family`. */
function tracksList(family: Family) {
  const capability = family === "prompts" ? "promptsListChanged" : "resourcesListChanged";
  const paged = family === "prompts" ? "paged-prompts" : "paged-resources";
  const what = family === "prompts" ? "prompts" : "resources";
  return defineClause({
    id: `${family}/tracks-list`,
    level: "MUST",
    summary: `after a server's ${what} change, show its new list, every page of it, once the host is refreshed or (for a host that follows notifications/${family}/list_changed) once the server notifies`,
    why:
      `A refresh reflects the server's current ${what}, not its first page: the TS SDK's listChanged refetch walks every ` +
      `page of tools but passes on only the first page of ${what} (typescript-sdk PR#2249 review), so a host built on it ` +
      `shows a third of a list of three pages after every change, and ${what === "prompts" ? "commands" : "context"} vanish with no word.`,
    needs: [family],
    checkSituations: {
      "list-tracked": `a server's ${what} changed and the host showed the new list (after a refresh, or a list_changed notification)`,
      "tracked-on-refresh": `the new ${what} were shown after a refresh`,
      "tracked-on-list-changed": `the new ${what} were shown after notifications/${family}/list_changed, within the harness's bound`,
    },
    sources: [
      `MCP spec ${family === "prompts" ? "Prompts" : "Resources"}: List Changed Notification`,
      "MCP spec Pagination (clients SHOULD handle pagination)",
      "modelcontextprotocol/typescript-sdk PR#2249",
    ],
    notApplicable: (env) => (!env.capabilities[family] ? `the host does not declare ${family}` : !env.capabilities.refresh && !env.capabilities[capability] ? `the host declares neither refresh nor ${capability}` : undefined),
    arbitrary: () => fc.record({
      servers: fc.integer({ min: 1, max: 2 }),
      paged: fc.boolean(),
      items: fc.subarray([0, 1, 2, 3], { minLength: 1 }),
      via: fc.constantFrom("refresh" as const, "list-changed" as const),
    }).map(({ servers, paged: pages, items, via }): TrackCase => ({
      world: contextWorldOf(...["alpha", "beta"].slice(0, servers).map((key) => trackedServer(family, key, pages))),
      target: 0,
      items: items.map((at) => POOLS[family]("alpha")[at]!),
      via,
    })),
    // alpha's list, in pages of one, replaced by three items (a removal and two additions): a refresh that reads the first page shows one.
    coverage: () => (["refresh", "list-changed"] as const).map((via) => ({
      hazard: "list-tracked",
      title: `alpha: ${POOLS[family]("alpha").slice(0, 2).join(", ")} (in pages of 1) · beta: ${POOLS[family]("beta")[0]}; alpha's list becomes ${[0, 2, 3].map((at) => POOLS[family]("alpha")[at]).join(", ")}, then ${via === "refresh" ? "refresh alpha" : `alpha sends notifications/${family}/list_changed`}`,
      value: {
        world: contextWorldOf(trackedServer(family, "alpha", true), { ...trackedServer(family, "beta", false, 1) }),
        target: 0,
        items: [0, 2, 3].map((at) => POOLS[family]("alpha")[at]!),
        via,
      },
    })),
    worlds: (value: TrackCase) => [value.world],
    requires: ["list-tracked", paged],
    check: (env, value) => withLifecycleWorld(env, value.world, async (live) => {
      const server = value.world.servers[value.target % value.world.servers.length]!;
      const session = await live.open();
      // A host that never showed this server's list has nothing to track.
      if ((await shownOf(env, live, session.id, family, server.key, true)).length === 0) return { ok: true, judged: [] };
      if (value.via === "refresh" ? !env.capabilities.refresh : !env.capabilities[capability]) return { ok: true, judged: [] };
      await live.apply(server.key, family === "prompts"
        ? { kind: "set-prompts", prompts: value.items.map((name) => fakePrompt(server.key, name)) }
        : { kind: "set-resources", resources: value.items.map((uri) => fakeResource(server.key, uri)) });
      const want = [...new Set(value.items)].sort();
      const pagedNow = (server.contextPaging?.[family]?.pageSize ?? Infinity) < want.length;
      let shown: string[];
      if (value.via === "refresh") {
        await session.refresh(server.key);
        shown = await shownOf(env, live, session.id, family, server.key, true);
      } else {
        await live.apply(server.key, { kind: "notify", list: family });
        const deadline = performance.now() + listChangedTimeoutMs(env);
        do {
          shown = await shownOf(env, live, session.id, family, server.key, false);
          if (canonicalJson(shown) === canonicalJson(want)) break;
          await new Promise((resolve) => setTimeout(resolve, 25));
        } while (performance.now() < deadline);
        if (canonicalJson(shown) !== canonicalJson(want)) shown = await shownOf(env, live, session.id, family, server.key, true);
      }
      const judged = ["list-tracked", `tracked-on-${value.via}`, ...(pagedNow ? [paged] : [])];
      if (canonicalJson(shown) === canonicalJson(want)) return { ok: true, judged };
      return {
        ok: false,
        expected: `after "${server.key}" changed its ${what} to ${quoted(want)}${pagedNow ? ` (in pages of ${server.contextPaging?.[family]?.pageSize})` : ""} and ${value.via === "refresh" ? "a refresh" : "notified"}, those ${what} shown`,
        observed: `"${server.key}" shows ${quoted(shown)}`,
        judged,
      };
    }),
  });
}

export const promptsTracksList = tracksList("prompts");
export const resourcesTracksList = tracksList("resources");

/** The tracking clauses in catalogue order. */
export const contextTrackingClauses = [promptsTracksList, resourcesTracksList];
