import type { Arbitrary } from "fast-check";
import { weightedPick } from "./weighted-pick.ts";

/**
 * One value out of named families, taken in the canonical order of `all` whatever order the caller
 * listed them in: the first family is the most frequent (weight `firstWeight`, the others 1) and, since
 * shrinking walks toward the front, where a counterexample goes, so the plain family must come first.
 */
export function fromFamilies<F extends string, T>(
  label: string,
  all: readonly F[],
  chosen: readonly F[],
  valuesOf: (family: F) => readonly T[],
  firstWeight: number,
): Arbitrary<T> {
  for (const family of chosen) {
    if (!all.includes(family)) throw new RangeError(`${label}: unknown family ${JSON.stringify(family)}`);
  }
  const ordered = all.filter((family) => chosen.includes(family));
  if (ordered.length === 0) throw new RangeError(`${label}: at least one family is needed`);
  return weightedPick(
    ordered.map((family, index) => ({ values: valuesOf(family), weight: index === 0 ? firstWeight : 1 })),
  );
}
