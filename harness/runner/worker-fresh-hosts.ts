/**
 * One worker's fresh host processes (the policy is in fresh-hosts.ts): the history of the cases its current
 * process served, a fresh process on demand, and the search for the case that poisoned a process. The search
 * tries the most recent earlier cases one at a time, each on a fresh process followed by the victim: the
 * first after which the victim shows its symptom again (fails, breaks, or cannot judge its hazard) is the
 * poisoner, once it has done so twice and the victim alone on a fresh process has been free of it again. Only a finding reproduced that way names one: a victim that fails by timing
 * (a loaded machine, seen in npm run power at load 10) can fail after any earlier case once, and is then no
 * poisoning at all. Once a poisoning is charged, the run is isolated: every later case of every worker starts
 * on a fresh process (fresh-hosts.ts).
 */
import type { SessionPoisoning } from "../report/report-model.ts";
import { CaseTranscript } from "./case-transcript.ts";
import { SESSIONS_INDEPENDENT } from "./charge-poisonings.ts";
import type { ClauseEnvironment } from "./clause.ts";
import { symptomOf, wentWrong, type FreshHosts, type Poisoning, type ServedCase } from "./fresh-hosts.ts";
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
  /** Whether the run is isolated: every case on a fresh process (shared by the run's workers). */
  isolated(): boolean;
  /** Isolates the run from now on, for the reason given (the first reason is the one the report tells). */
  isolate(why: string): void;
  /** Whether every case starts on a process that served no other case (RunOptions.freshProcessPerCase). */
  freshPerCase?: boolean;
}

/** A ServedCase as a report names it. */
const refOf = (served: Pick<ServedCase, "clause" | "index">) => ({ clause: served.clause.id, case: served.index + 1 });

/** `case 2 of lifecycle/sessions-independent`. */
const caseName = (served: Pick<ServedCase, "clause" | "index">) => `case ${served.index + 1} of ${served.clause.id}`;

/** The worker's {@link FreshHosts}. */
export function workerFreshHosts(parts: WorkerParts): FreshHosts {
  let history: ServedCase[] = [];
  /** Sessions observed on the current process since it started, and whether the poisoner is being looked for. */
  let sessions = 0;
  let searching = false;
  const fresh = async () => {
    const old = history;
    history = [];
    sessions = 0;
    parts.bypassCache(true);
    await parts.replaceHost();
    return old;
  };
  /** Whether the victim's check, run in `env`, shows its symptom again. */
  const showsAgain = async (victim: Poisoning, env: ClauseEnvironment): Promise<boolean> => {
    try {
      const outcome = await timedWork(parts.caseTimeoutMs, `case ${victim.index + 1} of ${victim.clause.id}`, () => victim.clause.check(env, victim.value));
      return symptomOf(outcome, victim.hazard) === victim.symptom;
    } catch {
      return symptomOf("threw") === victim.symptom;
    }
  };
  /** Runs `earlier`, then the victim, on a fresh process; the transcript when the victim shows its symptom again. */
  const reproduce = async (earlier: ServedCase, victim: Poisoning): Promise<CaseTranscript | undefined> => {
    await fresh();
    const transcript = new CaseTranscript();
    const env = transcript.environment(parts.env);
    try {
      await timedWork(parts.caseTimeoutMs, `case ${earlier.index + 1} of ${earlier.clause.id}`, () => earlier.clause.check(env, earlier.value));
    } catch {
      // A host that breaks on the earlier case tells nothing about which case poisoned it.
      return undefined;
    }
    return await showsAgain(victim, env) ? transcript : undefined;
  };
  /** Runs the victim alone on a fresh process: whether it is free of its symptom there (as it was when it was found). */
  const holdsAlone = async (victim: Poisoning): Promise<boolean> => {
    await fresh();
    return !(await showsAgain(victim, new CaseTranscript().environment(parts.env)));
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
      // The search runs the earlier case and the victim on one process, whatever the run's isolation.
      searching = true;
      try {
        for (const earlier of victim.history.slice(-SUSPECTS).reverse()) {
          const transcript = await reproduce(earlier, victim);
          if (transcript) {
            if (await reproduce(earlier, victim) && await holdsAlone(victim)) found = { by: earlier, transcript };
            break;
          }
        }
      } finally {
        searching = false;
      }
      if (found) parts.isolate(`${caseName(victim)} ${wentWrong[victim.symptom]} only after ${caseName(found.by)} on the same host process (reproduced on fresh processes)`);
      parts.record({
        victim: refOf(victim),
        ...(found ? { poisoner: refOf(found.by), evidence: found.transcript.evidence() } : {}),
        expected: victim.expected,
        observed: victim.observed,
      });
      // The rest of the run goes on a process nothing has touched.
      await fresh();
    },
    async beforeCase() {
      if ((parts.isolated() || parts.freshPerCase) && history.length > 0) await fresh();
    },
    async beforeSession(clause) {
      if (searching) return;
      if (parts.isolated() && clause !== SESSIONS_INDEPENDENT && sessions > 0) await fresh();
      sessions++;
    },
    violated(entry) {
      if (entry.clause.id === SESSIONS_INDEPENDENT) parts.isolate(`${caseName(entry)} showed a session leaving a trace in a later session of the same host process`);
    },
  };
}
