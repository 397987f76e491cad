/**
 * Policy: a case that a host-wide cause kept from judging its hazard is confounded. It is no violation of its
 * clause, it judges nothing, and the clause lists it under `confounds` (one entry per cause, with its cases).
 * A clause whose every case was confounded is INCONCLUSIVE with one short reason naming the cause, never the
 * host's error repeated case after case; cases that were not confounded are judged as usual. Two causes:
 * - non-deterministic: a check that compares two different opens (a permutation, another answer order, another
 *   server added, a spoofed serverInfo, a local tool placed) found two identical opens of its configuration
 *   differing as well, so its comparison says nothing about its own hazard (the check says so in its outcome:
 *   CheckOutcome.confound, see identical-opens.ts). Differing identical opens are names/deterministic's business.
 * - every-open-fails: before any clause ran the host failed the open of a clean world whole (learn-naming.ts),
 *   and every open of this case failed the same way, with the same error: whatever the case was built to
 *   show, the host showed nothing of it. A case whose opens failed otherwise (another error, a tool shown) is
 *   judged as usual, so a clause still fails on what is its own hazard.
 */
import type { Confound } from "../report/report-model.ts";
import type { CaseConfound, CheckOutcome } from "./clause.ts";

/** The clean world's whole failure, as the run read it before any clause (see learn-naming.ts). */
export interface EveryOpenFails {
  /** The errors naming no server that the clean world's open reported, as a case transcript states them (CaseTranscript.stable). */
  messages: readonly string[];
}

/** One open of a case as its transcript holds it: the host's answer, or undefined when the adapter threw. */
export interface OpenAnswer {
  registered: Record<string, readonly string[]>;
  errors: ReadonlyArray<{ server?: string; message: string }>;
}

/** Whether every open of a case (at least one) failed as the clean world's did: nothing registered, one of its errors. */
export function failedAsClean(opens: ReadonlyArray<OpenAnswer | undefined>, clean: EveryOpenFails, stable: (text: string) => string): boolean {
  return opens.length > 0 && opens.every((open) => open !== undefined
    && Object.values(open.registered).every((names) => names.length === 0)
    && open.errors.some((error) => error.server === undefined && clean.messages.includes(stable(error.message))));
}

/** What kept a case from judging: the check's own confound, else the host-wide failure when every open showed only it. */
export function caseConfound(outcome: CheckOutcome, everyOpenFailed: () => boolean): CaseConfound | undefined {
  if (everyOpenFailed()) return { cause: "every-open-fails", detail: "every open failed whole, as the clean world's did" };
  return outcome.ok ? outcome.confound : undefined;
}

/** The cause in words, for a reason: what it is and where the report tells more. */
export function causeText(confound: Pick<Confound, "cause" | "clause">): string {
  switch (confound.cause) {
    case "non-deterministic":
      return `non-determinism (two identical opens differed${confound.clause ? `; see ${confound.clause}` : ""})`;
    case "every-open-fails":
      return "a host that fails every open (a clean world's too, with the same error: the report's every-open-fails defect)";
    case "poisoned-process":
      return `a host process poisoned by an earlier case${confound.clause ? ` (see ${confound.clause})` : ""}`;
  }
}

/** A confounded case as the coverage table notes it: short, since the clause's reason names the cause. */
export function confoundNote(confound: CaseConfound): string {
  return confound.cause === "every-open-fails" ? `confounded (${confound.cause}): ${confound.detail}` : `confounded by ${causeText(confound)}: ${confound.detail}`;
}

/** Tallies a clause's confounded cases, by cause; see the policy above. */
export class ConfoundTally {
  readonly #entries = new Map<string, Confound>();
  #count = 0;

  /** Records that case `number` (from 1) was confounded. */
  record(number: number, confound: CaseConfound): void {
    this.#count++;
    const key = JSON.stringify([confound.cause, confound.clause ?? null]);
    const entry = this.#entries.get(key);
    if (entry) entry.cases.push(number);
    else this.#entries.set(key, { cause: confound.cause, ...(confound.clause ? { clause: confound.clause } : {}), cases: [number], detail: confound.detail });
  }

  /** The report's `confounds` field, when any case was confounded. */
  field(): { confounds?: Confound[] } {
    return this.#entries.size === 0 ? {} : { confounds: [...this.#entries.values()] };
  }

  /** Whether every one of `cases` run was confounded. */
  explainsAll(cases: number): boolean {
    return cases > 0 && this.#count === cases;
  }

  /** The reason of a clause every case of which was confounded: the cause once, and what was never judged. */
  inconclusive(missing: readonly string[], cases: number): string {
    const [first] = this.#entries.values();
    const causes = [...this.#entries.values()].map((entry) => causeText(entry)).join(" and ");
    const detail = this.#entries.size === 1 && first!.cause !== "every-open-fails" ? `: ${first!.detail}` : "";
    return `confounded in all ${cases} case(s) by ${causes}${detail}; no case judged its hazard, so these situations were never judged: ${missing.join(", ")}`;
  }

  /** What a reason adds when some cases were confounded and the others were judged: `; 2 case(s) confounded by ...`, or nothing. */
  suffix(): string {
    if (this.#count === 0) return "";
    return `; ${this.#count} case(s) confounded by ${[...this.#entries.values()].map((entry) => causeText(entry)).join(" and ")}, judged on the others`;
  }
}
