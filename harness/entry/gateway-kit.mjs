// `import { defineGatewayModule } from "mcp-collide/gateway"` in plain Node (ESM): the gateway kit,
// harness/gateway-kit.ts (a gateway module's contract, manifest, the console defaults, the driver).
// Types: types/harness/gateway-kit.d.ts (built when the package is packed); a module that imports only types
// needs none of this at run time. harness/entry/entry.test.ts holds this list of names equal to the kit's exports.
import { loadKit } from "./load-kit.mjs";

const kit = await loadKit("../gateway-kit.ts");

export const {
  GatewayEndpointKindSchema, GatewayHost, GatewayLaunchSchema, GatewayManifestSchema, consoleDiagnostics, defineGatewayModule, installedGateway,
  loadGatewayModule, outputLines, serverErrorLines,
} = kit;
