/**
 * Clause `wire/identity-by-key`: two configured servers are two servers, however alike their targets. Over
 * stdio, two launched by the same command with the same arguments that differ only in their environment (one
 * package, two databases): the harness's stdio servers are exactly that, one shim with one argument list told
 * apart by a token in its environment (fake-servers/stdio-relay.ts). Over HTTP, two at distinct paths of one
 * origin (every HTTP fake is a path under one 127.0.0.1 origin), and one URL under two keys that differ only in
 * their headers (two accounts of one remote server; HAP/1 `transport.headers`, for a host declaring
 * `httpHeaders`). Each case opens its world over its own transport whatever the run's, where the host loads it.
 */
import fc from "fast-check";
import {
  constructed, contactedKeys, defineClause, lifecycleWorld, pairsMissing, probeOf, shownWireNames, strayCalls, toolListRequests, visibleLabel,
  type ClauseEnvironment, type RecordJudgement, type ServedRecords, type World,
} from "../harness/index.ts";

const quoted = (names: Iterable<string>) => [...names].map((name) => JSON.stringify(name)).join(", ");

/** A world and the wire transport its servers are reached over. */
interface IdentityCase {
  world: World;
  transport: "stdio" | "http";
}

/** A case as the clause takes it: a bare world (a report made before issue 40, whose cases were all over stdio) or a case. */
const caseOf = (value: IdentityCase | World): IdentityCase => ("servers" in value ? { world: value, transport: "stdio" } : value);

/** The situation every case is about, whichever transport: the host kept two look-alike targets two servers. */
const SAME_TARGET = "same-target";

/** The transport a case runs over: its own where the host loads it, else the other wire transport the host has. */
function transportOf(env: Pick<ClauseEnvironment, "host">, value: IdentityCase): "stdio" | "http" | undefined {
  const loads = (kind: "stdio" | "http") => env.host.transports.includes(kind);
  if (loads(value.transport)) return value.transport;
  const other = value.transport === "stdio" ? "http" : "stdio";
  return loads(other) ? other : undefined;
}

/** What a case over `transport` is about: one launch command, one origin, or one URL. */
function situationOf(value: IdentityCase, transport: "stdio" | "http"): string {
  if (transport === "stdio") return "same-launch-command";
  return value.world.servers.some((server) => server.sharedUrl !== undefined) ? "same-url" : "same-origin";
}

const describeTransport = (value: IdentityCase): string =>
  value.transport === "stdio"
    ? "every server over stdio: one command and arguments, told apart by its environment"
    : value.world.servers.some((server) => server.sharedUrl !== undefined)
      ? "over HTTP: one URL, the servers told apart only by their Authorization headers"
      : "over HTTP: every server a path under one origin";

/**
 * Serve mode, on a world of two or more healthy servers: a key whose server never received a tools/list while
 * another's did cannot have its tools shown (the app took it for the other: one spawn for one command, one
 * connection for one origin), and a call that reached a server not advertising its name while another does
 * reached the wrong key's server; either is this clause's violation whatever the app showed. A pass needs the
 * app's list, which only a model turn recorded by the fake provider shows.
 */
function identityJudged({ world, records, modelTurns }: ServedRecords): RecordJudgement | undefined {
  if (world.servers.length < 2 || world.servers.some((server) => server.unreachable || server.failure !== undefined)) return undefined;
  const contacted = contactedKeys(world, records);
  if (contacted.length === 0) return { verdict: "undecided", reason: "no server of the world received anything: no app connected" };
  const listed = world.servers.filter((server) => toolListRequests(records, server.key).length > 0).map((server) => server.key);
  const unlisted = world.servers.map((server) => server.key).filter((key) => !listed.includes(key));
  const problems = listed.length > 0 ? unlisted.map((key) => `"${key}" never received a tools/list (${listed.map((other) => `"${other}"`).join(", ")} did), so its tools cannot be shown`) : [];
  problems.push(...strayCalls(world, records).map((stray) => `a call of "${stray.tool}" (a tool of ${stray.owners.map((owner) => `"${owner}"`).join(", ")}) reached "${stray.at}"`));
  if (problems.length > 0) return { verdict: "violated", expected: "every configured key's tools shown, and each call reaching that key's server", observed: problems.join("; ") };
  const last = modelTurns.at(-1);
  if (last && pairsMissing(world, last.tools).length === 0) return { verdict: "held", note: "every key was listed on its own, no call strayed, and the app's last model turn offered every key's tools" };
  return { verdict: "undecided", reason: `every key was listed on its own and no call strayed; whether the app showed each key's tools, serve mode cannot see${last ? " (its last model turn did not offer them all)" : ""}` };
}

export const identityByKey = defineClause({
  id: "wire/identity-by-key",
  level: "MUST",
  summary: "keep two configured servers two servers when their targets look alike: stdio servers of one command and arguments that differ only in their environment, HTTP servers at paths of one origin, or at one URL with other headers; each key's tools shown, each call reaching that key's server",
  why:
    "One MCP package configured twice, for two databases or two accounts, differs only in the environment " +
    "it is launched with, or in the headers it is reached with. A host that identifies a server by its command " +
    "line starts the second as the first (cursor/cursor#3688; neo4j/mcp#113); one that identifies an HTTP " +
    "server by its host and port, or by its URL, takes a second endpoint of one origin, or a second account at " +
    "one URL, for the first (CherryHQ/cherry-studio#11865; jonigl/mcp-client-for-ollama PR#284). Either way the " +
    "second key's tools are the first one's, and a query meant for one runs on the other, with no error. A " +
    "configuration key is a server.",
  checkSituations: {
    [SAME_TARGET]: "two or more servers whose targets a host could take for one (one stdio command and arguments, one HTTP origin, one URL), and the host showed tools",
    "same-launch-command": "two or more stdio servers launched by one command and arguments, differing only in their environment, and the host showed tools",
    "same-origin": "two or more HTTP servers at distinct paths of one origin (scheme, host and port), and the host showed tools",
    "same-url": "two or more HTTP servers at one URL, told apart only by the headers the host is configured to send, and the host showed tools",
  },
  sources: ["cursor/cursor#3688", "neo4j/mcp#113", "CherryHQ/cherry-studio#11865", "jonigl/mcp-client-for-ollama PR#284", "anthropics/claude-code#48857", "ADR-0112 D1"],
  notApplicable: (env) => (env.host.transports.some((kind) => kind === "stdio" || kind === "http") ? undefined : "the host loads neither stdio nor HTTP servers"),
  arbitrary: () => fc.record({ world: lifecycleWorld({ minServers: 2, maxServers: 3 }), transport: fc.constantFrom<"stdio" | "http">("stdio", "http") }),
  // Over stdio: two and three servers of one launch command. Over HTTP: two servers at paths of one origin, and,
  // for a host that sends configured headers, one URL under two keys (issue 40).
  coverage: (env) => [
    ...constructed<IdentityCase>(["two-servers", "three-servers"], (world) => ({ world, transport: "stdio" }), ", over stdio")
      .map((built) => ({ ...built, hazard: "same-launch-command" })),
    ...constructed<IdentityCase>(["two-servers"], (world) => ({ world, transport: "http" }), ", over HTTP at two paths of one origin")
      .map((built) => ({ ...built, hazard: "same-origin" })),
    ...(env.capabilities.httpHeaders === true
      ? constructed<IdentityCase>(["one-url-two-keys"], (world) => ({ world, transport: "http" }), ", over HTTP").map((built) => ({ ...built, hazard: "same-url" }))
      : []),
  ],
  worlds: (value: IdentityCase | World) => [caseOf(value).world],
  describeWorlds: (value: IdentityCase | World) => [describeTransport(caseOf(value))],
  requires: [SAME_TARGET],
  judgeRecords: identityJudged,
  async check(env, given) {
    const value = caseOf(given);
    const transport = transportOf(env, value)!;
    const observation = await env.observe(value.world, { transport });
    const problems = value.world.servers.flatMap((server) => {
      const shown = shownWireNames(observation, server.key);
      const missing = server.tools.map((tool) => tool.name).filter((name) => !shown.has(name));
      return missing.length > 0 ? [`${quoted(missing)} of "${server.key}" not shown`] : [];
    });
    for (const tool of observation.tools) {
      const call = tool.identity ? probeOf(observation, tool) : undefined;
      const strays = call?.deliveries.filter((record) => record.server !== tool.identity!.server) ?? [];
      if (strays.length > 0) problems.push(`${JSON.stringify(visibleLabel(tool))} (tool "${tool.identity!.tool}" of "${tool.identity!.server}") reached ${quoted(strays.map((record) => record.server))}`);
    }
    const shownAny = observation.tools.some((tool) => tool.identity);
    const judged = shownAny && value.world.servers.length >= 2 ? [SAME_TARGET, situationOf(value, transport), ...await env.judge(value.world, observation)] : [];
    if (problems.length === 0) return { ok: true, judged };
    // A host that refuses even a world with nothing to refuse says nothing here about how it tells servers apart.
    if (!shownAny && !await env.acceptsCleanWorld()) return { ok: true, judged: [] };
    return {
      ok: false,
      judged,
      expected: "every configured key's tools shown, and each call reaching that key's server",
      observed: `${problems.join("; ")} (over ${transport}); errors: ${JSON.stringify(observation.open.outcome.errors)}; shown: [${quoted(observation.tools.map((tool) => `${visibleLabel(tool)}${tool.identity ? ` = ${tool.identity.server}/${tool.identity.tool}` : ""}`))}]`,
    };
  },
});

/** The `wire/identity-by-key` clause (catalogue order: after `wire/tool-error-reaches-model`). */
export const identityByKeyClauses = [identityByKey];
