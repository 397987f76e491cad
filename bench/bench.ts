/**
 * `npm run bench` (`-- --json` for one JSON line): the costs that decide whether mcp-collide runs on every
 * push, each measured side by side in one run as medians over repeats (never as timed unit tests):
 * - fakeServerStdioVsBareNode: a stdio fake server's whole session over a bare `node -e 0` (target <= 1.5);
 * - harnessVsSdkFloor: the harness's cost per generated case, in-process host, over the raw SDK round trips
 *   the same worlds need (target <= 2);
 * - the wall time of the default run on the reference (25 cases per clause, as many workers as cores, as
 *   `mcp-collide run` does): in-process, over HAP/1 with http and with stdio;
 * - per-case cost as worlds grow (servers x tools), which must grow no worse than linearly in tools;
 * - agent CLI sessions per minute, one adapter and 2 x cores at once (agent-sessions.ts; skipped for a CLI
 *   that `npm run agents:install` did not install).
 */
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import fc from "fast-check";
import { startFakeServerHost, type StdioTransportSpec } from "../fake-servers/index.ts";
import {
  builtinHostArgv, describeTool, hapLauncher, inProcessLauncher, observeSession, runClauses, type World,
} from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "../suites/index.ts";
import { agentBench } from "./agent-sessions.ts";
import { median, sideBySide, timeOnce } from "./measure.ts";
import { sdkFloor } from "./sdk-floor.ts";

const json = process.argv.includes("--json");
const quick = process.argv.includes("--quick");
const log = (line: string) => { if (!json) process.stdout.write(`${line}\n`); };

const bareNode = () => new Promise<void>((resolve, reject) => {
  const child = spawn(process.execPath, ["-e", "0"], { stdio: "ignore" });
  child.once("error", reject);
  child.once("exit", () => resolve());
});

function sizedWorld(servers: number, tools: number): World {
  return {
    servers: Array.from({ length: servers }, (_, s) => {
      const key = `server${s}`;
      return {
        key, serverInfo: { name: key, version: "1.0.0" }, latency: { initialize: 0, toolsList: 0 }, unreachable: false,
        tools: Array.from({ length: tools }, (_, t) => ({ name: `tool_${t}`, description: describeTool(key, `tool_${t}`), inputSchema: { type: "object" } })),
      };
    }),
  };
}

const servers = await startFakeServerHost();
const results: Record<string, unknown> = {};
try {
  // 1. A stdio fake server's whole session against a bare node spawn.
  const stdioWorld = await servers.startWorld(sizedWorld(1, 1).servers, "stdio");
  const spec = stdioWorld.endpoints[0]!.transport as StdioTransportSpec;
  const stdioSession = async () => {
    const client = new Client({ name: "bench", version: "1" });
    await client.connect(new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env, stderr: "ignore" }));
    await client.listTools();
    await client.callTool({ name: "tool_0", arguments: {} });
    await client.close();
  };
  const stdio = await sideBySide(stdioSession, bareNode, quick ? 5 : 15);
  await stdioWorld.close();
  results.fakeServerStdioVsBareNode = round(stdio.ratio);
  results.stdioSessionMs = round(stdio.a);
  results.bareNodeMs = round(stdio.b);
  log(`fakeServerStdioVsBareNode  ${round(stdio.ratio)}  (stdio session ${round(stdio.a)} ms, bare node ${round(stdio.b)} ms; target <= 1.5)`);

  // 2. The harness's cost per case (in-process reference, memory servers) over the SDK floor, same worlds.
  const passthrough = clauses.find((clause) => clause.id === "wire/passthrough")!;
  const worlds = fc.sample(passthrough.arbitrary({} as never), { seed: 42, numRuns: quick ? 10 : 30 }).map((value) => (value as { world: World }).world);
  const host = createHost();
  await host.initialize();
  const harnessCase = async () => { for (const world of worlds) await observeSession(host, servers, "memory", world); };
  const floorCase = async () => { for (const world of worlds) await sdkFloor(world); };
  // Five warm-up rounds (150 cases a side): a default run makes hundreds of cases on one warm host, so the
  // steady state is what it pays; with two, JIT warm-up still showed in the first repeats.
  const perCase = await sideBySide(harnessCase, floorCase, quick ? 3 : 7, 5);
  results.harnessVsSdkFloor = round(perCase.ratio);
  results.harnessCaseMs = round(perCase.a / worlds.length);
  results.sdkFloorCaseMs = round(perCase.b / worlds.length);
  log(`harnessVsSdkFloor          ${round(perCase.ratio)}  (harness ${round(perCase.a / worlds.length)} ms/case, SDK floor ${round(perCase.b / worlds.length)} ms/case; target <= 2)`);

  // 3. Growth with world size: per-case cost over (servers x tools), and cost per tool.
  const growth: Array<{ servers: number; tools: number; ms: number; msPerTool: number }> = [];
  const grid = quick ? [[1, 1], [10, 20], [50, 20]] : [[1, 1], [1, 200], [10, 20], [10, 200], [50, 20], [50, 200]];
  for (const [s, t] of grid) {
    const world = sizedWorld(s!, t!);
    await observeSession(host, servers, "memory", world);
    const samples: number[] = [];
    for (let i = 0; i < (s! * t! > 2000 ? 2 : 5); i++) samples.push(await timeOnce(() => observeSession(host, servers, "memory", world)));
    const ms = median(samples);
    growth.push({ servers: s!, tools: t!, ms: round(ms), msPerTool: round(ms / (s! * t!), 4) });
    log(`growth ${String(s).padStart(3)} servers x ${String(t).padStart(3)} tools  ${round(ms).toString().padStart(9)} ms/case  ${round(ms / (s! * t!), 4)} ms/tool`);
  }
  await host.shutdown();
  results.growth = growth;
  // Cost per tool in the largest world over cost per tool in the smallest of >= 200 tools: at most about 1
  // when cost grows linearly (fixed per-case costs amortise, so it falls); superlinear growth pushes it
  // above 1 (n log n: about 1.7 from 200 to 10 000 tools; quadratic: about the size ratio, 50).
  const big = growth.filter((row) => row.servers * row.tools >= 200).sort((a, b) => a.servers * a.tools - b.servers * b.tools);
  const [smallest, largest] = [big[0]!, big.at(-1)!];
  const sizeRatio = (largest.servers * largest.tools) / (smallest.servers * smallest.tools);
  results.growthPerToolRatio = round(largest.msPerTool / smallest.msPerTool);
  log(`growth: ms per tool at ${largest.servers * largest.tools} tools over ms per tool at ${smallest.servers * smallest.tools}: ${results.growthPerToolRatio} (linear: <= ~1; quadratic: ~${sizeRatio})`);

  // 4. Wall time of the default run on the reference: in-process, HAP/1 + http, HAP/1 + stdio, with the
  // CLI's default number of workers (one per core).
  const runs = quick ? 5 : 25;
  const workers = availableParallelism();
  const wall = async (launcher: Parameters<typeof runClauses>[0]["launcher"], transport: "memory" | "http" | "stdio") =>
    round((await timeOnce(() => runClauses({ clauses, launcher, seed: 1, runs, transport, workers }))) / 1000);
  results.defaultRunSeconds = {
    runs,
    workers,
    inProcess: await wall(inProcessLauncher(() => createHost()), "memory"),
    hapHttp: await wall(hapLauncher({ argv: builtinHostArgv("reference") }), "http"),
    hapStdio: quick ? null : await wall(hapLauncher({ argv: builtinHostArgv("reference") }), "stdio"),
  };
  log(`default run (${runs} runs/clause, ${workers} workers): ${JSON.stringify(results.defaultRunSeconds)} seconds`);
} finally {
  await servers.close();
}
results.agentSessions = await agentBench({ quick, log });
if (json) process.stdout.write(`${JSON.stringify(results)}\n`);

function round(value: number, digits = 2): number {
  return Number(value.toFixed(digits));
}
