import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { agentCliRegistry, agentClis, agentHelpLines, readAgentRegistry } from "./agent-registry.ts";
import { runHelp } from "./run-options.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function registry(manifests: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), "mcp-collide-registry-"));
  dirs.push(root);
  mkdirSync(join(root, "isolation")); // a folder without cli.json is not a CLI
  for (const [id, manifest] of Object.entries(manifests)) {
    mkdirSync(join(root, id));
    writeFileSync(join(root, id, "cli.json"), JSON.stringify(manifest));
  }
  return root;
}

const manifest = (variants: Record<string, string>) => ({ title: "T", package: "p", bin: "b", frontEnd: "openai-chat", variants });

describe("the agent CLI registry", () => {
  it("is every folder with a cli.json, sorted by id, its folder name its id", () => {
    const root = registry({ zed: manifest({ default: "d" }), alpha: manifest({ default: "d", eager: "e" }) });
    expect(readAgentRegistry(root).map((entry) => [entry.id, Object.keys(entry.variants)])).toEqual([["alpha", ["default", "eager"]], ["zed", ["default"]]]);
  });

  it("refuses a manifest naming its folder, when a field is missing or the first variant is not default", () => {
    expect(() => readAgentRegistry(registry({ broken: { title: "T", package: "p", bin: "b", variants: { default: "d" } } }))).toThrow(/hosts\/agent-clis\/broken\/cli.json/);
    expect(() => readAgentRegistry(registry({ odd: manifest({ eager: "e", default: "d" }) }))).toThrow(/first variant must be `default`/);
  });

  it("holds the pinned CLIs, and --help lists each with its variants", () => {
    expect(agentClis).toEqual(expect.arrayContaining(["claude-code", "codex", "gemini-cli"]));
    expect(agentClis).toEqual([...agentClis].sort());
    for (const entry of agentCliRegistry) {
      expect(runHelp).toContain(entry.id);
      for (const variant of Object.keys(entry.variants)) expect(agentHelpLines().join(" "), `${entry.id} ${variant}`).toContain(variant);
    }
  });
});
