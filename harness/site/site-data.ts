/**
 * What the compliance site is built from: the hosts (as the caller's registry describes them: hosts/site.ts
 * passes hosts/hosts.ts) and, for each, every committed report: reports/<id>.json, the version judged now,
 * and reports/history/<id>/<version>.json, earlier versions judged the same way. A report read from disk is
 * untrusted input: readReport parses it with the report schema and checks its content hash; the agent CLIs'
 * replay evidence (reports/agent-clis/<id>.evidence.json) is parsed with the schema below.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
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

/** Reads every committed report of `hosts` under `root` (the package root); a host with no report is left out. */
export async function loadSite(root: string, hosts: readonly SiteHost[]): Promise<SiteData> {
  const entries: SiteEntry[] = [];
  for (const raw of hosts) {
    const host = SiteHostSchema.parse(raw);
    const currentFile = join("reports", `${host.id}.json`);
    if (!existsSync(join(root, currentFile))) continue;
    const current = await readReport(join(root, currentFile));
    const currentVersion = versionKey(current);
    const historyDir = join("reports", "history", host.id);
    const older: HostVersion[] = [];
    const stems = existsSync(join(root, historyDir)) ? readdirSync(join(root, historyDir)).filter((name) => name.endsWith(".json")).map((name) => name.slice(0, -5)) : [];
    for (const version of stems.sort(compareVersions)) {
      if (!VERSION.test(version)) throw new Error(`${join(historyDir, `${version}.json`)}: a history report is named <version>.json`);
      if (version === currentVersion) continue;
      const file = join(historyDir, `${version}.json`);
      older.push({ version, file, current: false, report: await readReport(join(root, file)) });
    }
    const replayFile = join("reports", "agent-clis", `${host.id}.evidence.json`);
    const replay = existsSync(join(root, replayFile))
      ? { file: replayFile, evidence: ReplayEvidenceSchema.parse(JSON.parse(readFileSync(join(root, replayFile), "utf8"))) }
      : undefined;
    entries.push({ host, versions: [...older, { version: currentVersion, file: currentFile, current: true, report: current }], ...(replay ? { replay } : {}) });
  }
  const clauses = new Map<string, SiteClause>();
  for (const entry of entries) {
    for (const clause of entry.versions.at(-1)!.report.clauses) {
      if (!clauses.has(clause.id)) clauses.set(clause.id, { id: clause.id, level: clause.level, summary: clause.summary, sources: clause.sources });
    }
  }
  return { entries, clauses: [...clauses.values()] };
}
