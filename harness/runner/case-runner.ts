/**
 * One case of a clause, run the way every case is run: on a host that works (relaunched after one broke), on
 * a fresh process once the run is isolated (fresh-hosts.ts), within the case timeout, with its transcript
 * kept. A case found while generating that came to less than a pass is run again on a fresh process when its
 * process had served earlier cases (fresh-hosts.ts: one whose trouble is gone there is a poisoning, charged
 * to no clause here). A thrown error is the host's failure when the case's records show a failing server
 * (host-failure.ts), else the host broke.
 * What a case came to is a {@link CaseRun}: the runner (run-clause.ts) tallies it and keeps its finding.
 */
import { isAdapterError } from "../adapter/adapter-error.ts";
import { hostSummary } from "../report/diagnosis.ts";
import { CaseTranscript } from "./case-transcript.ts";
import type { CaseConfound, CheckOutcome, Clause, ClauseEnvironment } from "./clause.ts";
import { caseConfound, failedAsClean, type EveryOpenFails } from "./confounds.ts";
import { symptomOf, type FreshHosts, type Symptom } from "./fresh-hosts.ts";
import { hostFailure, type HostFailure } from "./host-failure.ts";
import { timedWork } from "./timed-work.ts";

/** How one case ended, with the transcript of the run of it that counts. */
export type CaseRun =
  /** `confound`: a host-wide cause kept the case from judging anything (confounds.ts); it judged nothing. */
  | { kind: "held"; outcome: Extract<CheckOutcome, { ok: true }>; transcript: CaseTranscript; confound?: CaseConfound }
  /** `failure`: the violation is the host failing on a failing server (host-failure.ts), not the check's. */
  | { kind: "violated"; outcome: Extract<CheckOutcome, { ok: false }>; transcript: CaseTranscript; failure?: HostFailure["error"] }
  | { kind: "broke"; error: unknown; stderrTail: string; transcript: CaseTranscript };

/** What a case runner needs of the clause's run. */
export interface CaseRunnerOptions {
  caseTimeoutMs: number;
  /** Called when the host broke, before the next case; returns once a fresh one is ready (throws when none can start). */
  recover(): Promise<void>;
  /** Tail of the adapter's stderr, for errors. */
  stderrTail(): string;
  /** Fresh host processes (absent: none, as in a replay). */
  freshHosts?: FreshHosts;
  /** The host answered the run's open of a world with nothing in it to fail (see host-failure.ts). */
  cleanWorldAnswered?: boolean;
  /** The clean world's whole failure, when the run found one: a case showing only it is confounded (confounds.ts). */
  everyOpenFails?: EveryOpenFails;
}

/** How a thrown error is classed for a report: the adapter's own kind, a hang, or the harness. */
export function errorKind(error: unknown): string {
  return isAdapterError(error) ? error.kind : (error as { hang?: boolean } | undefined)?.hang ? "timeout" : "harness";
}

/** The symptom a run showed (see fresh-hosts.ts): a host failure is a check that threw. */
const symptomOfRun = (run: CaseRun, hazard: string | undefined): Symptom | undefined =>
  run.kind === "broke" || (run.kind === "violated" && run.failure) ? symptomOf("threw") : symptomOf(run.outcome, hazard);

/** A case that came to less than a pass, as the poisoning record tells it: what was expected, and what the host did. */
function told(run: CaseRun, symptom: Symptom, hazard: string | undefined): { expected: string; observed: string } {
  const { transcript } = run;
  if (run.kind === "violated") return { expected: transcript.stable(run.outcome.expected), observed: transcript.stable(run.outcome.observed) };
  if (run.kind === "broke") {
    const message = transcript.stable(run.error instanceof Error ? run.error.message : String(run.error));
    return { expected: "every request of the case answered", observed: `the host broke (${errorKind(run.error)}): ${message}` };
  }
  return { expected: `the case judged ${hazard ?? symptom}, the hazard it was built for`, observed: `it could not: ${hostSummary(transcript.evidence())}` };
}

/** Runs the cases of one clause, one at a time. */
export class CaseRunner {
  #needsRecovery = false;
  /** Cases (numbered from 1) whose trouble showed only on a process that had served earlier cases, with what it was. */
  readonly poisonedCases: Array<{ case: number; symptom: Symptom }> = [];

  constructor(
    private readonly clause: Clause,
    private readonly env: ClauseEnvironment,
    private readonly options: CaseRunnerOptions,
  ) {}

  /**
   * Runs case `index` (from 0, constructed cases first) on `value`. `generating`: a case of the run (not a
   * shrinking candidate), confirmed on a fresh process as fresh-hosts.ts says; `hazard`: the one a constructed
   * case was built for. Throws only when no working host could be had for it (the host could not be restarted).
   */
  async run(index: number, value: unknown, generating: boolean, hazard?: string): Promise<CaseRun> {
    const fresh = this.options.freshHosts;
    if (this.#needsRecovery) {
      await this.options.recover();
      this.#needsRecovery = false;
    }
    await fresh?.beforeCase();
    let run = this.#confounded(await this.#attempt(value));
    // Whether the current host process ran this case (after a poisoning the runner has moved on to another).
    let ranHere = true;
    try {
      // A confounded case is no violation of this clause, so no poisoning of it is looked for either.
      const symptom = run.kind === "held" && run.confound ? undefined : symptomOfRun(run, hazard);
      // A hang is not run again (a second timeout); nor is a crash: a host process that died on a case is the
      // clause's ERROR whatever a fresh one does, or a run without lifecycle/sessions-independent would hide it.
      const died = run.kind === "broke" && ["timeout", "crash"].includes(errorKind(run.error));
      if (symptom && !died && generating && fresh && fresh.servedBefore() > 0) {
        const first = { ...told(run, symptom, hazard), evidence: run.transcript.evidence() };
        const history = await fresh.fresh();
        this.#needsRecovery = false;
        run = this.#confounded(await this.#attempt(value));
        if (run.kind === "held" && !run.confound && symptomOfRun(run, hazard) !== symptom) {
          this.poisonedCases.push({ case: index + 1, symptom });
          ranHere = false;
          await fresh.poisoned({ clause: this.clause, index, value, symptom, ...(hazard !== undefined ? { hazard } : {}), ...first, history });
        }
      }
    } finally {
      if (ranHere) fresh?.served({ clause: this.clause, index, value });
    }
    // Only the check's own violation says something about the host's sessions; a host failure does not.
    if (run.kind === "violated" && generating && !run.failure) fresh?.violated({ clause: this.clause, index, value });
    return run;
  }

  /**
   * `run` as a confounded case when a host-wide cause explains what it saw (confounds.ts): the check said so
   * (identical opens that differ), or every open of the case failed whole as the clean world's did.
   */
  #confounded(run: CaseRun): CaseRun {
    if (run.kind === "broke") return run;
    const clean = this.options.everyOpenFails;
    const { transcript } = run;
    const confound = caseConfound(run.outcome, () => clean !== undefined && failedAsClean(transcript.opens(), clean, (text) => transcript.stable(text)));
    return confound ? { kind: "held", outcome: { ok: true, judged: [] }, transcript, confound } : run;
  }

  /** One attempt at the case on the current host; never throws. */
  async #attempt(value: unknown): Promise<CaseRun> {
    const transcript = new CaseTranscript();
    try {
      const outcome = await timedWork(this.options.caseTimeoutMs, `one case of ${this.clause.id}`, () => this.clause.check(transcript.environment(this.env), value));
      return outcome.ok ? { kind: "held", outcome, transcript } : { kind: "violated", outcome, transcript };
    } catch (error) {
      this.#needsRecovery = true;
      const stderrTail = this.options.stderrTail();
      const failed = hostFailure(error, transcript, stderrTail, this.options.cleanWorldAnswered ?? false);
      if (failed) return { kind: "violated", outcome: failed.outcome, transcript, failure: failed.error };
      return { kind: "broke", error, stderrTail, transcript };
    }
  }
}
