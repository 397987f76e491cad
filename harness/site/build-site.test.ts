/**
 * The site builder on hand-built reports: host strings stay text everywhere, every page carries the strict
 * CSP and no script but the overview's hashed one, a verdict that changed between two versions is marked,
 * a tampered report is refused, the badge counts MUST clauses, and the staleness check sees every kind of
 * difference.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HOSTILE, sampleReport } from "../report/sample-report.ts";
import { sealReport } from "../report/write-report.ts";
import type { Report } from "../report/report-model.ts";
import { buildSite, siteDifferences, writeSite } from "./build-site.ts";
import { mustScore } from "./site-badge.ts";
import { loadSite, type SiteHost } from "./site-data.ts";

const roots: string[] = [];
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

const host: SiteHost = {
  id: "hostile", title: HOSTILE, kind: "library", wiring: HOSTILE, evidence: { "surface/no-silent-loss": HOSTILE },
  notApplicable: {}, notes: [HOSTILE], packages: ["hostile-pkg"],
};

/** A package root holding `current` as reports/hostile.json and `older` under reports/history/hostile/. */
function root(current: Report, older: Record<string, Report | string> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), "mcp-collide-site-"));
  roots.push(dir);
  mkdirSync(join(dir, "reports/history/hostile"), { recursive: true });
  writeFileSync(join(dir, "reports/hostile.json"), JSON.stringify(sealReport(current)));
  for (const [version, report] of Object.entries(older)) {
    writeFileSync(join(dir, `reports/history/hostile/${version}.json`), typeof report === "string" ? report : JSON.stringify(sealReport(report)));
  }
  return dir;
}

const at = (version: string, passing = false) => {
  const report = sampleReport({ host: { name: `${HOSTILE} host`, version: `hostile-pkg ${version}` } });
  return passing ? { ...report, clauses: report.clauses.map((c) => (c.id === "surface/no-silent-loss" ? { ...c, status: "pass" as const } : c)) } : report;
};

describe("the compliance site", () => {
  it("escapes every host string and allows only the hashed overview script", async () => {
    const files = buildSite(await loadSite(root(at("2.0.0")), [host]));
    expect([...files.keys()]).toContain("hosts/hostile/2.0.0.html");
    for (const [path, text] of files) {
      if (!path.endsWith(".html")) continue;
      expect(text, path).not.toContain("<script>alert(1)");
      expect(text, path).toContain(`content="default-src 'none'; style-src 'sha256-`);
      expect(text.match(/<script>/g)?.length ?? 0, path).toBe(path === "index.html" ? 1 : 0);
    }
    expect(files.get("hosts/hostile/2.0.0.html")).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(files.get("hosts/hostile/2.0.0.html")).toContain('id="clause-surface-no-silent-loss"');
    expect(files.get("badges/hostile.svg")).not.toContain("<script");
  });

  it("marks a verdict that changed between versions, oldest first, and leaves the others alone", async () => {
    const data = await loadSite(root(at("2.0.0"), { "1.10.0": at("1.10.0", true), "1.9.0": at("1.9.0", true) }), [host]);
    expect(data.entries[0]!.versions.map((v) => v.version)).toEqual(["1.9.0", "1.10.0", "2.0.0"]);
    const page = buildSite(data).get("hosts/hostile/2.0.0.html")!;
    const history = page.slice(page.indexOf('id="history"'));
    expect(history).toMatch(/<tr class="changed"><td><a href="#clause-surface-no-silent-loss">/);
    expect(history.match(/class="changed"/g)).toHaveLength(1);
    expect(buildSite(data).get("clauses/surface-no-silent-loss.html")).toContain("changed between versions");
  });

  it("refuses a report changed after it was written", async () => {
    const tampered = JSON.stringify({ ...sealReport(at("1.0.0")), seed: 8 });
    await expect(loadSite(root(at("2.0.0"), { "1.0.0": tampered }), [host])).rejects.toThrow(/contentSha256/);
  });

  it("counts MUST clauses that apply in the badge", () => {
    const report = sampleReport();
    const must = report.clauses.filter((c) => c.level === "MUST" && c.status !== "not-applicable");
    expect(mustScore(report)).toEqual({ passed: must.filter((c) => c.status === "pass").length, total: must.length, worst: "fail" });
  });

  it("tells a stale copy: changed, missing and extra files, the screenshot aside", async () => {
    const files = buildSite(await loadSite(root(at("2.0.0")), [host]));
    const dir = mkdtempSync(join(tmpdir(), "mcp-collide-site-out-"));
    roots.push(dir);
    writeSite(dir, files);
    writeFileSync(join(dir, "overview.png"), "not compared");
    expect(siteDifferences(dir, files)).toEqual([]);
    writeFileSync(join(dir, "index.html"), "old");
    writeFileSync(join(dir, "stray.html"), "");
    rmSync(join(dir, "badges/hostile.svg"));
    expect(siteDifferences(dir, files)).toEqual(["missing badges/hostile.svg", "changed index.html", "extra stray.html"]);
  });
});
