import { describe, expect, it } from "vitest";
import { contentSha256, hashedContent } from "./content-hash.ts";
import { withDefects } from "./group-defects.ts";
import { sampleReport } from "./sample-report.ts";

describe("contentSha256", () => {
  it("ignores when the run happened and how long it took", () => {
    const a = sampleReport();
    const b = sampleReport({
      startedAt: "2030-01-01T00:00:00.000Z", durationMs: 99,
      clauses: a.clauses.map((clause) => ({ ...clause, durationMs: clause.durationMs + 1000 })),
    });
    expect(contentSha256(b)).toBe(contentSha256(a));
    expect(contentSha256(a)).toMatch(/^[0-9a-f]{64}$/);
  });

  it("ignores key order and its own previous value", () => {
    const a = sampleReport();
    const reordered = Object.fromEntries(Object.entries(a).reverse()) as typeof a;
    expect(contentSha256({ ...reordered, contentSha256: "0".repeat(64) })).toBe(contentSha256(a));
  });

  it("changes when a verdict, a seed, a host string, the host command or a counterexample changes", () => {
    const a = sampleReport();
    expect(contentSha256(sampleReport({ hostCommand: ["sh", "-c", "anything"] }))).not.toBe(contentSha256(a));
    expect(contentSha256(sampleReport({ builtinHost: "last-wins" }))).not.toBe(contentSha256(a));
    const junk = { ...a, clauses: a.clauses.map((clause) => (clause.counterexample ? { ...clause, counterexample: { ...clause.counterexample, value: JSON.parse('{"__proto__": {"x": 1}}') } } : clause)) };
    const other = { ...a, clauses: a.clauses.map((clause) => (clause.counterexample ? { ...clause, counterexample: { ...clause.counterexample, value: JSON.parse('{"__proto__": {"x": 2}}') } } : clause)) };
    expect(contentSha256(junk)).not.toBe(contentSha256(other));
    expect(contentSha256(sampleReport({ seed: 8 }))).not.toBe(contentSha256(a));
    expect(contentSha256(sampleReport({ host: { name: "other", version: "9.9.9" } }))).not.toBe(contentSha256(a));
    const flipped = { ...a, clauses: a.clauses.map((clause, index) => (index === 0 ? { ...clause, status: "fail" as const } : clause)) };
    expect(contentSha256(flipped)).not.toBe(contentSha256(a));
  });

  it("covers diagnostics, where an agent CLI's outbound attempts are recorded", () => {
    const quiet = sampleReport({ diagnostics: [{ level: "info", message: "outbound: none" }] });
    const loud = sampleReport({ diagnostics: [{ level: "warn", message: "outbound: connect 203.0.113.9:443 refused" }] });
    expect(contentSha256(loud)).not.toBe(contentSha256(quiet));
    expect(contentSha256(sampleReport({ diagnostics: [] }))).not.toBe(contentSha256(sampleReport()));
  });

  it("covers the defects and the defect each finding names, so a regrouped report no longer matches", () => {
    const grouped = withDefects(sampleReport());
    const [first, ...rest] = grouped.defects!;
    expect(contentSha256({ ...grouped, defects: [{ ...first!, title: "another story" }, ...rest] })).not.toBe(contentSha256(grouped));
    const remarked = { ...grouped, clauses: grouped.clauses.map((clause) => (clause.findings ? { ...clause, findings: clause.findings.map((finding) => ({ ...finding, defect: "D9" })) } : clause)) };
    expect(contentSha256(remarked)).not.toBe(contentSha256(grouped));
  });

  it("hashes exactly the documented fields", () => {
    const content = hashedContent(sampleReport({ baseline: { file: "b.json", expectedFailures: [], baselined: [], stale: [], unmatched: [] } })) as Record<string, any>;
    for (const field of ["startedAt", "durationMs", "contentSha256", "observationCache"]) expect(content).not.toHaveProperty(field);
    expect(content).toHaveProperty("hostCommand", ["node", "adapter.js"]);
    expect(content.baseline).toHaveProperty("file", "b.json");
    expect(content.clauses[0]).not.toHaveProperty("durationMs");
    expect(content).toHaveProperty("seed", 7);
  });
});
