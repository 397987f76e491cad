/**
 * The adapter of an agent module, started as a command (as every host is):
 *   node --import tsx harness/agent/agent-module-main.ts --module PATH [--variant V] [--bin PATH] [--no-isolation]
 * `mcp-collide run --agent-module PATH` starts it (and `--agent ID`, with a registered CLI's module). It loads
 * the module (TypeScript or JavaScript; tsx is registered) and serves its CLI over HAP/1 on stdio.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadAgentModule } from "./agent-module.ts";
import { serveAgentModule } from "./cli-options.ts";

const argv = process.argv.slice(2);
const at = argv.indexOf("--module");
const path = at >= 0 ? argv[at + 1] : undefined;
if (path === undefined) {
  process.stderr.write("usage: agent-module-main.ts --module PATH [--variant V] [--bin PATH] [--no-isolation] [--start-timeout MS] [--turn-timeout MS]\n");
  process.exit(2);
}
const url = pathToFileURL(resolve(path)).href;
let module;
try {
  module = await loadAgentModule(url);
} catch (error) {
  process.stderr.write(`agent module ${path}: ${(error as Error).message}\n`);
  process.exit(2);
}
await serveAgentModule(module, url, [...argv.slice(0, at), ...argv.slice(at + 2)]);
