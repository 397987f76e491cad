/**
 * The report's content hash: what a reviewer cites to say "this verdict, from this run". It covers what the
 * run found and what it stood on, and nothing about when or where it ran, so two runs with the same seed,
 * host and harness give the same hash on any machine (as long as the host answers deterministically).
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "../world/canonical-json.ts";
import type { Report } from "./report-model.ts";

/**
 * The part of a report that is hashed: the whole report except `startedAt`, `durationMs`,
 * `clauses[].durationMs` (when and how fast), `hostCommand` and `baseline.file` (this machine's paths),
 * `diagnostics` and `observationCache` (they vary with timing and workers), and `contentSha256` itself. Fields that are absent stay absent (never `null`).
 */
export function hashedContent(report: Report): unknown {
  const {
    startedAt: _startedAt, durationMs: _durationMs, contentSha256: _hash, hostCommand: _command, diagnostics: _diagnostics,
    observationCache: _cache, baseline, clauses, ...rest
  } = report;
  const content: Record<string, unknown> = {
    ...rest,
    clauses: clauses.map(({ durationMs: _clauseDuration, ...clause }) => clause),
  };
  if (baseline) {
    const { file: _file, ...kept } = baseline;
    content.baseline = kept;
  }
  return JSON.parse(JSON.stringify(content));
}

/**
 * SHA-256 (lowercase hex) of the canonical JSON of {@link hashedContent}: object keys sorted at every depth,
 * no whitespace, UTF-8. To check a report by hand:
 * `jq -cS 'del(.startedAt,.durationMs,.contentSha256,.hostCommand,.baseline.file,.diagnostics,.observationCache)|.clauses[]|=del(.durationMs)' report.json | tr -d '\n' | sha256sum`
 * (jq's number formatting may differ from JavaScript's for non-integers; the harness's own check is
 * {@link contentSha256}).
 */
export function contentSha256(report: Report): string {
  return createHash("sha256").update(canonicalJson(hashedContent(report)), "utf8").digest("hex");
}
