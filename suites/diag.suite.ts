/** Clause `diag/errors-name-server`: an error that names no server sends its reader hunting (ADR-0112 D4, P6). */
import fc from "fast-check";
import { aloneWorld, constructed, crossShrink, defineClause, errorNamesServer, longNameWorld, userSees, world, type World } from "../harness/index.ts";

export const errorsNameServer = defineClause({
  id: "diag/errors-name-server",
  level: "SHOULD",
  summary: "name the server (and, for a name problem, the tool) in every error it reports",
  why:
    "An error that does not say which server (and, for a name problem, which tool) costs a debugging " +
    "session every time, and a warning written where the application's log filtering cannot see it is no " +
    "error at all. It is a SHOULD: the MUST clauses already require naming the server where a tool goes " +
    "missing.",
  checkSituations: {
    "error": "the host reported at least one error",
  },
  sources: ["ADR-0112 D4, P6"],
  arbitrary: () => fc.oneof(crossShrink, longNameWorld(), world({ toolFamilies: ["separator", "hostile"] }), aloneWorld("provider-invalid-name"), aloneWorld("over-length")),
  // Worlds a careful host reports errors for: a name too long, an invalid one, a server that fails to load
  // (where an anonymous whole-open error shows); and a duplicate, which some hosts refuse with an error.
  coverage: () => constructed(["over-length", "invalid-name", "list-error", "unreachable", "exact-duplicate"]).map((built) => ({ ...built, hazard: "error" })),
  worlds: (value: World) => [value],
  // "error": the host reported at least one error. A case with none judges nothing: a host that never
  // reports an error gives this clause nothing to look at, and that is no pass. (The worlds are built so that
  // a careful host has errors to report: names too long or with characters a provider refuses.)
  requires: ["error"],
  async check(env, value) {
    const observation = await env.observe(value, { probe: false });
    const keys = value.servers.map((server) => server.key);
    // Only what the user was told: an error only a log file holds is neither a named nor an anonymous one.
    const errors = observation.open.outcome.errors.filter(userSees);
    const anonymous = errors.filter((error) => !keys.some((key) => errorNamesServer(error, key)));
    if (anonymous.length === 0) return { ok: true, judged: errors.length > 0 ? ["error", ...await env.judge(value, observation)] : [] };
    return { ok: false, expected: "every error names its server", observed: anonymous.map((error) => JSON.stringify(error.message)).join("; ") };
  },
});

/** The `diag/*` clauses in catalogue order. */
export const diagClauses = [errorsNameServer];
