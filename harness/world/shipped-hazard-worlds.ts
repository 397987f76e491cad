/**
 * Constructed worlds for the hazard classes hosts kept shipping after the first catalogue (issue 40), beside
 * hazard-worlds.ts and built the same way: each the smallest world that holds its hazard, with fixed names.
 * - An empty-string cursor: "an empty string is a valid cursor and thus MUST NOT be treated as the end of
 *   results" (MCP 2026-07-28 pagination); fastmcp's `Client.list_tools` (PrefectHQ/fastmcp#5025) and the MCPJam
 *   inspector (PR#4462) stopped there, page 1 shown as the whole list.
 * - Names outside ASCII: CJK, Cyrillic, Greek, Arabic, Hebrew and emoji names, two names of one server that differ
 *   only in their non-ASCII letters (Cherry Studio 1.3.12 gave every all-Chinese name one id, CherryHQ/cherry-studio
 *   #6547), a name beside its ASCII transliteration, one name composed (NFC) and decomposed (NFD). A provider
 *   refuses them all, so a careful host refuses their server by name; one that shows them must keep them apart.
 * - Names shaped like a host's own: `__b`, `_`, `mcp__x`, `mcp__a__b` (a `__IMPORTANT` tool took its whole server
 *   out of the Grok Build CLI, thedotmack/claude-mem#3288; `mcp__getDsl` was skipped without a word,
 *   mastergo-design/mastergo-magic-mcp#115), apart from Object.prototype's `__proto__` (prototype-tools).
 * - Unreachable as real servers are, not only as a 404 from a live listener: a closed port (connection refused), a
 *   connection reset while the host awaits its answer, a server that accepts and never speaks; a command that
 *   exits at once, or closes its stdout and runs on. The MCP Python SDK's ClientSessionGroup let a refused or
 *   dropped connection cancel the servers after it (modelcontextprotocol/python-sdk#915).
 * - Servers told apart by their target: one URL configured under two keys with other headers (two accounts),
 *   which a host that identifies servers by URL or origin takes for one (CherryHQ/cherry-studio#11865,
 *   jonigl/mcp-client-for-ollama PR#284).
 */
import { paddedName } from "../arbitraries/_internals/padded-name.ts";
import type { UnreachableAs } from "../../fake-servers/index.ts";
import { worldOf, type HazardWorld } from "./hazard-worlds.ts";

/** The names of {@link nonAsciiTools}: one word in each script, and an emoji. */
const scripts = ["查询", "поиск", "αναζήτηση", "بحث", "חיפוש", "🔍"] as const;
/** `café` composed (U+00E9) and decomposed (e, U+0301): two names to MCP that render alike. */
const [composed, decomposed] = ["caf\u00e9", "cafe\u0301"] as const;

/** alpha (request) unreachable as `mode`, said in `how`, beside beta: search. */
function unreachableAs(mode: UnreachableAs, how: string): HazardWorld {
  return {
    hazard: "unreachable-server",
    title: `alpha (request) ${how}, over ${mode === "exits" || mode === "stdout-closed" ? "stdio" : "HTTP"} · beta: search`,
    world: worldOf({ key: "alpha", tools: ["request"], unreachable: true, unreachableAs: mode }, ["beta", ["search"]]),
  };
}

/** Every constructed world of issue 40's hazards by name. */
export const shippedHazardWorlds = {
  "empty-cursor-first": {
    hazard: "paged-list",
    title: "alpha answers tools/list in 3 pages of 2 whose first nextCursor is \"\" (request, search · query, fetch · update) · beta: lookup",
    world: worldOf({ key: "alpha", tools: ["request", "search", "query", "fetch", "update"], pageSize: 2, emptyCursor: 1 }, ["beta", ["lookup"]]),
  },
  "empty-cursor-last": {
    hazard: "paged-list",
    title: "alpha answers tools/list in 3 pages of 2 whose last cursor, page 2's nextCursor, is \"\" (request, search · query, fetch · update) · beta: lookup",
    world: worldOf({ key: "alpha", tools: ["request", "search", "query", "fetch", "update"], pageSize: 2, emptyCursor: 2 }, ["beta", ["lookup"]]),
  },
  "stuck-empty-cursor": {
    hazard: "stuck-cursor",
    title: "alpha answers request, search with the nextCursor \"\", which gives the same page and \"\" again · beta: query",
    world: worldOf({ key: "alpha", tools: ["request", "search"], failure: "stuck-cursor", emptyCursor: 1 }, ["beta", ["query"]]),
  },
  "list-crash-empty-cursor": {
    hazard: "list-crash",
    title: "alpha (request, search) answers page 1 with the nextCursor \"\" and dies when asked for it · beta: query",
    world: worldOf({ key: "alpha", tools: ["request", "search"], failure: "list-crash", emptyCursor: 1 }, ["beta", ["query"]]),
  },
  "non-ascii-tools": {
    hazard: "provider-invalid-name",
    title: `names in six scripts, alike once their non-ASCII letters are dropped: alpha: ${scripts.join(", ")} (Chinese, Russian, Greek, Arabic, Hebrew, an emoji) · beta: search`,
    world: worldOf(["alpha", scripts], ["beta", ["search"]]),
  },
  "non-ascii-twins": {
    hazard: "provider-invalid-name",
    title: "two names of one server that differ only in their non-ASCII letters, beside request: alpha: search_查询, search_搜索, request · beta: query",
    world: worldOf(["alpha", ["search_查询", "search_搜索", "request"]], ["beta", ["query"]]),
  },
  "transliterated": {
    hazard: "provider-invalid-name",
    title: "names beside their ASCII transliterations: alpha: поиск, poisk, café, cafe · beta: search",
    world: worldOf(["alpha", ["поиск", "poisk", composed, "cafe"]], ["beta", ["search"]]),
  },
  "nfc-nfd": {
    hazard: "provider-invalid-name",
    title: "one name composed and decomposed, alike on screen: alpha: café (NFC: U+00E9), café (NFD: e, U+0301), request · beta: search",
    world: worldOf(["alpha", [composed, decomposed, "request"]], ["beta", ["search"]]),
  },
  "reserved-tools": {
    hazard: "reserved-name",
    title: "names shaped like a host's own, beside request: alpha: __b, _, mcp__x, mcp__a__b, request · beta: search",
    world: worldOf(["alpha", ["__b", "_", "mcp__x", "mcp__a__b", "request"]], ["beta", ["search"]]),
  },
  // Unreachable as real servers are (issue 40): each beside a healthy server, over the transport it is made for.
  "unreachable-refused": unreachableAs("refused", "cannot be reached: its port is closed (connection refused)"),
  "unreachable-reset": unreachableAs("reset", "resets the connection while the host awaits its answer"),
  "unreachable-silent": unreachableAs("silent", "accepts the connection and never speaks"),
  "unreachable-exits": unreachableAs("exits", "is a command that exits at once"),
  "unreachable-stdout-closed": unreachableAs("stdout-closed", "is a command that closes its stdout at once and keeps running"),
  // A name shaped like a host's own that no profile can show under any key: it must be refused with an error.
  "reserved-over-length": {
    hazard: "over-length",
    title: "a name shaped like a host's own and too long to show as mcp__{key}__{tool}: alpha: mcp__xxx… (60 characters), request · beta: search",
    world: worldOf(["alpha", [paddedName("mcp__", 60), "request"]], ["beta", ["search"]]),
  },
  // Over HTTP every fake server is a path under one origin; these two share the URL too, apart only in headers.
  "one-url-two-keys": {
    hazard: "multi-server",
    title: "one URL under two keys, told apart only by their Authorization headers: alpha: request · beta: search",
    world: worldOf({ key: "alpha", tools: ["request"], sharedUrl: "one" }, { key: "beta", tools: ["search"], sharedUrl: "one" }),
  },
} satisfies Record<string, HazardWorld>;

/** The name of one of issue 40's constructed worlds. */
export type ShippedHazardWorldName = keyof typeof shippedHazardWorlds;
