/**
 * Enforces the direction of imports between the top-level folders:
 * fake-servers/ imports nothing local; harness/ may import fake-servers/, never reference/ or suites/;
 * reference/ may use only harness/index.ts; suites/ import only the public index.ts of the others;
 * hosts/ (real hosts, judged through adapters as any host author would write them) may use only the public
 * index.ts of harness/ and fake-servers/, and the agent kit (harness/agent-kit.ts, `mcp-collide/agent`) that
 * every agent module uses; and no file of hosts/ is in an import cycle (the registry loads each host folder's
 * report entries, which must not import the registry back).
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

/**
 * The local files `file` imports (package-root relative): every relative specifier, and a template literal
 * `import(\`./${id}/hosts.ts\`)` as every file of `files` it can name (each `${...}` one path segment).
 */
export function localImports(file: string, text: string, files: readonly string[]): string[] {
  const local = (specifier: string) => relative(root, resolve(root, dirname(file), specifier)).split("\\").join("/");
  const found = specifiers(text).filter((specifier) => specifier.startsWith(".")).map(local);
  for (const match of text.matchAll(/\bimport\s*\(\s*`(\.[^`]+)`\s*\)/g)) {
    const pattern = local(match[1]!.replace(/\$\{[^}]+\}/g, "\u0000")).replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replaceAll("\u0000", "[^/]+");
    found.push(...files.filter((candidate) => new RegExp(`^${pattern}$`).test(candidate)));
  }
  return found;
}

/** The import cycles among `graph`'s files (each a strongly connected set of two or more, or a file importing itself). */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const members: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      members.push(member);
    } while (member !== file);
    if (members.length > 1 || graph.get(file)!.includes(file)) cycles.push(members.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
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

  it("hosts/ has no import cycle, type-only and template imports included", () => {
    const files = sources("hosts").map((file) => file.split("\\").join("/"));
    const graph = new Map(files.map((file) => [file, localImports(file, readFileSync(join(root, file), "utf8"), files)] as const));
    expect(importCycles(graph)).toEqual([]);
  });

  it("finds a cycle, through a template import too (the cycle scan can fail)", () => {
    const files = ["hosts/hosts.ts", "hosts/a/hosts.ts", "hosts/real-host.ts"];
    const loader = localImports("hosts/hosts.ts", "const m = await import(`./${id}/hosts.ts`);", files);
    expect(loader).toEqual(["hosts/a/hosts.ts"]);
    const back = localImports("hosts/a/hosts.ts", "import type { RealHost } from \"../hosts.ts\";", files);
    expect(importCycles(new Map([["hosts/hosts.ts", loader], ["hosts/a/hosts.ts", back], ["hosts/real-host.ts", []]]))).toEqual([["hosts/a/hosts.ts", "hosts/hosts.ts"]]);
    expect(importCycles(new Map([["hosts/hosts.ts", loader], ["hosts/a/hosts.ts", ["hosts/real-host.ts"]], ["hosts/real-host.ts", []]]))).toEqual([]);
  });

  it("flags a wrong-way import (the scan can fail)", () => {
    const target = relative(root, resolve(root, "harness/cli", "../../suites/index.ts"));
    expect(allowed.harness(target)).toBe(false);
    expect(allowed.reference("harness/runner/run-clause.ts")).toBe(false);
  });
});
