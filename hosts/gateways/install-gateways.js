#!/usr/bin/env node
// Installs every registered gateway (hosts/gateways/<id>/, a folder holding its gateway module <id>.ts, a
// package.json pinning the gateway exactly and its package-lock.json), each from its own lockfile, exactly,
// with no install scripts: a gateway is judged as shipped, and is kept out of the package's own install.
// Run by `npm run gateways:install`, which .ci/run calls; the tests that need a gateway skip without it
// (and fail under .ci/run, which sets MCP_COLLIDE_REQUIRE_GATEWAYS=1).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const gateways = readdirSync(here, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, "package-lock.json")))
  .map((entry) => entry.name)
  .sort();
for (const id of gateways) {
  const started = Date.now();
  const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: join(here, id), stdio: "inherit" });
  if (result.status !== 0) {
    process.stderr.write(`hosts/gateways/${id}: npm ci failed (exit ${result.status ?? result.signal})\n`);
    process.exit(1);
  }
  process.stdout.write(`hosts/gateways/${id}: installed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
