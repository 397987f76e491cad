/**
 * The site builder on hand-built reports: host strings stay text everywhere, every page carries the strict
 * CSP and no script but the overview's hashed one, a verdict that changed between two versions is marked,
 * a tampered report is refused, the badge counts MUST clauses, and the staleness check sees every kind of
 * difference. The hostile side: a resealed report that relabels a clause, renames one into another's page,
 * leaves one out or is another host's is refused, naming its file; writing the site deletes only what an
 * earlier write of the site made.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HOSTILE, sampleReport } from "../report/sample-report.ts";
import { sealReport } from "../report/write-report.ts";
import type { Report } from "../report/report-model.ts";
import { catalogueIds } from "../runner/catalogue.ts";
import { buildSite, MANIFEST, siteDifferences, writeSite } from "./build-site.ts";
import { badgeSvg, mustScore } from "./site-badge.ts";
import { loadSite as load, type SiteCatalogue, type SiteHost } from "./site-data.ts";
import { clausePath, kindHeading } from "./site-links.ts";

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

/** The catalogue the sample reports were written against. */
const catalogue: SiteCatalogue = { version: "1", clauses: sampleReport().clauses.map(({ id, level, summary, sources }) => ({ id, level, summary, sources })) };
const loadSite = (dir: string, hosts: SiteHost[]) => load(dir, hosts, catalogue);

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

  it("counts MUST clauses that apply in the badge, and those that did not (N/A)", () => {
    const report = sampleReport();
    const must = report.clauses.filter((c) => c.level === "MUST" && c.status !== "not-applicable");
    const notApplicable = report.clauses.filter((c) => c.level === "MUST" && c.status === "not-applicable").length;
    expect(notApplicable).toBeGreaterThan(0);
    expect(mustScore(report)).toEqual({ passed: must.filter((c) => c.status === "pass").length, total: must.length, notApplicable, worst: "fail" });
    expect(badgeSvg(report, "x")).toContain(`MUST ${must.filter((c) => c.status === "pass").length}/${must.length} · ${notApplicable} N/A`);
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

  it("refuses a resealed report that relabels, renames, drops or invents a clause, naming the file and the clause", async () => {
    const relabel = (report: Report, change: (clauses: Report["clauses"]) => Report["clauses"]) => ({ ...report, clauses: change(report.clauses) });
    const failing = at("2.0.0").clauses.find((c) => c.status === "fail")!.id;
    const cases: Array<[string, Report, RegExp]> = [
      ["a MUST failure labelled SHOULD", relabel(at("2.0.0"), (cs) => cs.map((c) => (c.id === failing ? { ...c, level: "SHOULD" as const } : c))), /clause "surface\/no-silent-loss" is labelled SHOULD; the catalogue says MUST/],
      ["a summary of its own", relabel(at("2.0.0"), (cs) => cs.map((c) => (c.id === failing ? { ...c, summary: "nothing to see" } : c))), /summary the catalogue \(version 1\) does not give it/],
      ["sources of its own", relabel(at("2.0.0"), (cs) => cs.map((c) => (c.id === failing ? { ...c, sources: ["trust me"] } : c))), /cites sources/],
      ["a failure moved to an id that is no clause", relabel(at("2.0.0"), (cs) => cs.map((c) => (c.id === failing ? { ...c, id: "surface-no/silent-loss" } : c))), /"surface-no\/silent-loss" is no clause of the catalogue/],
      ["an id naming the clause index", relabel(at("2.0.0"), (cs) => [...cs, { ...cs[0]!, id: "index" }]), /"index" is no clause/],
      ["a failure left out", relabel(at("2.0.0"), (cs) => cs.filter((c) => c.id !== failing)), /leaves out surface\/no-silent-loss/],
      ["a clause judged twice", relabel(at("2.0.0"), (cs) => [...cs, { ...cs[0]!, status: "pass" as const }]), /is judged twice/],
    ];
    for (const [what, report, message] of cases) await expect(loadSite(root(report), [host]), what).rejects.toThrow(message);
    // A report of an older catalogue may judge fewer clauses; it is shown in the catalogue's words, never its own.
    const older = relabel({ ...at("2.0.0"), catalogueVersion: "0" }, (cs) => cs.filter((c) => c.id !== "names/injective").map((c) => ({ ...c, summary: `old words ${HOSTILE}` })));
    const data = await loadSite(root(older), [host]);
    expect(data.entries[0]!.versions[0]!.report.clauses.map((c) => c.summary)).toEqual(catalogue.clauses.filter((c) => c.id !== "names/injective").map((c) => c.summary));
    expect(data.clauses.map((c) => c.id)).not.toContain("names/injective");
  });

  it("gives every catalogue clause a page of its own, none of them the clause index", () => {
    const paths = catalogueIds.map(clausePath);
    expect(new Set(paths).size).toBe(catalogueIds.length);
    expect(paths).not.toContain("clauses/index.html");
  });

  it("refuses a history report of another host, or of a version its file does not name", async () => {
    const stranger = { ...at("1.0.0"), host: { name: "another host", version: "hostile-pkg 1.0.0" } };
    await expect(loadSite(root(at("2.0.0"), { "1.0.0": stranger }), [host])).rejects.toThrow(/history\/hostile\/1\.0\.0\.json: a report of "another host", but reports\/hostile\.json is of/);
    await expect(loadSite(root(at("2.0.0"), { "1.0.0": at("1.5.0") }), [host])).rejects.toThrow(/a report of version "1\.5\.0", filed as 1\.0\.0/);
    const command = { ...host, command: ["node", "hosts/hostile/adapter.ts"] };
    await expect(loadSite(root(at("2.0.0")), [command])).rejects.toThrow(/reports\/hostile\.json: its host command does not start with the registry's/);
    const ours = (version: string) => ({ ...at(version), hostCommand: ["node", "hosts/hostile/adapter.ts", "--bin", "old"] });
    expect((await loadSite(root(ours("2.0.0"), { "1.0.0": ours("1.0.0") }), [command])).entries[0]!.versions).toHaveLength(2);
    // The same adapter run on another Node (the current major on a pinned runtime, the old one on the harness's).
    const pinned = { ...host, command: ["hosts/node-runtimes/node_modules/node22/bin/node", "hosts/hostile/adapter.ts"] };
    const onNode22 = { ...at("2.0.0"), hostCommand: ["hosts/node-runtimes/node_modules/node22/bin/node", "hosts/hostile/adapter.ts"] };
    expect((await loadSite(root(onNode22, { "1.0.0": ours("1.0.0") }), [pinned])).entries[0]!.versions).toHaveLength(2);
    const elsewhere = { ...at("2.0.0"), hostCommand: ["hosts/node-runtimes/node_modules/node22/bin/node", "hosts/other/adapter.ts"] };
    await expect(loadSite(root(elsewhere), [pinned])).rejects.toThrow(/its host command does not start with the registry's/);
    // A report made with a command the registry used before (an agent CLI's adapter.ts, before it ran as a module).
    const moved = { ...command, command: ["node", "harness/agent/agent-module-main.ts", "--module", "hosts/hostile/hostile.ts"], formerCommands: [["node", "hosts/hostile/adapter.ts"]] };
    expect((await loadSite(root(ours("2.0.0")), [moved])).entries[0]!.versions).toHaveLength(1);
    await expect(loadSite(root(elsewhere), [moved])).rejects.toThrow(/its host command does not start with the registry's/);
    // A host whose API was renamed since an earlier report names its former name; any other name is refused.
    const renamed = { ...host, formerNames: ["another host"] };
    expect((await loadSite(root(at("2.0.0"), { "1.0.0": stranger }), [renamed])).entries[0]!.versions).toHaveLength(2);
  });

  it("deletes only what an earlier write of the site made: a folder of someone else's is refused untouched", async () => {
    const files = buildSite(await loadSite(root(at("2.0.0")), [host]));
    const dir = mkdtempSync(join(tmpdir(), "mcp-collide-site-out-"));
    roots.push(dir);
    writeFileSync(join(dir, "thesis.tex"), "years of work");
    expect(() => writeSite(dir, files)).toThrow(/holds files this site did not write \(thesis\.tex\)/);
    expect(readFileSync(join(dir, "thesis.tex"), "utf8")).toBe("years of work");
    expect(existsSync(join(dir, "index.html"))).toBe(false);
    // A previous site: what it wrote and the new one lacks goes, anything else stays.
    const site = mkdtempSync(join(tmpdir(), "mcp-collide-site-out-"));
    roots.push(site);
    writeSite(site, new Map([...files, ["hosts/gone/1.0.0.html", "old page"]]));
    writeFileSync(join(site, "notes.txt"), "mine");
    writeFileSync(join(dir, "outside.txt"), "outside");
    writeFileSync(join(site, MANIFEST), `${readFileSync(join(site, MANIFEST), "utf8")}../${dir.split("/").at(-1)}/outside.txt\n${dir}/thesis.tex\n`);
    writeSite(site, files);
    expect(existsSync(join(site, "hosts/gone/1.0.0.html"))).toBe(false);
    expect(readFileSync(join(site, "notes.txt"), "utf8")).toBe("mine");
    expect(readFileSync(join(dir, "outside.txt"), "utf8")).toBe("outside");
    expect(readFileSync(join(dir, "thesis.tex"), "utf8")).toBe("years of work");
    expect(siteDifferences(site, files)).toEqual(["extra notes.txt"]);
    // A folder of the site planted as a link to elsewhere is not written through.
    rmSync(join(site, "badges"), { recursive: true });
    symlinkSync(dir, join(site, "badges"));
    expect(() => writeSite(site, files)).toThrow(/badges is not a folder/);
    expect(existsSync(join(dir, "hostile.svg"))).toBe(false);
  });
});

describe("kind headings", () => {
  it("name each group in the plural, a gateway's included", () => {
    expect(["library", "agent CLI", "Python", "gateway"].map(kindHeading)).toEqual(["Libraries", "Agent CLIs", "Python", "Gateways"]);
  });
});
