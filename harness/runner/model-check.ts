/**
 * The bridge between a model-based check (fast-check commands run against a host) and a clause's verdict:
 * a command that finds the host disagreeing with the model throws a {@link ModelViolation}, which becomes
 * a failing {@link CheckOutcome}; anything else a command throws (an adapter that crashed, hung or answered
 * garbage, a harness bug) propagates, so the runner reports ERROR and never shrinks toward it.
 */
import type { CheckOutcome } from "./clause.ts";

/** The host disagreed with the model: what the model required, and what the host did. */
export class ModelViolation extends Error {
  override readonly name = "ModelViolation";
  constructor(
    readonly expected: string,
    readonly observed: string,
  ) {
    super(`${expected} / ${observed}`);
  }
}

/**
 * Runs `check`, which adds the situations it judged to the set it is given; a {@link ModelViolation} it
 * throws becomes a failing outcome (with `context`, e.g. the steps run so far, appended to what was
 * observed), and those situations are kept either way.
 */
export async function modelOutcome(check: (judged: Set<string>) => Promise<void>, context?: () => string): Promise<CheckOutcome> {
  const judged = new Set<string>();
  try {
    await check(judged);
    return { ok: true, judged: [...judged] };
  } catch (error) {
    if (!(error instanceof ModelViolation)) throw error;
    const where = context?.();
    return { ok: false, expected: error.expected, observed: where ? `${error.observed} (${where})` : error.observed, judged: [...judged] };
  }
}
