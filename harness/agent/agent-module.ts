/**
 * An agent module: one file that tells mcp-collide how to judge one agent CLI (docs/agent-modules.md). Its
 * default export is a manifest and a factory per variant; `mcp-collide run --agent-module PATH` loads it in
 * the adapter process (agent-module-main.ts) and serves HAP/1 through the shared session driver. The
 * registered CLIs (hosts/agent-clis/<id>/<id>.ts, `--agent ID`) are modules too, their manifest their
 * cli.json: one path. A module is the author's code, run as an adapter is; what it exports is still checked
 * here (zod), so a mistake is named at start, not found as a wrong verdict.
 */
import { z } from "zod";
import { AgentCliManifestSchema } from "../cli/agent-registry.ts";
import type { AgentCli } from "./agent-cli.ts";

/** A module's manifest: a registered CLI's cli.json, plus the id the module is known by. */
export const AgentModuleManifestSchema = AgentCliManifestSchema.extend({
  /** Its id: the report's host name (with the variant beside a non-default one) and `AgentCli.id`. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "lower-case letters, digits and hyphens"),
});
/** A module's manifest. */
export type AgentModuleManifest = z.infer<typeof AgentModuleManifestSchema>;

/** What an agent module exports (as its default export): its manifest and one AgentCli factory per variant. */
export interface AgentModule {
  manifest: AgentModuleManifest;
  /** One factory per variant the manifest names, in the same order (`default` first). */
  variants: Record<string, () => AgentCli>;
}

const ModuleShapeSchema = z.object({
  manifest: z.unknown(),
  variants: z.record(z.string(), z.custom<() => AgentCli>((value) => typeof value === "function", "a function returning the variant's AgentCli")),
});

/** `value` checked as an agent module: its manifest valid, a factory for exactly the variants it names. Throws naming what is wrong. */
export function defineAgentModule(value: AgentModule): AgentModule {
  const shape = ModuleShapeSchema.safeParse(value);
  if (!shape.success) throw new Error(`not an agent module (a default export { manifest, variants }): ${z.prettifyError(shape.error)}`);
  const manifest = AgentModuleManifestSchema.safeParse(shape.data.manifest);
  if (!manifest.success) throw new Error(`the agent module's manifest: ${z.prettifyError(manifest.error)}`);
  const named = Object.keys(manifest.data.variants);
  const made = Object.keys(shape.data.variants);
  if (named.join("\n") !== made.join("\n")) throw new Error(`the agent module's variants (${made.join(", ") || "none"}) are not the ones its manifest names, in its order (${named.join(", ")})`);
  return { manifest: manifest.data, variants: shape.data.variants };
}

/** The AgentCli of `module` in `variant`, checked against the manifest (id, package, bin, variant). Throws naming a mismatch. */
export function agentCliOf(module: AgentModule, variant = "default"): AgentCli {
  const make = module.variants[variant];
  if (!make) throw new Error(`${module.manifest.id} has no variant ${JSON.stringify(variant)}; known: ${Object.keys(module.variants).join(", ")}`);
  const cli = make();
  const wanted = { id: module.manifest.id, variant, packageName: module.manifest.package, binName: module.manifest.bin };
  const wrong = Object.entries(wanted).filter(([key, value]) => cli[key as keyof typeof wanted] !== value);
  if (wrong.length > 0) throw new Error(`${module.manifest.id} ${variant}: its AgentCli says ${wrong.map(([key]) => `${key} ${JSON.stringify(cli[key as keyof typeof wanted])}`).join(", ")}, its manifest ${wrong.map(([, value]) => JSON.stringify(value)).join(", ")}`);
  return cli;
}

/** Imports the module file at `url` (a file: URL) and checks its default export. */
export async function loadAgentModule(url: string): Promise<AgentModule> {
  const imported = (await import(url)) as { default?: unknown };
  if (imported.default === undefined) throw new Error(`${url} has no default export: an agent module exports default { manifest, variants }`);
  return defineAgentModule(imported.default as AgentModule);
}
