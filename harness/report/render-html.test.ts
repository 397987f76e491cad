import { describe, expect, it } from "vitest";
import { applyBaseline } from "./baseline.ts";
import { renderHtml } from "./render-html.ts";
import { HOSTILE, sampleReport } from "./sample-report.ts";

describe("renderHtml", () => {
  const html = renderHtml(sampleReport({ contentSha256: "b".repeat(64) }));

  it("is one self-contained page: no script, no external resource", () => {
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(|https?:\/\//i);
    expect(html).toContain("Content-Security-Policy");
  });

  it("escapes every host string", () => {
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("\\u202Eevil");
    expect(html).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202E]/);
  });

  it("gives a verdict per clause and an expandable section per failure, the first open", () => {
    expect(html.match(/<tr class="row-/g)).toHaveLength(sampleReport().clauses.length);
    expect(html.match(/<details class="clause/g)).toHaveLength(3);
    expect(html).toMatch(/<details class="clause s-fail" id="clause-surface-no-silent-loss" open>/);
    expect(html).toContain('<span class="badge s-inconclusive">INCONCLUSIVE</span>');
  });

  it("draws the world as servers with their tools, colliding names highlighted", () => {
    expect(html).toContain('data-server-key="alpha"');
    expect(html).toMatch(/<li class="tool clash"[^>]*><code>search<\/code>/);
    expect(html).toMatch(/<li class="tool"><code>fetch<\/code>/);
    expect(html).toContain("sanitises to &quot;store_refunds&quot;");
  });

  it("shows what each verdict stands on, the hash and the repro line", () => {
    expect(html).toContain("multi-server ×3");
    expect(html).toContain("b".repeat(64));
    expect(html).toContain("npx mcp-collide run --clause surface/no-silent-loss --seed 7 --path 1:0:2");
  });

  it("reports the baseline", () => {
    const judged = renderHtml(applyBaseline(sampleReport(), { expectedFailures: ["surface/no-silent-loss", "order/config-permutation"] }, false, "b.json"));
    expect(judged).toMatch(/<b>stale entries<\/b>[^·]*order\/config-permutation/);
    expect(judged).toContain("baselined: a known failure, does not gate");
  });
});
