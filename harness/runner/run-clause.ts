/**
 * Runs one clause as a fast-check property and turns the outcome into a truthful verdict:
 * - coverage first: the clause's constructed cases (its coverage plan: the smallest case for each hazard it
 *   is about) run first, in every run, whatever the seed; then `runs` random cases explore further. Both
 *   are one fast-check run (the constructed cases are its `examples`), so a path replays either kind;
 * - a violation of a random case is shrunk to the smallest case, and the seed and path replay exactly that
 *   case (a constructed case is the smallest by construction and is not shrunk); its evidence (the
 *   requests made, the host's answers, what each server received) and a diagnosis read from it go in the
 *   report;
 * - an adapter that crashes, hangs or answers garbage earns ERROR: the case is never shrunk as if it were a
 *   failure (during shrinking an erroring candidate counts as "not a counterexample"), and no clause passes
 *   on missing evidence;
 * - a pass needs every required situation judged, not merely drawn: a case counts for a situation only
 *   when its check says it judged it (see CheckOutcome). Else the verdict is INCONCLUSIVE, and the reason
 *   says, per situation, what the host did on each constructed case built for it. The report carries the
 *   coverage table (coverage-tally.ts).
 */
import fc from "fast-check";
import { isAdapterError } from "../adapter/adapter-error.ts";
import type { ClauseReport } from "../report/report-model.ts";
import { diagnosis, hostSummary } from "../report/diagnosis.ts";
import type { Evidence } from "../report/report-model.ts";
import { situationsOf } from "../world/situations.ts";
import { CaseTranscript } from "./case-transcript.ts";
import type { CaseConfound, Clause, ClauseEnvironment, CheckOutcome, ConstructedCase } from "./clause.ts";
import { caseConfound, confoundNote, ConfoundTally, failedAsClean, type EveryOpenFails } from "./confounds.ts";
import { counterexampleOf } from "./counterexample.ts";
import { CoverageTally } from "./coverage-tally.ts";
import type { FreshHosts } from "./fresh-hosts.ts";
import { verdictOf } from "./verdict.ts";
import { timedWork } from "./timed-work.ts";

/** How one clause is run. */
export interface ClauseRunOptions {
  seed: number;
  /** Random cases after the constructed ones. */
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
  /** Fresh host processes to confirm a violation on (fresh-hosts.ts); absent: none (an in-place replay). */
  freshHosts?: FreshHosts;
  /**
   * Longest shrinking one violation may take, in ms (absent: no bound). Past it no further candidate runs, the
   * smallest case found so far is reported, and the reason says it may not be the smallest: for hosts whose
   * sessions cost seconds, a failure random exploration found must not cost a report its time budget.
   */
  shrinkBudgetMs?: number;
  /** The clean world's whole failure, when the run found one before any clause: cases showing only it are confounded (confounds.ts). */
  everyOpenFails?: EveryOpenFails;
}

class Violation extends Error {
  constructor(readonly outcome: Extract<CheckOutcome, { ok: false }>) {
    super(`${outcome.expected} / ${outcome.observed}`);
  }
}

/** Runs `clause` against the host in `env`. */
export async function runClause(clause: Clause, env: ClauseEnvironment, options: ClauseRunOptions): Promise<ClauseReport> {
  const started = performance.now();
  const base = { id: clause.id, level: clause.level, summary: clause.summary, sources: clause.sources, seed: options.seed };
  const skip = clause.notApplicable?.(env);
  if (skip) {
    return { ...base, status: "not-applicable", reason: skip, cases: 0, shrinks: 0, situations: {}, judged: {}, durationMs: 0 };
  }
  const constructed = clause.coverage?.(env) ?? [];
  const tally = new CoverageTally(clause.requires, constructed);
  const confounds = new ConfoundTally();
  const replayed = options.path === undefined ? undefined : Number(options.path.split(":")[0]);
  const situations: Record<string, number> = {};
  const judged: Record<string, number> = {};
  let cases = 0;
  let shrinks = 0;
  let failing: { index: number; value: unknown; outcome: Extract<CheckOutcome, { ok: false }>; transcript: CaseTranscript } | undefined;
  let broken: { value: unknown; error: unknown; stderrTail: string; transcript: CaseTranscript } | undefined;
  let needsRecovery = false;
  /** Cases (numbered from 1) that failed only on a process that had served earlier cases. */
  const poisonedCases: number[] = [];
  const fresh = replayed === undefined ? options.freshHosts : undefined;
  // What the passing cases said they checked against (a provider rule ...), each once, for the reason.
  const notes = new Set<string>();

  /** When shrinking began, and whether it stopped at the budget. */
  let shrinkStarted: number | undefined;
  let shrinkStopped = false;
  const predicate = async (value: unknown): Promise<boolean> => {
    if (broken) return true;
    const generating = failing === undefined;
    if (!generating && options.shrinkBudgetMs !== undefined) {
      shrinkStarted ??= performance.now();
      // Every further candidate counts as no counterexample, so fast-check ends at the smallest found so far.
      if (performance.now() - shrinkStarted > options.shrinkBudgetMs) {
        shrinkStopped = true;
        return true;
      }
    }
    // A replayed path runs one case, the one its first step names.
    const index = replayed ?? cases;
    if (generating) cases++;
    else shrinks++;
    if (needsRecovery) {
      await options.recover();
      needsRecovery = false;
    }
    let transcript = new CaseTranscript();
    const attempt = async (): Promise<CheckOutcome> => {
      transcript = new CaseTranscript();
      return timedWork(options.caseTimeoutMs, `one case of ${clause.id}`, () => clause.check(transcript.environment(env), value));
    };
    let outcome: CheckOutcome;
    /** Whether the current host process ran this case (after a poisoning the runner has moved on to another). */
    let ranHere = true;
    // A case a host-wide cause kept from judging is no violation and judges nothing (confounds.ts).
    let confound: CaseConfound | undefined;
    const clean = options.everyOpenFails;
    const confoundOf = (result: CheckOutcome) => caseConfound(result, () => clean !== undefined && failedAsClean(transcript.opens(), clean, (text) => transcript.stable(text)));
    try {
      outcome = await attempt();
      confound = confoundOf(outcome);
      // A violation is confirmed on a fresh process before it is believed (fresh-hosts.ts).
      if (!confound && !outcome.ok && generating && fresh && fresh.servedBefore() > 0) {
        const failed = { ...outcome, expected: transcript.stable(outcome.expected), observed: transcript.stable(outcome.observed) };
        const first = { outcome: failed, evidence: transcript.evidence() };
        const history = await fresh.fresh();
        outcome = await attempt();
        confound = confoundOf(outcome);
        if (outcome.ok && !confound) {
          poisonedCases.push(index + 1);
          ranHere = false;
          await fresh.poisoned({ clause, index, value, failed: first.outcome, evidence: first.evidence, history });
        }
      }
    } catch (error) {
      needsRecovery = true;
      if (!generating) return true; // never shrink toward a broken host
      if (replayed === undefined) tally.record({ kind: "broke", judged: new Set() });
      broken = { value, error, stderrTail: options.stderrTail(), transcript };
      throw error;
    } finally {
      if (ranHere) fresh?.served({ clause, index, value });
    }
    if (confound) {
      outcome = { ok: true, judged: [] };
      if (generating && replayed === undefined) confounds.record(index + 1, confound);
    }
    if (generating) {
      const sawJudged = new Set(outcome.judged ?? []);
      const met = new Set([...clause.worlds(value).flatMap(situationsOf), ...sawJudged, ...(outcome.arose ?? [])]);
      for (const situation of met) situations[situation] = (situations[situation] ?? 0) + 1;
      for (const situation of sawJudged) judged[situation] = (judged[situation] ?? 0) + 1;
      if (replayed === undefined) tally.record({ kind: outcome.ok ? "held" : "violated", judged: sawJudged, note: () => (confound ? confoundNote(confound) : hostSummary(transcript.evidence())) });
    }
    if (outcome.ok) {
      if (outcome.note !== undefined) notes.add(outcome.note);
      return true;
    }
    failing = { index: generating ? index : failing!.index, value, outcome, transcript };
    throw new Violation(outcome);
  };

  const arbitrary = clause.arbitrary(env);
  let details: fc.RunDetails<[unknown]>;
  try {
    details = await fc.check(fc.asyncProperty(arbitrary, predicate), {
      seed: options.seed,
      numRuns: constructed.length + options.runs,
      examples: constructed.map((built) => [built.value] as [unknown]),
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
  const poisoned = poisonedCases.length === 0 ? "" :
    `; case ${poisonedCases.join(", ")} failed only on a host process that had served earlier cases and held on a fresh one: not charged here (see lifecycle/sessions-independent)`;
  // A replay runs one case: it has no coverage to tell.
  const coverage = replayed !== undefined ? {} : { constructed: tally.constructedRun, random: tally.randomRun, ...(tally.hazards().length > 0 ? { coverage: tally.rows() } : {}) };
  const common = { ...base, cases, shrinks, situations, judged, ...coverage, ...confounds.field(), durationMs };

  if (broken) {
    const error = broken.error;
    const kind = isAdapterError(error) ? error.kind : (error as { hang?: boolean }).hang ? "timeout" : "harness";
    const message = broken.transcript.stable(error instanceof Error ? error.message : String(error));
    return {
      ...common,
      status: "error",
      reason: `the host broke (${kind}): ${message}`,
      path: details.counterexamplePath ?? undefined,
      counterexample: counterexampleOf(clause, broken.value),
      error: { kind, message, stderrTail: isAdapterError(error) ? error.stderrTail || broken.stderrTail : broken.stderrTail },
      ...withDiagnosis(broken.transcript.evidence()),
    };
  }
  if (details.failed && failing) {
    return {
      ...common,
      status: verdictOf(clause.level),
      reason: `${violationReason(failing.index, constructed, shrinks)}${shrinkStopped ? ` (stopped at the ${options.shrinkBudgetMs} ms shrink budget: the world shown may not be the smallest)` : ""}${poisoned}`,
      path: details.counterexamplePath ?? undefined,
      counterexample: counterexampleOf(clause, failing.value),
      expected: failing.transcript.stable(failing.outcome.expected),
      observed: failing.transcript.stable(failing.outcome.observed),
      ...(failing.outcome.comparison ? { comparison: failing.outcome.comparison } : {}),
      ...withDiagnosis(failing.transcript.evidence()),
    };
  }
  if (details.failed) {
    const message = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    return { ...common, status: "error", reason: `the harness broke: ${message}`, error: { kind: "harness", message, stderrTail: "" } };
  }
  const missing = options.path ? [] : clause.requires.filter((situation) => !judged[situation]);
  if (missing.length > 0) {
    const why = missing.map((situation) => tally.unjudged(situation, situations[situation] ?? 0));
    const reason = confounds.explainsAll(cases) ? confounds.inconclusive(missing, cases)
      : `held in ${casesIn(tally)}${poisoned}${checked(notes)}${confounds.suffix()}, but these situations were never judged: ${why.join("; ")}`;
    return { ...common, status: "inconclusive", reason };
  }
  return { ...common, status: "pass", reason: `${replayed === undefined ? `held in ${casesIn(tally)}${poisoned}` : `held in the replayed case (path ${options.path})`}${checked(notes)}${confounds.suffix()}` };
}

/** What the passing cases said they were checked against, for a reason: ` (checked ...; ...)`, or nothing. */
function checked(notes: ReadonlySet<string>): string {
  return notes.size === 0 ? "" : ` (${[...notes].join("; ")})`;
}

/** `3 constructed and 25 random case(s)`, or `25 case(s)` for a clause with no coverage plan. */
function casesIn(tally: CoverageTally): string {
  return tally.constructed.length === 0 ? `${tally.randomRun} case(s)` : `${tally.constructedRun} constructed and ${tally.randomRun} random case(s)`;
}

/** Where a violation was found: on a constructed case (never shrunk: it is built smallest), or in a random one. */
function violationReason(index: number, constructed: readonly ConstructedCase[], shrinks: number): string {
  const built = constructed[index];
  if (built) return `violated on constructed case ${index + 1} of ${constructed.length} (${built.hazard}: ${built.title})`;
  return `violated in random case ${index + 1 - constructed.length}${constructed.length > 0 ? ` (after ${constructed.length} constructed)` : ""}; shrunk in ${shrinks} step(s)`;
}

/** The evidence of a case, with the diagnosis read from it. */
function withDiagnosis(evidence: Evidence): { evidence: Evidence; diagnosis: string[] } {
  return { evidence, diagnosis: diagnosis(evidence) };
}
