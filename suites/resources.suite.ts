/**
 * Clauses `resources/*` (issue 37): resources and resource templates merged from several servers. A resource
 * is identified by its URI on its server only; hosts name it by server and URI (Codex's list_mcp_resources,
 * Claude Code's `@server:uri`) or by URI alone (Gemini CLI's read_mcp_resource), and the URI two servers list
 * is where merges go wrong, some of them security bugs: a second server shadowing a trusted one's resource.
 * Each verdict rests on what the servers received (resources/read is recorded before it is answered).
 */
import fc from "fast-check";
import {
  constructedFrom, contextFailedWhole, contextHazardWorlds, contextWorld, defineClause, errorsNaming, fetchRoute, judgedContext, listedOf, observeContext,
  templateIsFixed, templateMatches, visibleOf, type ContextObservation, type World,
} from "../harness/index.ts";
import { failingServerNamed, familyLists, noSilentLoss, quotedList } from "./support/context-checks.ts";

const needsResources = (env: { capabilities: { resources: boolean } }) => (env.capabilities.resources ? undefined : "the host does not declare resources");

/** What a read of shown entry `key` came to, and how often that key is shown. */
function readsOf(observation: ContextObservation) {
  const counts = new Map<string, number>();
  for (const resource of observation.resources) counts.set(visibleOf(resource).key, (counts.get(visibleOf(resource).key) ?? 0) + 1);
  return { counts, read: (key: string) => observation.reads.find((fetch) => visibleOf({ uri: fetch.name, namespace: fetch.namespace }).key === key) };
}

/** Where a read went, in words. */
const reachedText = (records: ReadonlyArray<{ server: string; uri?: string }>) =>
  records.length === 0 ? "no server" : records.map((record) => `${JSON.stringify(record.uri)} of "${record.server}"`).join(", ");

export const resourcesNoSilentLoss = defineClause({
  id: "resources/no-silent-loss",
  level: "MUST",
  summary: "after open, show every resource (and, for a host that shows templates, every template) each server lists, every page of it (an empty-string cursor included), or report an error naming that server, or fail the whole open with an error",
  why:
    "A resource that disappears is context a model never gets, and nobody knows. A merge that keeps one entry per " +
    "URI drops the second server's copy of a URI two servers list (ContextForge's proposed fix); a host that stops " +
    "at an empty-string cursor shows one page of three.",
  needs: ["resources"],
  sources: ["MCP spec Resources: Listing Resources (supports pagination); Resource Templates", "MCP spec Pagination (2026-07-28: an empty string is a valid cursor, never the end of results)", "IBM/mcp-context-forge PR#4517", "PrefectHQ/fastmcp#5025"],
  notApplicable: needsResources,
  arbitrary: () => contextWorld({ lists: ["resources"] }),
  coverage: () => constructedFrom(contextHazardWorlds, ["shared-uri", "shared-uri-companions", "paged-resources", "empty-cursor-resources", "paged-templates", "resource-template"]),
  worlds: (value: World) => [value],
  requires: ["shared-uri", "paged-resources", "empty-cursor", "resource-template"],
  check: (env, value) => noSilentLoss(env, value, familyLists(env, "resources")),
});

export const resourcesReadRoutes = defineClause({
  id: "resources/read-routes",
  level: "MUST",
  summary: "a read of a shown resource reaches exactly one server, the one the resource belongs to (a server that listed its URI), carrying the URI as that server listed it; no other server is asked",
  why:
    "A resource is identified by its URI on its server. A host that asks each server in turn until one answers " +
    "sends a URI to servers that never listed it (a request, and whatever it carries, leaking to them) and reads " +
    "a URI two servers list from whichever comes first.",
  needs: ["resources"],
  checkSituations: {
    "resource-read": "a read of a shown resource reached a server (or was answered without reaching one)",
    "later-server-read": "a read of a resource of a server configured after another reached a server",
  },
  sources: ["MCP spec Resources: Reading Resources (each resource uniquely identified by a URI)", "google-gemini/gemini-cli#28128"],
  notApplicable: needsResources,
  arbitrary: () => contextWorld({ lists: ["resources"], paging: false }),
  coverage: () => constructedFrom(contextHazardWorlds, ["two-resource-servers", "resource-template", "shared-uri-companions"]),
  worlds: (value: World) => [value],
  requires: ["resource-read", "later-server-read"],
  async check(env, value) {
    const observation = await observeContext(env, value);
    const { counts, read } = readsOf(observation);
    const judged = new Set<string>();
    const problems: string[] = [];
    for (const resource of observation.resources) {
      const { key, label } = visibleOf(resource);
      // An entry shown twice is resources/shared-uri's, or template-not-doubled's: which one a read stands for cannot be told.
      if (counts.get(key) !== 1) continue;
      const fetch = read(key);
      if (!fetch) continue;
      if (fetch.deliveries.length === 0) {
        if (fetch.result.ok) problems.push(`"${label}" was answered ok, but no server received resources/read`);
        continue;
      }
      const owner = resource.identity;
      const server = value.servers.find((candidate) => candidate.key === (owner?.server ?? fetch.deliveries[0]!.server));
      // A template shown as a resource is resources/template-not-doubled's.
      if (owner && !listedOf(server!, "resources").includes(owner.tool)) continue;
      judged.add("resource-read");
      if (server && value.servers.indexOf(server) > 0) judged.add("later-server-read");
      const route = fetchRoute(fetch);
      const right = owner
        ? route?.server === owner.server && route.wire === owner.tool
        : route !== undefined && (listedOf(server!, "resources").includes(route.wire) || listedOf(server!, "templates").some((template) => templateMatches(template, route.wire)));
      if (!right) problems.push(`a read of "${label}"${owner ? ` (${JSON.stringify(owner.tool)} of "${owner.server}")` : ""} reached ${reachedText(fetch.deliveries)}`);
    }
    if (problems.length === 0) return { ok: true, judged: [...judged] };
    return { ok: false, expected: "each read of a shown resource reaching only its server, with the URI that server listed", observed: problems.join("; "), judged: [...judged] };
  },
});

/** The URIs two or more servers list, each with the keys of the servers listing it. */
function sharedUris(world: World): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const server of world.servers) for (const uri of new Set(listedOf(server, "resources"))) owners.set(uri, [...(owners.get(uri) ?? []), server.key]);
  return new Map([...owners].filter(([, keys]) => keys.length > 1));
}

export const resourcesSharedUri = defineClause({
  id: "resources/shared-uri",
  level: "MUST",
  summary: "show a URI two servers list under names that tell them apart, each read reaching its own server, or refuse it with an error naming every server that lists it; never keep one of them silently",
  why:
    "Gemini CLI looks a URI up across every server and takes the first that exposes it: a second server can shadow " +
    "a trusted one's resource, with Always-Allow scoped to the wrong server (gemini-cli#28128, open). ContextForge " +
    "lists such a URI twice and fails every read of it as ambiguous, naming no server; its proposed fix silently " +
    "keeps the first (#4418, PR#4517).",
  needs: ["resources"],
  sources: ["MCP spec Resources: Reading Resources (each resource uniquely identified by a URI)", "google-gemini/gemini-cli#28128", "IBM/mcp-context-forge#4418"],
  notApplicable: needsResources,
  arbitrary: () => contextWorld({ lists: ["resources"], minServers: 2, paging: false }),
  coverage: () => constructedFrom(contextHazardWorlds, ["shared-uri", "shared-uri-companions"]),
  worlds: (value: World) => [value],
  requires: ["shared-uri"],
  async check(env, value) {
    const observation = await observeContext(env, value);
    const judged = await judgedContext(env, value, observation, ["resources"]);
    if (contextFailedWhole(observation, ["resources"])) return { ok: true, judged };
    const { read } = readsOf(observation);
    const problems: string[] = [];
    for (const [uri, owners] of sharedUris(value)) {
      // Refused honestly: every server that lists it is named.
      if (owners.every((key) => errorsNaming(observation, key).length > 0)) continue;
      const entries = observation.resources.filter((resource) => (resource.identity ? resource.identity.tool === uri && owners.includes(resource.identity.server) : resource.uri === uri));
      const names = new Map<string, { label: string; holders: string[] }>();
      for (const owner of owners) {
        const mine = entries.filter((resource) => (resource.identity?.server ?? fetchRoute(read(visibleOf(resource).key))?.server) === owner);
        if (mine.length === 0) problems.push(`${JSON.stringify(uri)} of "${owner}" is not shown and no error names every server that lists it (${quotedList(owners)})`);
        for (const resource of mine) {
          const { key, label } = visibleOf(resource);
          names.set(key, { label, holders: [...(names.get(key)?.holders ?? []), owner] });
        }
      }
      for (const [key, { label, holders }] of names) {
        const fetch = read(key);
        if (new Set(holders).size > 1) {
          problems.push(`${JSON.stringify(uri)} of ${quotedList(new Set(holders))} is shown under one name, "${label}"; a read of it reached ${reachedText(fetch?.deliveries ?? [])}`);
        } else if (fetch && fetch.deliveries.length > 0 && (fetchRoute(fetch)?.server !== holders[0] || fetchRoute(fetch)?.wire !== uri)) {
          problems.push(`a read of "${label}" (${JSON.stringify(uri)} of "${holders[0]}") reached ${reachedText(fetch.deliveries)}`);
        }
      }
    }
    if (problems.length === 0) return { ok: true, judged };
    return { ok: false, expected: "a URI two servers list shown apart for each, each read reaching its own server, or an error naming every server that lists it", observed: problems.join("; "), judged };
  },
});

export const resourcesTemplateNotDoubled = defineClause({
  id: "resources/template-not-doubled",
  level: "SHOULD",
  summary: "show a resource template as a template, never as a resource a read can fetch; and show a URI a server lists both as a resource and as a template without variables once",
  why:
    "A template is a pattern, not a resource: listed among the resources with its template taken for a URI, it " +
    "invites a read of `mem://items/{id}` that no server can answer. Claude Code's ListMcpResourcesTool merges " +
    "resources/list and resources/templates/list this way, and a server that exposes one static URI both ways is " +
    "then shown twice (cyanheads/mcp-ts-core#30). It is a SHOULD: a host that doubles an entry still reaches it.",
  needs: ["resources"],
  sources: ["MCP spec Resources: Resource Templates", "cyanheads/mcp-ts-core#30"],
  notApplicable: needsResources,
  arbitrary: () => contextWorld({ lists: ["resources"], paging: false }),
  coverage: () => constructedFrom(contextHazardWorlds, ["template-twin", "resource-template"]),
  worlds: (value: World) => [value],
  requires: ["template-twin", "resource-template"],
  async check(env, value) {
    const observation = await observeContext(env, value, { fetch: false });
    const judged = await judgedContext(env, value, observation, familyLists(env, "resources"));
    const problems: string[] = [];
    const shown = new Map<string, number>();
    for (const entry of [...observation.resources, ...observation.templates]) {
      if (!entry.identity) continue;
      const id = JSON.stringify([entry.identity.server, entry.identity.tool]);
      shown.set(id, (shown.get(id) ?? 0) + 1);
    }
    for (const resource of observation.resources) {
      const server = resource.identity && value.servers.find((candidate) => candidate.key === resource.identity!.server);
      if (!server || listedOf(server, "resources").includes(resource.identity!.tool)) continue;
      if (listedOf(server, "templates").includes(resource.identity!.tool)) problems.push(`the template ${JSON.stringify(resource.identity!.tool)} of "${server.key}" is shown as a resource, ${JSON.stringify(visibleOf(resource).label)}`);
    }
    for (const server of value.servers) {
      for (const uri of listedOf(server, "templates").filter((template) => templateIsFixed(template) && listedOf(server, "resources").includes(template))) {
        const times = shown.get(JSON.stringify([server.key, uri])) ?? 0;
        if (times > 1) problems.push(`${JSON.stringify(uri)} of "${server.key}", listed as a resource and as a template without variables, is shown ${times} times`);
      }
    }
    if (problems.length === 0) return { ok: true, judged };
    return { ok: false, expected: "templates shown as templates, and a URI listed both ways shown once", observed: problems.join("; "), judged };
  },
});

export const resourcesFailingServerNamed = defineClause({
  id: "resources/failing-server-named",
  level: "MUST",
  summary: "report, with an error naming it, a server whose resources/list (or, for a host that shows templates, resources/templates/list) fails; the other servers' resources are shown as usual (or the whole open fails with an error)",
  why:
    "A server whose resource list fails has resources that are unknown, not absent. A host that takes the failure " +
    "for a server without resources leaves the model without that context and the user unaware of it.",
  needs: ["resources"],
  sources: ["ADR-0112 D3", "adonis importer \"its tools are unknown, not gone\""],
  notApplicable: needsResources,
  // URIs no two servers share: a merge that loses one of two copies of a URI is resources/no-silent-loss's.
  arbitrary: () => fc.record({ world: contextWorld({ lists: ["resources"], paging: false, shared: false }), failing: fc.constantFrom("resources" as const, "templates" as const) })
    .map(({ world, failing }): World => ({ servers: world.servers.map((server, index) => (index === 0 ? { ...server, contextErrors: [failing] } : server)) })),
  coverage: () => constructedFrom(contextHazardWorlds, ["resources-list-error", "templates-list-error"]),
  worlds: (value: World) => [value],
  requires: ["resources-list-error"],
  check: (env, value) => failingServerNamed(env, value, familyLists(env, "resources")),
});

/** The `resources/*` clauses in catalogue order. */
export const resourcesClauses = [resourcesNoSilentLoss, resourcesReadRoutes, resourcesSharedUri, resourcesTemplateNotDoubled, resourcesFailingServerNamed];
