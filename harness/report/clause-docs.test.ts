import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { clauseAnchor, clauseDocsFor, githubRepository } from "./clause-docs.ts";
import { renderHtml } from "./render-html.ts";
import { renderMarkdown } from "./render-markdown.ts";
import { sampleReport } from "./sample-report.ts";

const root = resolve("/srv/mcp-collide");
const manifest = { name: "mcp-collide", version: "1.2.3" };

describe("where a report links its clauses", () => {
  it("links relatively from inside the package, to docs/clauses.md", () => {
    expect(clauseDocsFor(join(root, "mcp-collide-report"), manifest, root)).toBe("../docs/clauses.md");
    expect(clauseDocsFor(join(root, "reports", "examples", "last-wins"), manifest, root)).toBe("../../../docs/clauses.md");
    expect(clauseDocsFor(root, manifest, root)).toBe("docs/clauses.md");
  });

  it("from elsewhere, links to the version's tag on GitHub when package.json names the repository, else nowhere", () => {
    expect(clauseDocsFor("/home/me/host/mcp-collide-report", manifest, root)).toBeUndefined();
    expect(clauseDocsFor(`${root}-other/report`, manifest, root)).toBeUndefined();
    expect(clauseDocsFor("/home/me/host/out", { ...manifest, repository: { type: "git", url: "git+https://github.com/acme/mcp-collide.git" } }, root))
      .toBe("https://github.com/acme/mcp-collide/blob/v1.2.3/docs/clauses.md");
  });

  it("reads a GitHub repository from every form package.json allows, and nothing else", () => {
    for (const form of ["github:acme/tool", "acme/tool", "https://github.com/acme/tool", "git+https://github.com/acme/tool.git", "git@github.com:acme/tool.git", "ssh://git@github.com/acme/tool.git"]) {
      expect(githubRepository(form), form).toBe("acme/tool");
    }
    expect(githubRepository({ url: "https://github.com/acme/tool.git" })).toBe("acme/tool");
    expect(githubRepository("https://gitlab.com/acme/tool")).toBeUndefined();
    expect(githubRepository(undefined)).toBeUndefined();
  });

  it("links every clause of report.md and report.html to its section, and none without a catalogue", () => {
    const report = sampleReport();
    const clauseDocs = "../docs/clauses.md";
    const markdown = renderMarkdown(report, { clauseDocs });
    const html = renderHtml(report, { clauseDocs });
    for (const clause of report.clauses) {
      expect(markdown).toContain(`](${clauseDocs}#${clauseAnchor(clause.id)})`);
      expect(html).toContain(`href="${clauseDocs}#${clauseAnchor(clause.id)}"`);
    }
    expect(markdown).toContain(`[catalogue v${report.catalogueVersion}](${clauseDocs})`);
    expect(renderMarkdown(report)).not.toContain("clauses.md");
    expect(renderHtml(report)).not.toContain("clauses.md");
  });
});
