/**
 * ADR-0112's answer at every policy point. Policy carried here:
 * - D1: a tool is shown as `mcp__{key}__{tool}`, always, with the configuration key as the label.
 * - Injectivity: the join alone is not injective for every key, so keys that would let two (server, tool)
 *   pairs meet are refused, and any name that still lands on two servers fails all of them (registration).
 * - D6: every name matches `^[A-Za-z0-9_-]{1,64}$` or its server fails; never truncated, never sanitised.
 * - D2, D3, P2, P5: wire name kept, complete-or-fail, configuration order, unknown names reach no server.
 * - A server's whole list is read, every page of it (a cursor given twice, or a tool listed on two pages,
 *   fails that server by name); no cap on the tools shown; arguments are checked against the server's input
 *   schema as JSON Schema reads it (properties it does not declare are allowed unless it says otherwise).
 * - Past REFERENCE_DEFERS_ABOVE server tools they are deferred behind a search tool that finds each by its
 *   shown name and by its wire name (tool-search.ts); a deferred tool stays callable.
 * - Lifecycle (adonis, tesserix, ADR P8 and D5): refresh replaces a server's list and prunes nothing it
 *   cannot reach; list_changed re-lists; the guard covers every shape; a local tool keeps its name; pins
 *   hash the whole definition; request schemas are keyed by wire name; deny lists hold; backtracking
 *   patterns are refused; only idempotent calls are sent again after a lost answer.
 */
import type { ContextPolicy } from "./context-policy.ts";
import type { HostPolicy } from "./host-policy.ts";
import { definitionFingerprint } from "./pins.ts";

/** The longest name a model provider is assumed to accept (ADR D6, the Anthropic rule). */
export const MAX_NAME_LENGTH = 64;

/**
 * The reference defers its servers' tools behind a search tool once it shows more than this many (Claude Code
 * defers every MCP tool by default, Codex did past 100 before it deferred all): large enough that the clauses'
 * small worlds are offered whole, small enough that `surface/deferred-reachable` judges it on a world of a few
 * dozen tools.
 */
export const REFERENCE_DEFERS_ABOVE = 20;

/** The reference's search tool, as its model sees it. */
export const REFERENCE_SEARCH_TOOL = "tool_search";

/** Characters a model provider accepts in a tool name (ADR D6). */
const PROVIDER_CHARS = /^[A-Za-z0-9_-]*$/;

/** The one place a visible name is built (ADR D5: never reconstructed by string-building elsewhere). */
export function qualifiedName(label: string, tool: string): string {
  return `mcp__${label}__${tool}`;
}

/** The characters of `text` a provider refuses, each once, quoted; empty when there are none. */
function refusedChars(text: string): string {
  const bad = new Set([...text].filter((ch) => !PROVIDER_CHARS.test(ch)));
  return [...bad].map((ch) => JSON.stringify(ch)).join(", ");
}

/**
 * Refuses the keys that make `mcp__{key}__{tool}` ambiguous. With a key that has no `__` and does not end
 * in `_`, the first `__` after `mcp__` is always the separator, so the name splits back into exactly one
 * (key, tool). Provider-illegal characters are refused here too, because only the key can be renamed.
 */
export function refuseKey(key: string): string | undefined {
  const remedy = "load the server under another configuration key";
  if (key === "") return `its configuration key is empty, so its tools would have no label; ${remedy}`;
  if (key.includes("__")) {
    return `its configuration key ${JSON.stringify(key)} contains "__", the separator of mcp__{key}__{tool}, so its names could equal another server's; ${remedy} without "__"`;
  }
  if (key.endsWith("_")) {
    return `its configuration key ${JSON.stringify(key)} ends in "_", so its names could equal those of key ${JSON.stringify(key.replace(/_+$/, ""))} with a tool starting "_"; ${remedy} that does not end in "_"`;
  }
  const bad = refusedChars(key);
  if (bad) return `its configuration key ${JSON.stringify(key)} contains characters a model provider refuses (${bad}); ${remedy} of letters, digits, "_" and "-"`;
  return undefined;
}

/** Refuses a visible name a provider would reject, naming the tool, the length or characters, and the remedy. */
export function refuseName(name: string, label: string, tool: string): string | undefined {
  const shown = `tool ${JSON.stringify(tool)} would be shown as ${JSON.stringify(name)}`;
  // MCP names are 1-128 characters; an empty one would be shown as a bare prefix no model could read.
  if (tool === "") return `${shown}, but the tool's own name is empty`;
  if (name.length > MAX_NAME_LENGTH) {
    // Only the key's share of a qualified name can be shortened by the operator.
    const fixed = name === qualifiedName(label, tool) ? name.length - label.length : name.length;
    const room = MAX_NAME_LENGTH - fixed;
    const remedy = room >= 1
      ? `load the server under a shorter configuration key (at most ${room} characters)`
      : "the tool's own name is too long to show under any configuration key";
    return `${shown}, ${name.length} characters, over the limit of ${MAX_NAME_LENGTH}; ${remedy}`;
  }
  const bad = refusedChars(name);
  if (bad) return `${shown}, which contains characters a model provider refuses (${bad}); the tool's own name is at fault, so no configuration key can fix it`;
  return undefined;
}

/**
 * The reference's prompts and resources: the tool policy's answers applied to them. A prompt is shown as
 * `mcp__{key}__{name}` (Claude Code's slash commands) under a key refused as for tools, and got by its own
 * name; a resource is shown under its server's key beside its URI (Codex's and Claude Code's server and URI)
 * and read from that server only; templates are shown apart, a template without variables that repeats a
 * resource's URI once, as the resource; every page is read, at open and again; list_changed is followed; a
 * list that fails is an error naming its server.
 */
export const referenceContextPolicy: ContextPolicy = {
  promptName: (key, prompt) => qualifiedName(key, prompt.name),
  refusePromptKey: refuseKey,
  promptCollision: "refuse-all",
  promptOrder: "config",
  promptWire: "name",
  resourceNamespace: "key",
  sharedUri: "show-all",
  resourceRead: "entry",
  templates: "apart",
  pages: "all",
  refreshPages: "all",
  listChanged: true,
  listErrors: "report",
};

/** The reference host's policy: ADR-0112 at every point. */
export const referencePolicy: HostPolicy = {
  label: (server) => server.key,
  refuseLabel: refuseKey,
  name: (label, tool) => qualifiedName(label, tool),
  refuseName,
  collision: "refuse-all",
  order: "config",
  wireName: "server",
  shortfall: "fail-server",
  emptyToolName: "refuse",
  unknownName: "refuse",
  registry: "map",
  emptyIsError: false,
  errorsNameServer: true,
  loadFailure: "report",
  duplicates: "register",
  listPages: "all",
  lostAnswerScope: "call",
  prototypeCall: "contained",
  toolLimit: undefined,
  deferral: { above: REFERENCE_DEFERS_ABOVE, searchTool: REFERENCE_SEARCH_TOOL },
  toolSearch: "exact-first",
  searchActivation: "by-name",
  refresh: "replace",
  unreachableRefresh: "keep",
  listChanged: true,
  guardedShapes: ["object", "name", "callable", "dict"],
  localOccupant: "fail-server",
  fingerprint: definitionFingerprint,
  undeclaredProperties: "allow",
  shownSchema: "whole",
  requestSchemaKey: "wire",
  honourDeny: true,
  screenPatterns: true,
  retryLostAnswer: "idempotent-only",
  settledCalls: "leave",
  toolErrors: "error",
  lostServer: "report",
  failedOpen: "retry",
  launchIdentity: "key",
  invalidHeader: "exclude-logged",
  context: referenceContextPolicy,
};
