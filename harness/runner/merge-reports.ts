/**
 * `mcp-collide merge`: shard reports back into one. The shards must come from one run configuration
 * (host, seed, runs, transport, profile, --require, harness and catalogue versions) and must not overlap; the merged
 * report lists the clauses in catalogue order with totals and exit code recomputed, as an unsharded run
 * would have them, its defects grouped anew over every clause. Times are the shards' earliest start and summed durations.
 */
import { withDefects } from "../report/group-defects.ts";
import type { HostWideFinding, Report } from "../report/report-model.ts";
import { inCatalogueOrderById } from "./catalogue.ts";
import { exitCodeOf, totalsOf } from "./verdict.ts";

const sameRun = (report: Report) =>
  JSON.stringify([report.harness, report.catalogueVersion, report.host, report.hostCommand, report.seed, report.runs, report.transport, report.profile ?? null, report.requiredCapabilities ?? []]);

/** Merges shard reports; throws a readable message when they do not belong together. */
export function mergeReports(shards: readonly Report[], strict = false): Report {
  const [first, ...rest] = shards;
  if (!first) throw new Error("merge needs at least one report");
  for (const other of rest) {
    if (sameRun(other) !== sameRun(first)) {
      throw new Error(`these reports are not shards of one run (host, seed, runs, transport, profile or versions differ): ${sameRun(first)} vs ${sameRun(other)}`);
    }
  }
  const seen = new Set<string>();
  for (const clause of shards.flatMap((shard) => shard.clauses)) {
    if (seen.has(clause.id)) throw new Error(`clause ${clause.id} appears in more than one shard (were the shards cut from different suites?)`);
    seen.add(clause.id);
  }
  const selection = first.selection;
  if (selection) {
    if (shards.some((shard) => JSON.stringify(shard.selection) !== JSON.stringify(selection))) {
      throw new Error("the shards were cut from different clause selections (the suites or --clause differ)");
    }
    const missing = selection.filter((id) => !seen.has(id));
    if (missing.length > 0) throw new Error(`a shard is missing: no report has ${missing.join(", ")}`);
  }
  const clauses = inCatalogueOrderById(shards.flatMap((shard) => shard.clauses));
  const { shard: _shard, selection: _selection, contentSha256: _hash, ...run } = first;
  // Each shard grouped its own findings; the whole run's defects are grouped again over every clause.
  return withDefects({
    ...run,
    startedAt: shards.map((shard) => shard.startedAt).sort()[0]!,
    durationMs: shards.reduce((sum, shard) => sum + shard.durationMs, 0),
    clauses,
    ...hostWideOf(shards, clauses.map((clause) => clause.id)),
    totals: totalsOf(clauses),
    exitCode: exitCodeOf(clauses, strict),
  });
}

/** Each shard found the same host-wide causes on its own clean-world open: one entry per cause, naming every shard's clauses. */
function hostWideOf(shards: readonly Report[], order: readonly string[]): { hostWide?: HostWideFinding[] } {
  const byCause = new Map<string, HostWideFinding>();
  for (const entry of shards.flatMap((shard) => shard.hostWide ?? [])) {
    const known = byCause.get(entry.cause);
    if (known) known.clauses = order.filter((id) => known.clauses.includes(id) || entry.clauses.includes(id));
    else byCause.set(entry.cause, { ...entry, clauses: [...entry.clauses] });
  }
  return byCause.size === 0 ? {} : { hostWide: [...byCause.values()] };
}
