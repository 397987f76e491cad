/**
 * How a command line names the host under test: a built-in host (`--host NAME`, default `reference`), an agent
 * CLI (`--agent ID`, `--agent-module PATH`), a gateway (`--gateway ID`, `--gateway-module PATH`) or an adapter command after `--`. Shared by `run` and `repro`, so a repro line names its host the way the run
 * that wrote it did.
 */
import { hapLauncher, type HostLauncher } from "../runner/host-launcher.ts";
import { resolve } from "node:path";
import { agentArgv, agentModuleArgv, type AgentChoice, type AgentCliId, builtinHostArgv, gatewayArgv } from "./builtin-host.ts";
import { gatewayModulePath } from "./gateway-registry.ts";
import type { HostFlags } from "./host-flags.ts";

/** How `--gateway ID` or `--gateway-module PATH` names a gateway. */
export interface GatewayChoice {
  id?: string;
  module?: string;
  noIsolation?: boolean;
}

/** The host a command runs against, and how to name it in messages. */
export interface HostChoice {
  launcher: HostLauncher;
  /** `last-wins`, or the adapter command line. */
  label: string;
  /** The built-in host's name, when it is one. */
  builtin?: string;
}

/** Picks the host from `--host NAME`, `--agent ID`, `--agent-module PATH`, `--gateway ID`, `--gateway-module PATH` or a `-- argv` (none: the reference host). */
export function chooseHost(options: {
  host?: string; agent?: AgentCliId; agentModule?: string; agentChoice?: AgentChoice; gatewayChoice?: GatewayChoice; hostArgv: readonly string[]; timeout: number; maxLineBytes?: number;
}): HostChoice {
  const gateway = options.gatewayChoice;
  if (gateway?.id !== undefined || gateway?.module !== undefined) {
    const path = gateway.id !== undefined ? gatewayModulePath(gateway.id) : resolve(gateway.module!);
    const flags = [
      ...(gateway.id !== undefined ? ["--gateway", gateway.id] : ["--gateway-module", gateway.module!]),
      ...(gateway.noIsolation ? ["--gateway-no-isolation"] : []),
    ];
    const launcher = hapLauncher({ argv: gatewayArgv(path, gateway.noIsolation), requestTimeoutMs: options.timeout, maxLineBytes: options.maxLineBytes }, flags);
    return { launcher, label: gateway.id !== undefined ? `gateway ${gateway.id}` : `gateway module ${gateway.module}` };
  }
  if (options.agent || options.agentModule) {
    const choice = options.agentChoice ?? {};
    const flags = [
      ...(options.agent ? ["--agent", options.agent] : ["--agent-module", options.agentModule!]),
      ...(choice.variant ? ["--agent-variant", choice.variant] : []),
      ...(choice.bin ? ["--agent-bin", choice.bin] : []),
      ...(choice.noIsolation ? ["--agent-no-isolation"] : []),
    ];
    const argv = options.agent ? agentArgv(options.agent, choice) : agentModuleArgv(options.agentModule!, choice);
    const launcher = hapLauncher({ argv, requestTimeoutMs: options.timeout, maxLineBytes: options.maxLineBytes }, flags);
    return { launcher, label: `${options.agent ?? options.agentModule}${choice.variant ? ` (${choice.variant})` : ""}` };
  }
  const builtin = options.hostArgv.length === 0 ? (options.host ?? "reference") : undefined;
  const argv = builtin ? builtinHostArgv(builtin) : [...options.hostArgv];
  const launcher = hapLauncher(
    { argv, requestTimeoutMs: options.timeout, maxLineBytes: options.maxLineBytes },
    builtin ? (builtin === "reference" ? [] : ["--host", builtin]) : ["--", ...options.hostArgv],
    builtin,
  );
  return { launcher, label: builtin ?? options.hostArgv.join(" "), builtin };
}

/** {@link chooseHost} from the host-choosing flags as `run` and `repro` parse them (host-flags.ts). */
export function chooseFlaggedHost(options: Partial<HostFlags> & { hostArgv: readonly string[]; timeout: number; maxLineBytes?: number }): HostChoice {
  return chooseHost({
    ...options,
    agentChoice: { bin: options.agentBin, variant: options.agentVariant, noIsolation: options.agentNoIsolation },
    gatewayChoice: { id: options.gateway, module: options.gatewayModule, noIsolation: options.gatewayNoIsolation },
  });
}
