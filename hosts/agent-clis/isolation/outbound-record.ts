/**
 * The outbound record as a report shows it (policy): one diagnostic per distinct attempt, with how many
 * times the CLI made it, most frequent first, each attempt's target clipped; past {@link MAX_LISTED} distinct
 * attempts the rest are summed up in one closing line (how many attempts, how many distinct, of which kinds),
 * so a CLI that floods the recorder (2,000 names, 40 CONNECTs of 8 KiB each) leaves a record of bounded size
 * that still says it did, instead of an answer too long to deliver.
 */
import type { Diagnostic } from "../../../harness/index.ts";
import type { OutboundAttempt } from "./netns-sandbox.ts";

/** Distinct attempts listed one per line; the rest are counted in one line. */
export const MAX_LISTED = 40;
/** Characters of one attempt's target (a DNS name, a proxy request's method and target) kept. */
export const MAX_TARGET = 300;

const clip = (text: string) => (text.length > MAX_TARGET ? `${text.slice(0, MAX_TARGET)}… (${text.length} characters)` : text);

type Recorded = Exclude<OutboundAttempt, { kind: "unrecorded" }>;

/** What one attempt was, in words. */
function described(attempt: Recorded): string {
  return attempt.kind === "dns"
    ? `DNS query for ${clip(attempt.name)} (refused by the stub)`
    : `${clip(attempt.method ?? "?")} ${clip(attempt.target ?? "?")} through the proxy (refused)`;
}

/** The record of `attempts` as diagnostics, bounded (see the header). */
export function outboundDiagnostics(attempts: readonly OutboundAttempt[]): Diagnostic[] {
  const recorded = attempts.filter((attempt): attempt is Recorded => attempt.kind !== "unrecorded");
  const unrecorded = attempts.reduce((sum, attempt) => sum + (attempt.kind === "unrecorded" ? attempt.count : 0), 0);
  const counts = new Map<string, number>();
  for (const attempt of recorded) {
    const what = described(attempt);
    counts.set(what, (counts.get(what) ?? 0) + 1);
  }
  const ranked = [...counts].sort(([, a], [, b]) => b - a);
  const listed = ranked.slice(0, MAX_LISTED).map(([what, count]) => ({ level: "warning", message: `outbound attempt x${count}: ${what}` }));
  const rest = ranked.slice(MAX_LISTED);
  const beyond = unrecorded === 0 ? "" : `; ${unrecorded} more past the recorder's bound, counted only`;
  if (rest.length === 0 && unrecorded === 0) return listed;
  const dns = recorded.filter((attempt) => attempt.kind === "dns").length;
  const unlisted = rest.reduce((sum, [, count]) => sum + count, 0);
  return [...listed, {
    level: "warning",
    message: `outbound attempts: ${recorded.length + unrecorded} in all (${dns} DNS quer${dns === 1 ? "y" : "ies"}, ${recorded.length - dns} through the proxy${beyond}), ${ranked.length} distinct recorded; the ${rest.length} least frequent (${unlisted} attempt(s)) are not listed one by one`,
  }];
}
