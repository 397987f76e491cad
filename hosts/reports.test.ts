/**
 * The committed real-host reports (reports/<id>.json) against a fresh look at the hosts:
 * - every report is there, and every verdict that is not a pass carries
 *   hand-checked evidence in its folder's hosts.ts;
 * - the Markdown beside each is that JSON rendered with today's evidence.
 * Every committed failure is replayed by value in reports.replay.test.ts (`npm run test:replay`: minutes of
 * real hosts, too slow for `npm test`).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot, paced } from "../harness/index.ts";
import { realHosts } from "./hosts.ts";
import { END, hostMarkdown, needsEvidence, readCommitted, START } from "./reports.ts";

const reportsDir = join(packageRoot, "reports");

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
      expect(missing, `${host.id}: add evidence to its folder's hosts.ts`).toEqual([]);
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
      expect(unexplained, `${host.id}: say why in its folder's hosts.ts (notApplicable)`).toEqual([]);
      const stale = Object.keys(host.notApplicable).filter((id) => !report.clauses.some((clause) => clause.id === id && clause.status === "not-applicable"));
      expect(stale, `${host.id}: notApplicable reasons for clauses the report judges`).toEqual([]);
    }
  });

  it("Markdown is the committed JSON rendered, with the evidence in hosts.ts (else: npm run reports -- --render-only)", async () => {
    for (const host of realHosts) {
      expect(readFileSync(join(reportsDir, `${host.id}.md`), "utf8"), host.id).toBe(await hostMarkdown(host));
    }
    // Rendering 24 reports takes 2 s alone; the fresh-clone check saw it pass vitest's default 5 s at load 40.
  }, paced(30_000));
});
