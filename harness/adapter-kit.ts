/**
 * What an adapter author needs, and nothing else: the package's main entry point (`import { serveAdapter }
 * from "mcp-collide"`). The in-process adapter contract, the two ways to serve it on stdin/stdout, and the
 * HAP/1 message schemas and types (zod, so an adapter can check what it builds). It loads no fake server,
 * no runner and no MCP SDK, so an adapter process starts fast. Clause authors use `mcp-collide/clauses`.
 */
export * from "./protocol/initialize-result.ts";
export * from "./protocol/open-params.ts";
export * from "./protocol/open-result.ts";
export * from "./protocol/tools-result.ts";
export * from "./protocol/call-result.ts";
export * from "./protocol/context-result.ts";
export * from "./protocol/shutdown-result.ts";
export * from "./protocol/deferred-tools.ts";
export type { HostAdapter, HostOpenParams, HostServerConfig, TransportSpec } from "./adapter/host-adapter.ts";
export { serveHap } from "./adapter/serve-hap.ts";
export { consoleToStderr, serveAdapter } from "./adapter/serve-adapter.ts";
export {
  HttpTransportSpecSchema, StdioTransportSpecSchema, WireTransportSpecSchema,
  type HttpTransportSpec, type StdioTransportSpec, type WireTransportSpec,
} from "../fake-servers/transport-spec.ts";
export type { MemoryTransportSpec } from "../fake-servers/memory-transport-spec.ts";
