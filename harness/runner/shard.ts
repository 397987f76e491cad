/**
 * Sharding for CI matrices: `--shard i/n` takes every n-th clause of the catalogue-ordered selection,
 * starting at the i-th (1-based). Deterministic, disjoint, and together the shards cover the selection.
 */
import type { Clause } from "./clause.ts";

/** A shard: index from 1 to count. */
export interface Shard {
  index: number;
  count: number;
}

/** Parses `i/n` with 1 <= i <= n; throws a readable message otherwise. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) throw new Error(`--shard takes i/n with 1 <= i <= n, such as 2/4 (got "${text}")`);
  return { index, count };
}

/** The clauses of `shard`, in their order. */
export function shardOf<T extends Pick<Clause, "id">>(clauses: readonly T[], shard: Shard): T[] {
  return clauses.filter((_, position) => position % shard.count === shard.index - 1);
}
