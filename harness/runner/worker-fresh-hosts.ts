/**
 * One worker's fresh host processes (the policy is in fresh-hosts.ts): the history of the cases its current
 * process served, a fresh process on demand, and the search for the case that poisoned a process. The search
 * tries the most recent earlier cases one at a time, each on a fresh process followed by the victim: the
 * first after which the victim fails again is the poisoner, once it has done so twice and the victim alone on
 * a fresh process has held again. Only a finding reproduced that way names one: a victim that fails by timing
 * (a loaded machine, seen in npm run power at load 10) can fail after any earlier case once, and is then no
 * poisoning at all.
 */
import type { SessionPoisoning } from "../report/report-model.ts";
import { CaseTranscript } from "./case-transcript.ts";
import type { ClauseEnvironment } from "./clause.ts";
import type { FreshHosts, Poisoning, ServedCase } from "./fresh-hosts.ts";
import { timedWork } from "./timed-work.ts";

/** Earlier cases tried, most recent first, when looking for the poisoner. */
const SUSPECTS = 6;
/** Cases of history kept per process (the search needs only the last few). */
const KEEP = 50;

/** What a worker hands over. */
export interface WorkerParts {
  /** Stops the current host process (keeping what it reports) and starts and initializes a fresh one. */
  replaceHost(): Promise<void>;
  env: ClauseEnvironment;
  caseTimeoutMs: number;
  /** Sessions are observed afresh, never served from an observation cache, while this is on. */
  bypassCache(on: boolean): void;
  /** Keeps a finding for the report. */
  record(finding: SessionPoisoning): void;
}

/** A ServedCase as a report names it. */
const refOf = (served: Pick<ServedCase, "clause" | "index">) => ({ clause: served.clause.id, case: served.index + 1 });

/** The worker's {@link FreshHosts}. */
export function workerFreshHosts(parts: WorkerParts): FreshHosts {
  let history: ServedCase[] = [];
  const fresh = async () => {
    const old = history;
    history = [];
    parts.bypassCache(true);
    await parts.replaceHost();
    return old;
  };
  /** Runs `earlier`, then the victim, on a fresh process; the transcript when the victim fails again. */
  const reproduce = async (earlier: ServedCase, victim: Poisoning): Promise<CaseTranscript | undefined> => {
    await fresh();
    const transcript = new CaseTranscript();
    const env = transcript.environment(parts.env);
    try {
      await timedWork(parts.caseTimeoutMs, `case ${earlier.index + 1} of ${earlier.clause.id}`, () => earlier.clause.check(env, earlier.value));
      const again = await timedWork(parts.caseTimeoutMs, `case ${victim.index + 1} of ${victim.clause.id}`, () => victim.clause.check(env, victim.value));
      return again.ok ? undefined : transcript;
    } catch {
      // A host that breaks while the search runs tells nothing about which case poisoned it.
      return undefined;
    }
  };
  /** Runs the victim alone on a fresh process: whether it holds there (as it did when it was found). */
  const holdsAlone = async (victim: Poisoning): Promise<boolean> => {
    await fresh();
    const env = new CaseTranscript().environment(parts.env);
    try {
      return (await timedWork(parts.caseTimeoutMs, `case ${victim.index + 1} of ${victim.clause.id}`, () => victim.clause.check(env, victim.value))).ok;
    } catch {
      return false; // a host that breaks alone tells nothing about a poisoner
    }
  };
  return {
    servedBefore: () => history.length,
    served(entry) {
      parts.bypassCache(false);
      history.push(entry);
      if (history.length > KEEP) history.shift();
    },
    fresh,
    async poisoned(victim) {
      let found: { by: ServedCase; transcript: CaseTranscript } | undefined;
      for (const earlier of victim.history.slice(-SUSPECTS).reverse()) {
        const transcript = await reproduce(earlier, victim);
        if (transcript) {
          if (await reproduce(earlier, victim) && await holdsAlone(victim)) found = { by: earlier, transcript };
          break;
        }
      }
      parts.record({
        victim: refOf(victim),
        ...(found ? { poisoner: refOf(found.by), evidence: found.transcript.evidence() } : {}),
        expected: victim.failed.expected,
        observed: victim.failed.observed,
      });
      // The rest of the run goes on a process nothing has touched.
      await fresh();
    },
  };
}
