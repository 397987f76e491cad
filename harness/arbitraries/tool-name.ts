import type { Arbitrary } from "fast-check";
import { fromFamilies } from "./_internals/families.ts";
import { paddedName } from "./_internals/padded-name.ts";

/** The families of wire names {@link toolName} draws from, simplest first. */
export const toolNameFamilies = ["pool", "separator", "case", "hostile", "long", "script"] as const;
/** One family of wire names: see {@link toolName}. */
export type ToolNameFamily = (typeof toolNameFamilies)[number];

/** Options of {@link toolName}. */
export interface ToolNameOptions {
  /** Families to draw from (default: all). Order does not matter: the pool, when chosen, always comes first. */
  families?: readonly ToolNameFamily[];
}

/**
 * A small shared pool: real names that real servers share (lionagi's `request`, warp's `get_logs`,
 * GitHub and Linear's `create_issue`), so two servers drawing from it often advertise the same name.
 */
export const toolNamePool = ["request", "search", "query", "call", "get_logs", "issue_refund", "create_issue"] as const;

/**
 * Names carrying the separators hosts join with, plus the bare halves they pair with: `a_b`+`c` and
 * `a`+`b_c` both join to `a_b_c`; `a_`+`b` and `a`+`_b` both to `a__b`. Last, names shaped like a host's own
 * (`__b`, `_`, `mcp__x`, `mcp__a__b`: a `{server}__{tool}` split at one `__` cannot take them).
 */
export const separatorToolNames = ["c", "b", "b_c", "b__c", "_b", "b_", "a-b", "a.b", "a/b", "a b", "__b", "_", "mcp__x", "mcp__a__b"] as const;

/** Case variants of pool names: distinct to the spec (names are case-sensitive), equal to a host that folds case. */
export const caseToolNames = ["Search", "SEARCH", "Request", "REQUEST"] as const;

/**
 * Names that break hosts: spec-legal but provider-illegal (`admin.tools.list`, `a/b`), names that collide
 * with `Object.prototype` in a host keyed by a plain object, the empty name, and one past the spec's 128.
 */
export const hostileToolNames = [
  "admin.tools.list",
  "a/b",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "valueOf",
  "",
  paddedName("tool_", 129),
] as const;

/**
 * Lengths of long names. 57, 60, 63, 64, 65, 128, 129 sit on every limit that matters (Cursor's 60
 * combined, Gemini's 63, the providers' 64, the spec's 128); 51–57 make `mcp__{key}__{tool}` land on
 * 63, 64 or 65 for the short pool keys (`a`, `b`: 8 characters of prefix; `beta`: 11; `alpha`: 12).
 */
export const longToolNameLengths = [51, 52, 53, 54, 55, 56, 57, 60, 63, 64, 65, 128, 129] as const;

/**
 * Every long name, shortest and plainest first. Past 60 characters each length also comes in two variants
 * differing only in the middle (same first 30 and last 30 characters; at 128 and 129 also the same first
 * 64), so a cut-and-keep-ends or cut-at-64 shortening maps the pair onto one name.
 */
export const longToolNames: readonly string[] = [
  ...longToolNameLengths.map((length) => paddedName("tool_", length)),
  ...[1, 2].flatMap((variant) =>
    longToolNameLengths.filter((length) => length > 60).map((length) => paddedName("tool_", length, variant)),
  ),
];

/**
 * Names outside ASCII, valid MCP names no provider accepts: Chinese, Russian, Greek, Arabic and Hebrew words and
 * an emoji; two names that differ only in their Chinese letters (`search_查询`, `search_搜索`: one name to a host
 * that drops what is not ASCII); `café` composed (U+00E9) and decomposed (e, U+0301); and the ASCII
 * transliterations `poisk` and `cafe` they may meet.
 */
export const scriptToolNames = ["查询", "поиск", "αναζήτηση", "بحث", "חיפוש", "🔍", "search_查询", "search_搜索", "caf\u00e9", "cafe\u0301", "poisk", "cafe"] as const;

const byFamily: Record<ToolNameFamily, readonly string[]> = {
  pool: toolNamePool,
  separator: separatorToolNames,
  case: caseToolNames,
  hostile: hostileToolNames,
  long: longToolNames,
  script: scriptToolNames,
};

/**
 * A tool's wire name, as a server advertises it on `tools/list`.
 * The pool is three times as likely as any other family, so duplicates across servers stay common.
 * Shrinking walks toward `request` through every name in between (the families in order, plainest
 * first), so a name another server already holds gives way to the next plain one.
 */
export function toolName(options: ToolNameOptions = {}): Arbitrary<string> {
  return fromFamilies(
    "toolName",
    toolNameFamilies,
    options.families ?? toolNameFamilies,
    (family) => byFamily[family],
    3,
  );
}
