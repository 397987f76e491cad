/**
 * Every registered library host (a folder with a host.json: harness/cli/host-registry.ts) is whole: its
 * adapter and report entries exist, each entry starts its own folder's adapter, and the manifest's pins are
 * what its install pins (the package's devDependencies and lockfile, the folder's package.json and lockfile,
 * or the venv's hashed requirements.txt) and what its committed reports judged; a host that is only its
 * runtime (python-host, `"install": "system"`) pins nothing. Nothing needs installing.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hostRegistry, packageRoot, type HostEntry } from "../harness/index.ts";
import { pendingHosts, realHosts } from "./hosts.ts";
import { readCommitted } from "./reports.ts";

const json = (path: string) => JSON.parse(readFileSync(join(packageRoot, path), "utf8"));

/** The versions host `entry`'s install pins, by package: from its package.json and its lockfile, or its requirements.txt. */
function installPins(entry: HostEntry): Array<Record<string, string | undefined>> {
  if (entry.install === "system") return [];
  if (entry.install === "venv") {
    const lines = readFileSync(join(packageRoot, "hosts", entry.id, "requirements.txt"), "utf8").split("\n");
    const pinned = lines.map((line) => /^([A-Za-z0-9._-]+)==(\S+)/.exec(line)).filter((match) => match !== null);
    return [Object.fromEntries(pinned.map((match) => [match[1]!.toLowerCase(), match[2]!]))];
  }
  const dir = entry.install === "root" ? "" : join("hosts", entry.id);
  const manifest = json(join(dir, "package.json"));
  const lock = json(join(dir, "package-lock.json")).packages as Record<string, { version?: string }>;
  const declared = { ...manifest.dependencies, ...manifest.devDependencies } as Record<string, string>;
  return [declared, Object.fromEntries(Object.keys(entry.packages).map((name) => [name, lock[`node_modules/${name}`]?.version]))];
}

const everyHost = [...realHosts, ...pendingHosts];

describe("the library host registry", () => {
  it("holds the library hosts, each folder its id", () => {
    expect(hostRegistry.map((entry) => entry.id)).toEqual(expect.arrayContaining(["langchain", "mcp-use", "fastmcp", "python-host"]));
    expect(new Set(everyHost.map((host) => host.id)).size, "report ids are unique").toBe(everyHost.length);
  });

  for (const entry of hostRegistry) {
    it(`${entry.id}: one folder, its adapter, its report entries, its pins`, () => {
      const adapter = `hosts/${entry.id}/adapter.${entry.runtime === "python" ? "py" : "ts"}`;
      for (const file of [adapter, `hosts/${entry.id}/hosts.ts`]) expect(existsSync(join(packageRoot, file)), file).toBe(true);
      const reports = everyHost.filter((host) => host.argv.includes(adapter));
      expect(reports.length, `a report entry starts ${adapter}`).toBeGreaterThan(0);
      for (const pins of installPins(entry)) {
        for (const [name, version] of Object.entries(entry.packages)) {
          expect(pins[entry.install === "venv" ? name.toLowerCase() : name], `${entry.id}: ${name} as its install pins it`).toBe(version);
        }
      }
      // A committed report names the version it judged: the manifest's first package's.
      const [first, version] = Object.entries(entry.packages)[0] ?? [];
      for (const host of reports.filter((report) => realHosts.includes(report) && first !== undefined)) {
        expect(readCommitted(host.id).host.version, `${host.id}: reports/${host.id}.json judged ${first} ${version}`).toContain(version);
      }
    });
  }

  it("type-checks each host installed in its own folder apart from the root (tsconfig.json, hosts/tsconfig.libraries.json)", () => {
    const apart = hostRegistry.filter((entry) => entry.install === "folder").map((entry) => entry.id).sort();
    expect(json("hosts/tsconfig.libraries.json").include.sort()).toEqual(apart);
    expect((json("tsconfig.json").exclude as string[]).filter((path) => /^hosts\/[\w-]+$/.test(path)).map((path) => path.slice("hosts/".length)).sort()).toEqual(apart);
  });
});
