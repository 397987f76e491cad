// The host folders a hosts installer handles: every hosts/<id>/host.json whose `install` is the installer's kind
// ("folder": its own package-lock.json, hosts/install-library-hosts.js; "venv": its own Python venv,
// hosts/install-venvs.js). harness/cli/host-registry.ts reads the same manifests. Plain JavaScript, so the
// installers run on a fresh clone before anything else is installed.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** The hosts/ folder. */
export const hostsDir = dirname(fileURLToPath(import.meta.url));

/** The ids of the hosts whose host.json says `"install": kind`, sorted. */
export function hostsInstalledAs(kind) {
  return readdirSync(hostsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(hostsDir, entry.name, "host.json")))
    .map((entry) => entry.name)
    .filter((id) => JSON.parse(readFileSync(join(hostsDir, id, "host.json"), "utf8")).install === kind)
    .sort();
}

/**
 * The hosts named on the command line (all of `kind`'s when none is): exits 2, saying which exist, when one
 * named is not installed this way. `what` words the message ("a host installed in its own venv").
 */
export function hostsToInstall(kind, what, named = process.argv.slice(2)) {
  const known = hostsInstalledAs(kind);
  const unknown = named.filter((id) => !known.includes(id));
  if (unknown.length > 0) {
    process.stderr.write(`not ${what}: ${unknown.join(", ")}; those are: ${known.join(", ")}\n`);
    process.exit(2);
  }
  return named.length > 0 ? named : known;
}
