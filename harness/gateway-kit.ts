/**
 * What a gateway module author needs (`import type { GatewayModule } from "mcp-collide/gateway"`,
 * docs/gateways.md): the module's contract and manifest, the default reading of a gateway's console, where
 * its gateway is installed, and the driver itself (`GatewayHost`, an in-process HAP/1 host over a module, for
 * tests: `inProcessLauncher(() => new GatewayHost(module, { bin, version }))` from `mcp-collide/clauses`).
 * The registered gateways (hosts/gateways/) use exactly this.
 */
export {
  defineGatewayModule, GatewayEndpointKindSchema, GatewayLaunchSchema, GatewayManifestSchema, loadGatewayModule,
  type GatewayContext, type GatewayEndpointKind, type GatewayLaunch, type GatewayManifest, type GatewayModule, type GatewayOutput,
} from "./gateway/gateway-module.ts";
export { consoleDiagnostics, outputLines, serverErrorLines } from "./gateway/gateway-output.ts";
export { installedGateway, type InstalledGateway } from "./gateway/gateway-install.ts";
export { GatewayHost, type GatewayHostOptions } from "./gateway/gateway-host.ts";
export type { GatewayIsolation, GatewaySandbox } from "./gateway/gateway-process.ts";
export type { ServerConfig } from "./protocol/open-params.ts";
export type { HostError } from "./protocol/open-result.ts";
