import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./render-markdown.ts";
import { applyBaseline } from "./baseline.ts";
import { HOSTILE, sampleReport } from "./sample-report.ts";

describe("renderMarkdown", () => {
  const markdown = renderMarkdown(sampleReport({ contentSha256: "a".repeat(64) }));

  it("puts one verdict row per clause, then a section per failure", () => {
    const rows = markdown.split("\n").filter((line) => /^\| \S+ \| `[^|]*` \| (MUST|SHOULD) \|/.test(line));
    expect(rows).toHaveLength(sampleReport().clauses.length);
    expect(markdown).toMatch(/### ❌ `surface\/no-silent-loss` — FAIL \(MUST\)/);
    expect(markdown).toMatch(/### 💥 `wire\/passthrough` — ERROR/);
    expect(markdown).not.toMatch(/### .*guard\/every-shape/);
  });

  it("shows the host environment, the observation cache and the shutdown diagnostics when the run has them", () => {
    expect(markdown).not.toContain("## Host environment");
    const agent = renderMarkdown(sampleReport({
      hostEnvironment: { isolation: "netns: loopback only" },
      observationCache: { observed: 12, served: 5 },
      diagnostics: [{ level: "warning", message: "outbound attempt x3: CONNECT <evil>:443" }],
    }));
    expect(agent).toContain("## Host environment\n\n- `isolation`: netns: loopback only");
    expect(agent).toContain("Observation cache: 12 session(s) observed, 5 served again from the cache.");
    expect(agent).toContain("## Diagnostics\n\n- warning: outbound attempt x3: CONNECT");
    expect(agent).not.toContain("<evil>");
  });

  it("draws the smallest world as a table with colliding names in bold", () => {
    expect(markdown).toContain("| `alpha` | alpha 1.0.0 | **`search`**, `fetch` |");
    expect(markdown).toContain("Colliding names (bold):");
  });

  it("shows what each verdict stands on, the hash and the repro lines", () => {
    expect(markdown).toContain("multi-server 3/3 · exact-duplicate 1/2");
    expect(markdown).toContain("separator-clash 0/2");
    // The coverage table: the unjudged hazard, the constructed case built for it, and what the host did there.
    expect(markdown).toContain("<details open><summary>Coverage:");
    expect(markdown).toContain("| `names/injective` | `separator-clash (required)` | ❔ NOT JUDGED: case 1 (a\\_b: c · a: b\\_c): open: error");
    expect(markdown).toContain("| `names/injective` | `multi-server (required)` | ✅ judged on 2 random case(s), from case 2 |");
    expect(markdown).toContain("**What the host did** (its answers, and what each server received):");
    expect(markdown).toContain("## Sessions that depended on earlier ones");
    expect(markdown).toContain("- case 2 of names/deterministic failed only on a host process that had served earlier cases, after case 1 of wire/at-most-once (reproduced on fresh processes)");
    expect(markdown).toContain(`Content SHA-256: \`${"a".repeat(64)}\``);
    expect(markdown).toContain("npx mcp-collide run --clause surface/no-silent-loss --seed 7 --path 1:0:2");
    expect(markdown).toContain("npx mcp-collide repro --clause surface/no-silent-loss --seed 7 --path 1:0:2");
    expect(markdown).toContain("Host stderr (tail):");
  });

  it("keeps host strings inert: no raw tag, no stray pipe, no control character", () => {
    // Inside code spans and fenced blocks a tag is text; everywhere else it must be escaped.
    // A backslash-escaped backtick opens no code span (GFM), so it is dropped before the spans are.
    const prose = markdown.replace(/^(`{3,})[^\n]*\n[\s\S]*?\n\1$/gm, "").replace(/\\`/g, "").replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, "");
    expect(prose).not.toContain("<script>");
    expect(prose).toContain("\\<script\\>");
    expect(markdown).not.toContain(HOSTILE);
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u202E]/);
    for (const row of markdown.split("\n").filter((line) => line.startsWith("| "))) {
      const cells = row.replace(/\\\|/g, "").split("|").length;
      const sideBySide = row.startsWith("| #") || /^\| \d+ \|/.test(row);
      const coverage = row.startsWith("| Clause | Hazard") || /^\| `[a-z]+\/[a-z-]+` \| `/.test(row);
      expect(cells, row).toBe(sideBySide || coverage ? 5 : row.startsWith("| Server") || row.includes("alpha 1.0.0") || row.includes("beta 1.0.0") || row.includes("store") ? 6 : 9);
    }
  });

  it("reports the baseline", () => {
    const judged = renderMarkdown(applyBaseline(sampleReport(), { expectedFailures: ["surface/no-silent-loss", "order/config-permutation"] }, false, "b.json"));
    expect(judged).toMatch(/Baseline `b.json`: baselined failures `surface\/no-silent-loss`; \*\*stale entries `order\/config-permutation`\*\*/);
    expect(judged).toContain("stale baseline entry");
  });

  it("shows compared worlds side by side, the evidence, and warnings apart from failures", () => {
    expect(markdown).toContain('| # | configured as \\["alpha", "beta"\\] | configured servers permuted: \\["alpha", "beta"\\] → \\["beta", "alpha"\\] |');
    expect(markdown).toContain("| 1 | `alpha`: `search`, `fetch` | `beta`: `search` |");
    expect(markdown).toContain('→ call (session 1): "search" with arguments {"probe":"probe-1"}');
    expect(markdown).toMatch(/## Failures[\s\S]*no-silent-loss[\s\S]*## Not failing this run[\s\S]*all-or-nothing/);
  });
});
