/**
 * Policy: a violation is the host's answer to the case that showed it, not to what its process did before.
 * One adapter process serves many cases, so a host that corrupts its own process (a registry that outlives
 * a session, a server marked dead for good after one failed call) could make a later, unrelated clause fail.
 * So every violation found while generating is confirmed on a fresh adapter process before it is reported
 * and shrunk. One that holds there is charged to no clause: it is recorded as a poisoning, and the earlier
 * case that poisoned the process is looked for on fresh processes (that case, then this one). What is found
 * is reported under `lifecycle/sessions-independent`.
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

/** A violation that showed on a process that had served earlier cases, and not on a fresh one. */
export interface Poisoning {
  clause: Clause;
  index: number;
  value: unknown;
  failed: Extract<CheckOutcome, { ok: false }>;
  /** The case as it failed on the old process. */
  evidence: Evidence;
  /** What the old process had served before it, oldest first. */
  history: readonly ServedCase[];
}

/** What a clause's run needs from the runner to confirm its violations on fresh host processes. */
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
}
