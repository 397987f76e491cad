/**
 * Policy (docs/defects.md says it to users): which fact explains a finding. A clause names the kinds of fact
 * that can explain its failure, in the order it prefers them; a kind read across a case's steps
 * (CLAUSE_ONLY_KINDS) explains only a clause that names it.
 */
import { FACT_KINDS, type CaseFact, type FactKind } from "./fact-readings.ts";

/**
 * The kinds of fact that can explain a clause's failure, in the order it prefers them: a profile failure is
 * first the join, a list-order failure first the order; every other clause takes the first fact in
 * FACT_KINDS order (a loss before the naming that led to it).
 */
const CLAUSE_KINDS: Record<string, readonly FactKind[]> = {
  "names/profile": ["naming", "cut", "stripped", "folded", "refused", ...FACT_KINDS],
  "names/provider-valid": ["refused", "cut", "stripped", ...FACT_KINDS],
  "order/stable-list": ["order", ...FACT_KINDS],
  "wire/passthrough": ["call", ...FACT_KINDS],
  "drift/refresh-tracks-list": ["refresh", "renamed", ...FACT_KINDS, "relist"],
  "drift/unreachable-prunes-nothing": ["refresh", "error", ...FACT_KINDS, "prune"],
  // A cursor sent back again and again (read only here) after every other kind: a failing server no error names first.
  "surface/failing-server-named": ["failing", ...FACT_KINDS, "cursor-loop"],
  "prompts/failing-server-named": ["failing", ...FACT_KINDS],
  "resources/failing-server-named": ["failing", ...FACT_KINDS],
  "prompts/get-routes": ["call", ...FACT_KINDS],
  "resources/read-routes": ["call", ...FACT_KINDS],
  "prompts/context-free": ["renamed", ...FACT_KINDS],
  // Kinds only these clauses read (CLAUSE_ONLY_KINDS), after every other: a finding another fact explains keeps it.
  "wire/cancels-only-pending": [...FACT_KINDS, "cancel"],
  "options/keyed-by-wire": [...FACT_KINDS, "request-schema"],
  "options/unknown-key": [...FACT_KINDS, "request-schema"],
  "drift/list-changed": [...FACT_KINDS, "unheeded", "relist"],
  "drift/pin-holds-changes": [...FACT_KINDS, "pin"],
  "drift/mid-session-loss": [...FACT_KINDS, "remembered"],
  "lifecycle/sessions-independent": [...FACT_KINDS, "later-opens"],
  "schema/input-schema-intact": [...FACT_KINDS, "schema"],
  // A bound on how long the host took: the records keep no timings, so the refusal it timed comes first.
  "schema/hostile-schema": ["refused-call", ...FACT_KINDS],
};

/** The fact that explains a finding of `clause`: the first of its kinds the case's facts hold, or undefined. */
export function explainingFact(clause: string, facts: readonly CaseFact[]): CaseFact | undefined {
  for (const kind of CLAUSE_KINDS[clause] ?? FACT_KINDS) {
    const fact = facts.find((entry) => entry.kind === kind && !(kind === "naming" && clause !== "names/profile"));
    if (fact) return fact;
  }
  return undefined;
}
