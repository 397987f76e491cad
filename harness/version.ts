import { readFileSync } from "node:fs";

/** What the harness reads of its own package.json. */
export interface PackageManifest {
  name: string;
  version: string;
  /** Where the package's source lives, as npm records it; reports link to docs there (report/clause-docs.ts). */
  repository?: string | { type?: string; url?: string };
}

/** The package's own package.json. */
export const packageManifest: PackageManifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));

/** The harness's own version, from package.json. */
export const harnessVersion: string = packageManifest.version;

/** The version of the clause catalogue the suites implement (docs/clauses.md says what changed in each). */
export const catalogueVersion = "4";

/** What each catalogue version changed, oldest first: docs/clauses.md prints it, and a test wants the current one. */
export const catalogueHistory: Readonly<Record<string, string>> = {
  "1":
    "the first catalogue: 27 clauses on configuration and arrival order, the visible surface, delivery on the wire, " +
    "names, the local-tool guard, refresh and list changes, pins, request schemas, allow and deny lists, hostile " +
    "schemas, at-most-once delivery, naming profiles and diagnostics",
  "2": "added surface/failing-server-named: a configured server that fails to load is reported by name",
  "3":
    "coverage first: every clause judges a coverage plan of constructed worlds (one per hazard it is about) before any " +
    "random case, so its verdicts do not depend on the seed or the run count; the hazards real hosts meet: paged tool " +
    "lists (opaque cursors, a cursor that never advances, a repeated page), host-wide caps and large worlds, names of " +
    "Object.prototype's members, names that fold alike, a server listing one name twice, collisions under the host's " +
    "own join, a gemini provider profile; added order/stable-list, surface/one-failure-contained, " +
    "wire/tool-error-reaches-model (HAP/1's call result gains isError), wire/identity-by-key, drift/mid-session-loss and " +
    "lifecycle/sessions-independent (every violation confirmed on a fresh host process); a tool the MCP 2026-07-28 spec " +
    "requires excluding (an invalid x-mcp-header) is no loss where its exclusion is logged",
  "4":
    "issue 40: added surface/deferred-reachable (a host that defers tools behind a search tool lets that search load every " +
    "tool by its wire name and its shown name; HAP/1 gains capability deferredTools, tools marked deferred and open's " +
    "keepDeferred), schema/input-schema-intact (the input schema the model is handed is the server's or a faithful " +
    "resolution of it) and wire/cancels-only-pending (no notifications/cancelled for a request whose answer the host has; the " +
    "fake servers record each cancellation's requestId); and issue 37: prompts and resources merged from several servers, judged like tools (HAP/1 gains session/prompts, session/getPrompt, " +
    "session/resources and session/readResource, declared by the capabilities prompts, resources, resourceTemplates, " +
    "promptsListChanged and resourcesListChanged): added prompts/no-silent-loss, prompts/injective, prompts/context-free, " +
    "prompts/get-routes, prompts/order-independent, prompts/tracks-list, prompts/failing-server-named, resources/no-silent-loss, " +
    "resources/read-routes, resources/shared-uri, resources/template-not-doubled, resources/tracks-list and " +
    "resources/failing-server-named; a host that declares neither capability is NOT_APPLICABLE for them",
};
