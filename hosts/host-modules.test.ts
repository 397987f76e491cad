/**
 * `npm run reports -- --from DIR` judges another installed version: a library host's imports of the packages
 * DIR lists resolve from DIR (host-modules-hook.mjs) and versionOf names DIR's version; an agent CLI's
 * `--bin` inside DIR names its package's version.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { packageRoot } from "../harness/index.ts";
import { installedBeside } from "../harness/agent-kit.ts";
import { versionOf } from "./real-host-adapter.ts";
import { ownedTempDir } from "../fake-servers/index.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-host-modules-").path;
mkdirSync(join(dir, "node_modules", "zod"), { recursive: true });
mkdirSync(join(dir, "node_modules", "@openai", "codex"), { recursive: true });
mkdirSync(join(dir, "node_modules", ".bin"), { recursive: true });
writeFileSync(join(dir, "package.json"), JSON.stringify({ dependencies: { zod: "0.0.1" } }));
writeFileSync(join(dir, "node_modules", "zod", "package.json"), JSON.stringify({ name: "zod", version: "0.0.1", main: "index.js" }));
writeFileSync(join(dir, "node_modules", "zod", "index.js"), "");
writeFileSync(join(dir, "node_modules", "@openai", "codex", "package.json"), JSON.stringify({ name: "@openai/codex", version: "0.1.2" }));
afterAll(() => {
  delete process.env.MCP_COLLIDE_HOST_MODULES;
  rmSync(dir, { recursive: true, force: true });
});

describe("another installed version", () => {
  it("resolves only the listed packages, only for imports from hosts/, from the other install", async () => {
    process.env.MCP_COLLIDE_HOST_MODULES = dir;
    // Loaded after the variable is set: the hook reads it once, as in the adapter's process.
    const hook = new URL("./host-modules-hook.mjs", import.meta.url).href;
    const { resolve } = await import(hook) as { resolve: (s: string, c: { parentURL?: string }, n: (s: string, c: { parentURL?: string }) => unknown) => Promise<unknown> };
    const parentOf = async (specifier: string, parent: string) => {
      let seen: string | undefined;
      await resolve(specifier, { parentURL: pathToFileURL(join(packageRoot, parent)).href }, (_s, context) => (seen = context.parentURL));
      return seen;
    };
    const other = pathToFileURL(join(dir, "package.json")).href;
    expect(await parentOf("zod", "hosts/vercel-ai/adapter.ts")).toBe(other);
    expect(await parentOf("zod/v4", "hosts/vercel-ai/adapter.ts")).toBe(other);
    expect(await parentOf("execa", "hosts/vercel-ai/adapter.ts")).toBe(pathToFileURL(join(packageRoot, "hosts/vercel-ai/adapter.ts")).href);
    expect(await parentOf("zod", "harness/index.ts")).toBe(pathToFileURL(join(packageRoot, "harness/index.ts")).href);
    expect(await parentOf("./x.ts", "hosts/vercel-ai/adapter.ts")).toBe(pathToFileURL(join(packageRoot, "hosts/vercel-ai/adapter.ts")).href);
    // versionOf reads the same variable: the report names the version it judged.
    expect(versionOf("zod")).toBe("0.0.1");
    delete process.env.MCP_COLLIDE_HOST_MODULES;
    expect(versionOf("zod")).not.toBe("0.0.1");
  });

  it("names an agent CLI's version from the install its --bin is in", () => {
    expect(installedBeside(join(dir, "node_modules", ".bin", "codex"), { packageName: "@openai/codex" })).toBe("0.1.2");
    expect(installedBeside("/usr/bin/codex", { packageName: "@openai/codex" })).toBeUndefined();
  });
});
