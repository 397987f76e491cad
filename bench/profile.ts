/**
 * `npm run bench:profile` (`-- --json`, `--runs N`, `--workers N`, `--transports memory,http,stdio`): where a
 * default run's time goes, per server transport, on the reference host. Counts and CPU rather than wall
 * time where it can (the machine is usually shared): the harness's own CPU, the CPU of the processes it
 * spawned and reaped (the adapter and its stdio shims, read from /proc on Linux), HAP/1 requests and the
 * time the harness waited on each method, sessions opened, HTTP requests by method and response type,
 * and every timer that fired, by the line that set it (answer-gate spacing, scripted latency, polling).
 * It patches prototypes of this process only, to count; nothing it measures changes what a run does.
 */
import http from "node:http";
import { availableParallelism } from "node:os";
import { builtinHostArgv, hapLauncher, inProcessLauncher, runClauses, type HostLauncher } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "../suites/index.ts";
import { reapedCpuSeconds, round } from "./measure.ts";

type Transport = "memory" | "http" | "stdio";
const argValue = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const json = process.argv.includes("--json");
const runs = Number(argValue("--runs") ?? 25);
const workers = Number(argValue("--workers") ?? availableParallelism());
const transports = (argValue("--transports") ?? "memory,http,stdio").split(",") as Transport[];
const seed = Number(argValue("--seed") ?? 1);
/** A directory for the adapter's V8 CPU profiles (one .cpuprofile per adapter process), if any. */
const cpuProfDir = argValue("--cpu-prof-dir");

/** Tallies keyed by a label: how many, and how many milliseconds. */
class Tally {
  readonly rows = new Map<string, { count: number; ms: number }>();
  add(label: string, ms: number): void {
    const row = this.rows.get(label) ?? { count: 0, ms: 0 };
    row.count += 1;
    row.ms += ms;
    this.rows.set(label, row);
  }
  top(n: number): Record<string, { count: number; ms: number }> {
    return Object.fromEntries([...this.rows].sort((a, b) => b[1].ms - a[1].ms).slice(0, n).map(([k, v]) => [k, { count: v.count, ms: Math.round(v.ms) }]));
  }
  clear(): void {
    this.rows.clear();
  }
}

const timers = new Tally();
const hap = new Tally();
const httpRequests = new Tally();

// Timers: how long each fired timer held its caller, by the project file and function that set it.
const realSetTimeout = globalThis.setTimeout;
globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
  const site = callSite();
  const set = performance.now();
  return realSetTimeout(() => {
    timers.add(site, performance.now() - set);
    callback(...args);
  }, ms);
}) as typeof setTimeout;

/** The first project frame of the current stack, from V8's call sites (no source-mapped stack text). */
function callSite(): string {
  const original = Error.prepareStackTrace;
  Error.prepareStackTrace = (_, sites) => sites;
  const sites = new Error().stack as unknown as NodeJS.CallSite[];
  Error.prepareStackTrace = original;
  for (const site of sites.slice(2)) {
    const match = /\/((?:fake-servers|harness|suites|reference)\/.+)$/.exec(site.getFileName() ?? "");
    if (match && !match[1]!.includes("node_modules")) return `${match[1]} ${site.getFunctionName() ?? "(anonymous)"}`;
  }
  return "(dependency)";
}

// HTTP: requests by method and by the content type of the answer (SSE or JSON), and new connections.
const realEmit = http.Server.prototype.emit;
http.Server.prototype.emit = function (this: http.Server, event: string, ...args: unknown[]) {
  if (event === "connection") httpRequests.add("tcp connections", 0);
  if (event === "request") {
    const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
    const started = performance.now();
    res.once("finish", () => {
      // Headers written with writeHead(status, headers) are only in the raw header block.
      const raw = String((res as unknown as { _header?: string })._header ?? "");
      const type = /^content-type:\s*([^;\r\n]+)/im.exec(raw)?.[1] ?? "none";
      httpRequests.add(`${req.method} -> ${res.statusCode} ${type}`, performance.now() - started);
    });
  }
  return (realEmit as (this: http.Server, event: string, ...rest: unknown[]) => boolean).call(this, event, ...args);
} as typeof realEmit;

/** Wraps every adapter a launcher makes so each HAP/1 method's wait is timed in the harness. */
function timed(launcher: HostLauncher): HostLauncher {
  return {
    ...launcher,
    async launch() {
      const handle = await launcher.launch();
      const adapter = handle.adapter as unknown as Record<string, unknown>;
      for (const name of ["initialize", "open", "tools", "call", "refresh", "registerLocal", "pin", "close"]) {
        const original = adapter[name];
        if (typeof original !== "function") continue;
        adapter[name] = async (...args: unknown[]) => {
          const started = performance.now();
          try {
            return await (original as (...a: unknown[]) => Promise<unknown>).apply(handle.adapter, args);
          } finally {
            hap.add(name, performance.now() - started);
          }
        };
      }
      return handle;
    },
  };
}

const results: Record<string, unknown> = { runs, workers, seed };
for (const transport of transports) {
  timers.clear();
  hap.clear();
  httpRequests.clear();
  const launcher = transport === "memory" ? inProcessLauncher(() => createHost()) : hapLauncher({ argv: adapterArgv() });
  const cpu = process.cpuUsage();
  const children = reapedCpuSeconds();
  const started = performance.now();
  const clauseMs: Record<string, number> = {};
  const report = await runClauses({ clauses, launcher: timed(launcher), seed, runs, transport, workers, onClauseEnd: (c) => void (clauseMs[c.id] = c.durationMs) });
  const wall = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const childrenAfter = reapedCpuSeconds();
  const row = {
    wallSeconds: round(wall),
    harnessCpuSeconds: round((used.user + used.system) / 1e6),
    childCpuSeconds: children === null || childrenAfter === null ? null : round(childrenAfter - children),
    cases: report.clauses.reduce((sum, clause) => sum + clause.cases, 0),
    sessions: hap.rows.get("open")?.count ?? 0,
    hap: hap.top(20),
    timers: timers.top(12),
    http: httpRequests.top(12),
    slowestClauses: Object.fromEntries(Object.entries(clauseMs).sort((a, b) => b[1] - a[1]).slice(0, 8)),
    verdicts: report.totals,
  };
  results[transport] = row;
  if (!json) process.stdout.write(`${transport}: ${JSON.stringify(row, null, 2)}\n`);
}
if (json) process.stdout.write(`${JSON.stringify(results)}\n`);

function adapterArgv(): string[] {
  const [node, ...rest] = builtinHostArgv("reference");
  return cpuProfDir ? [node!, "--cpu-prof", `--cpu-prof-dir=${cpuProfDir}`, ...rest] : [node!, ...rest];
}
