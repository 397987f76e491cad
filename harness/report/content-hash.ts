/**
 * The report's content hash: what a reviewer cites to say "this verdict, from this run". It covers what the
 * run found and what it stood on, and everything `repro`, `matrix` and `merge` act on (the host command
 * too: they verify it before using a report), and nothing about when it ran. Paths are recorded
 * machine-independently (portable-path.ts), so two runs with the same seed, host and harness give the same
 * hash on any machine (as long as the host answers deterministically). It detects accidental edits (a
 * truncated file, a hand-edited verdict, a report of another harness version); it is not a signature:
 * anyone can recompute it, so a deliberate edit re-sealed by its author passes, which is why `repro` never
 * runs a command taken from a report unless asked.
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "../world/canonical-json.ts";
import type { Report } from "./report-model.ts";

/** The report's top-level fields the hash leaves out (docs/ci.md's jq recipe deletes exactly these). */
export const UNHASHED_FIELDS = ["startedAt", "durationMs", "contentSha256", "observationCache"] as const;

/**
 * The part of a report that is hashed: the whole report except `startedAt`, `durationMs` and
 * `clauses[].durationMs` (when and how fast), `observationCache` (it varies with workers) and `contentSha256`
 * itself. `diagnostics` is hashed: it holds what an agent CLI's isolation recorded (every outbound attempt),
 * which a reviewer must be able to trust as much as the verdicts. The host command and baseline file are
 * hashed: repro, matrix and merge act on them, and they are recorded portably (portable-path.ts), so the
 * hash is the same on any machine. Fields that are absent stay absent (never `null`).
 */
export function hashedContent(report: Report): unknown {
  const unhashed = new Set<string>(UNHASHED_FIELDS);
  const rest = Object.fromEntries(Object.entries(report).filter(([field]) => !unhashed.has(field)));
  return JSON.parse(JSON.stringify({ ...rest, clauses: report.clauses.map(({ durationMs: _clauseDuration, ...clause }) => clause) }));
}

/**
 * SHA-256 (lowercase hex) of the canonical JSON of {@link hashedContent}: object keys sorted at every depth,
 * no whitespace, UTF-8. To check a report by hand:
 * `jq -cS 'del(.startedAt,.durationMs,.contentSha256,.observationCache)|.clauses[]|=del(.durationMs)' report.json | tr -d '\n' | sha256sum`
 * (docs/ci.md; suites/hash-recipe.test.ts runs it on every committed report).
 */
export function contentSha256(report: Report): string {
  return createHash("sha256").update(canonicalJson(hashedContent(report)), "utf8").digest("hex");
}
