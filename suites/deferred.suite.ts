/**
 * Clause `surface/deferred-reachable`: a host that offers its model a search tool in place of some MCP tools
 * (HAP/1 capability `deferredTools`) must let the model reach every tool it loaded through that search, by the
 * server's own name and by the name it shows, and call it after.
 *
 * The harness plays the model: it opens the world asking the host to load nothing on the model's behalf
 * (`keepDeferred`), and for each tool still deferred it calls the host's search tool with one query (the
 * tool's wire name in one session, its shown name in another), reads the list again, and calls the tool the
 * search loaded. A tool is judged only while it is still deferred: a search may load several tools, and Qwen
 * Code's keyword search leaves out what is loaded already. Worlds are built past the host's declared threshold
 * (`above`), and hold only what a search can stumble on: a tool named exactly like the start of its siblings'
 * names, listed after them (openai/codex#21503), and names holding `-` (netease-lcap/wave-agent PR#1070).
 */
import {
  defineClause, errorNamesServer, lifecycleWorld, visibleLabel, withLifecycleWorld, worldOf,
  type CallResult, type ClauseEnvironment, type LifecycleWorld, type ObservedTool, type ToolIdentity, type World,
} from "../harness/index.ts";

/** A case: one world, already past the host's threshold. */
interface DeferredCase {
  world: World;
}

/** The server that pads a world past the host's threshold, and the stem of its tools' names. */
const FILLER = { key: "gamma", stem: "query" } as const;
/** Most filler tools one server may list (the bound every world keeps). */
const MAX_FILLER = 120;

/** `world` with a filler server added, when needed, so that it holds more than `above` tools. */
export function pastThreshold(world: World, above: number | undefined): World {
  const total = world.servers.reduce((sum, server) => sum + server.tools.length, 0);
  const missing = Math.min(MAX_FILLER, (above ?? 0) + 1 - total);
  if (missing <= 0 || world.servers.some((server) => server.key === FILLER.key)) return world;
  const names = Array.from({ length: missing }, (_, at) => `${FILLER.stem}_${String(at + 1).padStart(3, "0")}`);
  return { servers: [...world.servers, ...worldOf([FILLER.key, names]).servers] };
}

/** A tool whose name starts six siblings' names, listed after them: a ranked search's top five can miss it. */
const EXACT = worldOf(["alpha", ["request_a", "request_b", "request_c", "request_d", "request_e", "request_f", "request"]]);
/** A key and a tool name holding `-` (`mcp__popo-acp__sendFile`, wave-agent's own example). */
const HYPHENS = worldOf(["popo-acp", ["sendFile"]], ["alpha", ["read-file", "search"]]);

const sameTool = (identity: ToolIdentity | undefined, wanted: ToolIdentity) => identity?.server === wanted.server && identity.tool === wanted.tool;

/** What the host answered a call, in a few words. */
const answerOf = (result: CallResult) => (result.ok ? `ok: ${JSON.stringify(result.content).slice(0, 200)}` : `an error: ${JSON.stringify(result.error.message.slice(0, 200))}`);

/** How a pass searches: by the server's own name, or by the name the host shows. */
type Form = "wire" | "shown";
const SITUATION: Record<Form, string> = { wire: "deferred:wire-name", shown: "deferred:shown-name" };

/** The query a pass types for a tool: its wire name, or the name shown (the plain name, in a namespace). */
function queryFor(form: Form, wire: string, shown: ObservedTool | undefined): string | undefined {
  return form === "wire" ? wire : shown?.name;
}

/**
 * One session searching for every deferred tool of `world` in one form. Returns the problems found; records the
 * situations it judged and, in the wire pass, the entry each tool was loaded as (the shown pass's queries).
 */
async function searchPass(
  env: ClauseEnvironment, live: LifecycleWorld, form: Form,
  shownAs: Map<string, ObservedTool>, judged: Set<string>,
): Promise<string[]> {
  const search = env.capabilities.deferredTools!.searchTool;
  const session = await live.open({ keepDeferred: true });
  const problems: string[] = [];
  let tools = await session.tools();
  const errors = session.opened.outcome.errors;
  const ours = (identity: ToolIdentity | undefined) => identity !== undefined && live.world.servers.some((server) => server.key === identity.server && server.tools.some((tool) => tool.name === identity.tool));
  // Every tool behind the search, none listed at all (Codex names only its deferred namespaces), unless the
  // host refused the open (an error, nothing shown: the surface clauses judge that).
  const hidden = !tools.some((tool) => ours(tool.identity)) && !tools.some((tool) => tool.deferred) && errors.length === 0;
  // A host that defers nothing in this world has nothing for the clause to judge here.
  if (!tools.some((tool) => tool.deferred) && !hidden) {
    await session.close();
    return problems;
  }
  for (const server of live.world.servers) {
    // Last listed first: a tool named like the start of its siblings' names (listed after them) is searched for
    // while they are all still deferred, beside it in every ranking.
    for (const { name: wire } of [...server.tools].reverse()) {
      const wanted = { server: server.key, tool: wire };
      const key = JSON.stringify([server.key, wire]);
      if (tools.some((tool) => !tool.deferred && sameTool(tool.identity, wanted))) continue;
      const entry = tools.find((tool) => tool.deferred && sameTool(tool.identity, wanted));
      // A deferred entry the host shows without a description (a name only) may be this tool, and so may one the
      // host lists nowhere while it hides every tool, unless the host named its server in an error (a refusal is
      // the surface clauses' to judge) or shows it elsewhere.
      const unnamed = (hidden || tools.some((tool) => tool.deferred && tool.identity === undefined)) && !tools.some((tool) => sameTool(tool.identity, wanted)) &&
        !errors.some((error) => errorNamesServer(error, server.key));
      if (entry === undefined && !unnamed) continue;
      // This session's own name first: a host may name a tool differently in another session.
      const query = queryFor(form, wire, entry ?? shownAs.get(key));
      if (query === undefined) continue;
      const searched = await session.call(search, { query });
      judged.add(SITUATION[form]);
      tools = await session.tools();
      const loaded = tools.find((tool) => !tool.deferred && sameTool(tool.identity, wanted));
      const what = `tool "${wire}" of "${server.key}"`;
      if (!loaded) {
        const still = tools.find((tool) => tool.deferred && sameTool(tool.identity, wanted));
        problems.push(`a search for ${JSON.stringify(query)} (the ${form === "wire" ? "server's own name" : "name shown"} of ${what}) did not load it${still ? `: "${visibleLabel(still)}" is still deferred` : ""}; the search answered ${answerOf(searched.result)}`);
        continue;
      }
      if (form === "wire") shownAs.set(key, loaded);
      const call = await session.call(loaded.name, undefined, loaded.namespace);
      judged.add("deferred:called");
      // Reaching the tool's server once is what "callable" asks; the name it arrives under is wire/passthrough's.
      const only = call.deliveries.length === 1 ? call.deliveries[0] : undefined;
      if (only?.server !== server.key) {
        const reached = call.deliveries.map((record) => `"${record.tool}" at "${record.server}"`).join(", ") || "no server";
        problems.push(`${what}, loaded by a search for ${JSON.stringify(query)} as "${visibleLabel(loaded)}", was called and reached ${reached}; the host answered ${answerOf(call.result)}`);
      }
    }
  }
  await session.close();
  return problems;
}

export const deferredReachable = defineClause({
  id: "surface/deferred-reachable",
  level: "MUST",
  summary: "when it offers its model a search tool in place of some MCP tools, let that search load every tool it loaded, by the server's own tool name and by the name it shows, and route a call of the loaded tool to its server",
  why:
    "A host that defers tools (Claude Code's ToolSearch, Codex's and Qwen Code's tool_search) leaves its model " +
    "one way to a tool: the search. A tool the search cannot find by the very name the model was told is lost " +
    "to the model as surely as a dropped one, and with no error: Codex's ranked tool_search left out a tool the " +
    "query named exactly (the agent concluded it was not installed), and wave-agent's activation pattern had no " +
    "`-`, so a search found mcp__popo-acp__sendFile and never loaded it.",
  needs: ["deferredTools"],
  checkSituations: {
    "deferred:wire-name": "a tool the host deferred was searched for by the server's own name for it",
    "deferred:shown-name": "a tool the host deferred was searched for by the name the host shows",
    "deferred:called": "a tool a search loaded was called",
  },
  sources: ["openai/codex#21503", "netease-lcap/wave-agent PR#1070", "Yeachan-Heo/oh-my-claudecode#814"],
  notApplicable: (env) => (env.capabilities.deferredTools ? undefined : "the host declares no search tool for deferred tools (capability deferredTools): it offers every tool as it is"),
  arbitrary: (env) => lifecycleWorld({ maxServers: 3, maxTools: 3 }).map((world) => ({ world: pastThreshold(world, env.capabilities.deferredTools?.above) })),
  coverage: (env) => [
    { hazard: "deferred:wire-name", title: "alpha: request_a … request_f, then request (a name that starts its siblings'), padded past the host's threshold", value: { world: pastThreshold(EXACT, env.capabilities.deferredTools?.above) } },
    { hazard: "deferred:shown-name", title: "popo-acp: sendFile · alpha: read-file, search (names holding \"-\"), padded past the host's threshold", value: { world: pastThreshold(HYPHENS, env.capabilities.deferredTools?.above) } },
  ],
  worlds: (value: DeferredCase) => [value.world],
  requires: ["deferred:wire-name", "deferred:shown-name", "deferred:called"],
  check: (env, value) =>
    withLifecycleWorld(env, value.world, async (live) => {
      const judged = new Set<string>();
      const shownAs = new Map<string, ObservedTool>();
      // Two sessions: a search loads what it finds for the rest of its session, so each form starts afresh.
      const problems = [...await searchPass(env, live, "wire", shownAs, judged), ...await searchPass(env, live, "shown", shownAs, judged)];
      if (problems.length === 0) return { ok: true, judged: [...judged] };
      return {
        ok: false,
        judged: [...judged],
        expected: `every deferred tool loaded by a search for its own name and for its shown name (the search tool "${env.capabilities.deferredTools!.searchTool}"), then a call of it delivered to its server`,
        observed: problems.join("; "),
      };
    }),
});

/** The deferral clauses in catalogue order. */
export const deferredClauses = [deferredReachable];
