/**
 * The registry of library hosts: one folder per host under hosts/, found by its `host.json` (an agent CLI's
 * folder under hosts/agent-clis/ has a `cli.json` instead: harness/cli/agent-registry.ts). The manifest pins
 * what the host's reports judge (each package at its exact version), says how it is installed and on which
 * Node its adapter runs; the optional-install probes, the library installer and the reports' registry
 * (hosts/hosts.ts) are derived from these files, so adding a host is one folder.
 *
 * The harness may not import hosts/ (harness/import-direction.test.ts): the registry is data it reads by
 * path, as agent-registry.ts reads the agent CLIs' manifests. hosts/ reads it through harness/index.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** An exact npm or PyPI version: `1.4.0`, `2.0.0-beta.3`; never a range. */
const exactVersion = z.string().regex(/^\d+\.\d+\.\d+(?:[-.][0-9A-Za-z.-]+)?$/, "an exact version (no range)");

/** One library host's `hosts/<id>/host.json`. */
export const HostManifestSchema = z.object({
  /** What the host is, in a few words: `LangChain.js MultiServerMCPClient`. */
  title: z.string().min(1),
  /** What its adapter is written in: `hosts/<id>/adapter.ts` run by Node, or `hosts/<id>/adapter.py` by Python. */
  runtime: z.enum(["node", "python"]),
  /**
   * The packages its reports judge, in order (the first one's version is the report's host version), each
   * at the exact version its install pins. Empty for a host that is only its runtime (python-host).
   */
  packages: z.record(z.string().min(1), exactVersion),
  /**
   * How the packages are installed: `root`, the package's own devDependencies (`npm ci`); `folder`, the
   * host's own package.json and lockfile (`npm run hosts:libraries`); `venv`, its own Python venv from its
   * hashed requirements.txt (`npm run hosts:python`); `system`, nothing beyond the runtime.
   */
  install: z.enum(["root", "folder", "venv", "system"]),
  /**
   * The Node major its adapter runs on, for a Node host whose packages refuse the harness's own Node: that
   * Node, pinned, from hosts/node-runtimes/ (`npm run hosts:node`). Absent: the Node that runs the harness.
   */
  node: z.number().int().min(20).optional(),
}).strict();
/** One library host's manifest. */
export type HostManifest = z.infer<typeof HostManifestSchema>;

/** One registered library host: its folder name is its id. */
export interface HostEntry extends HostManifest {
  id: string;
}

/** Where the library host folders live. */
export const hostsRoot = fileURLToPath(new URL("../../hosts/", import.meta.url));

/** Reads every `hosts/<id>/host.json` under `root`, sorted by id; throws naming a malformed one. */
export function readHostRegistry(root = hostsRoot): HostEntry[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, "host.json")))
    .map((entry) => entry.name)
    .sort()
    .map((id) => {
      const parsed = HostManifestSchema.safeParse(JSON.parse(readFileSync(join(root, id, "host.json"), "utf8")));
      if (!parsed.success) throw new Error(`hosts/${id}/host.json: ${z.prettifyError(parsed.error)}`);
      if (parsed.data.node !== undefined && parsed.data.runtime !== "node") throw new Error(`hosts/${id}/host.json: \`node\` is for a Node host`);
      return { id, ...parsed.data };
    });
}

/** The registered library hosts (read once, when the harness loads). */
export const hostRegistry: readonly HostEntry[] = readHostRegistry();

/** The entry of `id`, or undefined. */
export function hostEntry(id: string): HostEntry | undefined {
  return hostRegistry.find((entry) => entry.id === id);
}

/** The hosts installed apart (their own lockfile or venv): each is an optional install, `library-host:<id>`. */
export const installedApart: readonly HostEntry[] = hostRegistry.filter((entry) => entry.install === "folder" || entry.install === "venv");

/** PyPI's normalised name (PEP 503, as pip names a dist-info folder): `Fast-MCP.x` → `fast_mcp_x`. */
const pythonName = (name: string) => name.toLowerCase().replace(/[-_.]+/g, "_");

/**
 * The version of package `name` installed where host `entry` installs its packages (the package root's
 * node_modules, the host folder's, or its venv's site-packages), or undefined where it is not installed.
 */
export function installedVersion(entry: HostEntry, name: string, root = hostsRoot): string | undefined {
  if (entry.install === "system") return undefined;
  if (entry.install === "venv") {
    const lib = join(root, entry.id, ".venv", "lib");
    if (!existsSync(lib)) return undefined;
    for (const python of readdirSync(lib)) {
      const site = join(lib, python, "site-packages");
      const info = existsSync(site) ? readdirSync(site).find((folder) => folder.endsWith(".dist-info") && pythonName(folder.slice(0, folder.indexOf("-"))) === pythonName(name)) : undefined;
      if (info) return info.slice(info.indexOf("-") + 1, -".dist-info".length);
    }
    return undefined;
  }
  const file = join(entry.install === "root" ? join(root, "..") : join(root, entry.id), "node_modules", name, "package.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as { version?: string }).version : undefined;
}
