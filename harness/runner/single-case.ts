import fc from "fast-check";
import type { Clause } from "./clause.ts";

/**
 * `clause` narrowed to exactly one case, `value` (a committed counterexample, a hand-built world), run once
 * with no coverage plan and nothing required: what a replay by value through a whole run needs.
 */
export function singleCase<Case>(clause: Clause<Case>, value: Case): Clause<Case> {
  return { ...clause, arbitrary: () => fc.constant(value), coverage: undefined, requires: [] };
}
