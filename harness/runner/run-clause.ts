/**
 * Runs one clause as a fast-check property and turns the outcome into a truthful verdict:
 * - a violation is shrunk to the smallest case, and the seed and path replay exactly that case;
 * - an adapter that crashes, hangs or answers garbage earns ERROR: the case is never shrunk as if it were a
 *   failure (during shrinking an erroring candidate counts as "not a counterexample"), and no clause passes
 *   on missing evidence;
 * - a pass whose required situations never arose is INCONCLUSIVE. `runs` cases always run; when a
 *   required situation a world can show is still missing after them, up to TOP_UP_DRAWS x `runs` more
 *   cases are drawn, and only those whose worlds show a missing situation are run. A rare situation then
 *   costs a few cases instead of an INCONCLUSIVE verdict on an unlucky seed; the draws follow the seed,
 *   so the same seed still gives the same report, and a path replays any of them.
 */
import fc from "fast-check";
import { isAdapterError } from "../adapter/adapter-error.ts";
import type { ClauseReport } from "../report/report-model.ts";
import { SituationSchema, situationsOf } from "../world/situations.ts";
import type { Clause, ClauseEnvironment, CheckOutcome } from "./clause.ts";
import { counterexampleOf } from "./counterexample.ts";

/** How one clause is run. */
export interface ClauseRunOptions {
  seed: number;
  runs: number;
  /** A fast-check path: replay exactly that case (from a report). */
  path?: string;
  /** Longest one case may take before it counts as a hang, in ms. */
  caseTimeoutMs: number;
  /** Called when the adapter broke, before the next case; returns once a fresh one is ready. */
  recover(): Promise<void>;
  /** Tail of the adapter's stderr, for errors. */
  stderrTail(): string;
}

/** Extra draws, as a multiple of `runs`, allowed to find required situations the first `runs` missed. */
const TOP_UP_DRAWS = 3;

class Violation extends Error {
  constructor(readonly outcome: Extract<CheckOutcome, { ok: false }>) {
    super(`${outcome.expected} / ${outcome.observed}`);
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} took longer than ${ms} ms`), { hang: true })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Runs `clause` against the host in `env`. */
export async function runClause(clause: Clause, env: ClauseEnvironment, options: ClauseRunOptions): Promise<ClauseReport> {
  const started = performance.now();
  const base = { id: clause.id, level: clause.level, summary: clause.summary, sources: clause.sources, seed: options.seed };
  const skip = clause.notApplicable?.(env);
  if (skip) {
    return { ...base, status: "not-applicable", reason: skip, cases: 0, shrinks: 0, situations: {}, durationMs: 0 };
  }
  const situations: Record<string, number> = {};
  let cases = 0;
  let shrinks = 0;
  let failing: { value: unknown; outcome: Extract<CheckOutcome, { ok: false }> } | undefined;
  let broken: { value: unknown; error: unknown; stderrTail: string } | undefined;
  let needsRecovery = false;

  const worldSituations = new Set<string>(SituationSchema.options);
  const draws = options.runs * (1 + TOP_UP_DRAWS);
  /** After `runs` cases: whether this drawn value could bring a required situation still missing. */
  const worthTopUp = (value: unknown): boolean => {
    const missing = clause.requires.filter((situation) => !situations[situation]);
    if (missing.length === 0) return false;
    const shown = new Set(clause.worlds(value).flatMap(situationsOf));
    // A situation no world shows (one a check exercises, such as a refresh onto another server's name) can
    // only arise by running the case, so such a draw is run too (soak seed 631659305: refresh-tracks-list).
    return missing.some((situation) => !worldSituations.has(situation) || shown.has(situation as never));
  };

  const predicate = async (value: unknown): Promise<boolean> => {
    if (broken) return true;
    const generating = failing === undefined;
    if (generating && cases >= options.runs) {
      if (!worthTopUp(value)) return true; // drawn but not run: it cannot change the verdict's evidence
    }
    if (generating) cases++;
    else shrinks++;
    if (needsRecovery) {
      await options.recover();
      needsRecovery = false;
    }
    let outcome: CheckOutcome;
    try {
      outcome = await withTimeout(clause.check(env, value), options.caseTimeoutMs, `one case of ${clause.id}`);
    } catch (error) {
      needsRecovery = true;
      if (!generating) return true; // never shrink toward a broken host
      broken = { value, error, stderrTail: options.stderrTail() };
      throw error;
    }
    if (generating) {
      const seen = new Set([...clause.worlds(value).flatMap(situationsOf), ...(outcome.exercised ?? [])]);
      for (const situation of seen) situations[situation] = (situations[situation] ?? 0) + 1;
    }
    if (outcome.ok) return true;
    failing = { value, outcome };
    throw new Violation(outcome);
  };

  const arbitrary = clause.arbitrary(env);
  let details: fc.RunDetails<[unknown]>;
  try {
    details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
      seed: options.seed,
      numRuns: draws,
      path: options.path,
      endOnFailure: false,
    });
  } catch (error) {
    // fast-check refuses a path its generators can no longer follow: the suites changed since the report.
    const message = error instanceof Error ? error.message : String(error);
    if (!options.path || !/replay/i.test(message)) throw error;
    const reason = `seed ${options.seed} and path ${options.path} no longer lead to a case of ${clause.id} (the suites changed since that report was written); replay the case by value with: mcp-collide repro REPORT.json --clause ${clause.id}`;
    return { ...base, status: "error", reason, cases: 0, shrinks: 0, situations: {}, durationMs: 0, error: { kind: "harness", message: reason, stderrTail: "" } };
  }
  const durationMs = Math.round(performance.now() - started);
  const common = { ...base, cases, shrinks, situations, durationMs };

  if (broken) {
    const error = broken.error;
    const kind = isAdapterError(error) ? error.kind : (error as { hang?: boolean }).hang ? "timeout" : "harness";
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...common,
      status: "error",
      reason: `the host broke (${kind}): ${message}`,
      path: details.counterexamplePath ?? undefined,
      counterexample: counterexampleOf(clause.worlds(broken.value), broken.value),
      error: { kind, message, stderrTail: isAdapterError(error) ? error.stderrTail || broken.stderrTail : broken.stderrTail },
    };
  }
  if (details.failed && failing) {
    return {
      ...common,
      status: clause.level === "MUST" ? "fail" : "warn",
      reason: `violated after ${cases} case(s); shrunk in ${shrinks} step(s)`,
      path: details.counterexamplePath ?? undefined,
      counterexample: counterexampleOf(clause.worlds(failing.value), failing.value),
      expected: failing.outcome.expected,
      observed: failing.outcome.observed,
    };
  }
  if (details.failed) {
    const message = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    return { ...common, status: "error", reason: `the harness broke: ${message}`, error: { kind: "harness", message, stderrTail: "" } };
  }
  const missing = options.path ? [] : clause.requires.filter((situation) => !situations[situation]);
  if (missing.length > 0) {
    return { ...common, status: "inconclusive", reason: `held in ${cases} case(s), but these situations never arose (in ${draws} drawn): ${missing.join(", ")}` };
  }
  // Every case past `runs` was a top-up (a replayed path runs one case, never more than `runs`).
  const toppedUp = cases > options.runs ? ` (${options.runs} + ${cases - options.runs} drawn until every required situation arose)` : "";
  return { ...common, status: "pass", reason: `held in ${cases} case(s)${toppedUp}` };
}
