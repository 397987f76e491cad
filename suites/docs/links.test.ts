/**
 * The repository carries its own spec: every relative link in every Markdown file resolves to a file or
 * folder inside the repository (and, into a Markdown file, to an anchor it has), none climbs out of the
 * repository root, and no file points at the design workbench the project was planned in.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../../harness/index.ts";
import { anchorsOf, headingSlug, linksOf } from "./markdown-links.ts";

const root = resolve(packageRoot);
const skipped = new Set(["node_modules", ".git", ".tmp"]);

/** Every file below `directory` (relative to the root) whose name passes `keep`, outside installed and ignored folders. */
function filesUnder(directory: string, keep: (name: string) => boolean): string[] {
  return readdirSync(join(root, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = directory ? `${directory}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return skipped.has(entry.name) || path === "harness/entry/types" ? [] : filesUnder(path, keep);
    return keep(entry.name) ? [path] : [];
  });
}

const anchors = new Map<string, Set<string>>();
const anchorsIn = (file: string) => anchors.get(file) ?? anchors.set(file, anchorsOf(readFileSync(file, "utf8"))).get(file)!;

/** What is wrong with one link of `file`, or undefined. */
function problemWith(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return undefined;
  const [path, fragment] = target.split("#", 2) as [string, string | undefined];
  const resolved = path === "" ? join(root, file) : resolve(root, dirname(file), decodeURIComponent(path));
  const inside = relative(root, resolved);
  if (inside.startsWith("..") || resolve(resolved) !== resolved || inside.split(sep).includes("..")) return "points outside the repository";
  if (!existsSync(resolved)) return "points at nothing";
  if (fragment && resolved.endsWith(".md") && statSync(resolved).isFile() && !anchorsIn(resolved).has(decodeURIComponent(fragment))) {
    return `has no anchor #${fragment} in ${relative(root, resolved)}`;
  }
  return undefined;
}

describe("links in the repository's Markdown", () => {
  const markdown = filesUnder("", (name) => name.endsWith(".md"));

  it("finds the Markdown files, and reads links and anchors as GitHub does", () => {
    expect(markdown).toEqual(expect.arrayContaining(["README.md", "docs/clauses.md", "docs/hap-1.md", "docs/sources.md", "hosts/README.md"]));
    expect(linksOf("[a](b.md) `[c](d)` ![e](f.png) <a href=\"g\">")).toEqual([{ target: "b.md", line: 1 }, { target: "f.png", line: 1 }, { target: "g", line: 1 }]);
    expect(headingSlug("`surface/no-silent-loss` (MUST)")).toBe("surfaceno-silent-loss-must");
    expect(problemWith("README.md", "../outside.md")).toBe("points outside the repository");
    expect(problemWith("README.md", "docs/missing.md")).toBe("points at nothing");
    expect(problemWith("README.md", "docs/clauses.md#no-such-anchor")).toMatch(/no anchor/);
  });

  it("resolves every relative link inside the repository, anchors included", () => {
    const broken = markdown.flatMap((file) => linksOf(readFileSync(join(root, file), "utf8"))
      .map((link) => ({ link, problem: problemWith(file, link.target) }))
      .filter(({ problem }) => problem !== undefined)
      .map(({ link, problem }) => `${file}:${link.line}: ${link.target} ${problem}`));
    expect(broken).toEqual([]);
  });

  it("points nowhere outside the repository: no file names the design workbench", () => {
    const text = filesUnder("", (name) => /\.(md|ts|mts|cts|js|mjs|cjs|py|json|ya?ml|sh)$/.test(name) || name === "run")
      .filter((file) => file !== "package-lock.json" && !file.startsWith("reports/"));
    const workbench = ["..", "shared", "design"].join("/").slice(3);
    const pointing = text.filter((file) => {
      const content = readFileSync(join(root, file), "utf8");
      return content.includes(workbench) || content.includes(["", "work", "shared"].join("/")) || /known-bugs(\.md| A\d)/.test(content);
    });
    expect(pointing).toEqual([]);
  });
});
