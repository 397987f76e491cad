/**
 * Enforces the direction of imports between the top-level folders:
 * fake-servers/ imports nothing local; harness/ may import fake-servers/, never reference/ or suites/;
 * reference/ may use only harness/index.ts; suites/ import only the public index.ts of the others;
 * hosts/ (real hosts, judged through adapters as any host author would write them) may use only the public
 * index.ts of harness/ and fake-servers/, and the agent kit (harness/agent-kit.ts, `mcp-collide/agent`) that
 * every agent module uses.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const folders = ["fake-servers", "harness", "reference", "suites", "hosts"] as const;
type Folder = (typeof folders)[number];

/** Which local files a folder may import, besides its own. */
const allowed: Record<Folder, (target: string) => boolean> = {
  "fake-servers": () => false,
  harness: (target) => target.startsWith("fake-servers/"),
  reference: (target) => target === "harness/index.ts",
  suites: (target) => ["harness/index.ts", "fake-servers/index.ts", "reference/index.ts"].includes(target),
  hosts: (target) => ["harness/index.ts", "harness/agent-kit.ts", "fake-servers/index.ts"].includes(target),
};

function sources(folder: string): string[] {
  // Walked by hand so a host's own node_modules (hosts/<host>/node_modules, a gigabyte) is never listed.
  const found: string[] = [];
  for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
    if (entry.name === "node_modules") continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) found.push(...sources(path));
    else if (/\.(ts|js|cjs|mjs)$/.test(entry.name)) found.push(path);
  }
  return found;
}

/** Every module specifier in a file: static imports and re-exports, dynamic import() and require(). */
export function specifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s+["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g, /^\s*import\s+["']([^"']+)["']/gm];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]!);
  return found;
}

describe("import direction", () => {
  it("finds every kind of import", () => {
    // Built at run time so that this file's own scan does not see the sample imports.
    const sample = ["import a FROM './a.ts';", "export { b } FROM '../b.ts';", "await IMPORT('../c.ts');", "REQUIRE('../d.cjs');", "IMPORT './e.ts';"]
      .join("\n").replace(/FROM/g, "from").replace(/IMPORT/g, "import").replace(/REQUIRE/g, "require");
    expect(specifiers(sample))
      .toEqual(["./a.ts", "../b.ts", "../c.ts", "../d.cjs", "./e.ts"]);
  });

  for (const folder of folders) {
    it(`${folder}/ imports only what it may`, () => {
      const violations: string[] = [];
      for (const file of sources(folder)) {
        for (const specifier of specifiers(readFileSync(join(root, file), "utf8"))) {
          if (!specifier.startsWith(".")) continue;
          const target = relative(root, resolve(root, dirname(file), specifier)).split("\\").join("/");
          if (target.startsWith(`${folder}/`) || allowed[folder](target)) continue;
          violations.push(`${file} imports ${target}`);
        }
      }
      expect(violations).toEqual([]);
    });
  }

  it("flags a wrong-way import (the scan can fail)", () => {
    const target = relative(root, resolve(root, "harness/cli", "../../suites/index.ts"));
    expect(allowed.harness(target)).toBe(false);
    expect(allowed.reference("harness/runner/run-clause.ts")).toBe(false);
  });
});
