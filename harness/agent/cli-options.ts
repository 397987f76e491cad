/**
 * The command line every agent CLI adapter takes, and the serving tail they share:
 *   <adapter> [--variant NAME] [--bin PATH] [--no-isolation] [--start-timeout MS] [--turn-timeout MS]
 * where the adapter is `harness/agent/agent-module-main.ts --module PATH` (`mcp-collide run --agent-module`,
 * and `--agent ID` with a registered CLI's module) or a registered CLI's `adapter.ts`. `--bin` judges another
 * installed CLI (default: the CLI's package as installed beside the module, found as Node finds a package
 * from the module's folder; else the CLI on PATH); `--no-isolation` runs the CLI without its sandbox
 * (isolation/netns-sandbox.ts) where none can be made, and must be given explicitly: without it, an adapter
 * that cannot build the sandbox, or whose sandbox would show the CLI a socket file (isolation/visible-places.ts),
 * refuses to start. `--start-timeout` and `--turn-timeout` bound the wait for the CLI's first model turn and
 * each later one (defaults: 90 s and 60 s at rest, times the machine's pace, harness/pace.ts).
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { serveAdapter } from "../adapter/serve-adapter.ts";
import { agentCliEntry } from "../cli/agent-registry.ts";
import { packageRoot } from "../cli/builtin-host.ts";
import { nodeRuntime } from "../cli/node-runtimes.ts";
import { probeInstall } from "../optional-installs.ts";
import type { AgentCli } from "./agent-cli.ts";
import { AgentHost } from "./agent-host.ts";
import { readablePlaces, unsafePlaces } from "./isolation/visible-places.ts";
import { agentCliOf, defineAgentModule, type AgentModule } from "./agent-module.ts";

/**
 * The CLI's package as installed for the module at `from` (a file path or file: URL): the first
 * `node_modules/<package>` in its folder or one above it, its binary (`node_modules/.bin/<bin>`, else the
 * package's own `bin` entry, links resolved) and version; undefined where it is not installed.
 */
export function installedCli(cli: Pick<AgentCli, "packageName" | "binName">, from: string): { bin: string; version: string } | undefined {
  let folder = dirname(from.startsWith("file:") ? fileURLToPath(from) : resolve(from));
  for (;;) {
    const modules = join(folder, "node_modules");
    const manifest = join(modules, ...cli.packageName.split("/"), "package.json");
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, "utf8")) as { version: string; bin?: string | Record<string, string> };
      const own = typeof parsed.bin === "string" ? parsed.bin : parsed.bin?.[cli.binName];
      const bin = [join(modules, ".bin", cli.binName), ...(own ? [join(dirname(manifest), own)] : [])].find(existsSync);
      // The file itself, links resolved: the sandbox shows the CLI only its install (the folder holding its
      // real node_modules), not a link to it that sits in a folder the sandbox covers (a temp folder).
      return bin ? { bin: realpathSync(bin), version: parsed.version } : undefined;
    }
    if (dirname(folder) === folder) return undefined;
    folder = dirname(folder);
  }
}

/**
 * The package and version of a `--bin` that is an npm install's `node_modules/.bin/<bin>` of this CLI's
 * package (another version installed apart, `npm run reports -- --from DIR`), so the report names it as it
 * names the pinned one; undefined for any other binary (its `--version` output is used then).
 */
export function installedBeside(bin: string, cli: Pick<AgentCli, "packageName">): string | undefined {
  const manifest = join(dirname(bin), "..", ...cli.packageName.split("/"), "package.json");
  return existsSync(manifest) ? JSON.parse(readFileSync(manifest, "utf8")).version : undefined;
}

/**
 * Why the sandbox every agent CLI runs in cannot be built on this machine (docs/sandbox.md), or would show
 * the CLI `bin` a socket file in a place it must read (isolation/visible-places.ts), or undefined.
 */
export function sandboxUnavailable(bin?: string): string | undefined {
  return probeInstall("sandbox") ?? unsafePlaces(readablePlaces(bin));
}

/**
 * The folder holding the pinned Node a registered CLI needs (its cli.json `node`: hosts/node-runtimes/, `npm
 * run hosts:node`), to go first on the CLI's PATH; undefined for a CLI that runs on the PATH's Node (every
 * module from outside the package). Throws for a Node that is not pinned.
 */
export function cliNodeBin(cli: Pick<AgentCli, "id">): string | undefined {
  const major = agentCliEntry(cli.id)?.node;
  if (major === undefined) return undefined;
  const runtime = nodeRuntime(major);
  if (runtime === undefined) throw new Error(`hosts/agent-clis/${cli.id}/cli.json: no Node ${major} in hosts/node-runtimes/package.json`);
  return dirname(join(packageRoot, runtime.bin));
}

/**
 * Parses the adapter's argv, checks isolation, and serves HAP/1 on stdio with `module`'s CLI in the chosen
 * variant; `from` is the module's file (path or file: URL), where its CLI's package is looked for.
 */
export async function serveAgentModule(module: AgentModule, from: string, argv = process.argv.slice(2)): Promise<never> {
  const { values } = parseArgs({ args: argv, options: {
    variant: { type: "string" }, bin: { type: "string" }, "no-isolation": { type: "boolean" }, "start-timeout": { type: "string" }, "turn-timeout": { type: "string" },
  } });
  const bounds: { startTimeoutMs?: number; turnTimeoutMs?: number } = {};
  for (const [flag, key] of [["start-timeout", "startTimeoutMs"], ["turn-timeout", "turnTimeoutMs"]] as const) {
    const text = values[flag];
    if (text === undefined) continue;
    if (!/^[1-9]\d*$/.test(text)) {
      process.stderr.write(`--${flag} takes milliseconds, a positive whole number: ${JSON.stringify(text)}\n`);
      process.exit(2);
    }
    bounds[key] = Number(text);
  }
  let cli: AgentCli;
  try {
    cli = agentCliOf(defineAgentModule(module), values.variant);
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  const installed = values.bin ? undefined : installedCli(cli, from);
  const bin = values.bin ?? installed?.bin ?? cli.binName;
  const unavailable = values["no-isolation"] ? undefined : sandboxUnavailable(bin);
  if (unavailable) {
    process.stderr.write(`${cli.id}: refusing to run the CLI outside its sandbox, or in one that would show it a socket file (${unavailable}); pass --no-isolation (mcp-collide run --agent-no-isolation) to run it unsandboxed, with the harness's uid, network and files, anyway\n`);
    process.exit(2);
  }
  const version = values.bin ? installedBeside(values.bin, cli) : installed?.version;
  const major = agentCliEntry(cli.id)?.node;
  const noNode = major === undefined ? undefined : probeInstall(`node-runtime:${major}`);
  if (noNode) {
    process.stderr.write(`${cli.id}: needs its pinned Node, and ${noNode}\n`);
    process.exit(2);
  }
  const nodeBin = cliNodeBin(cli);
  return serveAdapter(new AgentHost(cli, { bin, pinned: version, isolation: values["no-isolation"] ? "none" : "netns", ...(nodeBin ? { nodeBin } : {}), ...bounds }));
}
