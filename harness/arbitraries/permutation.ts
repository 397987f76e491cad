import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import { decodeLehmer } from "./_internals/lehmer.ts";

/**
 * A permutation of `items`, every one equally likely. It is drawn as a Lehmer code (digit i picks among
 * the n - i items not placed yet), so shrinking each digit toward 0 walks back to the original order.
 */
export function permutation<T>(items: readonly T[]): Arbitrary<T[]> {
  const digits = items.map((_, index) => fc.nat({ max: items.length - 1 - index }));
  return fc.tuple(...digits).map((code) => decodeLehmer(items, code));
}
