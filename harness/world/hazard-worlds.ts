/**
 * The constructed worlds of the coverage plans: for each hazard a clause is about, the smallest world that
 * holds it, built by hand with fixed names, so every run judges the same worlds whatever the seed. Each
 * holds its hazard alone where it can (harness/world/hazards.ts), so a careful host that refuses something
 * in it can only be refusing for that hazard; variants exist where one real host refuses the plain world for
 * a reason of its own (one that refuses every duplicate) or where a bug shows only with a companion tool
 * beside the hazard (a server left partial). The names come from the hosts the catalogue cites: `a_b: c`
 * beside `a: b_c` is Mastra's and LangChain's join, `a.b` beside `a_b` Claude Code's sanitiser.
 */
import type { ServerFailure, ServerScript } from "../../fake-servers/index.ts";
import { fakeTool } from "../arbitraries/_internals/fake-tool.ts";
import { paddedName } from "../arbitraries/_internals/padded-name.ts";
import type { World } from "./world.ts";

/** One server of a constructed world: its key and wire names, and what it does beyond advertising them. */
export interface WorldServer {
  key: string;
  tools: readonly string[];
  /** What it reports as serverInfo.name (default: its key). */
  claims?: string;
  failure?: ServerFailure;
  unreachable?: boolean;
  /** Whether initialize advertises tools.listChanged. */
  listChanged?: boolean;
  /** Wire names whose calls answer a tool error (isError: true). */
  errorTools?: readonly string[];
  /** Wire names whose input schema marks a parameter with an invalid x-mcp-header (`My Region`: a space). */
  invalidHeader?: readonly string[];
}

/** The tool `name` of `key` with a `region` parameter whose x-mcp-header holds a space (MCP 2026-07-28: invalid). */
function badHeaderTool(key: string, name: string) {
  const tool = fakeTool(key, name);
  return { ...tool, inputSchema: { ...tool.inputSchema, properties: { probe: { type: "string" }, region: { type: "string", "x-mcp-header": "My Region" } } } };
}

function server({ key, tools, claims, failure, unreachable, listChanged, errorTools, invalidHeader }: WorldServer): ServerScript {
  return {
    key,
    serverInfo: { name: claims ?? key, version: "1.0.0" },
    tools: tools.map((name) => (invalidHeader?.includes(name) ? badHeaderTool(key, name) : fakeTool(key, name))),
    latency: { initialize: 0, toolsList: 0 },
    unreachable: unreachable ?? false,
    ...(failure !== undefined ? { failure } : {}),
    ...(listChanged !== undefined ? { listChanged } : {}),
    ...(errorTools !== undefined ? { errorTools: [...errorTools] } : {}),
  };
}

/** A world from `[key, tools]` pairs or whole server descriptions, in configuration order. */
export function worldOf(...servers: ReadonlyArray<readonly [string, readonly string[]] | WorldServer>): World {
  return { servers: servers.map((entry) => server(Array.isArray(entry) ? { key: entry[0], tools: entry[1] } : (entry as WorldServer))) };
}

/** Two names of 128 characters that differ only at character 65: past a cut at 64 (with or without a prefix), and in the middle. */
export const longTwins = [paddedName("tool_", 128, 1), paddedName("tool_", 128, 2)] as const;
/** A valid name of 60 characters: `mcp__{key}__{tool}` is past 64 for any key. */
export const longName = paddedName("tool_", 60);

/** A constructed world with the hazard it is built for and a title saying what it is. */
export interface HazardWorld {
  hazard: string;
  title: string;
  world: World;
}

const failing = (failure: ServerFailure | "unreachable"): HazardWorld => ({
  hazard: failure === "unreachable" ? "unreachable-server" : failure,
  title: failure === "list-crash"
    ? "alpha (request, search) dies when asked for its second page · beta: query"
    : `alpha (request) ${failure === "unreachable" ? "cannot be reached" : `fails: ${failure}`} · beta: search`,
  world: failure === "list-crash"
    ? worldOf({ key: "alpha", tools: ["request", "search"], failure }, ["beta", ["query"]])
    : worldOf(failure === "unreachable" ? { key: "alpha", tools: ["request"], unreachable: true } : { key: "alpha", tools: ["request"], failure }, ["beta", ["search"]]),
});

/** Every constructed world by name. */
export const hazardWorlds = {
  "two-servers": { hazard: "multi-server", title: "alpha: request · beta: search", world: worldOf(["alpha", ["request"]], ["beta", ["search"]]) },
  "three-servers": {
    hazard: "multi-server",
    title: "alpha: request · beta: search · gamma: query",
    world: worldOf(["alpha", ["request"]], ["beta", ["search"]], ["gamma", ["query"]]),
  },
  "exact-duplicate": { hazard: "exact-duplicate", title: "one name on two servers: alpha: request · beta: request", world: worldOf(["alpha", ["request"]], ["beta", ["request"]]) },
  "exact-duplicate-companions": {
    hazard: "exact-duplicate",
    title: "one name on two servers, each with a tool of its own: alpha: request, search · beta: request, query",
    world: worldOf(["alpha", ["request", "search"]], ["beta", ["request", "query"]]),
  },
  "duplicate-beside-healthy": {
    hazard: "exact-duplicate",
    title: "one name on two servers, beside a third server: alpha: request · beta: request · gamma: search",
    world: worldOf(["alpha", ["request"]], ["beta", ["request"]], ["gamma", ["search"]]),
  },
  "separator-underscore": { hazard: "separator-clash", title: "{key}_{tool} meets: a_b: c · a: b_c", world: worldOf(["a_b", ["c"]], ["a", ["b_c"]]) },
  "separator-underscore-companions": {
    hazard: "separator-clash",
    title: "{key}_{tool} meets, each server with a tool of its own: a_b: c, search · a: b_c, query",
    world: worldOf(["a_b", ["c", "search"]], ["a", ["b_c", "query"]]),
  },
  "separator-mcp": { hazard: "separator-clash", title: "mcp__{key}__{tool} meets: a__b: c · a: b__c", world: worldOf(["a__b", ["c"]], ["a", ["b__c"]]) },
  "sanitising-keys": {
    hazard: "sanitising-clash",
    title: "keys that sanitise alike: store.refunds: issue_refund · store_refunds: issue_refund",
    world: worldOf(["store.refunds", ["issue_refund"]], ["store_refunds", ["issue_refund"]]),
  },
  "case-keys": { hazard: "case-clash", title: "keys equal ignoring case: Search: request · search: request", world: worldOf(["Search", ["request"]], ["search", ["request"]]) },
  "case-tools": { hazard: "case-clash", title: "names equal ignoring case: alpha: search · beta: Search", world: worldOf(["alpha", ["search"]], ["beta", ["Search"]]) },
  "over-length": { hazard: "over-length", title: `one name past 64 as mcp__{key}__{tool}: alpha: ${longName.length} characters · beta: search`, world: worldOf(["alpha", [longName]], ["beta", ["search"]]) },
  "long-twins": {
    hazard: "over-length",
    title: "two names of 128 characters in one server, differing only at character 65, beside request",
    world: worldOf(["alpha", [...longTwins, "request"]]),
  },
  "invalid-name": { hazard: "provider-invalid-name", title: "a name a provider refuses: alpha: request, a/b · beta: search", world: worldOf(["alpha", ["request", "a/b"]], ["beta", ["search"]]) },
  "sanitised-twin": { hazard: "provider-invalid-name", title: "a name beside the one it sanitises to: alpha: a.b, a_b", world: worldOf(["alpha", ["a.b", "a_b"]]) },
  "nameless-tool": { hazard: "provider-invalid-name", title: "a tool named \"\" beside request: alpha: \"\", request", world: worldOf(["alpha", ["", "request"]]) },
  "spoofed-borrowed": {
    hazard: "spoofed-identity",
    title: "alpha reports beta's key as serverInfo.name: alpha: request · beta: search",
    world: worldOf({ key: "alpha", tools: ["request"], claims: "beta" }, ["beta", ["search"]]),
  },
  "spoofed-shared": {
    hazard: "spoofed-identity",
    title: "two servers report one serverInfo name, and advertise one tool name: alpha: request · beta: request",
    world: worldOf({ key: "alpha", tools: ["request"], claims: "shared-package" }, { key: "beta", tools: ["request"], claims: "shared-package" }),
  },
  "empty-server": { hazard: "empty-server", title: "beta advertises no tools: alpha: request · beta: (none)", world: worldOf(["alpha", ["request"]], ["beta", []]) },
  "tool-error": {
    hazard: "tool-error",
    title: "alpha: request, fail (fail answers every call with isError: true)",
    world: worldOf({ key: "alpha", tools: ["request", "fail"], errorTools: ["fail"] }),
  },
  "tool-error-two-servers": {
    hazard: "tool-error",
    title: "alpha: request · beta: fail (answers every call with isError: true)",
    world: worldOf(["alpha", ["request"]], { key: "beta", tools: ["fail"], errorTools: ["fail"] }),
  },
  "invalid-header": {
    hazard: "invalid-x-mcp-header",
    title: "a tool whose x-mcp-header is not an HTTP token (\"My Region\"), beside request: alpha: request, route · beta: search",
    world: worldOf({ key: "alpha", tools: ["request", "route"], invalidHeader: ["route"] }, ["beta", ["search"]]),
  },
  unreachable: failing("unreachable"),
  "initialize-error": failing("initialize-error"),
  "list-error": failing("list-error"),
  "list-unanswered": failing("list-unanswered"),
  "list-crash": failing("list-crash"),
  "nameless-in-list": failing("nameless-tool"),
  "schema-not-object": failing("schema-not-object"),
} satisfies Record<string, HazardWorld>;

/** The name of a constructed world. */
export type HazardWorldName = keyof typeof hazardWorlds;
