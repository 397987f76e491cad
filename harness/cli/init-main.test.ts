/**
 * `mcp-collide init`: writes each language's skeleton (the Python one with its kit beside it), names the
 * file in the commands it prints and in the file itself, refuses to overwrite without --force, and every
 * skeleton is a working adapter as written: check-adapter finds no mistake in it. The project the
 * skeletons land in resolves "mcp-collide" (and the MCP SDK the placeholder host uses) as an installed
 * package would; the packed-tarball test does the same from a real install.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkAdapter } from "../check-adapter/check-adapter.ts";
import { missingInstall, skipTitle } from "../optional-installs.ts";
import { packageRoot } from "./builtin-host.ts";
import { exampleFiles, examples, standalone } from "./init-example.ts";
import { initMain } from "./init-main.ts";
import { paced } from "../pace.ts";

const python = missingInstall("python3");
let project: string;
let cwd: string;

/** Runs init in `project`, capturing what it prints. */
async function init(...argv: string[]): Promise<{ code: number; out: string }> {
  const [write, writeError] = [process.stdout.write.bind(process.stdout), process.stderr.write.bind(process.stderr)];
  let out = "";
  process.stdout.write = ((chunk: string) => ((out += chunk), true)) as typeof process.stdout.write;
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    return { code: await initMain(argv), out };
  } finally {
    [process.stdout.write, process.stderr.write] = [write, writeError];
  }
}

describe("mcp-collide init", () => {
  beforeAll(() => {
    cwd = process.cwd();
    project = mkdtempSync(join(tmpdir(), "mcp-collide-init-"));
    // A CommonJS project (npm init -y), where a .ts adapter is compiled to require() calls.
    writeFileSync(join(project, "package.json"), '{ "name": "host", "version": "1.0.0" }\n');
    mkdirSync(join(project, "node_modules", "@modelcontextprotocol"), { recursive: true });
    symlinkSync(packageRoot, join(project, "node_modules", "mcp-collide"));
    symlinkSync(join(packageRoot, "node_modules", "@modelcontextprotocol", "sdk"), join(project, "node_modules", "@modelcontextprotocol", "sdk"));
    // The packages the vercel-ai example drives (devDependencies of this repository), as a user installs them.
    symlinkSync(join(packageRoot, "node_modules", "ai"), join(project, "node_modules", "ai"));
    symlinkSync(join(packageRoot, "node_modules", "@ai-sdk"), join(project, "node_modules", "@ai-sdk"));
    process.chdir(project);
  });
  afterAll(() => {
    process.chdir(cwd);
    rmSync(project, { recursive: true, force: true });
  });

  it("writes the JavaScript skeleton and prints the commands that check and run it", async () => {
    const { code, out } = await init();
    expect(code).toBe(0);
    expect(out).toContain("npx mcp-collide check-adapter -- node mcp-collide-adapter.mjs");
    expect(out).toContain("npx mcp-collide run -- node mcp-collide-adapter.mjs");
    const written = readFileSync(join(project, "mcp-collide-adapter.mjs"), "utf8");
    expect(written).toContain("npx mcp-collide run -- node mcp-collide-adapter.mjs");
    expect(written).not.toContain("__FILE__");
    expect(written.match(/WIRE/g)?.length).toBeGreaterThanOrEqual(5);
  });

  it("says when the skeleton's imports do not resolve where it is written (else every clause would be ERROR), and not when they do", async () => {
    expect((await init("--force")).out).not.toContain("note:");
    const outside = mkdtempSync(join(tmpdir(), "mcp-collide-init-outside-"));
    try {
      const { code, out } = await init("--lang", "ts", outside);
      expect(code).toBe(0);
      expect(out).toContain("note: mcp-collide and @modelcontextprotocol/sdk do not resolve from");
      expect(out).toContain("npm i -D mcp-collide");
      expect((await init("--lang", "python", join(outside, "py"))).out).not.toContain("note:");
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it("refuses to overwrite without --force, and rejects bad usage", async () => {
    expect((await init()).code).toBe(2);
    expect((await init("--force")).code).toBe(0);
    expect((await init("--lang", "cobol")).code).toBe(2);
    expect((await init("a", "b")).code).toBe(2);
  });

  it("never writes through a symbolic link, dangling or not, even with --force", async () => {
    const victims = mkdtempSync(join(tmpdir(), "mcp-collide-init-victim-"));
    try {
      const dangling = join(victims, "created-through-link");
      mkdirSync(join(project, "linked"));
      symlinkSync(dangling, join(project, "linked", "mcp-collide-adapter.mjs"));
      expect((await init("linked")).code).toBe(2);
      expect((await init("--force", "linked")).code).toBe(2);
      expect(existsSync(dangling)).toBe(false);
      const existing = join(victims, "precious");
      writeFileSync(existing, "keep me\n");
      mkdirSync(join(project, "linked-py", "mcp_collide_hap"), { recursive: true });
      symlinkSync(existing, join(project, "linked-py", "mcp_collide_hap", "__init__.py"));
      expect((await init("--force", "--lang", "python", "linked-py")).code).toBe(2);
      expect(readFileSync(existing, "utf8")).toBe("keep me\n");
      mkdirSync(join(project, "linked-example"));
      symlinkSync(existing, join(project, "linked-example", "local-tool.mts"));
      expect((await init("--force", "--example", "vercel-ai", "linked-example")).code).toBe(2);
      expect(readFileSync(existing, "utf8")).toBe("keep me\n");
      // The kit's folder itself a link to a folder elsewhere: refused, nothing written there.
      mkdirSync(join(project, "linked-dir"));
      symlinkSync(victims, join(project, "linked-dir", "mcp_collide_hap"));
      expect((await init("--force", "--lang", "python", "linked-dir")).code).toBe(2);
      expect(readdirSync(victims).sort()).toEqual(["precious"]);
    } finally {
      rmSync(victims, { recursive: true, force: true });
    }
  });

  it("writes the TypeScript skeleton as .mts (an ES module whatever the project's type), run through mcp-collide/register", async () => {
    const { code, out } = await init("--lang", "ts", "adapters");
    expect(code).toBe(0);
    expect(out).toContain("npx mcp-collide run -- node --import mcp-collide/register adapters/mcp-collide-adapter.mts");
    expect(readFileSync(join(project, "adapters", "mcp-collide-adapter.mts"), "utf8")).toContain("node --import mcp-collide/register adapters/mcp-collide-adapter.mts");
  });

  it("writes a real host's example adapter, standalone: imports from mcp-collide and its neighbours only", async () => {
    const { code, out } = await init("--example", "vercel-ai", "example");
    expect(code).toBe(0);
    expect(out).toContain("wrote example/mcp-collide-vercel-ai-adapter.mts, example/real-host-adapter.mts, example/local-tool.mts, example/offline-env.mts");
    expect(out).toContain("npm i -D ai @ai-sdk/mcp");
    expect(out).toContain("npx mcp-collide check-adapter -- node --import mcp-collide/register example/mcp-collide-vercel-ai-adapter.mts");
    for (const file of ["mcp-collide-vercel-ai-adapter.mts", "real-host-adapter.mts", "local-tool.mts", "offline-env.mts"]) {
      const relativeImports = [...readFileSync(join(project, "example", file), "utf8").matchAll(/(?:from|import)\s+"(\.[^"]*)"/g)].map((match) => match[1]);
      expect(relativeImports.every((target) => /^\.\/(real-host-adapter|local-tool|offline-env)\.mts$/.test(target!)), `${file}: ${relativeImports.join(", ")}`).toBe(true);
    }
    expect(readFileSync(join(project, "example", "real-host-adapter.mts"), "utf8")).toContain('from "mcp-collide"');
    expect((await init("--example", "vercel-ai", "example")).code).toBe(2);
    expect((await init("--example", "no-such-host")).code).toBe(2);
    expect((await init("--example", "vercel-ai", "--lang", "ts")).code).toBe(2);
  });

  it("writes every module a TypeScript example imports: each relative import of a written file names another it writes", () => {
    for (const [name, example] of Object.entries(examples)) {
      if (example.lang !== "ts") continue;
      const files = exampleFiles(name, example);
      const written = new Set(files.map(([, file]) => `./${file}`));
      for (const [source, file] of files) {
        const imports = [...standalone(readFileSync(source, "utf8")).matchAll(/(?:from|import)\s+["'](\.[^"']*)["']/g)].map((match) => match[1]!);
        expect(imports.filter((target) => !written.has(target)), `${name}: ${file}`).toEqual([]);
      }
    }
  });

  it("leaves no import of the repository in any TypeScript example it writes", () => {
    for (const [name, example] of Object.entries(examples)) {
      if (example.lang !== "ts") continue;
      const written = standalone(readFileSync(join(packageRoot, "hosts", name, "adapter.ts"), "utf8"));
      expect(written.match(/["']\.\.\/[^"']*["']/g), name).toBeNull();
      expect(written, name).toContain('from "mcp-collide"');
    }
  });

  it("the standalone example is a working adapter: check-adapter delivers its calls, no mistake", async () => {
    const result = await checkAdapter(["node", "--import", "mcp-collide/register", "example/mcp-collide-vercel-ai-adapter.mts"], { timeoutMs: paced(30_000) });
    expect(result.findings.filter((finding) => finding.level === "mistake"), result.stderrTail).toEqual([]);
    expect(result.unchecked).toEqual([]);
    expect(result.host?.name).toMatch(/^Vercel AI SDK/);
  }, paced(90_000));

  it.skipIf(python !== undefined)(skipTitle("writes the async Python skeleton with the Python kit's folder beside it", python), async () => {
    const { code, out } = await init("--lang", "python", "py");
    expect(code).toBe(0);
    expect(out).toContain("wrote py/mcp_collide_adapter.py, py/mcp_collide_hap");
    for (const file of ["__init__.py", "aio.py", "testing.py", "py.typed"]) {
      expect(readFileSync(join(project, "py", "mcp_collide_hap", file), "utf8"), file).toBe(readFileSync(join(packageRoot, "harness/kit/python/mcp_collide_hap", file), "utf8"));
    }
    expect(readFileSync(join(project, "py", "mcp_collide_adapter.py"), "utf8")).toContain("serve_async(PlaceholderAdapter())");
  });

  // Each skeleton with why it cannot run here, if it cannot.
  const skeletons: Array<[string, string[], string | undefined]> = [
    ["JavaScript", ["node", "mcp-collide-adapter.mjs"], undefined],
    ["TypeScript (.mts, in a CommonJS project)", ["node", "--import", "mcp-collide/register", "adapters/mcp-collide-adapter.mts"], undefined],
    ["Python", ["python3", "py/mcp_collide_adapter.py"], python],
  ];
  for (const [language, argv, missing] of skeletons) {
    it.skipIf(missing !== undefined)(skipTitle(`the ${language} skeleton is a working adapter: check-adapter finds no mistake`, missing), async () => {
      const result = await checkAdapter(argv, { timeoutMs: paced(30_000) });
      const wrong = result.findings.filter((finding) => finding.level !== "ok");
      expect(result.unchecked, "a call delivered through the skeleton's host").toEqual([]);
      expect(wrong, result.stderrTail).toEqual([]);
      expect(result.host?.name).toBe("placeholder-host");
    }, paced(90_000));
  }
});
