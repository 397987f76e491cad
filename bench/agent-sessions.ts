/**
 * Agent CLI sessions per minute (`npm run bench` runs it last; `npm run bench:agents` alone; `--json` for
 * one JSON line, `--quick` for fewer sessions, `--only ID,ID` for some CLIs). For each registered agent CLI
 * (harness/cli/agent-registry.ts), in its default variant, that `npm run agents:install` put
 * in hosts/agent-clis/node_modules (skipped, visibly, otherwise): sessions of one small colliding world
 * (two servers, one shared tool name: open, list, one call per shown tool, close, as a case does) run by
 * one adapter process, then by 2 x cores adapter processes at once, side by side in one run. Each adapter's
 * first session (its no-server baseline) is warm-up and not counted. A shared or loaded machine shows in
 * these figures: say so when quoting them.
 */
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { startFakeServerHost } from "../fake-servers/index.ts";
import { agentClis, describeTool, HapClient, observeSession, packageRoot, probeInstall, type World } from "../harness/index.ts";

const world: World = {
  servers: ["alpha", "beta"].map((key) => ({
    key, serverInfo: { name: key, version: "1.0.0" }, latency: { initialize: 0, toolsList: 0 }, unreachable: false,
    tools: [{ name: "search", description: describeTool(key, "search"), inputSchema: { type: "object", properties: { probe: { type: "string" } } } }],
  })),
};

/** One agent's sessions per minute with `width` adapters running `each` sessions apiece. */
async function sessionsPerMinute(id: string, width: number, each: number): Promise<number> {
  const servers = await startFakeServerHost();
  const adapters = Array.from({ length: width }, () => new HapClient({
    argv: [process.execPath, "--import", "tsx", join(packageRoot, "hosts/agent-clis", id, "adapter.ts")], cwd: packageRoot, requestTimeoutMs: 300_000,
  }));
  try {
    await Promise.all(adapters.map(async (adapter) => {
      await adapter.initialize();
      await observeSession(adapter, servers, "http", world); // warm-up: the baseline session, then one real one
    }));
    const started = performance.now();
    await Promise.all(adapters.map(async (adapter) => { for (let i = 0; i < each; i++) await observeSession(adapter, servers, "http", world); }));
    return (width * each) / ((performance.now() - started) / 60_000);
  } finally {
    await Promise.all(adapters.map((adapter) => adapter.shutdown().catch(() => undefined)));
    await servers.close();
  }
}

/** Runs the agent bench; returns its figures by CLI (null for a CLI that is not installed). */
export async function agentBench(options: { quick: boolean; only?: readonly string[]; log(line: string): void }): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  const width = 2 * availableParallelism();
  for (const id of agentClis.filter((candidate) => !options.only || options.only.includes(candidate))) {
    const missing = probeInstall(`agent-cli:${id}`);
    if (missing) {
      options.log(`agent ${id}: skipped, ${missing}`);
      results[id] = null;
      continue;
    }
    const serial = await sessionsPerMinute(id, 1, options.quick ? 2 : 5);
    const parallel = await sessionsPerMinute(id, width, options.quick ? 1 : 3);
    results[id] = { serialPerMinute: round(serial), parallelPerMinute: round(parallel), workers: width, speedup: round(parallel / serial) };
    options.log(`agent ${id}: ${round(serial)} sessions/min with 1 adapter, ${round(parallel)} with ${width} (x${round(parallel / serial)})`);
  }
  return results;
}

function round(value: number): number {
  return Number(value.toFixed(1));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const json = process.argv.includes("--json");
  const only = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1]?.split(",") : undefined;
  const results = await agentBench({ quick: process.argv.includes("--quick"), only, log: (line) => { if (!json) process.stdout.write(`${line}\n`); } });
  if (json) process.stdout.write(`${JSON.stringify(results)}\n`);
}
