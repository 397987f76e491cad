/**
 * A whole run: launch the host, ask `initialize`, run every selected clause, relaunch a host whenever it
 * broke, and tear everything down whatever happened. With `workers > 1` clauses run concurrently, each
 * worker on its own host process (an adapter never has to handle two requests at once); every clause's
 * verdict depends only on the seed and the host, so the report is the one a serial run gives, in
 * catalogue order.
 */
import { makeRunCa, startFakeServerHost, type FakeServerHost, type RunCa } from "../../fake-servers/index.ts";
import { isAdapterError } from "../adapter/adapter-error.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import { namingProfile, type NamingProfile } from "../profiles/naming-profile.ts";
import type { InitializeResult } from "../protocol/initialize-result.ts";
import { namedCapabilities } from "../protocol/named-capabilities.ts";
import type { Diagnostic } from "../protocol/open-result.ts";
import { pathContext, portableArgv, portableClauseReport, portableHostArgs, portableText } from "../report/portable-path.ts";
import { withDefects } from "../report/group-defects.ts";
import type { ClauseReport, HostWideFinding, Report, SessionPoisoning } from "../report/report-model.ts";
import { catalogueVersion, harnessVersion } from "../version.ts";
import type { Clause, ClauseEnvironment } from "./clause.ts";
import type { HostHandle, HostLauncher } from "./host-launcher.ts";
import { clauseEnvironment } from "./clause-environment.ts";
import { guardedLauncher } from "./guarded-host.ts";
import { learnNaming, type CleanFailure, type CleanOpen } from "./learn-naming.ts";
import { declarations, declarationText, type RequirableCapability } from "./missing-capability.ts";
import { ObservationCache } from "./observation-cache.ts";
import { observeSession, type ServerTransportKind } from "./observe-session.ts";
import { reproCommand } from "./repro-command.ts";
import { chargePoisonings } from "./charge-poisonings.ts";
import { runClause } from "./run-clause.ts";
import { handleWithTls, launcherWithTls } from "./tls-open.ts";
import { exitCodeOf, totalsOf } from "./verdict.ts";
import { workerFreshHosts } from "./worker-fresh-hosts.ts";
import { WorkerHost } from "./worker-host.ts";

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
  /** Serve http worlds as https, with a CA made for the run and sent in every open (also when the host declares `https`). */
  https?: boolean;
  strict?: boolean;
  caseTimeoutMs?: number;
  /** Host processes running clauses at once (default 1). */
  workers?: number;
  /**
   * How long a server that never answers holds a connection before dropping it (default 1 s; see
   * FakeServerHostOptions.stallMs). Only for hosts with no bound of their own, which are judged the same at any
   * stall: the built-in hosts' controls shorten it (most of their time was spent waiting on it).
   */
  stallMs?: number;
  /** Bound for clauses that wait for a host to notice a change by itself (default 2000 ms). */
  listChangedTimeoutMs?: number;
  /**
   * Serve a world observed earlier in the run from a cache instead of opening it again (never twice within
   * one case; see ObservationCache). For hosts whose sessions cost seconds, such as agent CLIs.
   */
  cacheObservations?: boolean;
  /** Shrink each violation to its smallest case (default true); false stops at the first (detection only: `npm run power`). */
  shrink?: boolean;
  /**
   * Confirm every violation on a fresh host process before reporting it (default true; see fresh-hosts.ts).
   * Off only to measure what it costs (bench/fresh-confirmation.ts).
   */
  confirmFresh?: boolean;
  /**
   * Start every case on a host process that has served no other case (default false). A violation is then
   * found on a fresh process and needs no second run to confirm it: what a replay of a report's failures wants,
   * each of which the report confirmed so (hosts/reports.replay.test.ts), at one run per case instead of two.
   */
  freshProcessPerCase?: boolean;
  /** Longest one clause may spend shrinking a violation, in ms (default: no bound; see ClauseRunOptions). */
  shrinkBudgetMs?: number;
  /** `--require`: capabilities the host has; a clause NOT_APPLICABLE for want of one FAILs instead (missing-capability.ts). */
  require?: readonly string[];
  onClauseStart?(clause: Clause): void;
  onClauseEnd?(report: ClauseReport): void;
}

/** Longest one case may take, in ms, unless the run says otherwise. */
const DEFAULT_CASE_TIMEOUT_MS = 60_000;

function brokenReport(clause: Clause, seed: number, error: unknown, stderrTail: string, why: string): ClauseReport {
  const kind = isAdapterError(error) ? error.kind : "harness";
  const message = error instanceof Error ? error.message : String(error);
  return {
    id: clause.id, level: clause.level, summary: clause.summary, sources: clause.sources, seed,
    status: "error", reason: `${why}: ${message}`, cases: 0, shrinks: 0, situations: {}, judged: {},
    error: { kind, message, stderrTail }, durationMs: 0,
  };
}

function notApplicable(clause: Clause, seed: number, reason: string): ClauseReport {
  return { id: clause.id, level: clause.level, summary: clause.summary, sources: clause.sources, seed,
    status: "not-applicable", reason, cases: 0, shrinks: 0, situations: {}, judged: {}, durationMs: 0 };
}

/**
 * A finished clause as the report records it: this machine's paths rewritten (portable-path.ts), and a
 * repro line when it failed or broke on a case, and one for each of its findings (each replays its own
 * case: a constructed case's path is its index); `transport` is undefined when the host never started.
 */
function finished(clause: Clause, report: ClauseReport, options: RunOptions, transport: string | undefined): ClauseReport {
  const context = pathContext();
  const portable = portableClauseReport(report, context);
  if (transport !== undefined && (portable.status === "fail" || portable.status === "warn" || portable.status === "error")) {
    const hostArgs = portableHostArgs(options.launcher.reproArgs, context);
    const repro = (path: string | undefined) => reproCommand({ clause: clause.id, seed: options.seed, path, transport, profile: options.profile, https: options.https, require: report.capability !== undefined ? options.require : undefined, hostArgs });
    portable.repro = repro(portable.path);
    if (portable.findings) portable.findings = portable.findings.map((finding) => ({ ...finding, repro: repro(finding.path) }));
  }
  return portable;
}

/** What every worker shares: the host's declaration and the run's choices, and what workers report back. */
interface RunContext {
  options: RunOptions;
  host: InitializeResult;
  transport: ServerTransportKind;
  profile: NamingProfile | undefined;
  providerProfile: NamingProfile;
  servers: FakeServerHost;
  cache: ObservationCache | undefined;
  /** What host processes replaced during the run reported when they stopped. */
  diagnostics: Diagnostic[];
  /** Violations that showed only on a process that had served earlier cases (see fresh-hosts.ts). */
  poisonings: SessionPoisoning[];
  /** Why every case runs on a fresh process, once a poisoning was charged (see fresh-hosts.ts). */
  isolation?: string;
  /** What the first host's open of the clean world taught (its join), before any clause ran. */
  learnt: CleanOpen | undefined;
  /** The host instance that open ran on. */
  learntOn: HostAdapter | undefined;
}

/**
 * One worker: its own host process, relaunched when it breaks, running clauses from the shared queue. `first`
 * is a host already initialized; `ahead` one launched ahead of time, which gets its `initialize` here.
 */
async function work(context: RunContext, first: HostHandle | undefined, ahead: Promise<HostHandle> | undefined, queue: Clause[], reports: Map<string, ClauseReport>): Promise<HostHandle[]> {
  const { options, host, transport, servers, cache } = context;
  let servedInCase = cache?.newCase() ?? new Set<string>();
  const current = new WorkerHost(options.launcher, first, ahead, context.diagnostics);
  const recover = () => current.recover();
  let bypass = false;
  /** The clause whose cases run now (its sessions may each need a fresh process: fresh-hosts.ts). */
  let inFlight: Clause | undefined;
  const env: ClauseEnvironment = clauseEnvironment({
    adapter: () => current.handle!.adapter,
    host, transport, profile: context.profile, providerProfile: context.providerProfile, servers,
    naming: context.learnt?.naming,
    ...(context.learnt && context.learntOn ? { clean: { adapter: context.learntOn, accepted: context.learnt.accepted } } : {}),
    listChangedTimeoutMs: options.listChangedTimeoutMs ?? 2_000,
    observe: async (world, observeOptions, via) => {
      if (inFlight) await freshHosts?.beforeSession(inFlight.id);
      const fresh = () => observeSession(via?.adapter ?? current.handle!.adapter, via?.servers ?? servers, transport, world, observeOptions);
      return cache && !bypass ? cache.observe(world, observeOptions, servedInCase, fresh, via?.record) : fresh();
    },
  });
  const caseTimeoutMs = options.caseTimeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  const freshHosts = options.confirmFresh === false ? undefined : workerFreshHosts({
    env, caseTimeoutMs,
    bypassCache: (on) => { bypass = on; },
    record: (finding) => context.poisonings.push(finding),
    replaceHost: () => current.replace(),
    isolated: () => context.isolation !== undefined,
    freshPerCase: options.freshProcessPerCase === true,
    isolate: (why) => {
      if (context.isolation !== undefined) return;
      context.isolation = why;
      context.diagnostics.push({ level: "info", message: `mcp-collide: ${why}; from then on every case ran on a fresh host process, so no later clause was judged on a process an earlier case had poisoned` });
    },
  });
  for (let clause = queue.shift(); clause !== undefined; clause = queue.shift()) {
    inFlight = clause;
    options.onClauseStart?.(clause);
    let report: ClauseReport;
    if (!host.transports.includes(transport)) {
      report = notApplicable(clause, options.seed, `the host does not load ${transport} servers`);
    } else {
      try {
        await recover();
        // With a cache, each case starts its own record of what it was served (see ObservationCache).
        const cased: Clause = cache ? { ...clause, check: (e, value) => { servedInCase = cache.newCase(); return clause.check(e, value); } } : clause;
        report = await runClause(cased, env, {
          seed: options.seed, runs: options.runs, path: options.path,
          caseTimeoutMs, recover, stderrTail: () => current.handle?.stderrTail() ?? "", shrink: options.shrink, shrinkBudgetMs: options.shrinkBudgetMs, freshHosts,
          cleanWorldAnswered: context.learnt !== undefined,
          require: options.require,
          ...(context.learnt?.failed ? { everyOpenFails: context.learnt.failed } : {}),
        });
      } catch (error) {
        report = brokenReport(clause, options.seed, error, current.handle?.stderrTail() ?? "", "the host could not be (re)started");
      }
    }
    report = finished(clause, report, options, transport);
    reports.set(clause.id, report);
    options.onClauseEnd?.(report);
  }
  // Launched ahead but never needed (every clause it took was not applicable), or a spare: still ours to stop.
  return current.finish();
}

/** Runs the clauses against the launched host and returns the report (not yet written anywhere). */
export async function runClauses(given: RunOptions): Promise<Report> {
  // Every host of the run is guarded: a case (or the clean-world open) abandoned at its timeout lets go of
  // its host before anything else is asked of it, within another case timeout (guarded-host.ts).
  const options: RunOptions = { ...given, launcher: guardedLauncher(given.launcher, given.caseTimeoutMs ?? DEFAULT_CASE_TIMEOUT_MS) };
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const stall = options.stallMs === undefined ? {} : { stallMs: options.stallMs };
  let servers = await startFakeServerHost(stall);
  let ca: RunCa | undefined;
  const handles: HostHandle[] = [];
  let host: InitializeResult | undefined;
  const reports = new Map<string, ClauseReport>();
  const diagnostics: Diagnostic[] = [];
  const poisonings: SessionPoisoning[] = [];
  const cache = options.cacheObservations ? new ObservationCache() : undefined;
  let transport: ServerTransportKind | undefined = options.transport;
  let startError: string | undefined;
  let cleanFailure: CleanFailure | undefined;
  const width = Math.max(1, Math.min(options.workers ?? 1, options.clauses.length));
  let ahead: Array<Promise<HostHandle>> = [];
  try {
    let first: HostHandle | undefined;
    try {
      first = await options.launcher.launch();
      handles.push(first);
      // The other workers' hosts start while the first answers initialize, so a run waits for one start-up.
      ahead = Array.from({ length: width - 1 }, () => options.launcher.launch());
      host = await first.adapter.initialize();
    } catch (error) {
      startError = portableText(error instanceof Error ? error.message : String(error));
      // Every clause is ERROR for the same reason, and each says so as it would after running.
      for (const clause of options.clauses) {
        options.onClauseStart?.(clause);
        const broken = brokenReport(clause, options.seed, error, first?.stderrTail() ?? "", "the host could not be started");
        const report = finished(clause, broken, options, undefined);
        reports.set(clause.id, report);
        options.onClauseEnd?.(report);
      }
    }
    if (host) {
      transport ??= host.transports.includes("http") ? "http" : host.transports[0]!;
      let launched = options;
      if ((options.https || host.capabilities.https) && transport === "http") {
        // The listener starts with the first world, so none has been served over plain http yet.
        const made = (ca = await makeRunCa());
        await servers.close();
        servers = await startFakeServerHost({ ...stall, tls: made });
        handleWithTls(first!, made);
        ahead = ahead.map((pending) => pending.then((handle) => handleWithTls(handle, made)));
        launched = { ...options, launcher: launcherWithTls(options.launcher, made) };
      }
      const chosen = options.profile ? namingProfile(options.profile) : undefined;
      const claimed = host.capabilities.profile ? safeProfile(host.capabilities.profile) : undefined;
      // The host's join, read once before any plan is built: every worker's plans are the same, and a replay
      // reads it the same way (replay-environment.ts).
      const learnt = host.transports.includes(transport) ? await learnNaming(first!.adapter, servers, transport, options.caseTimeoutMs ?? DEFAULT_CASE_TIMEOUT_MS) : undefined;
      cleanFailure = learnt?.failed;
      const context: RunContext = {
        options: launched, host, transport, servers, cache, diagnostics, poisonings, learnt, learntOn: first?.adapter,
        profile: chosen ?? claimed, providerProfile: chosen ?? namingProfile("default"),
      };
      const queue = [...options.clauses];
      const given = ahead;
      ahead = [];
      const finals = await Promise.all(Array.from({ length: width }, (_, index) =>
        work(context, index === 0 ? first : undefined, given[index - 1], queue, reports)));
      handles.length = 0;
      handles.push(...finals.flat());
    }
  } finally {
    // Hosts launched ahead for workers that never ran (the first host could not start) are stopped too.
    for (const launched of await Promise.allSettled(ahead)) if (launched.status === "fulfilled") handles.push(launched.value);
    for (const said of await Promise.all(handles.map((handle) => handle.stop().catch(() => undefined)))) diagnostics.push(...(said ?? []));
    await servers.close();
    ca?.close();
  }
  const named = host ? namedCapabilities.get(host) : undefined;
  const declared = host && named ? declarations(host.capabilities, named) : undefined;
  // A clause left NOT_APPLICABLE for want of a capability says how the adapter declared it.
  const said = (report: ClauseReport): ClauseReport => (declared && report.status === "not-applicable" && report.capability !== undefined
    ? { ...report, reason: `${report.reason} (${declarationText(report.capability, declared[report.capability as RequirableCapability])})` }
    : report);
  const ordered = chargePoisonings(options.clauses.map((clause) => said(reports.get(clause.id)!)), poisonings);
  // The report opens with the host's defects: its findings grouped by cause (group-defects.ts).
  return withDefects({
    harness: { name: "mcp-collide", version: harnessVersion },
    protocolVersion: "1",
    catalogueVersion,
    host: host?.host ?? { name: "unknown", version: "unknown" },
    ...(startError !== undefined ? { hostStartError: startError } : {}),
    hostCommand: portableArgv(options.launcher.command),
    ...(options.launcher.builtin !== undefined ? { builtinHost: options.launcher.builtin } : {}),
    transport: transport ?? "",
    profile: options.profile,
    seed: options.seed,
    runs: options.runs,
    node: process.version,
    startedAt,
    durationMs: Math.round(performance.now() - started),
    clauses: ordered,
    ...(cleanFailure ? { hostWide: [hostWideOf(cleanFailure, ordered)] } : {}),
    totals: totalsOf(ordered),
    exitCode: exitCodeOf(ordered, options.strict ?? false),
    ...(declared ? { capabilityDeclarations: declared } : {}),
    ...(options.require && options.require.length > 0 ? { requiredCapabilities: [...options.require] } : {}),
    ...(host?.environment ? { hostEnvironment: Object.fromEntries(Object.entries(host.environment).map(([key, value]) => [key, portableText(value)])) } : {}),
    ...(diagnostics.length > 0 ? { diagnostics: diagnostics.map((entry) => ({ ...entry, message: portableText(entry.message) })) } : {}),
    ...(poisonings.length > 0 ? { sessionPoisoning: poisonings } : {}),
    ...(cache ? { observationCache: { ...cache.counts } } : {}),
  });
}

/** The clean world's whole failure as the report tells it once, with the clauses it kept from judging. */
function hostWideOf(failure: CleanFailure, reports: readonly ClauseReport[]): HostWideFinding {
  const clauses = reports.filter((report) => report.confounds?.some((confound) => confound.cause === "every-open-fails")).map((report) => report.id);
  return { cause: "every-open-fails", detail: portableText(failure.detail), clauses, evidence: failure.evidence };
}

function safeProfile(id: string): NamingProfile | undefined {
  try {
    return namingProfile(id);
  } catch {
    return undefined;
  }
}
