/**
 * The flags that choose the host under test, shared by `run` and `repro` so that a report's repro line
 * (`npx mcp-collide run ...`) names its host in words `repro` reads too: `--host NAME`, `--agent ID`,
 * `--agent-module PATH`, `--agent-bin PATH`, `--agent-variant V`, `--agent-no-isolation`, `--gateway ID`,
 * `--gateway-module PATH`, `--gateway-no-isolation`, or a host command after `--`. One grammar, one set of
 * rules for bad combinations, and one set of longer bounds for hosts whose sessions cost a process each.
 */
import { z } from "zod";
import { DEFAULT_ANSWER_TIMEOUT_MS } from "../adapter/hap-client.ts";
import { agentClis } from "./agent-registry.ts";
import { gateways } from "./gateway-registry.ts";

/** `node:util` parseArgs option specs of the host-choosing flags. */
export const hostFlagSpecs = {
  host: { type: "string" }, agent: { type: "string" }, "agent-module": { type: "string" }, "agent-bin": { type: "string" },
  "agent-variant": { type: "string" }, "agent-no-isolation": { type: "boolean" },
  gateway: { type: "string" }, "gateway-module": { type: "string" }, "gateway-no-isolation": { type: "boolean" },
} as const;

/** The host-choosing flags, checked: the registered agent CLIs and gateways are the only ids. */
export const HostFlagsSchema = z.object({
  host: z.string().optional(),
  agent: z.string().refine((id) => agentClis.includes(id), { message: `unknown agent CLI; known: ${agentClis.join(", ")}` }).optional(),
  agentModule: z.string().min(1).optional(),
  agentBin: z.string().min(1).optional(),
  agentVariant: z.string().min(1).optional(),
  agentNoIsolation: z.boolean().default(false),
  gateway: z.string().refine((id) => gateways.includes(id), { message: `unknown gateway; known: ${gateways.join(", ")}` }).optional(),
  gatewayModule: z.string().min(1).optional(),
  gatewayNoIsolation: z.boolean().default(false),
});
/** The host-choosing flags, as parsed. */
export type HostFlags = z.infer<typeof HostFlagsSchema>;

/** The parseArgs values of the host-choosing flags, under HostFlagsSchema's names; `rest` is every other value. */
export function hostFlagValues<T extends Record<string, unknown>>(values: T): { flags: Record<keyof HostFlags, unknown>; rest: Omit<T, keyof typeof hostFlagSpecs> } {
  const {
    host, agent, "agent-module": agentModule, "agent-bin": agentBin, "agent-variant": agentVariant, "agent-no-isolation": agentNoIsolation,
    gateway, "gateway-module": gatewayModule, "gateway-no-isolation": gatewayNoIsolation, ...rest
  } = values;
  return { flags: { host, agent, agentModule, agentBin, agentVariant, agentNoIsolation, gateway, gatewayModule, gatewayNoIsolation }, rest };
}

/** What kind of host the flags chose. */
export interface HostFlagKind {
  agentCli: boolean;
  gateway: boolean;
}

/** How many hosts the flags name (a host command after `--` counts as one): more than one is bad usage, none leaves the default. */
export function namedHosts(flags: Partial<HostFlags>, hostArgv: readonly string[]): number {
  return [flags.host, flags.agent, flags.agentModule, flags.gateway, flags.gatewayModule].filter((flag) => flag !== undefined).length + (hostArgv.length > 0 ? 1 : 0);
}

/**
 * Throws a readable message when the flags name two hosts (a host command after `--` counts as one), or give
 * an agent's or a gateway's option without the agent or gateway; says which kind of host they chose.
 */
export function checkHostFlags(flags: HostFlags, hostArgv: readonly string[]): HostFlagKind {
  if (namedHosts(flags, hostArgv) > 1) throw new Error("give one of --host NAME, --agent ID, --agent-module PATH, --gateway ID, --gateway-module PATH or a host command after --");
  const agentCli = flags.agent !== undefined || flags.agentModule !== undefined;
  const gateway = flags.gateway !== undefined || flags.gatewayModule !== undefined;
  if (!agentCli && (flags.agentBin || flags.agentVariant || flags.agentNoIsolation)) throw new Error("--agent-bin, --agent-variant and --agent-no-isolation need --agent ID or --agent-module PATH");
  if (!gateway && flags.gatewayNoIsolation) throw new Error("--gateway-no-isolation needs --gateway ID or --gateway-module PATH");
  return { agentCli, gateway };
}

/**
 * The bounds for an agent CLI or a gateway, whose sessions cost seconds (a process each) and mostly wait: the
 * longest wait for one adapter answer and the longest a case may take, in ms (`run` and `repro` alike).
 */
export const agentBounds = { timeout: 300_000, caseTimeout: 1_800_000 } as const;

/** The same bounds for every other host: an adapter answers in-process work, so a hang shows sooner. */
const adapterBounds = { timeout: DEFAULT_ANSWER_TIMEOUT_MS, caseTimeout: 120_000 } as const;

/** The bounds a run or a replay gets where it gives none: {@link agentBounds} for an agent CLI or a gateway. */
export function hostBounds(kind: HostFlagKind, given: { timeout?: number; caseTimeout?: number }): { timeout: number; caseTimeout: number } {
  const bounds = kind.agentCli || kind.gateway ? agentBounds : adapterBounds;
  return { timeout: given.timeout ?? bounds.timeout, caseTimeout: given.caseTimeout ?? bounds.caseTimeout };
}
