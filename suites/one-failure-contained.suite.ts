/**
 * Clause `surface/one-failure-contained`: one server that fails to load, or one tool a host refuses, does
 * not take the other servers' tools away. `surface/failing-server-named` and `surface/no-silent-loss`
 * accept a whole open refused with an error (it is honest); this clause says it is not helpful.
 */
import fc from "fast-check";
import {
  aloneWorld, constructed, crossShrink, defineClause, failingWorld, hazardsByServer, shownWireNames, transportFor, visibleLabel,
  type World,
} from "../harness/index.ts";
import { realFailureCases } from "./support/shipped-hazards.ts";

const quoted = (names: Iterable<string>) => [...names].map((name) => JSON.stringify(name)).join(", ");

/** How each server of `world` stands: fails to load, holds something a careful host may refuse, or healthy. */
function standing(world: World): ("failing" | "refusable" | "healthy")[] {
  const hazards = hazardsByServer(world);
  return world.servers.map((server, at) => {
    if (server.unreachable || server.failure !== undefined) return "failing";
    return hazards[at]!.size > 0 ? "refusable" : "healthy";
  });
}

export const oneFailureContained = defineClause({
  id: "surface/one-failure-contained",
  level: "SHOULD",
  summary: "show every tool of the healthy servers when another server fails to load or holds a tool it refuses: one failure does not fail the whole open",
  why:
    "A host that loads its servers with one Promise.all or asyncio.gather loses every server's tools when one " +
    "server's command is missing or one list fails: the model works with no tools at all, although every other " +
    "server answered. Refusing the whole open with an error is honest, so the MUST clauses accept it; it is " +
    "still a host in which the least reliable server decides whether any tool works. The fix is to load each " +
    "server on its own and report the one that failed.",
  sources: ["langchain-ai/langchain-mcp-adapters#492", "mastra-ai/mastra PR#13527", "modelcontextprotocol/python-sdk#915", "ADR-0112 D3"],
  checkSituations: {
    "failing-beside-healthy": "a server that fails to load sits beside a healthy server (one holding nothing a careful host may refuse)",
    "refused-tool-beside-healthy": "a server holding a tool a careful host may refuse (an invalid, over-long or duplicate name) sits beside a healthy server",
  },
  arbitrary: () => fc.oneof(crossShrink, failingWorld(), aloneWorld("provider-invalid-name"), aloneWorld("over-length"), aloneWorld("exact-duplicate")),
  // A server that cannot be reached, fails initialize, fails or crashes in tools/list, beside a healthy one;
  // and a tool a careful host refuses (an invalid name, one too long, one name on two servers) beside one.
  coverage: () => [
    ...constructed(["unreachable", "initialize-error", "list-error", "list-crash"]).map((built) => ({ ...built, hazard: "failing-beside-healthy" })),
    ...constructed(["invalid-name", "over-length", "duplicate-beside-healthy"]).map((built) => ({ ...built, hazard: "refused-tool-beside-healthy" })),
    // Issue 40: unreachable as real servers are, where one refused or reset connection cancelled the others
    // (modelcontextprotocol/python-sdk#915), though a 404 did not.
    ...realFailureCases().map((built) => ({ ...built, hazard: "failing-beside-healthy" })),
  ],
  worlds: (value: World) => [value],
  requires: ["failing-beside-healthy", "refused-tool-beside-healthy"],
  async check(env, value) {
    const observation = await env.observe(value, { transport: transportFor(env.host, value) });
    const stands = standing(value);
    const healthy = value.servers.filter((server, at) => stands[at] === "healthy" && server.tools.length > 0);
    const met = healthy.length === 0 ? [] : [
      ...(stands.includes("failing") ? ["failing-beside-healthy"] : []),
      ...(stands.includes("refusable") ? ["refused-tool-beside-healthy"] : []),
    ];
    const lost = healthy.flatMap((server) => {
      const shown = shownWireNames(observation, server.key);
      const missing = server.tools.map((tool) => tool.name).filter((name) => !shown.has(name));
      return missing.length > 0 ? [{ key: server.key, missing }] : [];
    });
    if (lost.length === 0) return { ok: true, judged: [...met, ...await env.judge(value, observation)] };
    // A host that refuses even a world with nothing to refuse loses these tools for no reason of this world's.
    if (!await env.acceptsCleanWorld()) return { ok: true, judged: [], arose: met };
    const troubled = value.servers.filter((_, at) => stands[at] !== "healthy").map((server) => server.key);
    return {
      ok: false,
      judged: met,
      expected: "every tool of a healthy server shown, whatever another server does",
      observed: `${lost.map(({ key, missing }) => `${quoted(missing)} of healthy "${key}" not shown`).join("; ")}, beside ${quoted(troubled)}; errors: ${JSON.stringify(observation.open.outcome.errors)}; shown: [${quoted(observation.tools.map(visibleLabel))}]`,
    };
  },
});

/** The `surface/one-failure-contained` clause (catalogue order: after `surface/failing-server-named`). */
export const oneFailureContainedClauses = [oneFailureContained];
