#!/usr/bin/env node
// Makes the Python library hosts' own venvs (every hosts/<id>/host.json saying `"install": "venv"`:
// hosts/fastmcp/.venv, hosts/python-sdk/.venv) and installs each exactly as its requirements.txt pins it
// (every package ==, each file's sha256, --require-hashes, --no-deps): the system's Python stays untouched,
// and a fresh clone's `npm test` skips those hosts until this ran. The index is pip's own (PIP_INDEX_URL,
// else `pip config`'s index-url or first extra-index-url, else PyPI), passed as --index-url. Run by
// `npm run hosts:python`, which .ci/run calls; `npm run hosts:python -- ID ...` installs only those.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { hostsDir as here, hostsToInstall } from "./installed-hosts.js";

function run(host, command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) {
    process.stderr.write(`hosts/${host}: ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})\n`);
    process.exit(1);
  }
  return result;
}

function indexUrl() {
  if (process.env.PIP_INDEX_URL) return process.env.PIP_INDEX_URL;
  const listed = spawnSync("python3", ["-m", "pip", "config", "list"], { encoding: "utf8" }).stdout ?? "";
  const value = (key) => listed.match(new RegExp(`^[^\\n]*\\.${key}='([^']*)'`, "m"))?.[1]?.split(/\s+/)[0];
  return value("index-url") ?? value("extra-index-url") ?? "https://pypi.org/simple";
}

const hosts = hostsToInstall("venv", "a host installed in its own venv");
const index = indexUrl();
for (const host of hosts) {
  const started = Date.now();
  const venv = join(here, host, ".venv");
  rmSync(venv, { recursive: true, force: true });
  run(host, "python3", ["-m", "venv", venv]);
  run(host, join(venv, "bin", "python"), ["-m", "pip", "install", "--disable-pip-version-check", "--no-cache-dir", "--index-url", index,
    "--require-hashes", "--no-deps", "-r", join(here, host, "requirements.txt")]);
  process.stdout.write(`hosts/${host}: installed in .venv from ${index} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
