import * as fc from "fast-check";
import type { Arbitrary, Random, Stream } from "fast-check";

/** Values that share one weight: each group is drawn as a whole, then one value inside it. */
export interface WeightedGroup<T> {
  values: readonly T[];
  weight: number;
}

/**
 * An index into the concatenated groups: drawn group by weight, shrunk over the whole range toward 0.
 * `fc.oneof` over the groups would shrink only inside the group a value came from (cross-shrinking offers
 * one random value of the first group, useless when that value is already taken by a unique array), so a
 * long key that could be `beta` would stay long. Here every index below the current one is a candidate.
 */
class WeightedIndexArbitrary extends fc.Arbitrary<number> {
  private readonly pick: Arbitrary<number>;
  private readonly whole: Arbitrary<number>;

  constructor(sizes: readonly number[], weights: readonly number[]) {
    super();
    const starts = sizes.map((_, index) => sizes.slice(0, index).reduce((sum, size) => sum + size, 0));
    this.pick = fc.oneof(
      ...sizes.map((size, index) => ({
        arbitrary: fc.integer({ min: starts[index] as number, max: (starts[index] as number) + size - 1 }),
        weight: weights[index] as number,
      })),
    );
    this.whole = fc.integer({ min: 0, max: sizes.reduce((sum, size) => sum + size, 0) - 1 });
  }

  generate(mrng: Random, biasFactor: number | undefined): fc.Value<number> {
    // Drop the group's context: from here on the index shrinks as one integer over every group.
    return new fc.Value(this.pick.generate(mrng, biasFactor).value, undefined);
  }

  canShrinkWithoutContext(value: unknown): value is number {
    return this.whole.canShrinkWithoutContext(value);
  }

  shrink(value: number, context: unknown): Stream<fc.Value<number>> {
    return this.whole.shrink(value, context);
  }
}

/**
 * One value out of weighted groups (empty groups are skipped). Generation honours the weights; shrinking
 * walks toward the first value of the first group through every value in between, plainest first.
 */
export function weightedPick<T>(groups: readonly WeightedGroup<T>[]): Arbitrary<T> {
  const kept = groups.filter((group) => group.values.length > 0 && group.weight > 0);
  if (kept.length === 0) throw new RangeError("weightedPick: no values to pick from");
  const values = kept.flatMap((group) => group.values);
  return new WeightedIndexArbitrary(
    kept.map((group) => group.values.length),
    kept.map((group) => group.weight),
  ).map((index) => values[index] as T);
}
