import type { HostAdapter } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import { oneBugHosts } from "./one-bug-hosts.ts";
import { PolicyHost } from "./policy-host.ts";
import { referencePolicy } from "./reference-policy.ts";

/** The name the reference host reports in `initialize`; a one-bug host appends `+<id>`. */
export const REFERENCE_HOST_NAME = "mcp-collide-reference";

/**
 * The policy of the reference host, or of the one-bug host `bug`: the reference with that bug's fields swapped.
 * @throws when `bug` is not an id of {@link oneBugHosts}.
 */
export function hostPolicy(bug?: string): HostPolicy {
  if (bug === undefined) return referencePolicy;
  // hasOwn, so that ids like "constructor" are unknown rather than found on the prototype.
  if (!Object.hasOwn(oneBugHosts, bug)) {
    throw new Error(`unknown one-bug host ${JSON.stringify(bug)}; known: ${Object.keys(oneBugHosts).join(", ")}`);
  }
  return { ...referencePolicy, ...oneBugHosts[bug].swap };
}

/**
 * A fresh in-process host: the reference host, or the one-bug host `bug`.
 * @throws when `bug` is not an id of {@link oneBugHosts}.
 */
export function createHost(bug?: string): HostAdapter {
  return new PolicyHost(hostPolicy(bug), bug === undefined ? REFERENCE_HOST_NAME : `${REFERENCE_HOST_NAME}+${bug}`);
}
