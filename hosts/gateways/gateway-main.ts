/**
 * The adapter of a gateway module, started as a command (as every host is):
 *   node --import tsx hosts/gateways/gateway-main.ts --module PATH [--no-isolation]
 * `mcp-collide run --gateway-module PATH` starts it (and `--gateway ID`, with a registered gateway's module,
 * hosts/gateways/<id>/<id>.ts). It loads the module (TypeScript or JavaScript; tsx is registered), finds the
 * gateway installed beside it, and serves it over HAP/1 on stdio, each gateway process in the agent CLIs'
 * sandbox (gateway-sandbox.ts). Without a sandbox the machine can build it refuses to start, unless told
 * `--no-isolation` (`mcp-collide run --gateway-no-isolation`): then each gateway runs with the adapter's uid,
 * network and files, in a process group and PID namespace of its own.
 */
import { dirname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { GatewayHost, installedGateway, loadGatewayModule, probeInstall } from "../../harness/index.ts";
import { serveRealHost } from "../real-host-adapter.ts";
import { readablePlaces, unsafePlaces } from "../../harness/agent-kit.ts";
import { netnsIsolation } from "./gateway-sandbox.ts";

const { values } = parseArgs({ options: { module: { type: "string" }, "no-isolation": { type: "boolean" } } });
if (values.module === undefined) {
  process.stderr.write("usage: gateway-main.ts --module PATH [--no-isolation]\n");
  process.exit(2);
}
const path = resolve(values.module);
let host: GatewayHost;
try {
  const module = await loadGatewayModule(pathToFileURL(path).href);
  const { bin, version } = installedGateway(module.manifest, dirname(path));
  const unavailable = values["no-isolation"] ? undefined : probeInstall("sandbox") ?? unsafePlaces(readablePlaces(bin));
  if (unavailable) throw new Error(`refusing to run the gateway outside its sandbox, or in one that would show it a socket file (${unavailable}); pass --no-isolation (mcp-collide run --gateway-no-isolation) to run it unsandboxed, with the harness's uid, network and files, anyway`);
  host = new GatewayHost(module, values["no-isolation"] ? { bin, version, unisolated: "--gateway-no-isolation was given" } : { bin, version, isolation: netnsIsolation() });
} catch (error) {
  process.stderr.write(`gateway module ${values.module}: ${(error as Error).message}\n`);
  process.exit(2);
}
await serveRealHost(host);
