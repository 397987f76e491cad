/**
 * The built-in hosts live in reference/, which the harness never imports: they are started as a HAP/1
 * command, exactly as a user's adapter would be.
 */
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = new URL("../../", import.meta.url);

/** The package root (where package.json, reference/ and suites/ live). */
export const packageRoot = fileURLToPath(root);

/**
 * `node --import tsx`: lets a child run TypeScript sources with no build step, through harness/bin/tsx-cached.mjs,
 * which keeps tsx's transform cache out of the child's own temp folder so a second adapter start finds it warm.
 */
export function tsxNodeArgv(): string[] {
  return [process.execPath, "--import", new URL("harness/bin/tsx-cached.mjs", root).href];
}

/** A registered agent CLI: a folder under hosts/agent-clis/ (one of `agentClis`, harness/cli/agent-registry.ts). */
export type AgentCliId = string;

/** How `--agent` or `--agent-module` is to run its CLI. */
export interface AgentChoice {
  bin?: string;
  variant?: string;
  noIsolation?: boolean;
}

/** The module of registered CLI `id`: hosts/agent-clis/<id>/<id>.ts, whose manifest is its cli.json. */
export function agentModulePath(id: AgentCliId): string {
  return fileURLToPath(new URL(`hosts/agent-clis/${id}/${id}.ts`, root));
}

/**
 * The adapter command of an agent module (`--agent-module PATH`, and a registered CLI's: `--agent ID`):
 * harness/agent/agent-module-main.ts, started as a command like every host, with the module's path.
 */
export function agentModuleArgv(module: string, choice: AgentChoice = {}): string[] {
  const main = fileURLToPath(new URL("harness/agent/agent-module-main.ts", root));
  return [
    ...tsxNodeArgv(), main, "--module", resolve(module),
    ...(choice.variant ? ["--variant", choice.variant] : []),
    ...(choice.bin ? ["--bin", choice.bin] : []),
    ...(choice.noIsolation ? ["--no-isolation"] : []),
  ];
}

/** The adapter command of registered agent CLI `id`: its module, as `--agent-module` would run it (one path). */
export function agentArgv(id: AgentCliId, choice: AgentChoice = {}): string[] {
  return agentModuleArgv(agentModulePath(id), choice);
}

/**
 * The adapter command of a gateway module (`--gateway ID`'s registered one, or `--gateway-module PATH`):
 * hosts/gateways/gateway-main.ts, started as a command like the agent CLIs' adapters.
 */
export function gatewayArgv(modulePath: string, noIsolation = false): string[] {
  const main = fileURLToPath(new URL("hosts/gateways/gateway-main.ts", root));
  return [...tsxNodeArgv(), main, "--module", modulePath, ...(noIsolation ? ["--no-isolation"] : [])];
}

/** The command line of a built-in host: `reference`, or a one-bug host id. */
export function builtinHostArgv(name: string): string[] {
  const main = fileURLToPath(new URL("reference/main.ts", root));
  return name === "reference" ? [...tsxNodeArgv(), main] : [...tsxNodeArgv(), main, "--bug", name];
}
