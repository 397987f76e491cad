/**
 * The AgentCli of a registered CLI and variant, or of an agent module, as a report's `mcp-collide run`
 * arguments name it: a registered CLI is the module `hosts/agent-clis/<id>/<id>.ts` (its cli.json the
 * manifest: harness/cli/agent-registry.ts), an agent module the file `--agent-module` names. evidence.ts and
 * the tests reach a CLI through this, so no list of CLIs is kept here.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { agentCliOf, loadAgentModule, type AgentCli, type AgentModule } from "../../harness/agent-kit.ts";
import { agentCliEntry, packageRoot } from "../../harness/index.ts";

/** The module of registered CLI `id`; throws for an id the registry does not hold. */
export async function registeredModule(id: string): Promise<AgentModule> {
  if (!agentCliEntry(id)) throw new Error(`${id} is not a registered agent CLI (no hosts/agent-clis/${id}/cli.json)`);
  return loadAgentModule(pathToFileURL(resolve(packageRoot, "hosts/agent-clis", id, `${id}.ts`)).href);
}

/** The AgentCli of `id` in `variant` (default: `default`). */
export async function registeredCli(id: string, variant = "default"): Promise<AgentCli> {
  return agentCliOf(await registeredModule(id), variant);
}

/**
 * The AgentCli a report's `mcp-collide run` arguments name (`--agent ID` or `--agent-module PATH`, relative
 * to the package root, `[--agent-variant V]`), and the file its CLI's package is looked for from.
 */
export async function reportCli(runArgs: readonly string[]): Promise<{ cli: AgentCli; from: string }> {
  const after = (flag: string) => (runArgs.includes(flag) ? runArgs[runArgs.indexOf(flag) + 1] : undefined);
  const id = after("--agent");
  const path = id === undefined ? after("--agent-module") : resolve(packageRoot, "hosts/agent-clis", id, `${id}.ts`);
  if (path === undefined) throw new Error(`not an agent CLI's report: ${runArgs.join(" ")}`);
  const url = pathToFileURL(resolve(packageRoot, path)).href;
  return { cli: agentCliOf(await loadAgentModule(url), after("--agent-variant")), from: url };
}
