import type { Arbitrary } from "fast-check";
import { fromFamilies } from "./_internals/families.ts";
import { paddedName } from "./_internals/padded-name.ts";

/** The families of configuration keys {@link serverKey} draws from, simplest first. */
export const serverKeyFamilies = ["pool", "separator", "case", "long", "empty"] as const;
/** One family of configuration keys: see {@link serverKey}. */
export type ServerKeyFamily = (typeof serverKeyFamilies)[number];

/** Options of {@link serverKey}. */
export interface ServerKeyOptions {
  /**
   * Families to draw from (default: every family but `empty`, since a configuration with an empty key is
   * a separate, rarer question). Order does not matter: the pool, when chosen, always comes first.
   */
  families?: readonly ServerKeyFamily[];
}

/** Plain keys. Six, so a world of up to six servers can draw every key from the pool alone. */
export const serverKeyPool = ["alpha", "beta", "gamma", "delta", "a", "b"] as const;

/**
 * Keys built to collide: `a_b`, `a__b` and `a_` pair with the pool's `a` under a naive join; the `store`
 * keys sanitise to one label (`.` and space become `_`, and `-` too for a host that keeps only `[a-z0-9]`).
 */
export const separatorServerKeys = [
  "a_b",
  "a__b",
  "a_",
  "a-b",
  "a.b",
  "store.refunds",
  "store_refunds",
  "store refunds",
  "store-refunds",
  "store/refunds",
] as const;

/** Keys equal ignoring case: to each other and to pool keys. */
export const caseServerKeys = ["Search", "search", "Alpha", "ALPHA"] as const;

/**
 * Lengths of long keys. With pool tool names (4 to 12 characters) and `mcp__`…`__` (7), keys of 44–46 and
 * 50–53 put `mcp__{key}__{tool}` on 63, 64 or 65; 57–129 sit on the limits themselves.
 */
export const longServerKeyLengths = [44, 45, 46, 50, 51, 52, 53, 57, 60, 63, 64, 65, 128, 129] as const;

/**
 * Every long key, shortest first; past 60 characters also a variant differing only in the middle, so two
 * servers can have distinct keys that a shortened prefix makes equal.
 */
export const longServerKeys: readonly string[] = [
  ...longServerKeyLengths.map((length) => paddedName("server_", length)),
  ...longServerKeyLengths.filter((length) => length > 60).map((length) => paddedName("server_", length, 1)),
];

const byFamily: Record<ServerKeyFamily, readonly string[]> = {
  pool: serverKeyPool,
  separator: separatorServerKeys,
  case: caseServerKeys,
  long: longServerKeys,
  empty: [""],
};

/**
 * A server's configuration key: the label the operator chose, which a host must name and route by.
 * The pool is three times as likely as any other family. Shrinking walks toward `alpha` through every key
 * in between, so in a world where `alpha` is taken a key still shrinks to `beta`.
 */
export function serverKey(options: ServerKeyOptions = {}): Arbitrary<string> {
  return fromFamilies(
    "serverKey",
    serverKeyFamilies,
    options.families ?? serverKeyFamilies.filter((family) => family !== "empty"),
    (family) => byFamily[family],
    3,
  );
}
