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
import { join } from "node:path";
import { hostsDir as here, hostsToInstall } from "./installed-hosts.js";

const npm = process.platform === "win32" ? "npm.cmd" : "npm";
for (const host of hostsToInstall("folder", "a host installed from its own lockfile")) {
  const started = Date.now();
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: join(here, host), stdio: "inherit" });
  if (result.status !== 0) {
    process.stderr.write(`hosts/${host}: npm ci failed (exit ${result.status ?? result.signal})\n`);
    process.exit(1);
  }
  process.stdout.write(`hosts/${host}: installed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
