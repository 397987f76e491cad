/**
 * The reference host as a HAP/1 adapter process, which is how the harness CLI runs it:
 *   node --import tsx reference/main.ts [--bug ID]   serve HAP/1 on stdin/stdout
 *   node --import tsx reference/main.ts --list       print the one-bug host ids with their summaries
 * Exit 0 after `shutdown` or when stdin ends, 2 on a bad command line. stdout carries HAP/1 only.
 */
import { parseArgs } from "node:util";
import { serveAdapter } from "../harness/index.ts";
import { createHost } from "./create-host.ts";
import { oneBugHosts } from "./one-bug-hosts.ts";

function usage(problem: string): never {
  process.stderr.write(`${problem}\nusage: main.ts [--bug ID] | --list\none-bug ids: ${Object.keys(oneBugHosts).join(", ")}\n`);
  process.exit(2);
}

let options: { bug?: string; list?: boolean };
try {
  options = parseArgs({ options: { bug: { type: "string" }, list: { type: "boolean" } } }).values;
} catch (error) {
  usage(error instanceof Error ? error.message : String(error));
}

if (options.list) {
  for (const [id, host] of Object.entries(oneBugHosts)) process.stdout.write(`${id}\t${host.summary}\n`);
  process.exit(0);
}
if (options.bug !== undefined && !Object.hasOwn(oneBugHosts, options.bug)) usage(`unknown --bug ${JSON.stringify(options.bug)}`);

// Serves until shutdown or the end of stdin, shuts the host down either way, and exits (see serveAdapter).
await serveAdapter(createHost(options.bug));
