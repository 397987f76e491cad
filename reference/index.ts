/**
 * Public surface of reference/: the reference host (ADR-0112 at every policy point) and the one-bug hosts
 * that each get exactly one point wrong. The harness runs them as a command (main.ts); suites may import this.
 */
export { createHost, hostPolicy, REFERENCE_HOST_NAME } from "./create-host.ts";
export { oneBugHosts } from "./one-bug-hosts.ts";
export { contextOneBugHosts } from "./context-one-bug-hosts.ts";
export type { OneBugHost } from "./one-bug-hosts.ts";
export { referenceContextPolicy, referencePolicy, qualifiedName, refuseKey, refuseName, MAX_NAME_LENGTH } from "./reference-policy.ts";
export type { HostPolicy, CollisionPolicy, ServerIdentity } from "./host-policy.ts";
export type { ContextPolicy, PromptCollision } from "./context-policy.ts";
export { PolicyHost } from "./policy-host.ts";
