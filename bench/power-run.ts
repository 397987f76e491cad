/**
 * The harness's power, measured: for each seed, every built-in host (the reference and each one-bug host)
 * against every clause, in-process, at one run count. A pair of the answer key (suites/expected-failures.ts)
 * is detected in a seed when the clause fails (or warns) for that host; every other (host, clause) must
 * pass or be not applicable (or, where the key expects a host-wide cause to confound it, be INCONCLUSIVE
 * naming that cause), so a host that fails more than its key, or a clause left INCONCLUSIVE, shows as a
 * departure. Violations are not shrunk (detection is all that is asked), so a seed costs what finding costs.
 */
import { DEFAULT_RUNS, inProcessLauncher, paced, runClauses, type ClauseStatus } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { BUILT_IN_STALL_MS } from "../suites/control-report.ts";
import { expectedConfounded, expectedFailures, isFailure } from "../suites/expected-failures.ts";
import { clauses } from "../suites/index.ts";

/** One (clause, one-bug host) pair of the answer key over every seed. */
export interface PairPower {
  clause: string;
  host: string;
  /** Seeds in which the clause failed for the host. */
  detected: number;
  seeds: number;
  /** Seeds in which it did not, with the status it got instead. */
  missed: { seed: number; status: ClauseStatus }[];
}

/** One clause on the reference over every seed: anything but a pass is a false failure or a hole. */
export interface ReferencePower {
  clause: string;
  seeds: number;
  /** Seeds in which the reference did not pass, with the status it got. */
  departures: { seed: number; status: ClauseStatus; reason: string }[];
}

/** A (host, clause) outside the host's answer key that did not pass (or was not applicable) in some seed. */
export interface Departure {
  host: string;
  clause: string;
  seed: number;
  status: ClauseStatus;
  reason: string;
}

/** The whole measurement. */
export interface Power {
  seeds: number[];
  runs: number;
  pairs: PairPower[];
  reference: ReferencePower[];
  /** One-bug hosts' clauses outside their answer key that did not pass: each one a verdict that depends on the seed or a key that is wrong. */
  beyond: Departure[];
  wallMs: number;
}

/** Options of {@link measurePower}. */
export interface PowerOptions {
  seeds: readonly number[];
  /** Random cases per clause, after the constructed ones (default: the CLI's default, {@link DEFAULT_RUNS}). */
  runs?: number;
  /** Runs going at once (default 2): clauses that wait on timers leave the CPU idle. */
  concurrency?: number;
  /** Only these clause ids (default: every clause): to measure a pair that falls short without the rest. */
  clauses?: readonly string[];
  /** Only these hosts of the answer key, `reference` included (default: every one). */
  hosts?: readonly string[];
  /** Called as each (seed, host) run ends. */
  progress?(seed: number, host: string, done: number, total: number): void;
}

/** `count` seeds drawn from `base` (mulberry32), each a valid fast-check seed: the same base, the same seeds. */
export function seedsFrom(base: number, count: number): number[] {
  let state = base >>> 0;
  return Array.from({ length: count }, () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % 2 ** 31;
  });
}

/** Runs every (seed, host) of the answer key and tallies detection per pair and departures of the reference. */
export async function measurePower(options: PowerOptions): Promise<Power> {
  const started = performance.now();
  const runs = options.runs ?? DEFAULT_RUNS;
  const hosts = Object.keys(expectedFailures).filter((host) => options.hosts === undefined || options.hosts.includes(host));
  const wanted = (id: string) => options.clauses === undefined || options.clauses.includes(id);
  const jobs = options.seeds.flatMap((seed) => hosts.map((host) => ({ seed, host })));
  const statuses = new Map<string, Map<string, ClauseStatus>>();
  const reasons = new Map<string, string>();
  /** Per (host, clause, seed): the causes the clause's confounds named. */
  const causes = new Map<string, string[]>();
  let done = 0;
  const work = async () => {
    for (let job = jobs.shift(); job !== undefined; job = jobs.shift()) {
      const { seed, host } = job;
      const selected = clauses.filter((clause) => wanted(clause.id));
      const report = await runClauses({
        clauses: selected, launcher: inProcessLauncher(() => createHost(host === "reference" ? undefined : host)),
        transport: "memory", seed, runs, shrink: false, stallMs: BUILT_IN_STALL_MS,
        // The jobs share one event loop: with C of them interleaved a case's wall time stretches up to C-fold,
        // so the bound does too (at --concurrency 16 on a loaded machine, cases of healthy hosts went past 60 s
        // and came back ERROR). No built-in host hangs, so the longer bound costs nothing here.
        caseTimeoutMs: paced(60_000) * Math.max(1, options.concurrency ?? 2),
      });
      for (const clause of report.clauses) {
        const key = `${host}\u0000${clause.id}`;
        if (!statuses.has(key)) statuses.set(key, new Map());
        statuses.get(key)!.set(String(seed), clause.status);
        reasons.set(`${host}\u0000${clause.id}\u0000${seed}`, clause.reason);
        causes.set(`${host}\u0000${clause.id}\u0000${seed}`, clause.confounds?.map((confound) => confound.cause) ?? []);
      }
      options.progress?.(seed, host, ++done, options.seeds.length * hosts.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 2) }, work));
  const statusOf = (host: string, clause: string, seed: number) => statuses.get(`${host}\u0000${clause}`)?.get(String(seed)) ?? "error";
  // INCONCLUSIVE as the key expects: a host-wide cause it names confounded the clause (suites/expected-failures.ts).
  const confoundedAsKeyed = (host: string, clause: string, seed: number) => {
    const cause = expectedConfounded[host]?.[clause];
    return cause !== undefined && statusOf(host, clause, seed) === "inconclusive" && (causes.get(`${host}\u0000${clause}\u0000${seed}`) ?? []).includes(cause);
  };
  const order = clauses.map((clause) => clause.id).filter(wanted);
  const pairs = hosts.filter((host) => host !== "reference").flatMap((host) =>
    expectedFailures[host]!.filter(wanted).map((clause): PairPower => {
      const missed = options.seeds.filter((seed) => !isFailure(statusOf(host, clause, seed))).map((seed) => ({ seed, status: statusOf(host, clause, seed) }));
      return { clause, host, detected: options.seeds.length - missed.length, seeds: options.seeds.length, missed };
    }))
    .sort((a, b) => order.indexOf(a.clause) - order.indexOf(b.clause) || hosts.indexOf(a.host) - hosts.indexOf(b.host));
  const reference = (hosts.includes("reference") ? order : []).map((clause): ReferencePower => ({
    clause,
    seeds: options.seeds.length,
    departures: options.seeds.filter((seed) => statusOf("reference", clause, seed) !== "pass")
      .map((seed) => ({ seed, status: statusOf("reference", clause, seed), reason: reasons.get(`reference\u0000${clause}\u0000${seed}`) ?? "" })),
  }));
  const beyond = hosts.filter((host) => host !== "reference").flatMap((host) =>
    order.filter((clause) => !expectedFailures[host]!.includes(clause)).flatMap((clause) => options.seeds
      .filter((seed) => (expectedConfounded[host]?.[clause] !== undefined ? !confoundedAsKeyed(host, clause, seed) : !["pass", "not-applicable"].includes(statusOf(host, clause, seed))))
      .map((seed): Departure => ({ host, clause, seed, status: statusOf(host, clause, seed), reason: reasons.get(`${host}\u0000${clause}\u0000${seed}`) ?? "" }))));
  return { seeds: [...options.seeds], runs, pairs, reference, beyond, wallMs: Math.round(performance.now() - started) };
}

/** The detection rate of a pair, as a percentage with no decimals. */
export const rate = (pair: Pick<PairPower, "detected" | "seeds">) => Math.floor((100 * pair.detected) / pair.seeds);
