/**
 * Policy: a clause's coverage table. Each hazard the clause is about (every situation it requires, and every
 * hazard its coverage plan builds a case for) gets a row saying where it was judged: on which constructed
 * case, in how many random cases, or nowhere, and then what the host did instead. A hazard counts as judged
 * only where a check said it judged it (see CheckOutcome), never because a world merely held it. Every
 * constructed case is recorded, whatever an earlier one did (run-clause.ts runs them all); one left `not-run`
 * is one that could not run at all (no host could be started for it), which the clause's reason says.
 */
import type { CoverageCase, CoverageRow } from "../report/report-model.ts";
import type { ConstructedCase } from "./clause.ts";

/** How one case ended, as the tally needs it. */
export interface CaseResult {
  kind: "held" | "violated" | "broke";
  judged: ReadonlySet<string>;
  /** What the host did, in a line: asked only for a constructed case that did not judge its hazard. */
  note?: () => string;
}

/** Tallies, case by case, what a clause's run judged; see the policy above. */
export class CoverageTally {
  readonly #results: CaseResult[] = [];
  readonly #notes = new Map<number, string>();

  constructor(
    readonly requires: readonly string[],
    readonly constructed: readonly ConstructedCase[],
  ) {}

  /** Records the next case run (cases come in order: the constructed ones first). */
  record(result: CaseResult): void {
    const index = this.#results.length;
    const built = this.constructed[index];
    if (built && result.kind === "held" && !result.judged.has(built.hazard) && result.note) this.#notes.set(index, result.note());
    this.#results.push(result);
  }

  /** Constructed cases run so far. */
  get constructedRun(): number {
    return Math.min(this.#results.length, this.constructed.length);
  }

  /** Random cases run so far. */
  get randomRun(): number {
    return Math.max(0, this.#results.length - this.constructed.length);
  }

  /** The hazards the table has a row for: required ones first, then the plan's others, each once. */
  hazards(): string[] {
    return [...new Set([...this.requires, ...this.constructed.map((built) => built.hazard)])];
  }

  /** One row per hazard. */
  rows(): CoverageRow[] {
    return this.hazards().map((hazard) => {
      const constructed: CoverageCase[] = [];
      this.constructed.forEach((built, index) => {
        const result = this.#results[index];
        const judgedHere = result?.judged.has(hazard) ?? false;
        if (built.hazard !== hazard && !judgedHere) return;
        const outcome = result === undefined ? "not-run" : result.kind === "violated" ? "violated" : result.kind === "broke" ? "broke" : judgedHere ? "judged" : "not-judged";
        const note = outcome === "not-judged" ? this.#notes.get(index) : undefined;
        constructed.push({ title: built.title, case: index + 1, outcome, ...(note !== undefined ? { note } : {}) });
      });
      const randomCases = this.#results.flatMap((result, index) => (index >= this.constructed.length && result.judged.has(hazard) ? [index + 1] : []));
      const ownCases = constructed.filter((entry) => this.constructed[entry.case - 1]!.hazard === hazard);
      const status = ownCases.some((entry) => entry.outcome === "violated") ? "violated"
        : constructed.some((entry) => entry.outcome === "judged") || randomCases.length > 0 ? "judged"
        : ownCases.some((entry) => entry.outcome === "not-run") ? "not-run" : "not-judged";
      return {
        hazard, required: this.requires.includes(hazard), status, constructed, random: randomCases.length,
        ...(randomCases.length > 0 ? { firstRandomCase: randomCases[0]! } : {}),
      };
    });
  }

  /**
   * Why a required situation was never judged, from its row: each constructed case built for it with what
   * the host did there, and how often random cases met it (`met`: cases whose worlds held it or whose check
   * came upon it).
   */
  unjudged(situation: string, met: number): string {
    const row = this.rows().find((candidate) => candidate.hazard === situation);
    const built = (row?.constructed ?? []).map((entry) => `constructed case ${entry.case} ("${entry.title}"): ${entry.note ?? entry.outcome}`);
    const total = this.#results.length;
    const random = [met > 0 ? `met in ${met} of ${total} case(s), none of which could judge it` : `never met in ${total} case(s)`];
    return `${situation} (${[...built, ...random].join("; ")})`;
  }
}
