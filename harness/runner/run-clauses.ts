/**
 * A whole run: launch the host once, ask `initialize`, run every selected clause in catalogue order,
 * relaunch the host whenever it broke, and tear everything down whatever happened.
 */
import { startFakeServerHost } from "../../fake-servers/index.ts";
import { isAdapterError } from "../adapter/adapter-error.ts";
import { namingProfile, type NamingProfile } from "../profiles/naming-profile.ts";
import type { InitializeResult } from "../protocol/initialize-result.ts";
import type { ClauseReport, Report } from "../report/report-model.ts";
import { catalogueVersion, harnessVersion } from "../version.ts";
import type { Clause, ClauseEnvironment } from "./clause.ts";
import type { HostHandle, HostLauncher } from "./host-launcher.ts";
import { observeSession, type ServerTransportKind } from "./observe-session.ts";
import { reproCommand } from "./repro-command.ts";
import { runClause } from "./run-clause.ts";
import { exitCodeOf, totalsOf } from "./verdict.ts";

/** Everything a run needs. */
export interface RunOptions {
  clauses: Clause[];
  launcher: HostLauncher;
  seed: number;
  runs: number;
  path?: string;
  /** Server transport; default: http if the host loads it (no process per server: the fastest), else its first. */
  transport?: ServerTransportKind;
  /** Profile id the user chose on the command line. */
  profile?: string;
  strict?: boolean;
  caseTimeoutMs?: number;
  onClauseStart?(clause: Clause): void;
  onClauseEnd?(report: ClauseReport): void;
}

function brokenReport(clause: Clause, seed: number, error: unknown, stderrTail: string): ClauseReport {
  const kind = isAdapterError(error) ? error.kind : "harness";
  const message = error instanceof Error ? error.message : String(error);
  return {
    id: clause.id, level: clause.level, summary: clause.summary, sources: clause.sources, seed,
    status: "error", reason: `the host could not be started: ${message}`, cases: 0, shrinks: 0, situations: {},
    error: { kind, message, stderrTail }, durationMs: 0,
  };
}

/** Runs the clauses against the launched host and returns the report (not yet written anywhere). */
export async function runClauses(options: RunOptions): Promise<Report> {
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const servers = await startFakeServerHost();
  let handle: HostHandle | undefined;
  let host: InitializeResult | undefined;
  const reports: ClauseReport[] = [];
  let chosenTransport: string = options.transport ?? "";
  try {
    let startError: unknown;
    try {
      handle = await options.launcher.launch();
      host = await handle.adapter.initialize();
    } catch (error) {
      startError = error;
    }
    if (!host || !handle) {
      for (const clause of options.clauses) reports.push(brokenReport(clause, options.seed, startError, handle?.stderrTail() ?? ""));
    } else {
      const transports = host.transports;
      const transport = options.transport ?? (transports.includes("http") ? "http" : transports[0]!);
      chosenTransport = transport;
      const chosen: NamingProfile | undefined = options.profile ? namingProfile(options.profile) : undefined;
      const claimed = host.capabilities.profile ? safeProfile(host.capabilities.profile) : undefined;
      const current = { handle };
      const env: ClauseEnvironment = {
        get adapter() { return current.handle.adapter; },
        host, capabilities: host.capabilities, transport,
        profile: chosen ?? claimed, providerProfile: chosen ?? namingProfile("default"), servers,
        observe: (world, observeOptions) => observeSession(current.handle.adapter, servers, transport, world, observeOptions),
      };
      const recover = async () => {
        if (!current.handle.broken()) return;
        await current.handle.stop().catch(() => undefined);
        current.handle = await options.launcher.launch();
        await current.handle.adapter.initialize();
      };
      for (const clause of options.clauses) {
        options.onClauseStart?.(clause);
        const unsupported = transports.includes(transport) ? undefined : `the host does not load ${transport} servers`;
        let report: ClauseReport;
        if (unsupported) {
          report = { id: clause.id, level: clause.level, summary: clause.summary, sources: clause.sources, seed: options.seed,
            status: "not-applicable", reason: unsupported, cases: 0, shrinks: 0, situations: {}, durationMs: 0 };
        } else {
          try {
            await recover();
            report = await runClause(clause, env, {
              seed: options.seed, runs: options.runs, path: options.path,
              caseTimeoutMs: options.caseTimeoutMs ?? 60_000, recover, stderrTail: () => current.handle.stderrTail(),
            });
          } catch (error) {
            report = brokenReport(clause, options.seed, error, current.handle.stderrTail());
          }
        }
        if (report.status === "fail" || report.status === "warn" || report.status === "error") {
          report.repro = reproCommand({ clause: clause.id, seed: options.seed, path: report.path, transport, profile: options.profile, hostArgs: options.launcher.reproArgs });
        }
        reports.push(report);
        options.onClauseEnd?.(report);
      }
      handle = current.handle;
    }
  } finally {
    await handle?.stop().catch(() => undefined);
    await servers.close();
  }
  const totals = totalsOf(reports);
  return {
    harness: { name: "mcp-collide", version: harnessVersion },
    protocolVersion: "1",
    catalogueVersion,
    host: host?.host ?? { name: "unknown", version: "unknown" },
    hostCommand: options.launcher.command,
    transport: chosenTransport,
    profile: options.profile,
    seed: options.seed,
    runs: options.runs,
    node: process.version,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    clauses: reports,
    totals,
    exitCode: exitCodeOf(reports, options.strict ?? false),
  };
}

function safeProfile(id: string): NamingProfile | undefined {
  try {
    return namingProfile(id);
  } catch {
    return undefined;
  }
}
