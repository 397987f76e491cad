/**
 * The registered gateways: one folder per gateway under hosts/gateways/, holding its gateway module
 * `<id>/<id>.ts` and the pinned install beside it (`npm run gateways:install`). As with the agent CLIs
 * (agent-registry.ts), the harness never imports hosts/: it finds the modules by path and starts the
 * gateway adapter (hosts/gateways/gateway-main.ts) as a command with `--module PATH`.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Where the gateway folders live. */
export const gatewaysRoot = fileURLToPath(new URL("../../hosts/gateways/", import.meta.url));

/** The ids of the gateways registered under `root` (folders holding `<id>/<id>.ts`), sorted: `mcp-collide run --gateway ID`. */
export function readGatewayRegistry(root = gatewaysRoot): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, entry.name, `${entry.name}.ts`)))
    .map((entry) => entry.name)
    .sort();
}

/** The registered gateways' ids (read once, when the harness loads). */
export const gateways: readonly string[] = readGatewayRegistry();

/** The module file of registered gateway `id`. */
export const gatewayModulePath = (id: string): string => join(gatewaysRoot, id, `${id}.ts`);
