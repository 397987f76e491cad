/**
 * Public surface of harness/: what host authors (and reference/) use to serve HAP/1, and what suites/
 * use to write clauses. Anything not listed here is internal.
 */
export * from "./protocol/initialize-result.ts";
export * from "./protocol/open-params.ts";
export * from "./protocol/open-result.ts";
export * from "./protocol/tools-result.ts";
export * from "./protocol/call-result.ts";
export type { HostAdapter, HostOpenParams, HostServerConfig, TransportSpec } from "./adapter/host-adapter.ts";
export { serveHap } from "./adapter/serve-hap.ts";
export { WorldSchema } from "./world/world.ts";
export type { World } from "./world/world.ts";
export { describeTool, identityOf } from "./world/tool-identity.ts";
export type { ToolIdentity } from "./world/tool-identity.ts";
