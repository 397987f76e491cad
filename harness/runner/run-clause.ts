/**
 * Runs one clause as a fast-check property and turns the outcome into a truthful verdict:
 * - a violation is shrunk to the smallest case, and the seed and path replay exactly that case; its
 *   evidence (the requests made, the host's answers, what each server received) goes in the report;
 * - an adapter that crashes, hangs or answers garbage earns ERROR: the case is never shrunk as if it were a
 *   failure (during shrinking an erroring candidate counts as "not a counterexample"), and no clause passes
 *   on missing evidence;
 * - a pass needs every required situation judged, not merely drawn: a case counts for a situation only
 *   when its check says it judged it (see CheckOutcome). `runs` cases always run; while a required
 *   situation is still unjudged after them, up to TOP_UP_DRAWS x `runs` more cases are drawn, and only
 *   those that can bring it are run: a world showing it while it never arose; once it arose only in cases
 *   that could not judge it, a world holding it alone (harness/world/hazards.ts); every draw while it is one
 *   only running a case can show. Else the verdict is INCONCLUSIVE, and the reason says which situations
 *   arose unjudged and which never arose. The draws follow the seed, so the same seed gives the same
 *   report, and a path replays any of them.
 */
import fc from "fast-check";
import { isAdapterError } from "../adapter/adapter-error.ts";
import type { ClauseReport } from "../report/report-model.ts";
import { holdsAlone } from "../world/hazards.ts";
import { SituationSchema, situationsOf, type Situation } from "../world/situations.ts";
import { CaseTranscript } from "./case-transcript.ts";
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
  /** Shrink a violation to its smallest case (default true); false stops at the first one (detection only). */
  shrink?: boolean;
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
    return { ...base, status: "not-applicable", reason: skip, cases: 0, shrinks: 0, situations: {}, judged: {}, durationMs: 0 };
  }
  const situations: Record<string, number> = {};
  const judged: Record<string, number> = {};
  /** Per situation: the top-up cases run because their world held it alone. */
  const aloneRuns: Record<string, number> = {};
  /** Situations first judged in a top-up case whose world held them alone. */
  const judgedAlone = new Set<string>();
  let cases = 0;
  let shrinks = 0;
  let failing: { value: unknown; outcome: Extract<CheckOutcome, { ok: false }>; transcript: CaseTranscript } | undefined;
  let broken: { value: unknown; error: unknown; stderrTail: string; transcript: CaseTranscript } | undefined;
  let needsRecovery = false;

  const worldSituations = new Set<string>(SituationSchema.options);
  const draws = options.runs * (1 + TOP_UP_DRAWS);
  const unjudged = () => clause.requires.filter((situation) => !judged[situation]);
  /** After `runs` cases: the unjudged required situations this drawn value is run for (none: not run). */
  const topUpAims = (value: unknown): { aims: string[]; alone: string[] } => {
    const aims: string[] = [];
    const alone: string[] = [];
    const worlds = clause.worlds(value);
    const shown = new Set<string>(worlds.flatMap(situationsOf));
    for (const situation of unjudged()) {
      // A situation no world shows (one a check meets, such as a refresh onto another server's name) can
      // only arise by running the case, so such a draw is run too (soak seed 631659305: refresh-tracks-list).
      if (!worldSituations.has(situation)) aims.push(situation);
      else if (!shown.has(situation)) continue;
      else if (!situations[situation]) aims.push(situation);
      // It arose, but only where something else could explain what the host did: only a world holding it
      // alone can judge it now.
      else if (worlds.some((world) => holdsAlone(world, situation as Situation))) {
        aims.push(situation);
        alone.push(situation);
      }
    }
    return { aims, alone };
  };

  const predicate = async (value: unknown): Promise<boolean> => {
    if (broken) return true;
    const generating = failing === undefined;
    let alone: string[] = [];
    if (generating && cases >= options.runs) {
      const topUp = topUpAims(value);
      if (topUp.aims.length === 0) return true; // drawn but not run: it cannot change the verdict's evidence
      alone = topUp.alone;
    }
    if (generating) cases++;
    else shrinks++;
    if (needsRecovery) {
      await options.recover();
      needsRecovery = false;
    }
    const transcript = new CaseTranscript();
    let outcome: CheckOutcome;
    try {
      outcome = await withTimeout(clause.check(transcript.environment(env), value), options.caseTimeoutMs, `one case of ${clause.id}`);
    } catch (error) {
      needsRecovery = true;
      if (!generating) return true; // never shrink toward a broken host
      broken = { value, error, stderrTail: options.stderrTail(), transcript };
      throw error;
    }
    if (generating) {
      for (const situation of alone) aloneRuns[situation] = (aloneRuns[situation] ?? 0) + 1;
      const sawJudged = new Set(outcome.judged ?? []);
      const met = new Set([...clause.worlds(value).flatMap(situationsOf), ...sawJudged, ...(outcome.arose ?? [])]);
      for (const situation of met) situations[situation] = (situations[situation] ?? 0) + 1;
      for (const situation of sawJudged) {
        if (!judged[situation] && alone.includes(situation)) judgedAlone.add(situation);
        judged[situation] = (judged[situation] ?? 0) + 1;
      }
    }
    if (outcome.ok) return true;
    failing = { value, outcome, transcript };
    throw new Violation(outcome);
  };

  const arbitrary = clause.arbitrary(env);
  let details: fc.RunDetails<[unknown]>;
  try {
    details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
      seed: options.seed,
      numRuns: draws,
      path: options.path,
      endOnFailure: options.shrink === false,
    });
  } catch (error) {
    // fast-check refuses a path its generators can no longer follow: the suites changed since the report.
    const message = error instanceof Error ? error.message : String(error);
    if (!options.path || !/replay/i.test(message)) throw error;
    const reason = `seed ${options.seed} and path ${options.path} no longer lead to a case of ${clause.id} (the suites changed since that report was written); replay the case by value with: mcp-collide repro REPORT.json --clause ${clause.id}`;
    return { ...base, status: "error", reason, cases: 0, shrinks: 0, situations: {}, judged: {}, durationMs: 0, error: { kind: "harness", message: reason, stderrTail: "" } };
  }
  const durationMs = Math.round(performance.now() - started);
  const common = { ...base, cases, shrinks, situations, judged, ...(Object.keys(aloneRuns).length > 0 ? { alone: aloneRuns } : {}), durationMs };

  if (broken) {
    const error = broken.error;
    const kind = isAdapterError(error) ? error.kind : (error as { hang?: boolean }).hang ? "timeout" : "harness";
    const message = error instanceof Error ? error.message : String(error);
    return {
      ...common,
      status: "error",
      reason: `the host broke (${kind}): ${message}`,
      path: details.counterexamplePath ?? undefined,
      counterexample: counterexampleOf(clause, broken.value),
      error: { kind, message, stderrTail: isAdapterError(error) ? error.stderrTail || broken.stderrTail : broken.stderrTail },
      evidence: broken.transcript.evidence(),
    };
  }
  if (details.failed && failing) {
    return {
      ...common,
      status: clause.level === "MUST" ? "fail" : "warn",
      reason: `violated after ${cases} case(s); shrunk in ${shrinks} step(s)`,
      path: details.counterexamplePath ?? undefined,
      counterexample: counterexampleOf(clause, failing.value),
      expected: failing.outcome.expected,
      observed: failing.outcome.observed,
      ...(failing.outcome.comparison ? { comparison: failing.outcome.comparison } : {}),
      evidence: failing.transcript.evidence(),
    };
  }
  if (details.failed) {
    const message = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    return { ...common, status: "error", reason: `the harness broke: ${message}`, error: { kind: "harness", message, stderrTail: "" } };
  }
  const missing = options.path ? [] : unjudged();
  if (missing.length > 0) {
    const why = (situation: string) => {
      if (!situations[situation]) return `${situation} (never arose)`;
      const alone = aloneRuns[situation] ? `; ${aloneRuns[situation]} more drawn holding it alone` : "";
      return `${situation} (arose in ${situations[situation]} case(s), none of which could judge it${alone})`;
    };
    return { ...common, status: "inconclusive", reason: `held in ${cases} case(s), but these situations were never judged (in ${draws} drawn): ${missing.map(why).join("; ")}` };
  }
  // Every case past `runs` was a top-up (a replayed path runs one case, never more than `runs`).
  const alone = judgedAlone.size > 0 ? `; judged only in worlds holding it alone: ${[...judgedAlone].sort().join(", ")}` : "";
  const toppedUp = cases > options.runs ? ` (${options.runs} + ${cases - options.runs} drawn until every required situation was judged${alone})` : "";
  return { ...common, status: "pass", reason: `held in ${cases} case(s)${toppedUp}` };
}
