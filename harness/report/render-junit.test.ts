import { describe, expect, it } from "vitest";
import { applyBaseline } from "./baseline.ts";
import { renderJunit } from "./render-junit.ts";
import { HOSTILE, sampleReport } from "./sample-report.ts";

/** Checks what a JUnit consumer's XML parser needs: legal characters, escaped text, balanced elements. */
function assertWellFormed(xml: string): void {
  expect(xml).toMatch(/^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u);
  const stack: string[] = [];
  for (const token of xml.replace(/^<\?xml[^>]*\?>/, "").split(/(<[^>]*>)/)) {
    if (!token.startsWith("<")) {
      expect(token, "text holds no markup").not.toMatch(/[<>]|&(?!(amp|lt|gt|quot|#39|#10|#13|#9);)/);
      continue;
    }
    const name = /^<\/?([A-Za-z-]+)/.exec(token)?.[1];
    expect(name, token).toBeDefined();
    const attributes = token.replace(/^<\/?[A-Za-z-]+/, "").replace(/\/?>$/, "");
    expect(attributes, token).toMatch(/^(\s+[a-z.]+="[^"<]*")*\s*$/);
    if (token.startsWith("</")) expect(stack.pop()).toBe(name);
    else if (!token.endsWith("/>")) stack.push(name!);
  }
  expect(stack).toEqual([]);
}

describe("renderJunit", () => {
  const xml = renderJunit(sampleReport());

  it("is well-formed XML even with hostile host strings", () => {
    assertWellFormed(xml);
    expect(xml).not.toContain(HOSTILE);
    expect(xml).toContain("&lt;script&gt;");
  });

  it("carries each clause's coverage table and a failure's diagnosis", () => {
    expect(xml).toContain("1 constructed + 2 random case(s)");
    expect(xml).toContain("coverage (each hazard the clause is about, and where it was judged):\n  separator-clash (required): NOT JUDGED: case 1 (a_b: c · a: b_c): open: error");
    expect(xml).toContain("what the host did (its answers, and what each server received):\n  open (session 1): registered");
  });

  it("has one testcase per clause and the right element for each status", () => {
    expect(xml.match(/<testcase /g)).toHaveLength(sampleReport().clauses.length);
    const element = (id: string) => new RegExp(`name="${id}"[^>]*>\\s*<(failure|error|skipped|system-out)`).exec(xml)?.[1];
    expect(element("order/config-permutation")).toBe("system-out");
    expect(element("surface/no-silent-loss")).toBe("failure");
    expect(element("wire/passthrough")).toBe("error");
    expect(element("guard/every-shape")).toBe("skipped");
    expect(element("names/injective")).toBe("failure");
    expect(xml).toMatch(/type="inconclusive" message="inconclusive, not a pass/);
  });

  it("fails a testcase exactly when the clause fails the run: a warning only under --strict, its message kept either way", () => {
    const element = (text: string, id: string) => new RegExp(`name="${id}"[^>]*>\\s*<(failure|error|skipped|system-out)`).exec(text)?.[1];
    expect(element(xml, "surface/all-or-nothing")).toBe("system-out");
    expect(xml).toMatch(/name="surface\/all-or-nothing"[^>]*>\s*<system-out>WARN \(does not fail this run; it would under --strict\)\nsurface\/all-or-nothing \(SHOULD\)[\s\S]*?expected: none of that server&#39;s tools/);
    expect(xml).toMatch(/<testsuites name="mcp-collide" tests="6" failures="2" errors="1" skipped="1"/);
    const strict = renderJunit(sampleReport({ strict: true }));
    assertWellFormed(strict);
    expect(element(strict, "surface/all-or-nothing")).toBe("failure");
    expect(strict).toMatch(/<testsuites name="mcp-collide" tests="6" failures="3" errors="1" skipped="1"/);
  });

  it("carries the evidence: world, expected vs observed, requests and answers, repro, stderr, run properties", () => {
    expect(xml).toContain("repro: npx mcp-collide run --clause surface/no-silent-loss");
    expect(xml).toContain("→ call (session 1): &quot;search&quot; with arguments {&quot;probe&quot;:&quot;probe-1&quot;}");
    expect(xml).toContain("&quot;beta&quot; (world 1) received: initialize; tools/call &quot;search&quot; {&quot;probe&quot;:&quot;probe-1&quot;}");
    expect(xml).toContain("exact-duplicate 1/2");
    expect(xml).toContain("&quot;alpha&quot;: &quot;search&quot;!, &quot;fetch&quot;");
    expect(xml).toContain("host stderr (tail):");
    expect(xml).toContain('<property name="seed" value="7"/>');
    expect(xml).toContain('timestamp="2026-01-02T03:04:05"');
  });

  it("renders baselined failures as skipped and stale entries as failures", () => {
    const judged = renderJunit(applyBaseline(sampleReport(), { expectedFailures: ["surface/no-silent-loss", "order/config-permutation"] }, false));
    assertWellFormed(judged);
    expect(judged).toMatch(/name="surface\/no-silent-loss"[^>]*>\s*<skipped type="expected-failure"/);
    expect(judged).toMatch(/name="order\/config-permutation"[^>]*>\s*<failure type="stale-baseline"/);
  });
});
