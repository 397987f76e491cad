/**
 * The report of a served world (`mode: "serve"`): every clause of the catalogue, judged only where its
 * `judgeRecords` can decide it from what the servers and the fake provider recorded. A clause with no such
 * judge, or whose judge finds nothing in this world, is NOT-APPLICABLE with the reason "serve mode cannot see
 * this"; one whose records decided nothing (the app never connected, or did what only its own view could tell)
 * is INCONCLUSIVE, saying what the records showed. Nothing is PASS on missing evidence.
 */
import type { MessageRecord } from "../../fake-servers/index.ts";
import type { ClauseReport, Evidence, Report } from "../report/report-model.ts";
import type { Clause } from "../runner/clause.ts";
import { serversOf } from "../runner/counterexample.ts";
import { exitCodeOf, totalsOf } from "../runner/verdict.ts";
import { catalogueVersion, harnessVersion } from "../version.ts";
import type { ServedRecords } from "./served-records.ts";

/** The reason of every clause serve mode has no way to judge. */
export const CANNOT_SEE = "serve mode cannot see this";

/** Most messages per server the evidence quotes; the report says how many it left out. */
const MAX_MESSAGES = 200;

/** What a served world's report says about the run beside its clauses. */
export interface ServeReportContext {
  world: string;
  title: string;
  transport: "stdio" | "http";
  provider?: string;
  /** The app's name, as the user gave it (`--app`), else unknown. */
  app?: string;
  startedAt: Date;
  durationMs: number;
}

/** The servers' records as the report's evidence: the world, then what each server received. */
function evidenceOf(served: ServedRecords, transport: string): Evidence {
  let omitted = 0;
  const messagesOf = (key: string) => {
    const all = served.records.filter((record) => record.server === key);
    omitted += Math.max(0, all.length - MAX_MESSAGES);
    return all.slice(0, MAX_MESSAGES).map(({ server: _server, time: _time, ...message }: MessageRecord) => message);
  };
  const steps: Evidence["steps"] = [
    { kind: "world", world: 1, transport, servers: serversOf(served.world).map(({ key, tools, unreachable, failure, pageSize, emptyCursor }) => ({ key, tools, unreachable, failure, pageSize, emptyCursor })) },
    ...served.world.servers.map((server) => ({ kind: "received" as const, world: 1, server: server.key, messages: messagesOf(server.key) })),
  ];
  return { steps, omitted };
}

/** One clause's verdict on a served world. */
export function judgeServedClause(clause: Clause, served: ServedRecords, transport: string): ClauseReport {
  const base = { id: clause.id, level: clause.level, summary: clause.summary, sources: clause.sources, seed: 0, cases: 0, shrinks: 0, situations: {}, durationMs: 0 };
  const judgement = clause.judgeRecords?.(served);
  if (!clause.judgeRecords) return { ...base, status: "not-applicable", reason: CANNOT_SEE };
  if (!judgement) return { ...base, status: "not-applicable", reason: `${CANNOT_SEE}: this world holds nothing its servers' records decide for ${clause.id}` };
  if (judgement.verdict === "held") return { ...base, cases: 1, status: "pass", reason: `from the records: ${judgement.note}` };
  if (judgement.verdict === "undecided") return { ...base, cases: 1, status: "inconclusive", reason: `the records decide nothing: ${judgement.reason}` };
  return {
    ...base, cases: 1, status: clause.level === "MUST" ? "fail" : "warn",
    reason: `from the records: ${judgement.observed}`,
    expected: judgement.expected, observed: judgement.observed,
    evidence: evidenceOf(served, transport),
  };
}

/** The whole report of a served world, unsealed (write it with writeReportFiles). */
export function serveReport(clauses: readonly Clause[], served: ServedRecords, context: ServeReportContext): Report {
  const reports = clauses.map((clause) => judgeServedClause(clause, served, context.transport));
  return {
    harness: { name: "mcp-collide", version: harnessVersion },
    protocolVersion: "1",
    catalogueVersion,
    host: { name: context.app ?? "unknown", version: "unknown" },
    hostCommand: [],
    transport: context.transport,
    seed: 0,
    runs: 0,
    node: process.version,
    startedAt: context.startedAt.toISOString(),
    durationMs: context.durationMs,
    mode: "serve",
    served: {
      world: context.world, title: context.title, servers: serversOf(served.world),
      ...(context.provider ? { provider: context.provider } : {}),
      messages: served.records.length, modelTurns: served.modelTurns.length,
    },
    clauses: reports,
    totals: totalsOf(reports),
    // INCONCLUSIVE is what most clauses are when nobody can see the app: only a violation the records show gates.
    exitCode: exitCodeOf(reports.map((report) => (report.status === "inconclusive" ? { ...report, status: "not-applicable" as const } : report)), false),
  };
}

/** Whether a verdict says the clause was broken (FAIL, or WARN for a SHOULD clause). */
const broken = (status: string) => status === "fail" || status === "warn";

/**
 * Where a served world's report departs from a full run's verdicts (`full`: a clause id's status there), on
 * every clause both judged: serve PASS, FAIL or WARN, and the full run PASS, FAIL or WARN. A serve violation
 * the full run passes, or a serve pass it fails, is a departure; a clause either left NOT-APPLICABLE or
 * INCONCLUSIVE is not compared. Empty: they agree.
 */
export function servedDepartures(served: Pick<Report, "clauses">, full: (id: string) => string | undefined): string[] {
  return served.clauses.flatMap((clause) => {
    const other = full(clause.id);
    if (!["pass", "fail", "warn"].includes(clause.status) || other === undefined || !["pass", "fail", "warn"].includes(other)) return [];
    return broken(clause.status) === broken(other) ? [] : [`${clause.id}: serve ${clause.status.toUpperCase()}, the full run ${other.toUpperCase()} (${clause.reason})`];
  });
}
