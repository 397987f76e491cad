/** Clauses `names/*`: the names a host shows a model (ADR-0112 D1, D6, P4; spec Tools note; SEP-986). */
import fc from "fast-check";
import { describeSubset, renamedInContext, subWorld, type SubsetCase } from "./support/subset-case.ts";
import {
  aloneWorld, constructed, crossShrink, HOST_JOIN_CLASH, hostJoinClashMeaning, hostJoinJudged, joinClashCases, lostTwins, namingTemplate,
  canonicalErrors, canonicalSurface, collidingWorld, confoundedComparison, defineClause, errorsNaming, longNameWorld, separatorClashWorld, sessionComparison,
  visibleKey, visibleLabel, visibleParts, world, type SessionObservation, type World,
} from "../harness/index.ts";

// Worlds holding an invalid or over-long name alone judge a host that refuses every open with anything else in it.
const anyWorld = () => fc.oneof(crossShrink, collidingWorld(), separatorClashWorld(), longNameWorld(), world(), aloneWorld("provider-invalid-name"), aloneWorld("over-length"));
const keysOf = (value: World) => value.servers.map((server) => server.key);
const list = (names: string[]) => `[${names.map((name) => JSON.stringify(name)).join(", ")}]`;

export const injective = defineClause({
  id: "names/injective",
  level: "MUST",
  summary: "never show one name for two (server, tool) pairs, however the pairs' names are built: separators inside keys and tool names, sanitised characters, case, length",
  why:
    "Two different tools must never answer to one name, however the host builds names: a single-character" +
    " join lets a_b + c meet a + b_c; replacing unsafe characters maps store.refunds and store_refunds to" +
    " one label; folding case merges Search and search; cutting long names merges two that differ past " +
    "the cut, or in the middle when the ends are kept. A host whose join gives two pairs one name and keeps " +
    "whichever came last, saying nothing, has that name stand for both pairs, one at a time, by order. A " +
    "separator that cannot occur in a valid key, and refusing rather than shortening, keep names one-to-one.",
  sources: ["ADR-0112 D1, D6", "tesserix naming", "google-gemini/gemini-cli#28970"],
  // Separator worlds carry three of the five situations, so they are drawn most often.
  // Long names twice: a cut collides only when one server holds two names past it (at weight 1, cut-at-64
  // went unseen in 1 seed of 20).
  arbitrary: () => fc.oneof(crossShrink, { arbitrary: separatorClashWorld(), weight: 3 }, collidingWorld(), { arbitrary: longNameWorld(), weight: 2 }, aloneWorld("over-length")),
  // Every way two pairs meet on one name: the same name, a join, a sanitiser, case, folding, a cut; and names a host
  // keyed by a plain object stumbles on.
  // A server listing one name twice: the name must not be shown twice (a provider refuses two tools of one name).
  // Then two pairs that meet under the host's own join, whatever it is (learned from its first open).
  coverage: (env) => [
    ...constructed([
      "exact-duplicate", "separator-underscore", "separator-mcp", "sanitising-keys", "case-keys", "case-tools", "fold-keys", "fold-tools", "long-twins",
      "sanitised-twin", "prototype-tools", "repeated-name",
    ]),
    ...joinClashCases(env.naming),
  ],
  worlds: (value: World) => [value],
  checkSituations: { [HOST_JOIN_CLASH]: hostJoinClashMeaning },
  requires: ["exact-duplicate", "separator-clash", "sanitising-clash", "case-clash", "over-length"],
  async check(env, value) {
    const observation = await env.observe(value, { probe: false });
    const problems: string[] = [];
    // By visible identity: a name, or the (namespace, name) pair where the host shows namespaces.
    const seen = new Map<string, { label: string; owners: string[] }>();
    for (const tool of observation.tools) {
      const who = tool.identity ? `"${tool.identity.tool}" of "${tool.identity.server}"` : "an unidentified tool";
      const entry = seen.get(visibleKey(tool)) ?? { label: visibleLabel(tool), owners: [] };
      entry.owners.push(who);
      seen.set(visibleKey(tool), entry);
    }
    for (const { label, owners } of seen.values()) if (owners.length > 1) problems.push(`the list shows "${label}" ${owners.length} times: ${owners.join(", ")}`);
    // The host's own account counts too: a name it registered twice (for two servers, or for two tools of
    // one server) stands for two pairs even when the list shows it once.
    const claimed = new Map<string, string[]>();
    for (const [key, names] of Object.entries(observation.open.outcome.registered)) {
      for (const name of names) claimed.set(name, [...(claimed.get(name) ?? []), key]);
    }
    const twice = new Set<string>();
    for (const [name, keys] of claimed) {
      if (keys.length > 1 && !oneListedPair(value, observation, name, keys)) {
        twice.add(name);
        problems.push(`"${name}" was registered ${keys.length} times, for ${keys.map((key) => `"${key}"`).join(", ")}`);
      }
    }
    // And by the host's own join (learned from its first open): a pair gone without a word while the name
    // its join gives it is shown for another pair. The name stood for both; the host kept one and said
    // nothing, so which pair answers to it followed whatever order the host met them in.
    for (const twin of env.naming ? lostTwins(value, observation, env.naming) : []) {
      if (twin.told || twice.has(twin.name)) continue;
      problems.push(
        `"${twin.lost.tool}" of "${twin.lost.key}" and "${twin.kept.tool}" of "${twin.kept.key}" both take "${twin.name}" under the host's join ${namingTemplate(env.naming!)}; ` +
        `it shows "${twin.name}" for "${twin.kept.tool}" of "${twin.kept.key}" only, and "${twin.lost.tool}" of "${twin.lost.key}" is gone with no error or diagnostic naming it`,
      );
    }
    if (problems.length === 0) return { ok: true, judged: [...await env.judge(value, observation), ...await hostJoinJudged(env, value, observation)] };
    return { ok: false, expected: "each shown name stands for exactly one (server, tool) pair, and no pair is lost without a word under a name shown for another", observed: problems.join("; ") };
  },
});

/**
 * True when every registration of `name` (one per entry of `keys`) is the same (server, tool) pair: the tool
 * shown under it is one server's, registered once per time that server listed it (a server that lists one
 * name twice is buggy, and a host registering each entry names no second pair).
 */
function oneListedPair(world: World, observation: SessionObservation, name: string, keys: readonly string[]): boolean {
  const shown = observation.tools.filter((tool) => tool.name === name && tool.namespace === undefined);
  if (new Set(shown.map((tool) => JSON.stringify(tool.identity ?? null))).size !== 1) return false;
  const owner = shown[0]!.identity;
  const server = world.servers.find((candidate) => candidate.key === owner?.server);
  if (!owner || !server || keys.some((key) => key !== owner.server)) return false;
  return keys.length <= server.tools.filter((tool) => tool.name === owner.tool).length;
}

/** For each (server, tool) shown, the visible identity it is shown under: its key, and its label for messages. */
function namesByIdentity(observation: SessionObservation): Map<string, { key: string; label: string }> {
  const names = new Map<string, { key: string; label: string }>();
  for (const tool of observation.tools) {
    if (tool.identity) names.set(JSON.stringify([tool.identity.server, tool.identity.tool]), { key: visibleKey(tool), label: visibleLabel(tool) });
  }
  return names;
}

export const contextFree = defineClause({
  id: "names/context-free",
  level: "MUST",
  summary: "give a tool the same visible name whatever other servers are configured",
  why:
    "If a tool's name depends on which other servers are configured (prefix only when two servers clash)," +
    " adding an unrelated server renames it, and every prompt, allow-list and stored call that named it " +
    "breaks for a reason no one can see from the change that caused it.",
  sources: ["ADR-0112 P4"],
  arbitrary: () => fc.record({ world: collidingWorld(), keep: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }) }),
  // Each world opened whole, then with its first server alone: a name that changes with company shows. Pairs
  // that meet under the usual joins (_ and __) and sanitiser, and under the host's own join (learned from its
  // first open), where a host that hashes or qualifies only on a collision renames a tool.
  coverage: (env) => {
    const alone = (world: World) => ({ world, keep: [true, false, false, false, false, false] });
    return [
      ...constructed(["exact-duplicate", "separator-underscore", "separator-mcp", "sanitising-keys", "two-servers"], alone, ", then the first server alone"),
      ...joinClashCases(env.naming, alone, ", then the first server alone"),
    ];
  },
  worlds: (value: SubsetCase) => [value.world, subWorld(value)],
  describeWorlds: describeSubset,
  // "context-changed": some tool is shown both with the other servers configured and without them.
  checkSituations: {
    "context-changed": "some tool was shown both with the other servers configured and without them",
    [HOST_JOIN_CLASH]: hostJoinClashMeaning,
  },
  requires: ["exact-duplicate", "context-changed"],
  async check(env, value) {
    const observed = await env.observe(value.world, { probe: false });
    const other = await env.observe(subWorld(value), { probe: false });
    const { renamed, compared } = renamedInContext(value, namesByIdentity(observed), namesByIdentity(other));
    // A duplicate is judged where the host kept the servers holding it, or refused them for it alone (then
    // no tool of theirs can change its name); "context-changed" where some tool was shown both ways.
    if (renamed.length === 0) {
      return { ok: true, judged: [...await env.judge(value.world, observed), ...await hostJoinJudged(env, value.world, observed), ...(compared ? ["context-changed"] : [])] };
    }
    // A rename counts only where the whole configuration, opened again, keeps its names.
    const confound = await confoundedComparison(env, [value.world, subWorld(value)], observed, other,
      (a, b) => renamedInContext(value, namesByIdentity(a), namesByIdentity(b)).renamed.length > 0, { probe: false });
    if (confound) return { ok: true, judged: [], confound };
    return {
      ok: false,
      expected: "the same name for a tool whatever else is configured",
      observed: renamed.join("; "),
    };
  },
});

export const providerValid = defineClause({
  id: "names/provider-valid",
  level: "MUST",
  summary: "show only names a model provider accepts: ^[A-Za-z0-9_-]{1,64}$ by default, or the profile chosen on the command line (a namespace, where the host shows one, likewise)",
  why:
    "MCP allows tool names a model provider refuses (dots, slashes, up to 128 characters), and a provider" +
    " rejects the whole request when one tool name is invalid, so one server's tool can break every turn." +
    " A host must check names where it builds them: ^[A-Za-z0-9_-]{1,64}$ is the rule most providers " +
    "share; --profile picks another (gemini: a letter or _ first, . and : allowed). Every verdict names the" +
    " profile and pattern it checked.",
  sources: ["ADR-0112 D6", "SEP-986", "provider tool-name limits"],
  arbitrary: () => anyWorld(),
  // Past 64 once prefixed, and past 64 on its own (a host showing namespaces apart shows the name bare).
  coverage: () => constructed(["invalid-name", "over-length", "long-wire-name", "long-twins", "nameless-tool", "sanitised-twin"]),
  worlds: (value: World) => [value],
  requires: ["provider-invalid-name", "over-length"],
  async check(env, value) {
    const observation = await env.observe(value, { probe: false });
    // Each part of a (namespace, name) pair reaches the provider as a name of its own.
    const { id, pattern, summary } = env.providerProfile;
    const bad = observation.tools.flatMap(visibleParts).filter((name) => !pattern.test(name));
    // Every verdict says which rule it held the names to: a pass under one provider's rule says nothing of another's.
    const rule = `profile ${id}, ${pattern}`;
    if (bad.length === 0) return { ok: true, judged: await env.judge(value, observation), note: `every shown name checked against ${rule}` };
    return { ok: false, expected: `every shown name matches ${rule} (${summary})`, observed: `shown: ${list(bad)}, which ${rule} refuses` };
  },
});

interface SpoofCase {
  world: World;
  mode: "rotate" | "same";
}

/** The same world with every server's serverInfo lying: each claims the next server's key, or all claim one name. */
function spoofed(value: SpoofCase): World {
  const { servers } = value.world;
  return {
    servers: servers.map((server, index) => ({
      ...server,
      serverInfo: value.mode === "same"
        ? { name: "shared-package", version: "1.0.0" }
        : { name: servers[(index + 1) % servers.length]!.key, version: server.serverInfo.version },
    })),
  };
}

export const labelFromConfig = defineClause({
  id: "names/label-from-config",
  level: "MUST",
  summary: "derive names and routes from the configuration key, never from serverInfo.name, even when a server reports another server's key or two servers report one name",
  why:
    "serverInfo.name is what a server says about itself: two instances of one package report the same " +
    "name, and any server may claim another's. The MCP specification warns against relying on it for " +
    "disambiguation; hosts that did have lost both servers' tools or renumbered them between reloads. The" +
    " configuration key is the one label the operator controls.",
  sources: ["MCP spec Tools note (2026-07-28)", "field guide \"spoofable labels\"", "anthropics/claude-code#74635"],
  arbitrary: () => fc.record({ world: world({ minServers: 2 }), mode: fc.constantFrom<"rotate" | "same">("rotate", "same") }),
  coverage: () => [
    ...constructed(["two-servers"], (world) => ({ world, mode: "rotate" as const }), ", then each reporting the next one's key"),
    ...constructed(["two-servers"], (world) => ({ world, mode: "same" as const }), ", then both reporting one serverInfo name"),
  ].map((built) => ({ ...built, hazard: "spoofed-identity" })),
  worlds: (value: SpoofCase) => [value.world, spoofed(value)],
  describeWorlds: (value: SpoofCase) => ["every server reports its own key as serverInfo.name", value.mode === "same" ? "every server reports one serverInfo name and version" : "each server reports the next server's key as serverInfo.name"],
  requires: ["spoofed-identity", "multi-server"],
  async check(env, value) {
    const truthful = await env.observe(value.world);
    const lying = await env.observe(spoofed(value));
    const keys = keysOf(value.world);
    const [a, b] = [canonicalSurface(truthful), canonicalSurface(lying)];
    const agree = (x: SessionObservation, y: SessionObservation) =>
      JSON.stringify(canonicalSurface(x)) === JSON.stringify(canonicalSurface(y)) && canonicalErrors(x, keys) === canonicalErrors(y, keys);
    if (agree(truthful, lying)) {
      // The lie is judged where the host kept the lying servers; everything else must be judged in both sessions.
      const honest = new Set(await env.judge(value.world, truthful));
      return { ok: true, judged: (await env.judge(spoofed(value), lying)).filter((situation) => situation === "spoofed-identity" || honest.has(situation)) };
    }
    // The lie is blamed only where the truthful world, opened again, shows what it showed the first time.
    const confound = await confoundedComparison(env, [value.world, spoofed(value)], truthful, lying, (x, y) => !agree(x, y));
    if (confound) return { ok: true, judged: [], confound };
    return {
      ok: false,
      expected: "the same names, routes and errors whatever the servers report as serverInfo.name",
      observed: `truthful serverInfo: ${a.join(" ")} ${canonicalErrors(truthful, keys)}; spoofed (${value.mode}): ${b.join(" ")} ${canonicalErrors(lying, keys)}`,
      comparison: sessionComparison(["truthful serverInfo", `spoofed serverInfo (${value.mode})`], [truthful, lying], keys),
    };
  },
});

export const deterministic = defineClause({
  id: "names/deterministic",
  level: "MUST",
  summary: "give identical names when the same configuration is opened again, including shortened names",
  why:
    "A stored conversation, a prompt or an approval refers to a tool by its name; if the same " +
    "configuration yields other names on the next load (random per-session labels, first-come numbering, " +
    "a shortening that depends on order), yesterday's reference points at nothing, or at another tool. " +
    "Shortened names must be stable too.",
  sources: ["adonis importer \"stable across restarts\"", "microsoft/vscode#324992", "cline/cline#7972"],
  arbitrary: () => anyWorld(),
  coverage: () => constructed(["two-servers", "exact-duplicate", "over-length", "long-twins"]),
  worlds: (value: World) => [value],
  requires: ["multi-server", "over-length"],
  async check(env, value) {
    const first = await env.observe(value);
    const second = await env.observe(value);
    const [a, b] = [canonicalSurface(first), canonicalSurface(second)];
    if (JSON.stringify(a) === JSON.stringify(b)) {
      const again = new Set(await env.judge(value, second));
      return { ok: true, judged: (await env.judge(value, first)).filter((situation) => again.has(situation)) };
    }
    return {
      ok: false, expected: "the same surface on every open of one configuration", observed: `first open: ${a.join(" ")}; second open: ${b.join(" ")}`,
      comparison: sessionComparison(["first open", "second open"], [first, second], value.servers.map((server) => server.key)),
    };
  },
});

export const profile = defineClause({
  id: "names/profile",
  level: "MUST",
  summary: "when the user names a profile, give exactly that profile's names: adr-0112 = mcp__{key}__{tool} always, an over-long name refused, never shortened",
  why:
    "A host that promises a naming scheme lets users write prompts and allow-lists before any server is " +
    "loaded. The profile clause holds the host to exactly the names its profile gives: for adr-0112, " +
    "mcp__{key}__{tool} for every tool, a name past the provider limit refused with an error, never " +
    "shortened.",
  needs: ["profile"],
  sources: ["ADR-0112 D1, D6, P5"],
  notApplicable: (env) =>
    env.profile?.expectedName ? undefined : "no naming profile: pass --profile adr-0112 (or the host claims none that fixes names)",
  arbitrary: () => fc.oneof(crossShrink, collidingWorld(), longNameWorld(), world({ toolFamilies: ["separator", "hostile"] }), aloneWorld("over-length")),
  // Case kept: mcp__{key}__{tool} holds the key and the name as given, never lower-cased.
  coverage: () => constructed(["exact-duplicate", "separator-underscore", "over-length", "long-twins", "invalid-name", "sanitised-twin", "nameless-tool", "case-tools"]),
  worlds: (value: World) => [value],
  requires: ["exact-duplicate", "over-length"],
  async check(env, value) {
    const chosen = env.profile!;
    const observation = await env.observe(value);
    const problems: string[] = [];
    for (const tool of observation.tools) {
      if (!tool.identity) { problems.push(`"${visibleLabel(tool)}" cannot be traced to a server's tool`); continue; }
      const want = chosen.expectedName!(tool.identity.server, tool.identity.tool);
      // A profile fixes one name; a (namespace, name) pair is never that name, whatever it joins to.
      if (visibleKey(tool) !== visibleKey({ name: want })) problems.push(`"${tool.identity.tool}" of "${tool.identity.server}" is shown as "${visibleLabel(tool)}", not "${want}"`);
    }
    for (const server of value.servers) {
      // A nameless tool has no name to give under any profile (SEP-986: 1 to 128 characters), whatever its
      // prefix makes of it: without this, "" of a short key passed as mcp__alpha__ and of a long one failed.
      const refused = server.tools.filter((tool) => tool.name === "" || !chosen.pattern.test(chosen.expectedName!(server.key, tool.name)));
      if (refused.length > 0 && errorsNaming(observation, server.key).length === 0) {
        problems.push(`"${server.key}" has names the profile refuses (${list(refused.map((tool) => chosen.expectedName!(server.key, tool.name)))}) but no error names it`);
      }
    }
    if (problems.length === 0) return { ok: true, judged: await env.judge(value, observation) };
    return { ok: false, expected: `exactly the names of profile ${chosen.id}: ${chosen.summary}`, observed: problems.join("; ") };
  },
});

/** The `names/*` clauses in catalogue order. */
export const namesClauses = [injective, contextFree, providerValid, labelFromConfig, deterministic, profile];
