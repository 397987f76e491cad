/**
 * The AgentCli of a registered CLI and variant, found by convention: `hosts/agent-clis/<id>/<id>.ts` exports
 * `variants`, keyed as its cli.json names them (harness/cli/agent-registry.ts). evidence.ts and the tests
 * reach a CLI through this, so no list of CLIs is kept here.
 */
import { agentCliEntry } from "../../harness/index.ts";
import type { AgentCli } from "./agent-cli.ts";

/** The variant factories of CLI `id`; throws for an id the registry does not hold. */
export async function variantsOf(id: string): Promise<Record<string, () => AgentCli>> {
  if (!agentCliEntry(id)) throw new Error(`${id} is not a registered agent CLI (no hosts/agent-clis/${id}/cli.json)`);
  const module = (await import(`./${id}/${id}.ts`)) as { variants?: Record<string, () => AgentCli> };
  if (!module.variants) throw new Error(`hosts/agent-clis/${id}/${id}.ts exports no variants`);
  return module.variants;
}

/** The AgentCli of `id` in `variant` (default: `default`). */
export async function registeredCli(id: string, variant = "default"): Promise<AgentCli> {
  const make = (await variantsOf(id))[variant];
  if (!make) throw new Error(`${id} has no variant ${JSON.stringify(variant)}`);
  return make();
}

/** The AgentCli a report's `mcp-collide run` arguments name (`--agent ID [--agent-variant V]`). */
export function reportCli(runArgs: readonly string[]): Promise<AgentCli> {
  const after = (flag: string) => (runArgs.includes(flag) ? runArgs[runArgs.indexOf(flag) + 1] : undefined);
  const id = after("--agent");
  if (id === undefined) throw new Error(`not an agent CLI's report: ${runArgs.join(" ")}`);
  return registeredCli(id, after("--agent-variant"));
}
