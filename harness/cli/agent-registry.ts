/**
 * The registry of agent CLIs: one folder per CLI under hosts/agent-clis/, found by its `cli.json`. Every
 * list of CLI ids (`--agent`'s choices and help text, which binaries the optional-install probe looks for,
 * the bench, the reports) is derived from these files, so adding a CLI is one folder and one pin.
 *
 * The harness may not import hosts/ (harness/import-direction.test.ts: hosts are judged through adapters,
 * started as commands), so the registry is data the harness reads by path, as it already starts
 * `hosts/agent-clis/<id>/adapter.ts` by path and looks for binaries under `hosts/agent-clis/node_modules`.
 * hosts/ reads the same data through harness/index.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** One agent CLI's `hosts/agent-clis/<id>/cli.json`. */
export const AgentCliManifestSchema = z.object({
  /** What the CLI is called, for help text and reports: `Claude Code`. */
  title: z.string().min(1),
  /** The npm package that ships it, pinned exactly in hosts/agent-clis/package.json. */
  package: z.string().min(1),
  /** Its executable under hosts/agent-clis/node_modules/.bin. */
  bin: z.string().min(1),
  /** The fake provider's front end it speaks, per variant where they differ (see `variants`). */
  frontEnd: z.string().min(1),
  /** Each named configuration (the first is `default`, what users get) and what it sets, in a few words. */
  variants: z.record(z.string().regex(/^[a-z0-9-]+$/), z.string().min(1)).refine((variants) => Object.keys(variants)[0] === "default", "the first variant must be `default`"),
  /**
   * The Node major the pinned CLI needs, where it refuses the harness's own Node: its sessions find that Node,
   * pinned in hosts/node-runtimes/ (`npm run hosts:node`), first on PATH, so its `#!/usr/bin/env node` runs
   * on it. Absent: the Node on PATH.
   */
  node: z.number().int().min(20).optional(),
}).strict();
/** One agent CLI's manifest. */
export type AgentCliManifest = z.infer<typeof AgentCliManifestSchema>;

/** One registered agent CLI: its folder name is its id (`--agent ID`). */
export interface AgentCliEntry extends AgentCliManifest {
  id: string;
}

/** Where the agent CLI folders live. */
export const agentClisRoot = fileURLToPath(new URL("../../hosts/agent-clis/", import.meta.url));

/** Reads every `hosts/agent-clis/<id>/cli.json` under `root`, sorted by id; throws naming a malformed one. */
export function readAgentRegistry(root = agentClisRoot): AgentCliEntry[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, "cli.json")))
    .map((entry) => entry.name)
    .sort()
    .map((id) => {
      const parsed = AgentCliManifestSchema.safeParse(JSON.parse(readFileSync(join(root, id, "cli.json"), "utf8")));
      if (!parsed.success) throw new Error(`hosts/agent-clis/${id}/cli.json: ${z.prettifyError(parsed.error)}`);
      return { id, ...parsed.data };
    });
}

/** The registered agent CLIs (read once, when the harness loads). */
export const agentCliRegistry: readonly AgentCliEntry[] = readAgentRegistry();

/** Their ids, sorted: `mcp-collide run --agent ID`. */
export const agentClis: readonly string[] = agentCliRegistry.map((entry) => entry.id);

/** The entry of `id`, or undefined. */
export function agentCliEntry(id: string): AgentCliEntry | undefined {
  return agentCliRegistry.find((entry) => entry.id === id);
}

/** The manifest of registered CLI `id` (its cli.json, with its id): a registered CLI's module manifest. Throws for an id the registry lacks. */
export function registeredManifest(id: string): AgentCliEntry {
  const entry = agentCliEntry(id);
  if (!entry) throw new Error(`${id} is not a registered agent CLI (no hosts/agent-clis/${id}/cli.json)`);
  return entry;
}

/** `--agent`'s and `--agent-variant`'s lines of `mcp-collide run --help`: each CLI, each variant and what it sets. */
export function agentHelpLines(registry: readonly AgentCliEntry[] = agentCliRegistry): string[] {
  return registry.map((entry) => `${entry.id} (${entry.title}): ${Object.entries(entry.variants).map(([variant, what]) => `${variant} (${what})`).join("; ")}`);
}

/**
 * The example agent modules (hosts/agent-modules/<name>/: a module file beside its own package.json and
 * lockfile pinning the CLI, installed by `npm run agents:modules`): their folder names, sorted. Not
 * registered CLIs: `--agent-module hosts/agent-modules/<name>/<name>.ts` runs one, as it would any module.
 */
export const agentModuleExamplesRoot = fileURLToPath(new URL("../../hosts/agent-modules/", import.meta.url));

/** The example modules' folder names (each has a package.json). */
export const agentModuleExamples: readonly string[] = existsSync(agentModuleExamplesRoot)
  ? readdirSync(agentModuleExamplesRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(join(agentModuleExamplesRoot, entry.name, "package.json"))).map((entry) => entry.name).sort()
  : [];

/** Why example module `name`'s pinned packages are not installed (npm run agents:modules), or undefined when they are. */
export function agentModuleMissing(name: string): string | undefined {
  const folder = join(agentModuleExamplesRoot, name);
  if (!existsSync(join(folder, "package.json"))) return `${name} is not an example agent module (no hosts/agent-modules/${name}/package.json)`;
  const pins = Object.keys((JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as { dependencies?: Record<string, string> }).dependencies ?? {});
  const absent = pins.filter((pin) => !existsSync(join(folder, "node_modules", ...pin.split("/"), "package.json")));
  return absent.length === 0 ? undefined : `hosts/agent-modules/${name} is not installed (${absent.join(", ")}; npm run agents:modules)`;
}

