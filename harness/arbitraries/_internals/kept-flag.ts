import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";

/**
 * Always `true` when generated; shrinks to `false`. Marks a part of a hand-built world as kept, so
 * shrinking can drop parts that generation always includes. Draws nothing from the random source, so
 * adding it leaves every other generated value, and so every verdict, exactly as it was.
 */
class KeptFlag extends fc.Arbitrary<boolean> {
  generate(): fc.Value<boolean> {
    return new fc.Value(true, undefined);
  }
  canShrinkWithoutContext(value: unknown): value is boolean {
    return typeof value === "boolean";
  }
  shrink(value: boolean): fc.Stream<fc.Value<boolean>> {
    return value ? fc.Stream.of(new fc.Value(false, undefined)) : fc.Stream.nil();
  }
}

/** `count` kept flags as a fixed tuple: one per part, shrunk in place (never shifted onto a neighbour). */
export function keptFlags(count: number): Arbitrary<boolean[]> {
  return fc.tuple(...Array.from({ length: count }, () => new KeptFlag()));
}
