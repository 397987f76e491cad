/**
 * Policy: a clause's findings and the verdict they earn. Every constructed case that failed or broke is a
 * finding of its own (the whole coverage plan runs whatever an earlier case did), and so is the random case
 * that failed (shrunk) or broke. The verdict is the worst of them: ERROR when the host broke on any case, else
 * FAIL (MUST) or WARN (SHOULD). The clause's own `counterexample`, `expected`, `observed`, `path`, `evidence`
 * ... repeat its first finding, so baselines, gates, repro and readers of older reports keep working; the
 * reason names every finding, the first one first.
 */
import { isAdapterError } from "../adapter/adapter-error.ts";
import { diagnosis } from "../report/diagnosis.ts";
import type { ClauseReport, Evidence, Finding } from "../report/report-model.ts";
import { errorKind, type CaseRun } from "./case-runner.ts";
import type { Clause, ConstructedCase } from "./clause.ts";
import { counterexampleOf } from "./counterexample.ts";
import { verdictOf } from "./verdict.ts";

/** A case that failed or broke, as the runner found it. */
export interface FoundCase {
  /** Its index among the clause's cases, from 0 (constructed first). */
  index: number;
  value: unknown;
  run: Exclude<CaseRun, { kind: "held" }>;
  /** The fast-check path that replays it. */
  path?: string;
  /** For a random violation: shrinking steps tried, and whether it stopped at the shrink budget (in ms). */
  shrinks?: number;
  shrinkStoppedAt?: number;
}

/** Where a case is among the clause's cases: `constructed case 2 of 5 (hazard: title)` or `random case 3 (after 5 constructed)`. */
function where(index: number, constructed: readonly ConstructedCase[]): string {
  const built = constructed[index];
  if (built) return `constructed case ${index + 1} of ${constructed.length} (${built.hazard}: ${built.title})`;
  return `random case ${index + 1 - constructed.length}${constructed.length > 0 ? ` (after ${constructed.length} constructed)` : ""}`;
}

/** The report's finding for `found`. */
export function findingOf(clause: Clause, found: FoundCase, constructed: readonly ConstructedCase[]): Finding {
  const built = constructed[found.index];
  const { run } = found;
  const evidence = run.transcript.evidence();
  const base = {
    case: found.index + 1,
    kind: built ? "constructed" as const : "random" as const,
    ...(built ? { hazard: built.hazard, title: built.title } : {}),
    ...(found.path !== undefined ? { path: found.path } : {}),
    counterexample: counterexampleOf(clause, found.value),
  };
  if (run.kind === "broke") {
    const kind = errorKind(run.error);
    const message = run.transcript.stable(run.error instanceof Error ? run.error.message : String(run.error));
    const stderrTail = isAdapterError(run.error) ? run.error.stderrTail || run.stderrTail : run.stderrTail;
    return {
      ...base, status: "error",
      reason: `the host broke (${kind}) on ${where(found.index, constructed)}: ${message}`,
      error: { kind, message, stderrTail },
      ...withDiagnosis(evidence),
    };
  }
  const shrunk = built ? "" : `; shrunk in ${found.shrinks ?? 0} step(s)`;
  const budget = found.shrinkStoppedAt === undefined ? "" : ` (stopped at the ${found.shrinkStoppedAt} ms shrink budget: the world shown may not be the smallest)`;
  return {
    ...base, status: verdictOf(clause.level),
    reason: `violated ${built ? "on" : "in"} ${where(found.index, constructed)}${shrunk}${budget}`,
    expected: run.transcript.stable(run.outcome.expected),
    observed: run.transcript.stable(run.outcome.observed),
    ...(run.outcome.comparison ? { comparison: run.outcome.comparison } : {}),
    ...(run.failure ? { error: run.failure } : {}),
    ...withDiagnosis(evidence),
  };
}

/** The worst status of `findings`: error before a violation. */
export function worstOf(findings: readonly Finding[]): Finding["status"] {
  return findings.some((finding) => finding.status === "error") ? "error" : findings[0]!.status;
}

/** The clause report's fields a failing clause repeats from its first finding, and its findings. */
export function findingFields(findings: readonly Finding[]): Partial<ClauseReport> {
  const { path, counterexample, expected, observed, comparison, evidence, diagnosis, error } = findings[0]!;
  return {
    ...(path !== undefined ? { path } : {}),
    ...(counterexample ? { counterexample } : {}),
    ...(expected !== undefined ? { expected } : {}),
    ...(observed !== undefined ? { observed } : {}),
    ...(comparison ? { comparison } : {}),
    ...(evidence ? { evidence } : {}),
    ...(diagnosis ? { diagnosis } : {}),
    ...(error ? { error } : {}),
    findings: [...findings],
  };
}

/** The evidence of a case, with the diagnosis read from it. */
function withDiagnosis(evidence: Evidence): { evidence: Evidence; diagnosis: string[] } {
  return { evidence, diagnosis: diagnosis(evidence) };
}
