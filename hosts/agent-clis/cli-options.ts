/**
 * The command line every agent CLI adapter takes, and the serving tail they share:
 *   node --import tsx hosts/agent-clis/<cli>/adapter.ts [--variant NAME] [--bin PATH] [--no-isolation]
 *     [--start-timeout MS] [--turn-timeout MS]
 * `--bin` judges another installed CLI (default: the pinned one under hosts/agent-clis/node_modules/.bin,
 * else the CLI on PATH); `--no-isolation` runs the CLI without its sandbox (isolation/netns-sandbox.ts)
 * where none can be made, and must be given explicitly: without it, an adapter that cannot build the
 * sandbox, or whose sandbox would show the CLI a socket file (isolation/visible-places.ts), refuses to start.
 * `--start-timeout` and `--turn-timeout` bound the wait for the CLI's first model turn and each later one
 * (defaults: 90 s and 60 s at rest, times the machine's pace, harness/pace.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { probeInstall } from "../../harness/index.ts";
import { serveRealHost } from "../real-host-adapter.ts";
import type { AgentCli } from "./agent-cli.ts";
import { AgentHost } from "./agent-host.ts";
import { readablePlaces, unsafePlaces } from "./isolation/visible-places.ts";

const here = dirname(fileURLToPath(import.meta.url));

/** The pinned CLI's binary and version, when `npm run agents:install` installed it. */
export function pinnedCli(cli: Pick<AgentCli, "packageName" | "binName">): { bin: string; version: string } | undefined {
  const bin = join(here, "node_modules", ".bin", cli.binName);
  const manifest = join(here, "node_modules", ...cli.packageName.split("/"), "package.json");
  if (!existsSync(bin) || !existsSync(manifest)) return undefined;
  return { bin, version: JSON.parse(readFileSync(manifest, "utf8")).version };
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

/** Parses the adapter's argv, checks isolation, and serves HAP/1 on stdio with the CLI of the chosen variant. */
export async function serveAgentCli(variants: Record<string, () => AgentCli>, argv = process.argv.slice(2)): Promise<never> {
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
  const variant = values.variant ?? "default";
  const make = variants[variant];
  if (!make) {
    process.stderr.write(`unknown variant ${JSON.stringify(variant)}; known: ${Object.keys(variants).join(", ")}\n`);
    process.exit(2);
  }
  const cli = make();
  const pinned = values.bin ? undefined : pinnedCli(cli);
  const bin = values.bin ?? pinned?.bin ?? cli.binName;
  const unavailable = values["no-isolation"] ? undefined : probeInstall("sandbox") ?? unsafePlaces(readablePlaces(bin));
  if (unavailable) {
    process.stderr.write(`${cli.id}: refusing to run the CLI outside its sandbox, or in one that would show it a socket file (${unavailable}); pass --no-isolation (mcp-collide run --agent-no-isolation) to run it unsandboxed, with the harness's uid, network and files, anyway\n`);
    process.exit(2);
  }
  const version = values.bin ? installedBeside(values.bin, cli) : pinned?.version;
  return serveRealHost(new AgentHost(cli, { bin, pinned: version, isolation: values["no-isolation"] ? "none" : "netns", ...bounds }));
}
