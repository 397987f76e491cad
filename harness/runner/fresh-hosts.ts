/**
 * Policy: a case's verdict is the host's answer to that case, not to what its process did before. One
 * adapter process serves many cases, so a host that corrupts its own process (a registry that outlives a
 * session, a server marked dead for good after one failed call, a process poisoned by a tool named
 * `__proto__`) could make a later, unrelated clause fail, break, or lose its verdict to a refused open. So a
 * case found while generating that came to less than a pass (see {@link Symptom}) on a process that had served
 * earlier cases is run again on a fresh adapter process, and the fresh run is the one that counts. A case
 * whose trouble is gone there is charged to no clause: it is recorded as a poisoning, and the earlier case
 * that poisoned the process is looked for on fresh processes (that case, then this one). What is found is
 * reported under `lifecycle/sessions-independent`. A hang is not run again (it would cost a second timeout), nor a
 * crash: a process that died is the ERROR of the clause in flight, whatever a fresh one does.
 *
 * A poisoning once charged (a reproduced one, or a violation of `lifecycle/sessions-independent` itself, whose
 * check is the proof that one session leaves a trace in the next) is a fact about the host: from then on every
 * case of the run starts on a process that has served nothing, so no later clause is judged on a process an
 * earlier case poisoned, and each session a check observes starts on one too (a case that compares two opens
 * of a world holding the poisoner would otherwise compare a clean open with a poisoned one), but for
 * lifecycle/sessions-independent's, whose check is about what one session leaves for the next. The report's
 * diagnostics say so.
 */
import type { Evidence } from "../report/report-model.ts";
import type { CheckOutcome, Clause } from "./clause.ts";

/** A case a host process ran. */
export interface ServedCase {
  clause: Clause;
  /** Its index among its clause's cases (constructed first), from 0. */
  index: number;
  value: unknown;
}

/**
 * What a case came to short of a pass: its check was violated; the host broke on it (or failed, see
 * host-failure.ts: the check threw); or, for a constructed case, the check could not judge the hazard the case
 * was built for (a poisoned process typically refuses every open).
 */
export type Symptom = "violated" | "broke" | "not-judged";

/** What a case did, by its symptom, in a sentence: `case 2 failed`. */
export const wentWrong: Readonly<Record<Symptom, string>> = { violated: "failed", broke: "broke", "not-judged": "could not judge its hazard" };

/** The symptom a run of a case showed (`threw`: its check threw), or undefined when it held and judged `hazard`. */
export function symptomOf(outcome: CheckOutcome | "threw", hazard?: string): Symptom | undefined {
  if (outcome === "threw") return "broke";
  if (!outcome.ok) return "violated";
  return hazard !== undefined && !(outcome.judged ?? []).includes(hazard) ? "not-judged" : undefined;
}

/** A case that showed a symptom on a process that had served earlier cases, and not on a fresh one. */
export interface Poisoning {
  clause: Clause;
  index: number;
  value: unknown;
  symptom: Symptom;
  /** For a constructed case: the hazard it was built for. */
  hazard?: string;
  /** What the clause expected of the case, and what the old process did instead. */
  expected: string;
  observed: string;
  /** The case as it went on the old process. */
  evidence: Evidence;
  /** What the old process had served before it, oldest first. */
  history: readonly ServedCase[];
}

/** What a clause's run needs from the runner to confirm its cases on fresh host processes. */
export interface FreshHosts {
  /** How many cases the current host process served before. */
  servedBefore(): number;
  /** Records a case the current host process ran. */
  served(entry: ServedCase): void;
  /**
   * Replaces the host with a fresh process; returns what the old one had served, oldest first. Until the
   * next case is recorded, sessions are observed on that process, never served from an observation cache.
   */
  fresh(): Promise<readonly ServedCase[]>;
  /** Looks for the case that poisoned the process (on fresh processes), records the finding, and leaves a fresh process. */
  poisoned(finding: Poisoning): Promise<void>;
  /** Before each case: once a poisoning was charged, replaces a process that has served a case with a fresh one. */
  beforeCase(): Promise<void>;
  /**
   * Before each session a check of `clause` observes: once a poisoning was charged, replaces a process that has
   * served a session of the case with a fresh one (not for lifecycle/sessions-independent, nor while the
   * poisoner is looked for).
   */
  beforeSession(clause: string): Promise<void>;
  /** A case's violation of its clause's own check stood (a process that had served nothing, or confirmed on a fresh one). */
  violated(entry: ServedCase): void;
}
