/**
 * Clauses `prompts/*` (issue 37): prompts merged from several servers, judged as tools are. Hosts show them as
 * slash commands (Claude Code's `/mcp__{server}__{prompt}`, Gemini CLI's bare names), and the tool bugs come
 * back: a name two servers share, a folding that merges two prompts, a rename on collision, a title sent where
 * the name belongs. Each verdict rests on what the servers received (prompts/get is recorded before it is
 * answered), never on the host's account.
 */
import fc from "fast-check";
import {
  constructedFrom, contextHazardWorlds, contextWorld, defineClause, observeContext, ordering, PROMPT_ARGUMENTS, judgedContext, visibleOf,
  type ContextObservation, type World,
} from "../harness/index.ts";
import { describeSubset, renamedInContext, subWorld, type SubsetCase } from "./support/subset-case.ts";
import { describeOrderWorlds, failingServerNamed, noSilentLoss, orderIndependent, orderSituations, orderWorlds, type OrderCase } from "./support/context-checks.ts";

const needsPrompts = (env: { capabilities: { prompts: boolean } }) => (env.capabilities.prompts ? undefined : "the host does not declare prompts");

export const promptsNoSilentLoss = defineClause({
  id: "prompts/no-silent-loss",
  level: "MUST",
  summary: "after open, show every prompt each server lists, every page of it (an empty-string cursor included), or report an error naming that server, or fail the whole open with an error",
  why:
    "A prompt that disappears takes a command away from the user without a word. A merge keyed by the bare " +
    "prompt name keeps one of two servers' `review` and drops the other; a host that takes an empty-string " +
    "cursor for the end of the list (the 2026-07-28 pagination rule says it is a cursor like any other) shows " +
    "one page of three. Showing every prompt, naming the server that lost some, or refusing the open are the " +
    "only honest outcomes.",
  needs: ["prompts"],
  sources: ["MCP spec Prompts: Listing Prompts (supports pagination)", "MCP spec Pagination (2026-07-28: an empty string is a valid cursor, never the end of results)", "docker/mcp-gateway#581", "PrefectHQ/fastmcp#5025"],
  notApplicable: needsPrompts,
  arbitrary: () => contextWorld({ lists: ["prompts"] }),
  coverage: () => constructedFrom(contextHazardWorlds, ["prompt-clash", "prompt-clash-companions", "paged-prompts", "empty-cursor-prompts", "prompt-fold"]),
  worlds: (value: World) => [value],
  requires: ["prompt-clash", "paged-prompts", "empty-cursor"],
  check: (env, value) => noSilentLoss(env, value, ["prompts"]),
});

export const promptsInjective = defineClause({
  id: "prompts/injective",
  level: "MUST",
  summary: "never show one prompt name for two (server, prompt) pairs, however names are built: a key prefix, folded white space, a name two servers share",
  why:
    "A user picks a prompt by the name the host shows. Two prompts under one name leave the user unable to reach " +
    "one of them, and which one a command runs is decided by list order. Gemini CLI replaces white space with " +
    "`-` to make a prompt a slash command, so `My Prompt` and `My-Prompt` become one command.",
  needs: ["prompts"],
  sources: ["MCP spec Prompts: Data Types (name: unique identifier for the prompt)", "google-gemini/gemini-cli PR#12910", "docker/mcp-gateway#581"],
  notApplicable: needsPrompts,
  arbitrary: () => contextWorld({ lists: ["prompts"], paging: false }),
  coverage: () => constructedFrom(contextHazardWorlds, ["prompt-clash", "prompt-fold"]),
  worlds: (value: World) => [value],
  requires: ["prompt-clash", "prompt-fold-clash"],
  async check(env, value) {
    const observation = await observeContext(env, value, { fetch: false });
    const seen = new Map<string, { label: string; owners: string[] }>();
    for (const prompt of observation.prompts) {
      const { key, label } = visibleOf(prompt);
      const entry = seen.get(key) ?? { label, owners: [] };
      entry.owners.push(prompt.identity ? `"${prompt.identity.tool}" of "${prompt.identity.server}"` : "an unidentified prompt");
      seen.set(key, entry);
    }
    const problems = [...seen.values()].filter(({ owners }) => owners.length > 1).map(({ label, owners }) => `"${label}" is shown ${owners.length} times: ${owners.join(", ")}`);
    const judged = await judgedContext(env, value, observation, ["prompts"]);
    if (problems.length === 0) return { ok: true, judged };
    return { ok: false, expected: "each shown prompt name stands for exactly one (server, prompt) pair", observed: problems.join("; "), judged };
  },
});

/** For each (server, prompt) shown, the name it is shown under. */
const namesByIdentity = (observation: ContextObservation) =>
  new Map(observation.prompts.flatMap((prompt) => (prompt.identity ? [[JSON.stringify([prompt.identity.server, prompt.identity.tool]), visibleOf(prompt)] as const] : [])));

export const promptsContextFree = defineClause({
  id: "prompts/context-free",
  level: "MUST",
  summary: "give a prompt the same shown name whatever other servers are configured",
  why:
    "A prompt renamed because another server was added breaks every habit, script and document that typed its " +
    "command. Gemini CLI's prompt registry renames a prompt `{server}_{name}` only when another server already " +
    "registered that name, so whether `/review` still works depends on an unrelated server.",
  needs: ["prompts"],
  checkSituations: { "prompt-context-changed": "some prompt was shown both with the other servers configured and without them" },
  sources: ["ADR-0112 P4", "google-gemini/gemini-cli PR#5130"],
  notApplicable: needsPrompts,
  arbitrary: () => fc.record({ world: contextWorld({ lists: ["prompts"], minServers: 2, paging: false }), keep: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }) }),
  // The shared name opened whole, then each server alone: a host that renames the first or the later claimant shows it.
  coverage: () => [
    ...constructedFrom(contextHazardWorlds, ["prompt-clash"], (world) => ({ world, keep: [true, false, false] }), ", then alpha alone"),
    ...constructedFrom(contextHazardWorlds, ["prompt-clash"], (world) => ({ world, keep: [false, true, false] }), ", then beta alone"),
  ],
  worlds: (value: SubsetCase) => [value.world, subWorld(value)],
  describeWorlds: describeSubset,
  requires: ["prompt-clash", "prompt-context-changed"],
  async check(env, value) {
    const whole = await observeContext(env, value.world, { fetch: false });
    const alone = await observeContext(env, subWorld(value), { fetch: false });
    const { renamed, compared } = renamedInContext(value, namesByIdentity(whole), namesByIdentity(alone));
    const judged = [...await judgedContext(env, value.world, whole, ["prompts"]), ...(compared ? ["prompt-context-changed"] : [])];
    if (renamed.length === 0) return { ok: true, judged };
    return {
      ok: false,
      expected: "the same shown name for a prompt whatever else is configured",
      observed: renamed.join("; "),
      judged,
    };
  },
});

/** The title of prompt `name` of server `key` in `world`, where it differs from the name. */
const titleOf = (world: World, key: string, name: string) => {
  const prompt = world.servers.find((server) => server.key === key)?.prompts?.find((candidate) => candidate.name === name);
  return prompt?.title !== undefined && prompt.title !== name ? prompt.title : undefined;
};

export const promptsGetRoutes = defineClause({
  id: "prompts/get-routes",
  level: "MUST",
  summary: "a get of a shown prompt reaches exactly one server, the one the prompt belongs to, carrying the server's own prompt name (never its title, never the shown name) and the arguments unchanged",
  why:
    "A prompt's `name` is its identifier; its `title` is for display. Claude Code sent the title of a prompt whose " +
    "title held a space, and the server answered that it has no such prompt (claude-code#7464). A host that sends " +
    "the name it shows, or asks the wrong server, fails the same way, or runs another server's prompt.",
  needs: ["prompts"],
  checkSituations: { "prompt-got": "a get of a shown prompt reached a server (or was answered without reaching one)" },
  sources: ["MCP spec Prompts: Getting a Prompt (name; title is for display)", "anthropics/claude-code#7464", "anthropics/claude-code#10992"],
  notApplicable: needsPrompts,
  arbitrary: () => contextWorld({ lists: ["prompts"], paging: false }),
  coverage: () => constructedFrom(contextHazardWorlds, ["prompt-titled", "prompt-clash"]),
  worlds: (value: World) => [value],
  requires: ["prompt-titled", "prompt-clash", "prompt-got"],
  async check(env, value) {
    const observation = await observeContext(env, value);
    const counts = new Map<string, number>();
    for (const prompt of observation.prompts) counts.set(visibleOf(prompt).key, (counts.get(visibleOf(prompt).key) ?? 0) + 1);
    const holders = new Map<string, number>();
    for (const server of value.servers) for (const name of new Set((server.prompts ?? []).map((prompt) => prompt.name))) holders.set(name, (holders.get(name) ?? 0) + 1);
    const clashing = new Set([...holders].filter(([, count]) => count > 1).map(([name]) => name));
    const judged = new Set<string>();
    const problems: string[] = [];
    for (const prompt of observation.prompts) {
      const { key, label } = visibleOf(prompt);
      // A name shown twice is prompts/injective's: which of the two a get stands for cannot be told.
      if (counts.get(key) !== 1) continue;
      const got = observation.gets.find((fetch) => visibleOf(fetch).key === key);
      if (!got) continue;
      if (got.deliveries.length === 0) {
        if (got.result.ok) problems.push(`"${label}" was answered ok, but no server received prompts/get`);
        continue;
      }
      judged.add("prompt-got");
      const owner = prompt.identity ?? (prompt.server !== undefined && prompt.wireName !== undefined ? { server: prompt.server, tool: prompt.wireName } : undefined);
      const reached = got.deliveries.map((record) => `"${record.prompt}" of "${record.server}"${record.arguments === undefined ? "" : ` with ${JSON.stringify(record.arguments)}`}`).join(", ");
      const [delivery] = got.deliveries;
      if (owner) {
        if (titleOf(value, owner.server, owner.tool) !== undefined) judged.add("prompt-titled");
        if (clashing.has(owner.tool)) judged.add("prompt-clash");
        const right = got.deliveries.length === 1 && delivery!.server === owner.server && delivery!.prompt === owner.tool && JSON.stringify(delivery!.arguments ?? {}) === JSON.stringify(PROMPT_ARGUMENTS);
        if (!right) problems.push(`a get of "${label}" (prompt "${owner.tool}" of "${owner.server}"${titleOf(value, owner.server, owner.tool) !== undefined ? `, titled "${titleOf(value, owner.server, owner.tool)}"` : ""}) reached ${reached}`);
      } else {
        const listed = value.servers.find((server) => server.key === delivery!.server)?.prompts?.some((candidate) => candidate.name === delivery!.prompt) === true;
        if (got.deliveries.length !== 1 || !listed) problems.push(`a get of "${label}" reached ${reached}, which is not one prompt its server lists`);
      }
      if (prompt.server !== undefined && prompt.wireName !== undefined && (delivery!.server !== prompt.server || delivery!.prompt !== prompt.wireName)) {
        problems.push(`"${label}" is said to map to "${prompt.wireName}" of "${prompt.server}", but its get reached ${reached}`);
      }
    }
    if (problems.length === 0) return { ok: true, judged: [...judged] };
    return {
      ok: false,
      expected: `each get of a shown prompt reaching only its server, as prompts/get with the prompt's own name and the arguments ${JSON.stringify(PROMPT_ARGUMENTS)}`,
      observed: problems.join("; "),
      judged: [...judged],
    };
  },
});

export const promptsOrderIndependent = defineClause({
  id: "prompts/order-independent",
  level: "MUST",
  summary: "show the same prompts (names, and for each the server and prompt its get reaches) and name the same servers in errors, whatever order the servers are configured in or answer in",
  why:
    "Moving two lines of a configuration file, or one server answering faster today, must not move a command " +
    "from one server to another. A merge that keeps the first of two prompts of one name keeps whichever " +
    "server was configured first; Gemini CLI registers prompts as servers answer and renames the later one.",
  needs: ["prompts"],
  checkSituations: orderSituations,
  sources: ["ADR-0112 P2", "adonis importer \"registration replays in configuration order\""],
  notApplicable: needsPrompts,
  arbitrary: () => fc.record({ world: contextWorld({ lists: ["prompts"], minServers: 2, paging: false }), by: fc.constantFrom("config" as const, "answer" as const), order: ordering({ maxLength: 3 }) }),
  coverage: () => [
    ...constructedFrom(contextHazardWorlds, ["prompt-clash"], (world): OrderCase => ({ world, by: "config", order: [1] }), ", servers swapped"),
    ...constructedFrom(contextHazardWorlds, ["prompt-clash"], (world): OrderCase => ({ world, by: "answer", order: [1] }), ", beta answering first"),
  ],
  worlds: (value: OrderCase) => orderWorlds(value),
  describeWorlds: describeOrderWorlds,
  requires: ["prompt-clash", "servers-permuted", "answer-order-exercised"],
  check: (env, value) => orderIndependent(env, value, "prompts"),
});

export const promptsFailingServerNamed = defineClause({
  id: "prompts/failing-server-named",
  level: "MUST",
  summary: "report, with an error naming it, a server whose prompts/list fails; the other servers' prompts are shown as usual (or the whole open fails with an error)",
  why:
    "A server whose prompt list fails has prompts that are unknown, not absent. Gemini CLI takes the failure for a " +
    "server without prompts (\"it's okay if this fails, not all servers will have prompts\") and logs it to its " +
    "debug log: the user's commands are gone and nothing says why.",
  needs: ["prompts"],
  sources: ["ADR-0112 D3", "adonis importer \"its tools are unknown, not gone\""],
  notApplicable: needsPrompts,
  // Names no two servers share: a merge that loses one of two same-named prompts is prompts/no-silent-loss's.
  arbitrary: () => contextWorld({ lists: ["prompts"], paging: false, shared: false }).map((world): World => ({
    servers: world.servers.map((server, index) => (index === 0 ? { ...server, contextErrors: ["prompts" as const] } : server)),
  })),
  coverage: () => constructedFrom(contextHazardWorlds, ["prompts-list-error"]),
  worlds: (value: World) => [value],
  requires: ["prompts-list-error"],
  check: (env, value) => failingServerNamed(env, value, ["prompts"]),
});

/** The `prompts/*` clauses in catalogue order. */
export const promptsClauses = [promptsNoSilentLoss, promptsInjective, promptsContextFree, promptsGetRoutes, promptsOrderIndependent, promptsFailingServerNamed];
