/**
 * A clause's random exploration, after its constructed cases (run-clause.ts runs those first, every one): one
 * fast-check run whose `examples` are the constructed cases, passed at once since they ran already, so a
 * path counts them first (constructed case i is path `i`, random ones after) and replays either kind; it
 * stops at the first random case that fails or breaks, and shrinks a violation to its smallest case (a
 * broken candidate counts as no counterexample: never shrink toward a broken host). With a path, it runs
 * exactly the case the path names.
 */
import fc from "fast-check";
import type { CaseRun, CaseRunner } from "./case-runner.ts";
import type { FoundCase } from "./clause-findings.ts";
import type { Clause, ClauseEnvironment } from "./clause.ts";
import type { ClauseRunOptions } from "./run-clause.ts";

/** A violation, thrown to fast-check so it shrinks the case. */
class Violation extends Error {}

/** Why cases from `from` (an index) on could not run: no working host could be had for them. */
export interface Unrun {
  from: number;
  error: unknown;
}

/** What the random exploration (or a replay by path) came to. */
export interface Explored {
  found?: FoundCase;
  shrinks: number;
  unrun?: Unrun;
  /** fast-check failed for no case of ours (the arbitrary threw ...). */
  harness?: string;
}

/**
 * The random cases of `clause` after `examples` (its constructed cases, already run), or with a path the one
 * case it names (`replayed`: its first step); `count` hears of each case run (shrinking candidates aside).
 */
export async function exploreRandom(
  clause: Clause, env: ClauseEnvironment, options: ClauseRunOptions, examples: readonly unknown[], runner: CaseRunner,
  replayed: number | undefined, count: (value: unknown, run: CaseRun) => void,
): Promise<Explored> {
  let skipped = replayed === undefined ? 0 : examples.length;
  let next = examples.length;
  let failing: Omit<FoundCase, "path"> | undefined;
  let stopped = false;
  let unrun: Unrun | undefined;
  let shrinks = 0;
  /** When shrinking began, and whether it stopped at the budget. */
  let shrinkStarted: number | undefined;
  let shrinkStopped = false;
  const predicate = async (value: unknown): Promise<boolean> => {
    if (stopped) return true;
    const generating = failing === undefined;
    if (generating && skipped < examples.length) {
      skipped++;
      return true;
    }
    if (!generating && options.shrinkBudgetMs !== undefined) {
      shrinkStarted ??= performance.now();
      // Every further candidate counts as no counterexample, so fast-check ends at the smallest found so far.
      if (performance.now() - shrinkStarted > options.shrinkBudgetMs) {
        shrinkStopped = true;
        return true;
      }
    }
    // A replayed path runs one case, the one its first step names.
    const index = !generating ? failing!.index : replayed ?? next++;
    if (!generating) shrinks++;
    let run: CaseRun;
    try {
      run = await runner.run(index, value, generating && replayed === undefined);
    } catch (error) {
      stopped = true;
      if (generating) unrun = { from: index, error };
      return true;
    }
    if (generating) count(value, run);
    if (run.kind === "held") return true;
    if (run.kind === "broke") {
      if (!generating) return true; // never shrink toward a broken host
      stopped = true;
    }
    failing = { index, value, run };
    throw new Violation();
  };
  const details = await fc.check(fc.asyncProperty(clause.arbitrary(env), predicate), {
    seed: options.seed,
    numRuns: examples.length + options.runs,
    examples: examples.map((value) => [value] as [unknown]),
    path: options.path,
    endOnFailure: options.shrink === false,
  });
  if (failing) {
    const path = details.counterexamplePath ?? undefined;
    return { found: { ...failing, ...(path !== undefined ? { path } : {}), shrinks, ...(shrinkStopped ? { shrinkStoppedAt: options.shrinkBudgetMs } : {}) }, shrinks, unrun };
  }
  if (details.failed) {
    return { shrinks, unrun, harness: details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance) };
  }
  return { shrinks, unrun };
}
