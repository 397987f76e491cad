#!/usr/bin/env node
// Installs the library hosts that live in their own folders (every hosts/<id>/host.json saying
// `"install": "folder"`: hosts/mcp-use, hosts/voltagent, hosts/genkit, ...), each from its own
// package-lock.json, exactly: they are too heavy, and too demanding of their peers, to
// be root devDependencies (together about 1.3 GB; mcp-use pulls a CLI and an inspector, and one of their
// dependencies warns it wants Node 22). Install scripts are not run: none of the three needs one.
// Run by `npm run hosts:libraries`, which .ci/run calls; the tests that need them skip without it
// (and fail under .ci/run, which sets MCP_COLLIDE_REQUIRE_LIBRARY_HOSTS=1). `npm run hosts:libraries -- ID ...`
// installs only those.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** The host folders with their own lockfile (harness/cli/host-registry.ts reads the same manifests). */
export const libraryHosts = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, "host.json")))
  .map((entry) => entry.name)
  .filter((id) => JSON.parse(readFileSync(join(here, id, "host.json"), "utf8")).install === "folder")
  .sort();
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const named = process.argv.slice(2);
const unknown = named.filter((id) => !libraryHosts.includes(id));
if (unknown.length > 0) {
  process.stderr.write(`not a host installed from its own lockfile: ${unknown.join(", ")}; those are: ${libraryHosts.join(", ")}\n`);
  process.exit(2);
}
for (const host of named.length > 0 ? named : libraryHosts) {
  const started = Date.now();
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: join(here, host), stdio: "inherit" });
  if (result.status !== 0) {
    process.stderr.write(`hosts/${host}: npm ci failed (exit ${result.status ?? result.signal})\n`);
    process.exit(1);
  }
  process.stdout.write(`hosts/${host}: installed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
