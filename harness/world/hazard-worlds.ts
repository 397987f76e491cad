/**
 * The constructed worlds of the coverage plans: for each hazard a clause is about, the smallest world that
 * holds it, built by hand with fixed names, so every run judges the same worlds whatever the seed. Each
 * holds its hazard alone where it can (harness/world/hazards.ts), so a careful host that refuses something
 * in it can only be refusing for that hazard; variants exist where one real host refuses the plain world for
 * a reason of its own (one that refuses every duplicate) or where a bug shows only with a companion tool
 * beside the hazard (a server left partial). The names come from the hosts the catalogue cites: `a_b: c`
 * beside `a: b_c` is Mastra's and LangChain's join, `a.b` beside `a_b` Claude Code's sanitiser.
 */
import type { ServerFailure, ServerScript, UnreachableAs } from "../../fake-servers/index.ts";
import { fakeTool } from "../arbitraries/_internals/fake-tool.ts";
import { paddedName } from "../arbitraries/_internals/padded-name.ts";
import { worldBoundsBreach } from "../arbitraries/world-bounds.ts";
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
  /** Tools per tools/list page (absent: one page); with a `stuck-cursor` or `repeated-page` failure, how it pages wrongly. */
  pageSize?: number;
  /** Wire names whose calls answer a tool error (isError: true). */
  errorTools?: readonly string[];
  /** Wire names whose input schema marks a parameter with an invalid x-mcp-header (`My Region`: a space). */
  invalidHeader?: readonly string[];
  /** The page whose nextCursor is "" (see ServerScript.emptyCursor). */
  emptyCursor?: number;
  /** Over HTTP, the label of the URL it shares with the world's other servers of that label (see ServerScript.sharedUrl). */
  sharedUrl?: string;
  /** How it cannot be reached, when it cannot (see ServerScript.unreachableAs). */
  unreachableAs?: UnreachableAs;
}

/** The tool `name` of `key` with a `region` parameter whose x-mcp-header holds a space (MCP 2026-07-28: invalid). */
function badHeaderTool(key: string, name: string) {
  const tool = fakeTool(key, name);
  return { ...tool, inputSchema: { ...tool.inputSchema, properties: { probe: { type: "string" }, region: { type: "string", "x-mcp-header": "My Region" } } } };
}

function server({ key, tools, claims, failure, unreachable, listChanged, pageSize, errorTools, invalidHeader, emptyCursor, sharedUrl, unreachableAs }: WorldServer): ServerScript {
  return {
    key,
    serverInfo: { name: claims ?? key, version: "1.0.0" },
    tools: tools.map((name) => (invalidHeader?.includes(name) ? badHeaderTool(key, name) : fakeTool(key, name))),
    latency: { initialize: 0, toolsList: 0 },
    unreachable: unreachable ?? false,
    ...(failure !== undefined ? { failure } : {}),
    ...(listChanged !== undefined ? { listChanged } : {}),
    ...(pageSize !== undefined ? { pageSize } : {}),
    ...(errorTools !== undefined ? { errorTools: [...errorTools] } : {}),
    ...(emptyCursor !== undefined ? { emptyCursor } : {}),
    ...(sharedUrl !== undefined ? { sharedUrl } : {}),
    ...(unreachableAs !== undefined ? { unreachableAs } : {}),
  };
}

/** A world from `[key, tools]` pairs or whole server descriptions, in configuration order. */
export function worldOf(...servers: ReadonlyArray<readonly [string, readonly string[]] | WorldServer>): World {
  const world = { servers: servers.map((entry) => server(Array.isArray(entry) ? { key: entry[0], tools: entry[1] } : (entry as WorldServer))) };
  // A constructed world keeps the bounds a replayed one is held to (harness/arbitraries/world-bounds.ts).
  const breach = worldBoundsBreach([world]);
  if (breach) throw new RangeError(`worldOf: ${breach}`);
  return world;
}

/** Two names of 128 characters that differ only at character 65: past a cut at 64 (with or without a prefix), and in the middle. */
export const longTwins = [paddedName("tool_", 128, 1), paddedName("tool_", 128, 2)] as const;
/** A valid name of 60 characters: `mcp__{key}__{tool}` is past 64 for any key. */
export const longName = paddedName("tool_", 60);
/** A valid MCP name of 65 characters: past a provider's 64 on its own, prefixed or not (a host that shows namespaces apart shows it bare). */
export const overLongWireName = paddedName("tool_", 65);

/** `count` names `{stem}_001`, `{stem}_002` ...: many tools of one server, none meeting another server's. */
export function numberedNames(stem: string, count: number): string[] {
  return Array.from({ length: count }, (_, at) => `${stem}_${String(at + 1).padStart(3, "0")}`);
}

/** `stem_001 … stem_120` for a title. */
const span = (stem: string, count: number) => `${count} tools ${stem}_001 … ${numberedNames(stem, count).at(-1)}`;

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
  "separator-mcp-companions": {
    hazard: "separator-clash",
    title: "mcp__{key}__{tool} meets, each server with a tool of its own: a__b: c, search · a: b__c, query",
    world: worldOf(["a__b", ["c", "search"]], ["a", ["b__c", "query"]]),
  },
  "sanitising-keys": {
    hazard: "sanitising-clash",
    title: "keys that sanitise alike: store.refunds: issue_refund · store_refunds: issue_refund",
    world: worldOf(["store.refunds", ["issue_refund"]], ["store_refunds", ["issue_refund"]]),
  },
  "case-keys": { hazard: "case-clash", title: "keys equal ignoring case: Search: request · search: request", world: worldOf(["Search", ["request"]], ["search", ["request"]]) },
  "case-tools": { hazard: "case-clash", title: "names equal ignoring case: alpha: search · beta: Search", world: worldOf(["alpha", ["search"]], ["beta", ["Search"]]) },
  // Letters that fold alike (NFKD, case): distinct names to MCP, one name to a host that normalises names.
  "fold-keys": { hazard: "fold-clash", title: "keys equal once folded (full-width letters): ｓｅａｒｃｈ: request · search: request", world: worldOf(["ｓｅａｒｃｈ", ["request"]], ["search", ["request"]]) },
  "fold-tools": {
    hazard: "fold-clash",
    title: "names equal once folded (a ligature, full-width letters): alpha: ﬁle, file, ｓｅａｒｃｈ · beta: search",
    world: worldOf(["alpha", ["ﬁle", "file", "ｓｅａｒｃｈ"]], ["beta", ["search"]]),
  },
  // A server's bug the host must survive: one name listed twice (the reference refuses that server, naming it).
  "repeated-name": { hazard: "repeated-name", title: "one server lists one name twice: alpha: request, request, search · beta: query", world: worldOf(["alpha", ["request", "request", "search"]], ["beta", ["query"]]) },
  "over-length": { hazard: "over-length", title: `one name past 64 as mcp__{key}__{tool}: alpha: ${longName.length} characters · beta: search`, world: worldOf(["alpha", [longName]], ["beta", ["search"]]) },
  "long-wire-name": {
    hazard: "over-length",
    title: `a wire name of ${overLongWireName.length} characters, valid in MCP, past a provider's 64 even bare: alpha: ${overLongWireName.length} characters · beta: search`,
    world: worldOf(["alpha", [overLongWireName]], ["beta", ["search"]]),
  },
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
  // Names of Object.prototype's members are ordinary MCP names; a host keyed by a plain object takes them for taken.
  "prototype-tools": {
    hazard: "prototype-name",
    title: "tools named after Object.prototype's members: alpha: toString, constructor, __proto__ · beta: hasOwnProperty, valueOf",
    world: worldOf(["alpha", ["toString", "constructor", "__proto__"]], ["beta", ["hasOwnProperty", "valueOf"]]),
  },
  "prototype-companions": {
    hazard: "prototype-name",
    title: "a tool named toString beside one of its server's own: alpha: toString, request · beta: search",
    world: worldOf(["alpha", ["toString", "request"]], ["beta", ["search"]]),
  },
  "prototype-key": { hazard: "prototype-name", title: "a server keyed constructor: constructor: request · beta: search", world: worldOf(["constructor", ["request"]], ["beta", ["search"]]) },
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
  // Paged lists (issue 27): healthy pages a host must follow to the end, and the two broken pagers a host must
  // neither loop on nor show twice. Cursors are opaque (fake-servers/paged-list.ts).
  "paged-list": {
    hazard: "paged-list",
    title: "alpha answers tools/list in 3 pages of 2 (request, search · query, fetch · update) · beta: lookup",
    world: worldOf({ key: "alpha", tools: ["request", "search", "query", "fetch", "update"], pageSize: 2 }, ["beta", ["lookup"]]),
  },
  // Factory Droid's report (Factory-AI/factory#7): 101 tools at 50 a page, of which a host reading one page keeps 50.
  "paged-large": {
    hazard: "paged-list",
    title: `alpha answers tools/list in 3 pages of 50 (${span("request", 101)}) · beta: search`,
    world: worldOf({ key: "alpha", tools: numberedNames("request", 101), pageSize: 50 }, ["beta", ["search"]]),
  },
  "stuck-cursor": {
    hazard: "stuck-cursor",
    title: "alpha answers request, search with a nextCursor that gives the same page and the same cursor again · beta: query",
    world: worldOf({ key: "alpha", tools: ["request", "search"], failure: "stuck-cursor" }, ["beta", ["query"]]),
  },
  "repeated-page": {
    hazard: "repeated-page",
    title: "alpha answers tools/list in pages of 2 whose second repeats the first (request, search · request, search · query) · beta: lookup",
    world: worldOf({ key: "alpha", tools: ["request", "search", "query"], failure: "repeated-page", pageSize: 2 }, ["beta", ["lookup"]]),
  },
  // Past every host-wide cap reported (Cursor's 40, Windsurf's and Antigravity's 50, 100), one server past 100.
  "large-world": {
    hazard: "large-world",
    title: `160 tools in all: alpha: ${span("request", 120)} · beta: ${span("search", 30)} · gamma: ${span("query", 10)}`,
    world: worldOf(["alpha", numberedNames("request", 120)], ["beta", numberedNames("search", 30)], ["gamma", numberedNames("query", 10)]),
  },
} satisfies Record<string, HazardWorld>;

/** The name of a constructed world. */
export type HazardWorldName = keyof typeof hazardWorlds;
