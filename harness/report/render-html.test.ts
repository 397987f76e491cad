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
    expect(html.match(/<details class="clause s-/g)).toHaveLength(3);
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
    expect(html).toContain("multi-server 3/3");
    expect(html).toContain('<span class="sit" title="one wire name is advertised by two or more servers (cases that judged it / cases that met it)">exact-duplicate 1/2</span>');
    expect(html).toMatch(/<span class="sit unjudged"[^>]*>separator-clash 0\/2<\/span>/);
    expect(html).toContain('<details class="coverage" open>');
    expect(html).toMatch(/<td><code>separator-clash \(required\)<\/code><\/td><td><span class="badge s-inconclusive">NOT-JUDGED<\/span><\/td><td class="why">NOT JUDGED: case 1 \(a_b: c · a: b_c\): open: error &quot;&lt;script&gt;/);
    expect(html).toContain("<h3>What the host did");
    expect(html).toMatch(/<h2>Sessions that depended on earlier ones<\/h2><ul><li>case 2 of names\/deterministic failed only on a host process[^<]*alpha gone &lt;script&gt;/);
    expect(html).toContain("b".repeat(64));
    expect(html).toContain("npx mcp-collide run --clause surface/no-silent-loss --seed 7 --path 1:0:2");
  });

  it("reports the baseline", () => {
    const judged = renderHtml(applyBaseline(sampleReport(), { expectedFailures: ["surface/no-silent-loss", "order/config-permutation"] }, false, "b.json"));
    expect(judged).toMatch(/<b>stale entries<\/b>[^·]*order\/config-permutation/);
    expect(judged).toContain("baselined: a known failure, does not gate");
  });

  it("shows compared worlds side by side with what distinguishes them, and the evidence", () => {
    expect(html).toContain('<div class="side-by-side"><div><h4>World 1: configured as [&quot;alpha&quot;, &quot;beta&quot;]</h4>');
    expect(html).toContain("<h4>World 2: configured servers permuted: [&quot;alpha&quot;, &quot;beta&quot;] → [&quot;beta&quot;, &quot;alpha&quot;]</h4>");
    expect(html).toContain("→ call (session 1): &quot;search&quot; with arguments {&quot;probe&quot;:&quot;probe-1&quot;}");
    expect(html).toContain("  ← error &quot;refused: &lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("sections warnings apart from failures, as the exit code counts them", () => {
    expect(html).toMatch(/<h2>Failures <small class="why">\(2; click to expand\)<\/small><\/h2>/);
    expect(html).toMatch(/<h2>Not failing this run <small class="why">\(1: warnings gate only with --strict/);
    expect(renderHtml(sampleReport({ strict: true }))).not.toContain("Not failing this run");
  });
});
