/**
 * Policy: a clause is NOT_APPLICABLE when the adapter does not declare a capability it needs, and nothing in
 * a run can tell a host that lacks the feature from an adapter that hides it: both are one declaration.
 * So a run says which capability each such clause lacked, and how the adapter declared it (named false or
 * empty: declared absent; not named at all: not declared, which HAP/1 reads the same), and the user who knows
 * the host has a feature says so with `--require CAP`: a clause NOT_APPLICABLE for want of it FAILs instead.
 */
import type { Capabilities } from "../protocol/initialize-result.ts";
import type { Clause, ClauseEnvironment } from "./clause.ts";

/** The capabilities a clause can need, as `--require` names them. */
export const REQUIRABLE_CAPABILITIES = ["refresh", "listChanged", "localTools", "registerLocal", "requestSchemas", "pins", "allowDeny"] as const;
/** A capability a clause can need. */
export type RequirableCapability = (typeof REQUIRABLE_CAPABILITIES)[number];

/** How an adapter's initialize named a capability. */
export type Declaration = "declared" | "declared-absent" | "not-declared";

/** `capabilities` with `name` present (a shape list: every shape). */
function granting(capabilities: Capabilities, name: RequirableCapability): Capabilities {
  return { ...capabilities, [name]: name === "registerLocal" ? ["object", "name", "callable", "dict"] : true };
}

/** The capability whose absence makes `clause` NOT_APPLICABLE in `env`: the first one that, declared, makes it apply. */
export function missingCapability(clause: Pick<Clause, "notApplicable">, env: Pick<ClauseEnvironment, "capabilities" | "profile" | "host">): RequirableCapability | undefined {
  if (!clause.notApplicable?.(env)) return undefined;
  return REQUIRABLE_CAPABILITIES.find((name) => clause.notApplicable!({ ...env, capabilities: granting(env.capabilities, name) }) === undefined);
}

/** How `capabilities` (as parsed) declare each requirable capability, `named` being the keys the raw answer held. */
export function declarations(capabilities: Capabilities, named: readonly string[]): Record<RequirableCapability, Declaration> {
  return Object.fromEntries(REQUIRABLE_CAPABILITIES.map((name) => {
    const value = capabilities[name];
    const present = Array.isArray(value) ? value.length > 0 : value === true;
    return [name, present ? "declared" : named.includes(name) ? "declared-absent" : "not-declared"];
  })) as Record<RequirableCapability, Declaration>;
}

/** How a declaration reads in a clause's reason. */
export function declarationText(name: string, declaration: Declaration): string {
  if (declaration === "declared-absent") return `declared absent: the adapter names ${name} and says the host lacks it`;
  if (declaration === "not-declared") return `not declared: the adapter's initialize does not name ${name}`;
  return `${name} declared`;
}
