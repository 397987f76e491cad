/**
 * The package's entry points, loaded the way a consumer's plain Node loads them (a child process: no
 * vitest, no tsx of its own): `import "mcp-collide"`, `"mcp-collide/clauses"`, `"mcp-collide/agent"` and `"mcp-collide/gateway"`
 * export exactly what the TypeScript kits export (the name lists in the .mjs files cannot drift), `require("mcp-collide")` gives
 * the same adapter kit, `require("mcp-collide/clauses")` says how to load it instead, and
 * `--import mcp-collide/register` runs a TypeScript file.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as adapterKit from "../adapter-kit.ts";
import * as agentKit from "../agent-kit.ts";
import * as clauseKit from "../clause-kit.ts";
import * as gatewayKit from "../gateway-kit.ts";
import { packageRoot } from "../cli/builtin-host.ts";
import { paced } from "../pace.ts";

/** Runs `source` as an ES module (or CommonJS) from the package root, where "mcp-collide" resolves to itself. */
function node(source: string, type: "module" | "commonjs" = "module") {
  const result = spawnSync(process.execPath, [`--input-type=${type}`, "-e", source], { cwd: packageRoot, encoding: "utf8", timeout: paced(60_000) });
  return { status: result.status, stdout: result.stdout.trim(), stderr: result.stderr };
}

const keys = (module: object) => Object.keys(module).sort();

describe("package entry points", () => {
  it('import "mcp-collide" is the adapter kit, name for name', () => {
    const result = node('const kit = await import("mcp-collide"); console.log(JSON.stringify(Object.keys(kit).sort()))');
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(keys(adapterKit));
  }, paced(60_000));

  it('import "mcp-collide/clauses" is the clause kit, name for name', () => {
    const result = node('const kit = await import("mcp-collide/clauses"); console.log(JSON.stringify(Object.keys(kit).sort()))');
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(keys(clauseKit));
  }, paced(60_000));

  it('import "mcp-collide/agent" is the agent kit, name for name', () => {
    const result = node('const kit = await import("mcp-collide/agent"); console.log(JSON.stringify(Object.keys(kit).sort()))');
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(keys(agentKit));
  }, paced(60_000));

  it('import "mcp-collide/gateway" is the gateway kit, name for name', () => {
    const result = node('const kit = await import("mcp-collide/gateway"); console.log(JSON.stringify(Object.keys(kit).sort()))');
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(keys(gatewayKit));
  }, paced(60_000));

  it('require("mcp-collide") is the adapter kit too, and works', () => {
    const result = node('const kit = require("mcp-collide"); console.log(JSON.stringify([Object.keys(kit).sort(), kit.initializeResult({ name: "h", version: "1" }).capabilities.refresh]))', "commonjs");
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([keys(adapterKit), false]);
  }, paced(60_000));

  it('require("mcp-collide/clauses") says to use import()', () => {
    const result = node('require("mcp-collide/clauses")', "commonjs");
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('await import("mcp-collide/clauses")');
  }, paced(60_000));

  it("--import mcp-collide/register runs TypeScript", () => {
    const directory = mkdtempSync(join(tmpdir(), "mcp-collide-entry-"));
    try {
      writeFileSync(join(directory, "typed.ts"), 'const answer: number = 42;\nconsole.log(`typed ${answer}`);\n');
      const result = spawnSync(process.execPath, ["--import", "mcp-collide/register", join(directory, "typed.ts")], { cwd: packageRoot, encoding: "utf8", timeout: paced(60_000) });
      expect(result.status, result.stderr).toBe(0);
      expect(result.stdout.trim()).toBe("typed 42");
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, paced(60_000));
});
