/**
 * Replays one case of one clause against a host, outside a run: by value (a report's counterexample, an
 * emitted regression test) or by seed and fast-check path. The verdict follows the run's rules: a thrown
 * error or a hang is ERROR, never a pass.
 */
import fc from "fast-check";
import { isAdapterError } from "../adapter/adapter-error.ts";
import { worldBoundsBreach } from "../arbitraries/world-bounds.ts";
import type { InitializeResult } from "../protocol/initialize-result.ts";
import { CaseTranscript } from "../runner/case-transcript.ts";
import type { CheckOutcome, Clause } from "../runner/clause.ts";
import { hostFailure } from "../runner/host-failure.ts";
import type { HostLauncher } from "../runner/host-launcher.ts";
import { timedWork } from "../runner/timed-work.ts";
import type { ServerTransportKind } from "../runner/observe-session.ts";
import type { World } from "../world/world.ts";
import { isHostError, openReplayEnvironment, type ReplayEvent } from "./replay-environment.ts";

/** What to replay, against what. Give `value`, or `seed` and `path`. */
export interface ReplayOptions {
  clause: Clause;
  launcher: HostLauncher;
  value?: unknown;
  seed?: number;
  path?: string;
  transport?: ServerTransportKind;
  profile?: string;
  /** Longest the case may take, in ms (default 120 000). */
  caseTimeoutMs?: number;
  log?(event: ReplayEvent): void;
}

/** How a replayed case came out. */
export interface ReplayResult {
  verdict: "pass" | "violated" | "not-applicable" | "error";
  /** For an error: whether the host broke (crash, hang, garbage) or the case itself could not be replayed. */
  broke?: "host" | "harness";
  /** One line: why. */
  reason: string;
  outcome?: CheckOutcome;
  /** The case that ran (undefined when the host could not be started). */
  value?: unknown;
  worlds: World[];
  host?: InitializeResult;
  transport?: ServerTransportKind;
  stderrTail: string;
}

/**
 * The value fast-check generates for `arbitrary` at `path` under `seed`: the run's case, without running it.
 * `examples` are the clause's constructed cases, which a run puts first, so the path counts them.
 */
export async function valueAtPath<T>(arbitrary: fc.Arbitrary<T>, seed: number, path: string, examples: readonly T[] = []): Promise<T> {
  let found: { value: T } | undefined;
  // With a path, fast-check walks straight to that case and starts there; one run is that case.
  await fc.check(fc.property(arbitrary, (value) => {
    found ??= { value };
    return true;
  }), { seed, path, numRuns: 1, examples: examples.map((value) => [value] as [T]) });
  if (!found) throw new Error(`seed ${seed} and path ${path} give no case`);
  return found.value;
}

const describeError = (error: unknown) => `${isAdapterError(error) ? `${error.kind}: ` : ""}${error instanceof Error ? error.message : String(error)}`;

/** Replays one case and returns its verdict; never throws for a broken host (that is an `error` verdict). */
export async function replayCase(options: ReplayOptions): Promise<ReplayResult> {
  const log = options.log ?? (() => undefined);
  if (options.value !== undefined) {
    // A case given by value came from a file: held to the bounds of a generated case before any server starts.
    let breach: string | undefined;
    try {
      breach = worldBoundsBreach(options.clause.worlds(options.value));
    } catch (error) {
      breach = `its worlds cannot be built (${describeError(error)})`;
    }
    if (breach) return { verdict: "error", broke: "harness", reason: `the case is not one ${options.clause.id} generates: ${breach}; nothing was started`, worlds: [], stderrTail: "" };
  }
  let replay;
  try {
    replay = await openReplayEnvironment(options.launcher, { transport: options.transport, profile: options.profile, log });
  } catch (error) {
    return { verdict: "error", broke: "host", reason: `the host could not be started: ${describeError(error)}`, worlds: [], stderrTail: (error as { stderrTail?: string }).stderrTail ?? "" };
  }
  const base = { host: replay.host, transport: replay.transport };
  try {
    const skip = options.clause.notApplicable?.(replay.env);
    if (skip) return { ...base, verdict: "not-applicable", reason: skip, worlds: [], stderrTail: replay.stderrTail() };
    let value = options.value;
    if (value === undefined) {
      if (options.seed === undefined || options.path === undefined) throw new Error("replayCase needs a value, or a seed and a path");
      const constructed = options.clause.coverage?.(replay.env).map((built) => built.value) ?? [];
      value = await valueAtPath(options.clause.arbitrary(replay.env), options.seed, options.path, constructed);
    }
    const worlds = options.clause.worlds(value);
    let outcome: CheckOutcome;
    const transcript = new CaseTranscript();
    try {
      outcome = await timedWork(options.caseTimeoutMs ?? 120_000, "the case", () => options.clause.check(transcript.environment(replay.env), value));
    } catch (error) {
      // The host failing on a failing server of the case is its violation, as in a run (host-failure.ts).
      const failed = hostFailure(error, transcript, replay.stderrTail(), replay.cleanWorldAnswered);
      if (failed) {
        return { ...base, verdict: "violated", reason: `expected ${failed.outcome.expected}; observed ${failed.outcome.observed}`, outcome: failed.outcome, value, worlds, stderrTail: replay.stderrTail() };
      }
      // Only what came out of the adapter (or a hang) is the host's; anything else is the case failing to replay.
      if (isAdapterError(error) || isHostError(error) || (error as { hang?: boolean }).hang) {
        return { ...base, verdict: "error", broke: "host", reason: `the host broke: ${describeError(error)}`, value, worlds, stderrTail: replay.stderrTail() };
      }
      return { ...base, verdict: "error", broke: "harness", reason: `the case could not be replayed (not the host's doing): ${describeError(error)}`, value, worlds, stderrTail: replay.stderrTail() };
    }
    const reason = outcome.ok ? `the clause held${outcome.note !== undefined ? ` (${outcome.note})` : ""}` : `expected ${outcome.expected}; observed ${outcome.observed}`;
    return { ...base, verdict: outcome.ok ? "pass" : "violated", reason, outcome, value, worlds, stderrTail: replay.stderrTail() };
  } finally {
    await replay.close();
  }
}
