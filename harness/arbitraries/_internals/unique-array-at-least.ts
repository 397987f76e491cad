import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";

/**
 * A unique array of at least `minLength` items. The array itself is drawn from length 0 and filtered:
 * fast-check shrinks an array by dropping leading items or by keeping the head and shrinking the tail
 * within the same length bounds, so with a lower bound of `minLength` it can never drop the last of the
 * first `minLength + 1` items (a world `[A, B, C]` whose collision is A–B would stay at three servers).
 * The filter also covers a unique array falling short when its source is nearly exhausted (it gives up
 * after too many repeats in a row), e.g. six servers asked of six pool keys.
 */
export function uniqueArrayAtLeast<T, U>(
  arbitrary: Arbitrary<T>,
  bounds: { minLength: number; maxLength: number; selector?: (value: T) => U },
): Arbitrary<T[]> {
  const array = fc.uniqueArray(arbitrary, { ...bounds, minLength: 0 });
  return bounds.minLength === 0 ? array : array.filter((items) => items.length >= bounds.minLength);
}
