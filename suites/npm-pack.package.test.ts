/**
 * The npm package, as someone outside the repository gets it: `npm pack`, then a fresh project with only
 * the tarball installed (offline: its dependencies at the versions of this repository's lockfile, from the
 * npm cache `npm ci` filled), and there, from the docs alone: `npx mcp-collide run` (the reference host),
 * and `init`'s JavaScript (ES module), TypeScript (`.mts`: an ES module even in a CommonJS project)
 * and Python skeletons, plus a hand-written CommonJS adapter, each run by `npx mcp-collide run` and each
 * report headed with the adapter's own host name. The TypeScript adapters also type-check against the
 * declarations the tarball carries. The agent kit (`mcp-collide/agent`) loads, an agent module copied out of
 * the package type-checks against it and loads, and, where Continue's `cn` is installed (npm run
 * agents:modules), `npx mcp-collide run --agent-module` judges it from outside the package. One clause, a few
 * cases per run, the runs side by side: this test is about the package, not the clauses.
 */
import { execFile, spawnSync } from "node:child_process";
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingInstall, packageRoot, skipTitle, paced } from "../harness/index.ts";

const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8"));
const python = missingInstall("python3");
/** Continue's `cn`, the example agent module's CLI (npm run agents:modules), and the sandbox it runs in. */
const continueCli = missingInstall("agent-module:continue", "sandbox");
const venv = missingInstall("python3", "python3-venv");

/** What `npm pack --json` says about the tarball. */
interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: Array<{ path: string }>;
}

/**
 * A lockfile for a project that depends on the tarball alone: the tarball, and every package this
 * repository's lockfile installs for production, at the same versions and integrity. `npm ci --offline` then
 * installs exactly what a registry install of this version would, from the cache.
 */
function projectLock(name: string, tarball: string): object {
  const root = JSON.parse(readFileSync(join(packageRoot, "package-lock.json"), "utf8"));
  const packages: Record<string, unknown> = {
    "": { name, version: "1.0.0", dependencies: { "mcp-collide": `file:${tarball}` } },
    "node_modules/mcp-collide": {
      version: manifest.version, resolved: `file:${tarball}`, license: manifest.license, dependencies: manifest.dependencies, bin: manifest.bin, engines: manifest.engines,
    },
  };
  for (const [path, entry] of Object.entries<{ dev?: boolean }>(root.packages)) if (path.startsWith("node_modules/") && !entry.dev) packages[path] = entry;
  return { name, version: "1.0.0", lockfileVersion: 3, requires: true, packages };
}

/** A CommonJS adapter as the docs describe it, around a host that loads nothing (its report is not the point). */
const commonJsAdapter = `const { serveAdapter, initializeResult } = require("mcp-collide");
serveAdapter({
  async initialize() { return initializeResult({ name: "commonjs-adapter", version: "1.0.0" }); },
  async open(params) { return { session: "s1", outcome: { registered: Object.fromEntries(params.servers.map((s) => [s.key, []])), errors: [] }, diagnostics: [] }; },
  async tools() { return { tools: [] }; },
  async call(session, name) { return { ok: false, error: { message: "no tool named " + name } }; },
  async close() {},
  async shutdown() {},
});
`;

describe("the npm package, installed from its tarball into a fresh project", () => {
  let scratch: string;
  let packed: Packed;
  let project: string;
  const npx = (cwd: string, ...args: string[]) => run("npx", ["--no", "mcp-collide", ...args], { cwd, encoding: "utf8", timeout: paced(300_000) }).catch((error) => error);

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "mcp-collide-package-"));
    // A project folder as npm init leaves one (0755, not mkdtemp's 0700): as root, the agent CLI sandbox runs as
    // nobody, who must reach the installed package (its sandbox script) and the project's CLI.
    chmodSync(scratch, 0o755);
    const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", scratch], { cwd: packageRoot, encoding: "utf8", timeout: paced(300_000) });
    packed = JSON.parse(stdout.slice(stdout.indexOf("[")))[0];
    project = join(scratch, "host");
    mkdirSync(project);
    writeFileSync(join(project, "package.json"), `${JSON.stringify({ name: "host", version: "1.0.0", dependencies: { "mcp-collide": `file:../${packed.filename}` } }, null, 2)}\n`);
    writeFileSync(join(project, "package-lock.json"), JSON.stringify(projectLock("host", `../${packed.filename}`), null, 2));
    await run("npm", ["ci", "--offline", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: project, timeout: paced(300_000) });
  }, paced(600_000));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }), 120_000);

  it("ships the harness, fake servers, built-in hosts, suites, docs, the Action, type declarations and the example adapters; no tests, no library installs, no reports", () => {
    const paths = packed.files.map((file) => file.path);
    for (const needed of ["harness/bin/mcp-collide.js", "harness/adapter-kit.ts", "harness/entry/adapter-kit.mjs", "harness/entry/types/esm/harness/adapter-kit.d.ts",
      "harness/entry/types/cjs/harness/adapter-kit.d.ts", "harness/kit/python/mcp_collide_hap/__init__.py", "harness/kit/python/mcp_collide_hap/py.typed", "harness/kit/python/pyproject.toml", "fake-servers/stdio-shim.cjs", "fake-servers/stdio-shim.pl", "fake-servers/lateness-sampler.mjs", "reference/main.ts",
      "suites/surface.suite.ts", "docs/clauses.md", "docs/hap-1.md", "docs/sources.md", "action.yml", "README.md"]) {
      expect(paths, needed).toContain(needed);
    }
    // The real-host adapters ship as examples (`init --example NAME` writes one standalone), without their installs.
    // The gateway adapter, its sandbox, its installer and the pinned gateways' modules ship too (run --gateway ID).
    const examples = /^hosts\/(agent-clis\/|agent-modules\/[\w-]+\/([\w-]+\.ts|package(-lock)?\.json)$|gateways\/(gateway-main\.ts|gateway-sandbox\.ts|install-gateways\.js|[\w-]+\/([\w-]+\.ts|package(-lock)?\.json))$|real-host-adapter\.ts$|local-tool\.ts$|offline-env\.ts$|README\.md$|[\w-]+\/adapter\.ts$|genkit\/genkit-(context|model)\.ts$|python-host\/(adapter|mcp_host)\.py$)/;
    expect(paths.filter((path) => /\.test\.ts$|test-support\/|^reports\/|^bench\/|node_modules\//.test(path) || (path.startsWith("hosts/") && !examples.test(path)))).toEqual([]);
    expect(paths.filter((path) => /^hosts\/agent-clis\/(package(-lock)?\.json|agent-hosts\.ts|evidence\.ts)$|^hosts\/agent-modules\/([\w-]+\/hosts\.ts|[^/]+)$/.test(path))).toEqual([]);
    expect(paths).toEqual(expect.arrayContaining([
      "hosts/agent-clis/codex/adapter.ts", "hosts/real-host-adapter.ts", "hosts/local-tool.ts", "hosts/openai-agents/adapter.ts", "hosts/vercel-ai/adapter.ts",
      "hosts/langchain/adapter.ts", "hosts/genkit/genkit-context.ts", "hosts/genkit/genkit-model.ts", "hosts/python-host/adapter.py", "docs/adapters.md",
      "harness/agent-kit.ts", "harness/entry/agent-kit.mjs", "harness/entry/types/esm/harness/agent-kit.d.ts", "docs/agent-modules.md",
      "hosts/agent-modules/continue/continue.ts", "hosts/agent-modules/continue/package.json", "hosts/agent-modules/kilo/kilo.ts",
    ]));
    // Recorded in the test's output: what a user downloads.
    console.info(`npm pack: ${packed.filename}, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.entryCount} files`);
  });

  it("holds every module its files import: each relative import of a shipped source resolves inside the package", () => {
    const installed = join(project, "node_modules", "mcp-collide");
    const sources = packed.files.map((file) => file.path).filter((path) => /\.(ts|mts|cts|js|mjs|cjs)$/.test(path) && !path.endsWith(".d.ts"));
    const imports = /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']+)["']/gm;
    const missing = sources.flatMap((path) => [...readFileSync(join(installed, path), "utf8").matchAll(imports)]
      .map((match) => join(dirname(path), match[1]!))
      .filter((target) => !existsSync(join(installed, target)))
      .map((target) => `${path} imports ${target}`));
    expect(missing).toEqual([]);
  });

  it(`runs: npx mcp-collide run (the reference host), and init's skeletons in JavaScript, TypeScript and Python, and a CommonJS adapter${python ? ` (the Python skeleton skipped: ${python})` : ""}`, async () => {
    expect((await npx(project, "init", "--lang", "js")).code ?? 0).toBe(0);
    const commonjs = join(project, "cjs");
    mkdirSync(commonjs);
    // `npm init -y`'s package.json: CommonJS, where a .ts adapter is compiled to require() calls.
    writeFileSync(join(commonjs, "package.json"), '{ "name": "cjs", "version": "1.0.0" }\n');
    writeFileSync(join(commonjs, "adapter.cjs"), commonJsAdapter);
    expect((await npx(project, "init", "--lang", "ts", "cjs")).code ?? 0).toBe(0);
    if (python === undefined) expect((await npx(project, "init", "--lang", "python", "py")).code ?? 0).toBe(0);
    const runs: Array<[string, string[], string]> = [
      ["reference", [], "mcp-collide-reference"],
      ["esm", ["--", "node", "mcp-collide-adapter.mjs"], "placeholder-host"],
      ["ts", ["--", "node", "--import", "mcp-collide/register", "cjs/mcp-collide-adapter.mts"], "placeholder-host"],
      ["cjs", ["--", "node", "cjs/adapter.cjs"], "commonjs-adapter"],
      ...(python === undefined ? [["python", ["--", "python3", "py/mcp_collide_adapter.py"], "placeholder-host"] as [string, string[], string]] : []),
    ];
    const runOne = ([label, host]: [string, string[], string]) =>
      npx(project, "run", "--clause", "wire/unknown-name", "--runs", "2", "--seed", "3", "--workers", "1", "--out", `report-${label}`, ...host);
    // The reference first: it compiles the installed harness once (tsx caches it), then the adapters side by side.
    const results = [await runOne(runs[0]!), ...(await Promise.all(runs.slice(1).map(runOne)))];
    runs.forEach(([label, , name], index) => {
      const result = results[index];
      expect(result.code ?? 0, `${label}: ${result.stdout}\n${result.stderr}`).not.toBe(2);
      const report = JSON.parse(readFileSync(join(project, `report-${label}`, "report.json"), "utf8"));
      expect(report.host.name, label).toBe(name);
      expect(report.clauses.map((clause: { status: string }) => clause.status), label).not.toContain("error");
    });
  }, paced(600_000));

  it("types: typed adapters (ES module and CommonJS) and the TypeScript skeleton check against the tarball's declarations", async () => {
    const esm = join(project, "typed");
    mkdirSync(esm, { recursive: true });
    writeFileSync(join(esm, "package.json"), '{ "name": "typed", "version": "1.0.0", "type": "module" }\n');
    // Each @ts-expect-error must meet an error: the declarations are really there and really typed, not any.
    const typed = (kit: boolean) => [
      'import { initializeResult, OpenResultSchema, serveAdapter, type HostAdapter, type OpenResult } from "mcp-collide";',
      ...(kit ? ['import { defineClause, type Clause } from "mcp-collide/clauses";', "const clauseType: ((clause: Clause<number>) => Clause<number>) = defineClause;", "void clauseType;"] : []),
      "const empty: OpenResult = OpenResultSchema.parse({ session: \"s1\", outcome: { registered: {}, errors: [] } });",
      "const adapter: HostAdapter = {",
      '  initialize: async () => initializeResult({ name: "typed", version: "1" }, { capabilities: { refresh: false } }),',
      "  open: async () => empty, tools: async () => ({ tools: [] }), call: async () => ({ ok: false, error: { message: \"none\" } }),",
      "  close: async () => {}, shutdown: async () => {},",
      "};",
      "// @ts-expect-error: a HostAdapter has methods",
      "const wrong: HostAdapter = {};",
      "// @ts-expect-error: a capability is a boolean",
      'initializeResult({ name: "typed", version: "1" }, { capabilities: { refresh: "yes" } });',
      "void wrong;",
      "void serveAdapter(adapter);",
      "",
    ].join("\n");
    writeFileSync(join(esm, "adapter.ts"), typed(true));
    writeFileSync(join(project, "cjs", "typed.ts"), typed(false));
    // Library declarations are not checked themselves (skipLibCheck), but every type the adapters use comes from them.
    const tsconfig = { compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: true, types: ["node"], typeRoots: [join(packageRoot, "node_modules", "@types")] } };
    const tsc = join(packageRoot, "node_modules", "typescript", "bin", "tsc");
    const checks: Array<[string, string[]]> = [[esm, ["adapter.ts"]], [join(project, "cjs"), ["typed.ts", "mcp-collide-adapter.mts"]]];
    for (const [directory, files] of checks) {
      const file = files.join(", ");
      writeFileSync(join(directory, "tsconfig.json"), JSON.stringify({ ...tsconfig, files }));
      const checked = spawnSync(process.execPath, [tsc, "-p", directory], { encoding: "utf8", timeout: paced(300_000) });
      expect(checked.status, `${directory}/${file}:\n${checked.stdout}${checked.stderr}`).toBe(0);
    }
  }, paced(600_000));

  it("mcp-collide/agent: the agent kit loads from the installed package, and a module copied out of it type-checks against the declarations and loads", async () => {
    const kit = join(project, "agent");
    mkdirSync(kit, { recursive: true });
    writeFileSync(join(kit, "package.json"), '{ "name": "agent", "version": "1.0.0", "type": "module" }\n');
    cpSync(join(project, "node_modules", "mcp-collide", "hosts", "agent-modules", "continue", "continue.ts"), join(kit, "continue.ts"));
    // Each @ts-expect-error must meet an error: the module types are really there, not any.
    writeFileSync(join(kit, "typed.ts"), [
      'import { defineAgentModule, type AgentCli, type AgentModule } from "mcp-collide/agent";',
      'import module from "./continue.ts";',
      "const checked: AgentModule = defineAgentModule(module);",
      "const cli: AgentCli = checked.variants.default!();",
      "// @ts-expect-error: launch returns argv and env",
      "const wrong: AgentCli = { ...cli, launch: () => 42 };",
      "// @ts-expect-error: a manifest needs its id",
      'const noId: AgentModule = { manifest: { title: "t", package: "p", bin: "b", frontEnd: "openai-chat", variants: { default: "d" } }, variants: {} };',
      "void wrong; void noId;",
      "",
    ].join("\n"));
    const tsconfig = { compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: true, allowImportingTsExtensions: true, types: ["node"], typeRoots: [join(packageRoot, "node_modules", "@types")] }, files: ["typed.ts"] };
    writeFileSync(join(kit, "tsconfig.json"), JSON.stringify(tsconfig));
    const checked = spawnSync(process.execPath, [join(packageRoot, "node_modules", "typescript", "bin", "tsc"), "-p", kit], { encoding: "utf8", timeout: paced(300_000) });
    expect(checked.status, `${checked.stdout}${checked.stderr}`).toBe(0);
    // At run time: the kit's names, and the copied module checked by it (it needs only types of the package).
    const script = 'const kit = await import("mcp-collide/agent"); const { default: m } = await import("./continue.ts"); console.log(JSON.stringify([Object.keys(kit).sort(), kit.defineAgentModule(m).manifest.id]))';
    const loaded = spawnSync(process.execPath, ["--import", "mcp-collide/register", "--input-type=module", "-e", script], { cwd: kit, encoding: "utf8", timeout: paced(300_000) });
    expect(loaded.status, loaded.stderr).toBe(0);
    // harness/entry/entry.test.ts holds the whole list equal to the kit's; here, that the packed entry serves it.
    const [names, id] = JSON.parse(loaded.stdout.trim().split("\n").at(-1)!);
    expect(names).toEqual(expect.arrayContaining(["AgentHost", "AgentModuleManifestSchema", "ModelProvider", "defineAgentModule", "sandboxUnavailable", "serveAgentModule"]));
    expect(id).toBe("continue");
  }, paced(600_000));

  it.skipIf(continueCli !== undefined)(skipTitle("npx mcp-collide run --agent-module judges an agent CLI from a folder outside the package: Continue's cn, its module copied out, its CLI beside it", continueCli), async () => {
    const outside = join(project, "cn");
    mkdirSync(join(outside, "node_modules", "@continuedev"), { recursive: true });
    cpSync(join(project, "node_modules", "mcp-collide", "hosts", "agent-modules", "continue", "continue.ts"), join(outside, "continue.ts"));
    // The CLI as `npm run agents:modules` installed it, found from the module's folder as Node finds a package.
    symlinkSync(join(packageRoot, "hosts", "agent-modules", "continue", "node_modules", "@continuedev", "cli"), join(outside, "node_modules", "@continuedev", "cli"));
    const result = await npx(project, "run", "--agent-module", "cn/continue.ts", "--clause", "wire/unknown-name", "--runs", "1", "--seed", "2026", "--workers", "1", "--out", "report-cn");
    expect(result.code ?? 0, `${result.stdout}\n${result.stderr}`).toBe(0);
    const report = JSON.parse(readFileSync(join(project, "report-cn", "report.json"), "utf8"));
    expect([report.host.name, report.host.version]).toEqual(["continue", "@continuedev/cli 1.5.47"]);
    // Its refusal of a name it does not show (`Tool x not found`) is read in its own words: a pass, not undetermined.
    expect(report.clauses.map((clause: { id: string; status: string }) => [clause.id, clause.status])).toEqual([["wire/unknown-name", "pass"]]);
    expect(report.hostEnvironment.isolation).toMatch(/^sandbox/);
  }, paced(900_000));

  it.skipIf(venv !== undefined)(skipTitle("the Python kit installs with pip from the tarball (offline, no build tools), at the npm version, typed, and its test helper judges an adapter on it", venv), async () => {
    const kit = join(scratch, "kit");
    cpSync(join(project, "node_modules", "mcp-collide", "harness", "kit", "python"), kit, { recursive: true });
    const bin = join(scratch, "venv", "bin", "python");
    await run("python3", ["-m", "venv", join(scratch, "venv")], { timeout: paced(300_000) });
    await run(bin, ["-m", "pip", "install", "--isolated", "--no-index", "--no-build-isolation", "--disable-pip-version-check", kit], { timeout: paced(300_000) });
    // An adapter that finds the kit only where pip put it: the skeleton, without the folder init copies beside it.
    expect((await npx(project, "init", "--lang", "python", "pip")).code ?? 0).toBe(0);
    rmSync(join(project, "pip", "mcp_collide_hap"), { recursive: true });
    const script = [
      "import json, os, importlib.metadata, mcp_collide_hap as hap",
      "from mcp_collide_hap.testing import run_harness, assert_verdicts",
      "report = run_harness([os.environ['VENV_PYTHON'], 'pip/mcp_collide_adapter.py'], runs=2, seed=3, clauses=['wire/unknown-name'], args=['--workers', '1'])",
      "statuses = {c['id']: c['status'] for c in report['clauses']}",
      "assert_verdicts(report, expected=statuses, allowed=())",
      "try:",
      "    assert_verdicts(report, expected={'wire/unknown-name': 'nonsense'})",
      "    refused = None",
      "except AssertionError as error:",
      "    refused = str(error)",
      "print(json.dumps({'version': hap.__version__, 'dist': importlib.metadata.version('mcp-collide-hap'), 'file': hap.__file__,",
      "                  'typed': os.path.exists(os.path.join(os.path.dirname(hap.__file__), 'py.typed')), 'host': report['host']['name'], 'statuses': statuses, 'refused': refused}))",
    ].join("\n");
    const { stdout } = await run(bin, ["-c", script], { cwd: project, encoding: "utf8", timeout: paced(300_000), env: { ...process.env, VENV_PYTHON: bin } });
    const seen = JSON.parse(stdout.trim().split("\n").at(-1)!);
    const pyproject = readFileSync(join(kit, "pyproject.toml"), "utf8").match(/^version = "([^"]+)"/m)?.[1];
    expect([seen.version, seen.dist, pyproject]).toEqual([manifest.version, manifest.version, manifest.version]);
    expect(seen.file).toContain(join(scratch, "venv"));
    expect(seen.typed).toBe(true);
    expect(seen.host).toBe("placeholder-host");
    expect(Object.keys(seen.statuses)).toEqual(["wire/unknown-name"]);
    expect(Object.values(seen.statuses)).not.toContain("error");
    expect(seen.refused).toContain("wire/unknown-name: ");
    expect(seen.refused).toContain("(wanted nonsense)");
  }, paced(600_000));

  it("leaves no declarations in the working tree (postpack)", () => {
    expect(readdirSync(join(packageRoot, "harness", "entry"))).not.toContain("types");
  });
});
