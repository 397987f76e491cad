/**
 * The committed real-host reports (reports/<id>.json) against a fresh look at the hosts:
 * - every report is there, for the installed host version, and every verdict that is not a pass carries
 *   hand-checked evidence in hosts.ts;
 * - every committed failure is replayed by value (the clause's check on the report's own counterexample,
 *   one adapter process per host) and must come out the same: a host that no longer fails as its report
 *   says (fixed, or the adapter changed) fails this test. Passing clauses are rerun in full by
 *   `npm run reports`, which is too slow for `npm test`.
 * The clauses are loaded from suites/ at run time, as the CLI loads them.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hapLauncher, loadSuites, missingInstall, packageRoot, runClauses, singleCase, skipTitle, type Clause, paced } from "../harness/index.ts";
import { realHosts } from "./hosts.ts";
import { END, hostMarkdown, needsEvidence, readCommitted, START } from "./reports.ts";

const reportsDir = join(packageRoot, "reports");
let suites: Promise<Clause[]> | undefined;
const allClauses = () => (suites ??= loadSuites(join(packageRoot, "suites")));

describe("committed real-host reports", () => {
  it("exist for every real host, with Markdown, and the README section lists them all", () => {
    const readme = readFileSync(join(reportsDir, "README.md"), "utf8");
    expect(readme).toContain(START);
    expect(readme).toContain(END);
    for (const host of realHosts) {
      expect(existsSync(join(reportsDir, `${host.id}.json`)), host.id).toBe(true);
      expect(existsSync(join(reportsDir, `${host.id}.md`)), host.id).toBe(true);
      expect(readme, host.id).toContain(`](${host.id}.md)`);
    }
  });

  it("carry hand-checked evidence for every verdict that is not a pass, and no broken run", () => {
    for (const host of realHosts) {
      const report = readCommitted(host.id);
      expect(report.clauses.filter((clause) => clause.status === "error").map((clause) => clause.id), host.id).toEqual([]);
      const missing = report.clauses.filter((clause) => needsEvidence(clause.status) && !host.evidence[clause.id]).map((clause) => clause.id);
      expect(missing, `${host.id}: add evidence to hosts/hosts.ts`).toEqual([]);
      const stale = Object.keys(host.evidence).filter((id) => !report.clauses.some((clause) => clause.id === id && needsEvidence(clause.status)));
      expect(stale, `${host.id}: evidence for verdicts the report no longer has`).toEqual([]);
      const timing = Object.keys(host.timingDependent ?? {}).filter((id) => !report.clauses.some((clause) => clause.id === id && (clause.status === "fail" || clause.status === "warn")));
      expect(timing, `${host.id}: timing-dependent entries for verdicts that are not failures`).toEqual([]);
    }
  });

  it("say why for every NOT-APPLICABLE verdict (the host has no such feature), and nothing for clauses that apply", () => {
    for (const host of realHosts) {
      const report = readCommitted(host.id);
      const unexplained = report.clauses.filter((clause) => clause.status === "not-applicable" && !host.notApplicable[clause.id]?.trim()).map((clause) => clause.id);
      expect(unexplained, `${host.id}: say why in hosts/hosts.ts (notApplicable)`).toEqual([]);
      const stale = Object.keys(host.notApplicable).filter((id) => !report.clauses.some((clause) => clause.id === id && clause.status === "not-applicable"));
      expect(stale, `${host.id}: notApplicable reasons for clauses the report judges`).toEqual([]);
    }
  });

  it("Markdown is the committed JSON rendered, with the evidence in hosts.ts (else: npm run reports -- --render-only)", async () => {
    for (const host of realHosts) {
      expect(readFileSync(join(reportsDir, `${host.id}.md`), "utf8"), host.id).toBe(await hostMarkdown(host));
    }
  });

  // One adapter process per library host, all at once: the replays wait on processes more than on the CPU.
  // The hosts installed apart (mcp-use, VoltAgent, Genkit) load hundreds of modules before they answer
  // initialize (25 s seen for mcp-use on a loaded 2-core machine), so they get the CLI's --timeout of
  // `npm run reports` and a longer test bound. So does every library host: a committed schema/hostile-schema
  // failure replays a pattern that backtracks in the adapter's own thread (LangChain's `^(a|a)+$` against 28
  // `a`s: 25 s in the report run, 72 s measured alone at load 10), and past the HAP client's default 30 s the
  // FAIL the report recorded (with --timeout 120000) would come back as an ERROR.
  // An agent CLI (its sessions are CLI processes costing CPU seconds) replays alone, after them, so it cannot
  // push a library host's timing-bound clause past its bound on a 2-core machine. A host that cannot run
  // here (what it needs is not installed: an agent CLI, a library host installed apart) is skipped with the
  // reason, unless CI requires it.
  for (const host of realHosts) {
    const missing = missingInstall(...(host.needs ?? []));
    (host.runArgs ? it.skipIf(missing !== undefined) : it.skipIf(missing !== undefined).concurrent)(skipTitle(`${host.id}: every committed failure still fails, replayed by value`, missing), async () => {
      const committed = readCommitted(host.id);
      const failing = committed.clauses.filter((clause) => (clause.status === "fail" || clause.status === "warn") && clause.counterexample?.value !== undefined)
        .filter((clause) => host.timingDependent?.[clause.id] === undefined);
      if (failing.length === 0) return;
      const clauses = await allClauses();
      const replays = failing.map((entry): Clause => {
        const clause = clauses.find((candidate) => candidate.id === entry.id);
        if (!clause) throw new Error(`${host.id}: clause ${entry.id} is no longer in suites/`);
        return singleCase(clause, entry.counterexample!.value);
      });
      const fresh = await runClauses({
        clauses: replays, launcher: hapLauncher({ argv: host.argv, cwd: packageRoot, requestTimeoutMs: paced(host.runArgs ? 300_000 : 120_000) }), seed: committed.seed, runs: 1,
        transport: committed.transport as "http" | "stdio", profile: committed.profile,
      });
      expect(fresh.host.version, `${host.id}: the committed report is for another version; run npm run reports`).toBe(committed.host.version);
      expect(fresh.clauses.map((clause) => [clause.id, clause.status])).toEqual(failing.map((clause) => [clause.id, clause.status]));
    }, paced(host.runArgs ? 900_000 : 300_000));
  }
});
