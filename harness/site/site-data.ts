/**
 * What the compliance site is built from: the hosts (as the caller's registry describes them: hosts/site.ts
 * passes hosts/hosts.ts) and, for each, every committed report: reports/<id>.json, the version judged now,
 * and reports/history/<id>/<version>.json, earlier versions judged the same way. A report read from disk is
 * untrusted input: readReport parses it with the report schema and checks its content hash; the agent CLIs'
 * replay evidence (reports/agent-clis/<id>.evidence.json) is parsed with the schema below.
 * The hash only shows a report was not edited by accident (anyone can reseal one), so what the site shows of a
 * report's metadata is checked against what the project knows (policy): every clause id must be a catalogue id
 * (so no id can name, replace or escape another page), with the catalogue's level; a report of the current
 * catalogue version must hold exactly the catalogue's clauses, with their summaries and sources; every
 * clause is shown with the catalogue's words, never the report's; a history report must be of its folder's
 * host (the current report's host name, the registry's adapter command) and of the version its file names.
 * A report that fails any of these is refused, naming the file and what is wrong.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import { readReport } from "../report/read-report.ts";
import type { ClauseReport, Report } from "../report/report-model.ts";

/** One host in one configuration, as the registry describes it (trusted: it is the project's own code). */
export const SiteHostSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/),
  title: z.string(),
  /** What kind of host it is (`library`, `agent CLI`, `Python` ...): the overview groups by it. */
  kind: z.string().min(1),
  wiring: z.string(),
  /** Clause id → why the verdict (not a pass) is right, checked by hand against the current version. */
  evidence: z.record(z.string(), z.string()),
  /** Clause id → why the clause does not apply. */
  notApplicable: z.record(z.string(), z.string()),
  notes: z.array(z.string()).default([]),
  /** The packages (or runtime) it exercises, as the registry names them. */
  packages: z.array(z.string()).default([]),
  /** The adapter command the registry runs it with: every report of it starts its `hostCommand` so. */
  command: z.array(z.string()).optional(),
  /** Commands earlier reports of it were made with, before the registry's changed (an agent CLI's adapter before it ran as a module). */
  formerCommands: z.array(z.array(z.string())).optional(),
  /** Names an earlier version's report may carry for this host (its API renamed since); the current report's name aside. */
  formerNames: z.array(z.string()).optional(),
});
/** One host in one configuration. */
export type SiteHost = z.infer<typeof SiteHostSchema>;

/** One clause's replay by value through the pinned agent CLI (hosts/agent-clis/evidence.ts); only what the site shows. */
export const ReplayEvidenceSchema = z.record(z.string(), z.object({
  committed: z.string().optional(),
  now: z.string().optional(),
  observedNow: z.string().optional(),
}));
/** Clause id → its replay by value. */
export type ReplayEvidence = z.infer<typeof ReplayEvidenceSchema>;

/** One report of a host: the version judged, where the report is (relative to the package root), the report. */
export interface HostVersion {
  version: string;
  file: string;
  /** reports/<id>.json: the version the hand-checked evidence is about. */
  current: boolean;
  report: Report;
}

/** A host with every report of it, oldest version first, the current one last. */
export interface SiteEntry {
  host: SiteHost;
  versions: HostVersion[];
  replay?: { file: string; evidence: ReplayEvidence };
}

/** A clause as the reports describe it (the first report that judged it). */
export type SiteClause = Pick<ClauseReport, "id" | "level" | "summary" | "sources">;

/** The clause catalogue reports are checked against: its version, and every clause as the catalogue says it. */
export interface SiteCatalogue {
  version: string;
  clauses: readonly SiteClause[];
}

/** Why `report` (read from `file`) cannot be shown as it is, or undefined; its clauses then take the catalogue's words. */
function catalogueDisagreement(report: Report, file: string, catalogue: SiteCatalogue): string | undefined {
  const known = new Map(catalogue.clauses.map((clause) => [clause.id, clause]));
  const seen = new Set<string>();
  const current = report.catalogueVersion === catalogue.version;
  for (const clause of report.clauses) {
    const entry = known.get(clause.id);
    const named = `${file}: clause ${JSON.stringify(clause.id.slice(0, 200))}`;
    if (!entry) return `${named} is no clause of the catalogue`;
    if (seen.has(clause.id)) return `${named} is judged twice`;
    seen.add(clause.id);
    if (clause.level !== entry.level) return `${named} is labelled ${clause.level}; the catalogue says ${entry.level}`;
    if (current && clause.summary !== entry.summary) return `${named} has a summary the catalogue (version ${catalogue.version}) does not give it`;
    if (current && JSON.stringify(clause.sources) !== JSON.stringify(entry.sources)) return `${named} cites sources the catalogue (version ${catalogue.version}) does not`;
  }
  const missing = current ? catalogue.clauses.filter((clause) => !seen.has(clause.id)) : [];
  if (missing.length > 0) return `${file}: a report of catalogue version ${catalogue.version} judges every clause of it, but this one leaves out ${missing.map((clause) => clause.id).join(", ")}`;
  return undefined;
}

/** `report` checked against the catalogue (throws, naming `file`, where it disagrees), its clauses in the catalogue's words. */
function checkedAgainst(report: Report, file: string, catalogue: SiteCatalogue): Report {
  const problem = catalogueDisagreement(report, file, catalogue);
  if (problem) throw new Error(`${problem}; the site shows no report that disagrees with the catalogue`);
  const known = new Map(catalogue.clauses.map((clause) => [clause.id, clause]));
  return { ...report, clauses: report.clauses.map((clause) => ({ ...clause, ...pickClause(known.get(clause.id)!) })) };
}

const pickClause = ({ level, summary, sources }: SiteClause) => ({ level, summary, sources: [...sources] });

/**
 * `argv` without its Node interpreter, where it starts with one: a host's adapter is the same whichever Node
 * ran it (an older version on the harness's `node`, the current one on a pinned hosts/node-runtimes/ binary).
 */
function withoutNode(argv: readonly string[]): readonly string[] {
  return argv[0] !== undefined && basename(argv[0]) === "node" ? argv.slice(1) : argv;
}

/** Throws, naming `file`, unless `report` is of `host` (the current report's host name, the registry's command). */
function checkHost(report: Report, file: string, host: SiteHost, current: Report | undefined): void {
  if (current && report.host.name !== current.host.name && !host.formerNames?.includes(report.host.name)) {
    throw new Error(`${file}: a report of ${JSON.stringify(report.host.name.slice(0, 200))}, but reports/${host.id}.json is of ${JSON.stringify(current.host.name.slice(0, 200))}: a history report must be of its folder's host`);
  }
  const ran = withoutNode(report.hostCommand);
  const startsAs = (command: readonly string[]) => withoutNode(command).every((word, index) => ran[index] === word);
  if (host.command && ![host.command, ...(host.formerCommands ?? [])].some(startsAs)) {
    throw new Error(`${file}: its host command does not start with the registry's for ${host.id} (${withoutNode(host.command).join(" ")}): a report of another host`);
  }
}

/** Everything the site shows. */
export interface SiteData {
  entries: SiteEntry[];
  clauses: SiteClause[];
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]*$/;

/** The version a report names first (`@openai/codex 0.171.0` → `0.171.0`), the key of its page. */
export function versionKey(report: Pick<Report, "host">): string {
  return /\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?/.exec(report.host.version)?.[0] ?? "current";
}

/** Orders versions numerically part by part (`0.9.0` before `0.10.0`). */
export function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.+-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const [p, q] = [x[i] ?? -1, y[i] ?? -1];
    if (p === q) continue;
    if (typeof p === "number" && typeof q === "number") return p - q;
    return String(p).localeCompare(String(q));
  }
  return 0;
}

/**
 * Reads every committed report of `hosts` under `root` (the package root), each checked against `catalogue`
 * and its host (see the header); a host with no report is left out.
 */
export async function loadSite(root: string, hosts: readonly SiteHost[], catalogue: SiteCatalogue): Promise<SiteData> {
  const entries: SiteEntry[] = [];
  for (const raw of hosts) {
    const host = SiteHostSchema.parse(raw);
    const currentFile = join("reports", `${host.id}.json`);
    if (!existsSync(join(root, currentFile))) continue;
    const read = await readReport(join(root, currentFile));
    checkHost(read, currentFile, host, undefined);
    const current = checkedAgainst(read, currentFile, catalogue);
    const currentVersion = versionKey(current);
    const historyDir = join("reports", "history", host.id);
    const older: HostVersion[] = [];
    const stems = existsSync(join(root, historyDir)) ? readdirSync(join(root, historyDir)).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5)) : [];
    for (const version of stems.sort(compareVersions)) {
      if (!VERSION.test(version)) throw new Error(`${join(historyDir, `${version}.json`)}: a history report is named <version>.json`);
      if (version === currentVersion) continue;
      const file = join(historyDir, `${version}.json`);
      const report = await readReport(join(root, file));
      checkHost(report, file, host, current);
      if (versionKey(report) !== version) throw new Error(`${file}: a report of version ${JSON.stringify(versionKey(report))}, filed as ${version}`);
      older.push({ version, file, current: false, report: checkedAgainst(report, file, catalogue) });
    }
    const replayFile = join("reports", "agent-clis", `${host.id}.evidence.json`);
    const replay = existsSync(join(root, replayFile))
      ? { file: replayFile, evidence: ReplayEvidenceSchema.parse(JSON.parse(readFileSync(join(root, replayFile), "utf8"))) }
      : undefined;
    entries.push({ host, versions: [...older, { version: currentVersion, file: currentFile, current: true, report: current }], ...(replay ? { replay } : {}) });
  }
  // The clauses some current report judged, as the catalogue words them.
  const judged = new Set(entries.flatMap((entry) => entry.versions.at(-1)!.report.clauses.map((clause) => clause.id)));
  return { entries, clauses: catalogue.clauses.filter((clause) => judged.has(clause.id)).map((clause) => ({ id: clause.id, ...pickClause(clause) })) };
}
