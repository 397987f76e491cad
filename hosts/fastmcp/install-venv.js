#!/usr/bin/env node
// Makes hosts/fastmcp/.venv, the Python library host's own venv, and installs fastmcp into it exactly as
// hosts/fastmcp/requirements.txt pins it (every package ==, each file's sha256, --require-hashes, --no-deps):
// the system's Python stays untouched, and a fresh clone's `npm test` skips the host until this ran. The
// index is pip's own (PIP_INDEX_URL, else `pip config`'s index-url or first extra-index-url, else PyPI),
// passed as --index-url. Run by `npm run hosts:python`, which .ci/run calls.
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const venv = join(here, ".venv");

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: "inherit", ...options });
  if (result.status !== 0) {
    process.stderr.write(`hosts/fastmcp: ${command} ${args.join(" ")} failed (exit ${result.status ?? result.signal})\n`);
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

const started = Date.now();
rmSync(venv, { recursive: true, force: true });
run("python3", ["-m", "venv", venv]);
const index = indexUrl();
run(join(venv, "bin", "python"), ["-m", "pip", "install", "--disable-pip-version-check", "--no-cache-dir", "--index-url", index,
  "--require-hashes", "--no-deps", "-r", join(here, "requirements.txt")]);
process.stdout.write(`hosts/fastmcp: fastmcp installed in .venv from ${index} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
