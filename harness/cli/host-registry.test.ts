import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hostRegistry, installedApart, installedVersion, readHostRegistry } from "./host-registry.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function registry(manifests: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), "mcp-collide-hosts-"));
  dirs.push(root);
  mkdirSync(join(root, "agent-clis")); // a folder without host.json is not a library host
  for (const [id, manifest] of Object.entries(manifests)) {
    mkdirSync(join(root, id));
    writeFileSync(join(root, id, "host.json"), JSON.stringify(manifest));
  }
  return root;
}

const manifest = (extra: Record<string, unknown> = {}) => ({ title: "T", runtime: "node", packages: { lib: "1.2.3" }, install: "folder", ...extra });

describe("the library host registry", () => {
  it("is every folder with a host.json, sorted by id, its folder name its id", () => {
    const root = registry({ zed: manifest(), alpha: manifest({ install: "root", node: 22 }) });
    expect(readHostRegistry(root).map((entry) => [entry.id, entry.install, entry.node])).toEqual([["alpha", "root", 22], ["zed", "folder", undefined]]);
  });

  it("refuses a manifest naming its folder: a range for a pin, an unknown field or install, a Node for a Python host", () => {
    expect(() => readHostRegistry(registry({ ranged: manifest({ packages: { lib: "^1.2.3" } }) }))).toThrow(/hosts\/ranged\/host.json: [\s\S]*exact version/);
    expect(() => readHostRegistry(registry({ extra: manifest({ version: "1" }) }))).toThrow(/hosts\/extra\/host.json/);
    expect(() => readHostRegistry(registry({ odd: manifest({ install: "brew" }) }))).toThrow(/hosts\/odd\/host.json/);
    expect(() => readHostRegistry(registry({ py: manifest({ runtime: "python", node: 22 }) }))).toThrow(/`node` is for a Node host/);
  });

  it("reads the installed version where the host installs: its folder, the root, its venv", () => {
    const root = registry({ apart: manifest(), venv: manifest({ runtime: "python", install: "venv", packages: { "Fast-MCP": "4.0.10" } }) });
    const [apart, venv] = readHostRegistry(root);
    expect(installedVersion(apart!, "lib", root)).toBeUndefined();
    mkdirSync(join(root, "apart/node_modules/lib"), { recursive: true });
    writeFileSync(join(root, "apart/node_modules/lib/package.json"), '{ "version": "1.2.4" }');
    expect(installedVersion(apart!, "lib", root)).toBe("1.2.4");
    mkdirSync(join(root, "venv/.venv/lib/python3.11/site-packages/fast_mcp-4.0.10.dist-info"), { recursive: true });
    expect(installedVersion(venv!, "Fast-MCP", root)).toBe("4.0.10");
    expect(installedVersion(venv!, "mcp", root)).toBeUndefined();
  });

  it("holds this repository's hosts; those installed apart are the folder and venv installs", () => {
    expect(hostRegistry.map((entry) => entry.id)).toEqual(expect.arrayContaining(["langchain", "mcp-use", "fastmcp"]));
    expect(installedApart.map((entry) => entry.id)).toEqual(expect.arrayContaining(["mcp-use", "voltagent", "genkit", "fastmcp"]));
    expect(installedApart.every((entry) => entry.install === "folder" || entry.install === "venv")).toBe(true);
  });
});
