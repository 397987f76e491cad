#!/usr/bin/env node
// Installs the CLI of every example agent module (hosts/agent-modules/<name>/: a module file beside its own
// package.json and package-lock.json pinning the CLI), each exactly at its locked version. `npm install
// --no-save` rather than `npm ci`, as for the registered CLIs (hosts/agent-clis/README.md): a lockfile holds
// the packages this platform installs and leaves out other platforms' optional binaries (Kilo's darwin,
// windows and musl builds) that the registry the lockfile was made against does not serve, which `npm ci`
// refuses as missing. Install scripts are not run: neither CLI needs one (Kilo's `bin/kilo` finds its
// platform binary itself). Run by `npm run agents:modules`, which .ci/run calls; the tests that need a module's
// CLI skip without it (and fail under .ci/run, which sets MCP_COLLIDE_REQUIRE_AGENTS=1).
import { existsSync, readdirSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const modules = readdirSync(here, { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(join(here, entry.name, "package-lock.json"))).map((entry) => entry.name).sort();
for (const name of modules) {
  const started = Date.now();
  const result = spawnSync(npm, ["install", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts"], { cwd: join(here, name), stdio: "inherit" });
  if (result.status !== 0) {
    process.stderr.write(`hosts/agent-modules/${name}: npm install failed (exit ${result.status ?? result.signal})\n`);
    process.exit(1);
  }
  const size = spawnSync("du", ["-sm", join(here, name, "node_modules")], { encoding: "utf8" }).stdout.split("\t")[0];
  process.stdout.write(`hosts/agent-modules/${name}: installed in ${((Date.now() - started) / 1000).toFixed(1)} s (${size} MB)\n`);
}
