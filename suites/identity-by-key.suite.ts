/**
 * Clause `wire/identity-by-key`: two configured servers are two servers, even when they are launched by the
 * same command with the same arguments and differ only in their environment (one package, two databases).
 * The harness's stdio servers are exactly that: every one is the same shim with the same arguments, told
 * apart by a token in its environment (fake-servers/stdio-relay.ts). So this clause opens its worlds over
 * stdio whatever the run's transport, and applies only to hosts that load stdio servers.
 */
import {
  constructed, defineClause, lifecycleWorld, probeOf, shownWireNames, visibleLabel, type World,
} from "../harness/index.ts";

const quoted = (names: Iterable<string>) => [...names].map((name) => JSON.stringify(name)).join(", ");

export const identityByKey = defineClause({
  id: "wire/identity-by-key",
  level: "MUST",
  summary: "keep two configured stdio servers two servers when they share a command and arguments and differ only in their environment: each key's tools shown, each call reaching that key's server",
  why:
    "One MCP package configured twice, for two databases or two accounts, differs only in the environment " +
    "it is launched with. A host that identifies a server by its command line starts the second as the first " +
    "(or shares one process): the second key's tools are the first one's, and a query meant for one database " +
    "runs on the other, with no error (cursor/cursor#3688; neo4j/mcp#113). A configuration key is a server.",
  checkSituations: {
    "same-launch-command": "two or more stdio servers launched by one command and arguments, differing only in their environment, and the host showed tools",
  },
  sources: ["cursor/cursor#3688", "neo4j/mcp#113", "ADR-0112 D1"],
  notApplicable: (env) => (env.host.transports.includes("stdio") ? undefined : "the host does not load stdio servers"),
  arbitrary: () => lifecycleWorld({ minServers: 2, maxServers: 3 }),
  coverage: () => constructed(["two-servers", "three-servers"]).map((built) => ({ ...built, title: `${built.title}, over stdio`, hazard: "same-launch-command" })),
  worlds: (value: World) => [value],
  describeWorlds: () => ["every server over stdio: one command and arguments, told apart by its environment"],
  requires: ["same-launch-command"],
  async check(env, value) {
    const observation = await env.observe(value, { transport: "stdio" });
    const problems = value.servers.flatMap((server) => {
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
    const judged = shownAny && value.servers.length >= 2 ? ["same-launch-command", ...await env.judge(value, observation)] : [];
    if (problems.length === 0) return { ok: true, judged };
    // A host that refuses even a world with nothing to refuse says nothing here about launch identity.
    if (!shownAny && !await env.acceptsCleanWorld()) return { ok: true, judged: [] };
    return {
      ok: false,
      judged,
      expected: "every configured key's tools shown, and each call reaching that key's server",
      observed: `${problems.join("; ")}; errors: ${JSON.stringify(observation.open.outcome.errors)}; shown: [${quoted(observation.tools.map((tool) => `${visibleLabel(tool)}${tool.identity ? ` = ${tool.identity.server}/${tool.identity.tool}` : ""}`))}]`,
    };
  },
});

/** The `wire/identity-by-key` clause (catalogue order: after `wire/tool-error-reaches-model`). */
export const identityByKeyClauses = [identityByKey];
