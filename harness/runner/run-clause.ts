/**
 * Runs one clause and turns what its cases did into a truthful verdict:
 * - coverage first, and all of it: the clause's constructed cases (its coverage plan: the smallest case for
 *   each hazard it is about) run first, in every run, whatever the seed, and every one of them runs whether or
 *   not an earlier one failed or broke (a host that broke is relaunched for the next); then `runs` random
 *   cases explore further, as one fast-check run whose `examples` are the constructed cases (passed at once:
 *   they ran already), so constructed case i is path `i` and a path replays either kind;
 * - every constructed case that fails or breaks is a finding of its own, with its own world, evidence and
 *   explanation (clause-findings.ts); random exploration stops at its first failure and shrinks it to the
 *   smallest case (a constructed case is the smallest by construction and is not shrunk), one more finding.
 *   The verdict is the worst of the findings; the clause's own counterexample, expected, observed ... are its
 *   first finding's;
 * - an adapter that crashes, hangs or answers garbage earns ERROR: the case is never shrunk as if it were a
 *   failure (during shrinking an erroring candidate counts as "not a counterexample"), and no clause passes
 *   on missing evidence. An adapter that answers a JSON-RPC error because its host failed on a failing server
 *   of the case is the host's violation, not a broken adapter (host-failure.ts);
 * - a pass needs every required situation judged, not merely drawn: a case counts for a situation only
 *   when its check says it judged it (see CheckOutcome). Else the verdict is INCONCLUSIVE, and the reason
 *   says, per situation, what the host did on each constructed case built for it. The report carries the
 *   coverage table (coverage-tally.ts). A case that could not run at all (no host could be started for it)
 *   is said in the reason, next to the verdict, and is `not-run` in that table; nothing else is.
 */
import type { ClauseReport } from "../report/report-model.ts";
import { hostSummary } from "../report/diagnosis.ts";
import { situationsOf } from "../world/situations.ts";
import { CaseRunner, errorKind, type CaseRun } from "./case-runner.ts";
import { findingFields, findingOf, worstOf, type FoundCase } from "./clause-findings.ts";
import { exploreRandom, type Explored, type Unrun } from "./random-exploration.ts";
import type { Clause, ClauseEnvironment } from "./clause.ts";
import { confoundNote, ConfoundTally, type EveryOpenFails } from "./confounds.ts";
import { missingCapability } from "./missing-capability.ts";
import { CoverageTally } from "./coverage-tally.ts";
import { wentWrong, type FreshHosts } from "./fresh-hosts.ts";

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
  /**
   * Shrink a random violation to its smallest case (default true); false stops at the first one (detection
   * only: every constructed case still runs, and no random case runs once one of them failed).
   */
  shrink?: boolean;
  /** Fresh host processes to confirm a violation on (fresh-hosts.ts); absent: none (an in-place replay). */
  freshHosts?: FreshHosts;
  /** The host answered the run's open of a world with nothing in it to fail (host-failure.ts; default false). */
  cleanWorldAnswered?: boolean;
  /**
   * Longest shrinking one violation may take, in ms (absent: no bound). Past it no further candidate runs, the
   * smallest case found so far is reported, and the reason says it may not be the smallest: for hosts whose
   * sessions cost seconds, a failure random exploration found must not cost a report its time budget.
   */
  shrinkBudgetMs?: number;
  /** `--require`: capabilities the host has; a clause NOT_APPLICABLE for want of one FAILs instead (missing-capability.ts). */
  require?: readonly string[];
  /** The clean world's whole failure, when the run found one before any clause: cases showing only it are confounded (confounds.ts). */
  everyOpenFails?: EveryOpenFails;
}

/** Runs `clause` against the host in `env`. */
export async function runClause(clause: Clause, env: ClauseEnvironment, options: ClauseRunOptions): Promise<ClauseReport> {
  const started = performance.now();
  const base = { id: clause.id, level: clause.level, summary: clause.summary, sources: clause.sources, seed: options.seed };
  const skip = clause.notApplicable?.(env);
  if (skip) {
    const capability = missingCapability(clause, env);
    const required = capability !== undefined && options.require?.includes(capability);
    return {
      ...base, status: required ? "fail" : "not-applicable", cases: 0, shrinks: 0, situations: {}, judged: {}, durationMs: 0,
      reason: required ? `--require ${capability}: the host was said to have it, but ${skip}, so this clause could not be judged` : skip,
      ...(capability !== undefined ? { capability } : {}),
    };
  }
  const constructed = clause.coverage?.(env) ?? [];
  const tally = new CoverageTally(clause.requires, constructed);
  // Cases a host-wide cause kept from judging: no violation, nothing judged (confounds.ts).
  const confounds = new ConfoundTally();
  const replayed = options.path === undefined ? undefined : Number(options.path.split(":")[0]);
  const runner = new CaseRunner(clause, env, { ...options, freshHosts: replayed === undefined ? options.freshHosts : undefined });
  const situations: Record<string, number> = {};
  const judged: Record<string, number> = {};
  // What the passing cases said they checked against (a provider rule ...), each once, for the reason.
  const notes = new Set<string>();
  let cases = 0;
  /** Counts a case of the run: its situations, what it judged, its row of the coverage table. */
  const count = (value: unknown, run: CaseRun) => {
    cases++;
    if (run.kind === "broke") {
      if (replayed === undefined) tally.record({ kind: "broke", judged: new Set() });
      return;
    }
    const sawJudged = new Set(run.outcome.judged ?? []);
    const met = new Set([...clause.worlds(value).flatMap(situationsOf), ...sawJudged, ...(run.outcome.arose ?? [])]);
    for (const situation of met) situations[situation] = (situations[situation] ?? 0) + 1;
    for (const situation of sawJudged) judged[situation] = (judged[situation] ?? 0) + 1;
    if (run.kind === "held" && run.outcome.note !== undefined) notes.add(run.outcome.note);
    const confound = run.kind === "held" ? run.confound : undefined;
    if (confound && replayed === undefined) confounds.record(cases, confound);
    if (replayed === undefined) tally.record({ kind: run.kind, judged: sawJudged, note: () => (confound ? confoundNote(confound) : hostSummary(run.transcript.evidence())) });
  };

  // Every constructed case runs, whatever an earlier one did; each that fails or breaks is a finding.
  const found: FoundCase[] = [];
  let unrun: Unrun | undefined;
  // Hang guard: a host that hung on two cases in a row (each on a relaunched host) would hang on the rest too,
  // one case timeout each; the rest are not run, and the reason says which and why.
  let hung: Hung | undefined;
  let hangs = 0;
  if (replayed === undefined) {
    for (const [index, built] of constructed.entries()) {
      if (hangs >= HANGS_BEFORE_GIVING_UP) {
        hung = { from: index, cases: [index - 2, index - 1], timeoutMs: options.caseTimeoutMs };
        break;
      }
      let run: CaseRun;
      try {
        run = await runner.run(index, built.value, true, built.hazard);
      } catch (error) {
        unrun = { from: index, error };
        break;
      }
      count(built.value, run);
      hangs = run.kind === "broke" && errorKind(run.error) === "timeout" ? hangs + 1 : 0;
      if (run.kind !== "held") found.push({ index, value: built.value, run, path: String(index) });
    }
  }
  // Detection only (no shrinking) needs no random case once the clause has failed.
  const explore = unrun === undefined && hung === undefined && (replayed !== undefined || options.shrink !== false || found.length === 0);
  let explored: Explored = { shrinks: 0 };
  if (explore) {
    try {
      explored = await exploreRandom(clause, env, options, constructed.map((built) => built.value), runner, replayed, count);
    } catch (error) {
      // fast-check refuses a path its generators can no longer follow: the suites changed since the report.
      const message = error instanceof Error ? error.message : String(error);
      if (!options.path || !/replay/i.test(message)) throw error;
      const reason = `seed ${options.seed} and path ${options.path} no longer lead to a case of ${clause.id} (the suites changed since that report was written); replay the case by value with: mcp-collide repro REPORT.json --clause ${clause.id}`;
      return { ...base, status: "error", reason, cases: 0, shrinks: 0, situations: {}, judged: {}, durationMs: 0, error: { kind: "harness", message: reason, stderrTail: "" } };
    }
  }
  if (explored.found) found.push(explored.found);
  unrun ??= explored.unrun;

  const durationMs = Math.round(performance.now() - started);
  const poisoned = poisonedText(runner.poisonedCases);
  const notRun = `${unrun === undefined ? "" : `; ${unrunText(unrun, constructed.length)}`}${hung === undefined ? "" : `; ${hungText(hung, constructed.length)}`}`;
  // A replay runs one case: it has no coverage to tell.
  const coverage = replayed !== undefined ? {} : { constructed: tally.constructedRun, random: tally.randomRun, ...(tally.hazards().length > 0 ? { coverage: tally.rows() } : {}) };
  const common = { ...base, cases, shrinks: explored.shrinks, situations, judged, ...coverage, ...confounds.field(), durationMs };
  const findings = found.map((entry) => findingOf(clause, entry, constructed));

  if (explored.harness !== undefined) {
    const message = explored.harness;
    return { ...common, status: "error", reason: `the harness broke: ${message}`, error: { kind: "harness", message, stderrTail: "" }, ...(findings.length > 0 ? { findings } : {}) };
  }
  if (findings.length > 0) {
    return { ...common, status: worstOf(findings), reason: `${findings.map((finding) => finding.reason).join("; ")}${poisoned}${notRun}`, ...findingFields(findings) };
  }
  if (unrun) {
    // No case failed, but some could not run: the host could not be (re)started for them.
    const message = unrun.error instanceof Error ? unrun.error.message : String(unrun.error);
    return { ...common, status: "error", reason: `${unrunText(unrun, constructed.length)}${poisoned}`, error: { kind: errorKind(unrun.error), message, stderrTail: options.stderrTail() } };
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

/** Consecutive hung cases after which a clause runs no further case. */
export const HANGS_BEFORE_GIVING_UP = 2;

/** The cases a hang guard left unrun: from `from` (an index) on, after the hangs of `cases` (indices). */
interface Hung {
  from: number;
  cases: [number, number];
  timeoutMs: number;
}

/** `constructed cases 3 to 9 and every random case were not run: the host hung on cases 1 and 2 in a row ...`. */
function hungText(hung: Hung, constructed: number): string {
  const first = hung.from + 1;
  const which = first < constructed ? `constructed cases ${first} to ${constructed}` : `constructed case ${first}`;
  return `${which} and every random case were not run: the host hung on cases ${hung.cases[0] + 1} and ${hung.cases[1] + 1} in a row (each past the ${hung.timeoutMs} ms case timeout, the second on a relaunched host), so the rest would have cost a timeout each`;
}

/** `constructed cases 4 to 5 could not run: the host could not be restarted (crash): ...`. */
function unrunText(unrun: Unrun, constructed: number): string {
  const message = unrun.error instanceof Error ? unrun.error.message : String(unrun.error);
  const first = unrun.from + 1;
  const which = unrun.from >= constructed ? `random exploration stopped before random case ${first - constructed}`
    : `constructed case${first < constructed ? `s ${first} to ${constructed}` : ` ${first}`} and every random case could not run`;
  return `${which}: the host could not be (re)started (${errorKind(unrun.error)}): ${message}`;
}

/** `; case 2 failed and case 5 could not judge its hazard only on a host process that ...`, or nothing. */
function poisonedText(cases: CaseRunner["poisonedCases"]): string {
  if (cases.length === 0) return "";
  const parts = (["violated", "broke", "not-judged"] as const).flatMap((symptom) => {
    const these = cases.filter((entry) => entry.symptom === symptom).map((entry) => entry.case);
    return these.length === 0 ? [] : [`case ${these.join(", ")} ${wentWrong[symptom]}`];
  });
  return `; ${parts.join(" and ")} only on a host process that had served earlier cases and held on a fresh one: not charged here (see lifecycle/sessions-independent)`;
}

/** What the passing cases said they were checked against, for a reason: ` (checked ...; ...)`, or nothing. */
function checked(notes: ReadonlySet<string>): string {
  return notes.size === 0 ? "" : ` (${[...notes].join("; ")})`;
}

/** `3 constructed and 25 random case(s)`, or `25 case(s)` for a clause with no coverage plan. */
function casesIn(tally: CoverageTally): string {
  return tally.constructed.length === 0 ? `${tally.randomRun} case(s)` : `${tally.constructedRun} constructed and ${tally.randomRun} random case(s)`;
}
