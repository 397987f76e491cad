import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import { decodeLehmer } from "./_internals/lehmer.ts";

/**
 * A reordering not yet tied to a list: a Lehmer code that {@link reorder} applies to any list. It lets a
 * property draw a world and its order side by side in one `fc.record`, instead of deriving the order from
 * the world with `chain`, which regenerates the order whenever the world shrinks.
 */
export type Ordering = readonly number[];

/** Options of {@link ordering}. */
export interface OrderingOptions {
  /** Longest list the ordering is meant for (default 8): beyond it, later items keep their order. */
  maxLength?: number;
}

/**
 * A reordering for lists of up to `maxLength` items. Shrinks toward the identity (shorter codes, smaller
 * digits: a missing digit is 0).
 */
export function ordering(options: OrderingOptions = {}): Arbitrary<Ordering> {
  const maxLength = options.maxLength ?? 8;
  return fc.array(fc.nat({ max: Math.max(0, maxLength - 1) }), { maxLength });
}

/**
 * `items` reordered by `order`: digit i picks, among the items not placed yet, the one at index `digit`
 * (the last one when `digit` is past the end).
 */
export function reorder<T>(items: readonly T[], order: Ordering): T[] {
  return decodeLehmer(items, order);
}
