/**
 * The report's content hash: what a reviewer cites to say "this verdict, from this run". It covers what the
 * run found and what it stood on, and everything `repro`, `matrix` and `merge` act on (the host command
 * too: they verify it before using a report), and nothing about when it ran. Paths are recorded
 * machine-independently (portable-path.ts), so two runs with the same seed, host and harness give the same
 * hash on any machine (as long as the host answers deterministically). It is a check, not a signature:
 * anyone can recompute it, which is why `repro` never runs a command taken from a report unless asked.
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "../world/canonical-json.ts";
import type { Report } from "./report-model.ts";

/**
 * The part of a report that is hashed: the whole report except `startedAt`, `durationMs` and
 * `clauses[].durationMs` (when and how fast), `diagnostics` and `observationCache` (they vary with timing and
 * workers) and `contentSha256` itself. The host command and baseline file are hashed: repro, matrix and merge
 * act on them, and they are recorded portably (portable-path.ts), so the hash is the same on any machine.
 * Fields that are absent stay absent (never `null`).
 */
export function hashedContent(report: Report): unknown {
  const {
    startedAt: _startedAt, durationMs: _durationMs, contentSha256: _hash, diagnostics: _diagnostics,
    observationCache: _cache, clauses, ...rest
  } = report;
  return JSON.parse(JSON.stringify({ ...rest, clauses: clauses.map(({ durationMs: _clauseDuration, ...clause }) => clause) }));
}

/**
 * SHA-256 (lowercase hex) of the canonical JSON of {@link hashedContent}: object keys sorted at every depth,
 * no whitespace, UTF-8. To check a report by hand:
 * `jq -cS 'del(.startedAt,.durationMs,.contentSha256,.diagnostics,.observationCache)|.clauses[]|=del(.durationMs)' report.json | tr -d '\n' | sha256sum`
 * (jq's number formatting may differ from JavaScript's for non-integers; the harness's own check is
 * {@link contentSha256}).
 */
export function contentSha256(report: Report): string {
  return createHash("sha256").update(canonicalJson(hashedContent(report)), "utf8").digest("hex");
}
