/**
 * The README is the front door: the two commands first, exactly, then what mcp-collide is, the three steps to
 * test a host, the verdict table and links, on two screens; everything else lives in docs/, and every page
 * of docs/ can be reached from it. docs/adapters.md names the example adapters `init --example` writes and
 * sketches every framework family.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { adapterExamples as examples, packageRoot } from "../../harness/index.ts";
import { linksOf } from "./markdown-links.ts";

const read = (file: string) => readFileSync(join(packageRoot, file), "utf8");
const readme = read("README.md");

describe("README.md", () => {
  it("starts with the two commands, exactly", () => {
    expect(readme.split("\n").slice(0, 6).join("\n")).toBe([
      "# mcp-collide", "", "```sh",
      "npm ci && npx mcp-collide run     # install, then run every clause against the built-in reference host",
      "npm test                          # the self-test: typecheck, unit tests, every built-in host against the answer key",
      "```",
    ].join("\n"));
  });

  it("fits on two screens and keeps its sections: the three steps, the verdicts, the docs, a More list to extend", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(85);
    const headings = readme.split("\n").filter((line) => line.startsWith("## "));
    expect(headings).toEqual(["## Test your host: install, adapter, CI", "## Verdicts", "## Documentation", "## More"]);
    for (const status of ["pass", "fail", "warn", "not-applicable", "error", "inconclusive"]) expect(readme).toContain(`| \`${status}\` |`);
  });

  it("reaches every page of docs/, directly or through one page it links", () => {
    const linked = (file: string) => linksOf(read(file)).map((link) => link.target.split("#")[0]!)
      .filter((target) => target.endsWith(".md") && !/^[a-z]+:/.test(target))
      .map((target) => normalize(join(dirname(file), target)));
    const reached = new Set(linked("README.md").flatMap((page) => [page, ...(page.startsWith("docs/") ? linked(page) : [])]));
    const pages = readdirSync(join(packageRoot, "docs")).filter((name) => name.endsWith(".md")).map((name) => `docs/${name}`);
    expect(pages.filter((page) => !reached.has(page))).toEqual([]);
  });
});

describe("docs/adapters.md", () => {
  const guide = read("docs/adapters.md");
  it("names every example init --example writes, and no other", () => {
    const named = /init --example NAME`[^:]*: ([^.]+)\./.exec(guide.replace(/\n/g, " "))?.[1];
    expect(named?.match(/`[\w-]+`/g)?.map((name) => name.slice(1, -1)).sort()).toEqual(Object.keys(examples).sort());
  });

  it("sketches each framework family at its model boundary, and says how to fill registered for one merged list", () => {
    for (const seam of ["Model.getResponse", "MockLanguageModelV3", "ToolNode", "BaseLlm", "Model.stream", "FunctionModel"]) expect(guide).toContain(seam);
    expect(guide).toContain("## `registered` when the host has one merged list");
    expect(guide).toMatch(/"allowImportingTsExtensions": true/);
  });
});
