/**
 * `npm run bench` (`-- --json` for one JSON line, `-- --quick` for a smoke run): the costs that decide whether
 * mcp-collide runs on every push, each measured side by side in one run, as medians over repeats that
 * alternate the sides (never as timed unit tests). Every key of the JSON is described in bench/README.md.
 * - fakeServerStdioVsBareNode: a stdio fake server's whole session (through the shim the run hands hosts)
 *   over a bare `node -e 0`, both spawned as the SDK spawns a server (its minimal environment, piped stdio)
 *   and timed until the process has exited; the node shim's own ratio beside it (target <= 1.5);
 * - harnessVsSdkFloor: the harness's cost per generated case, in-process host, over the raw SDK round trips
 *   the same worlds need (target <= 2);
 * - the default run on the reference (25 cases per clause, one worker per core, as `mcp-collide run` does):
 *   in-process, over HAP/1 with http and with stdio servers, each side a process of its own (bench/
 *   default-run.ts) timed from spawn to exit, wall and CPU; hapHttpVsInProcess (target <= 3) and
 *   hapStdioVsInProcess (target <= 5);
 * - arrivalOrderKept: how often a host that registers servers in arrival order saw the scripted order;
 * - per-case cost as worlds grow (servers x tools), which must grow no worse than linearly in tools;
 * - freshConfirmation: confirming every violation on a fresh host process, on over off (fresh-confirmation.ts);
 * - agent CLI sessions per minute, one adapter and 2 x cores at once (agent-sessions.ts; skipped for a CLI
 *   that `npm run agents:install` did not install);
 * - selfTest: the self-test's own cost per tier, wall and CPU (self-test-cost.ts; `--self-test-tiers a,b`
 *   picks tiers, `--quick` measures `npm test` only, `--no-self-test` none).
 */
import { spawn } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import fc from "fast-check";
import { PERL_SHIM_PATH, startFakeServerHost, type StdioTransportSpec } from "../fake-servers/index.ts";
import { describeTool, observeSession, type World } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "../suites/index.ts";
import { agentBench } from "./agent-sessions.ts";
import { arrivalOrderKept } from "./arrival-order.ts";
import { freshConfirmationCost } from "./fresh-confirmation.ts";
import { median, reapedCpuSeconds, round, sideBySide, timeOnce } from "./measure.ts";
import { selfTestCost, tierNames } from "./self-test-cost.ts";
import { sdkFloor } from "./sdk-floor.ts";

const json = process.argv.includes("--json");
const quick = process.argv.includes("--quick");
// The self-test's tiers to measure: every one by default, the fast one with --quick, none with --no-self-test.
const tiersAt = process.argv.indexOf("--self-test-tiers");
const selfTestTiers = process.argv.includes("--no-self-test") ? [] : tiersAt > 0 ? (process.argv[tiersAt + 1] ?? "").split(",").filter(Boolean) : quick ? ["test"] : tierNames;
const unknownTier = selfTestTiers.find((tier) => !tierNames.includes(tier));
if (unknownTier !== undefined) {
  process.stdout.write(`unknown tier ${JSON.stringify(unknownTier)} for --self-test-tiers; known: ${tierNames.join(",")}\n`);
  process.exit(2);
}
const log = (line: string) => { if (!json) process.stdout.write(`${line}\n`); };

/** A bare `node -e 0` spawned as the SDK spawns a stdio server (its minimal environment, piped stdio), until it has exited. */
const bareNode = () => new Promise<void>((resolve, reject) => {
  const child = spawn(process.execPath, ["-e", "0"], { env: getDefaultEnvironment(), stdio: ["pipe", "pipe", "ignore"] });
  child.once("error", reject);
  child.once("close", () => resolve());
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
const results: Record<string, unknown> = { cores: availableParallelism(), load: { before: loadavg().map((l) => round(l)) } };
try {
  // 1. A stdio fake server's whole session against a bare node spawn, alike: the SDK's spawn, until exit.
  const stdioSession = (spec: StdioTransportSpec) => async () => {
    const client = new Client({ name: "bench", version: "1" });
    await client.connect(new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env, stderr: "ignore" }));
    await client.listTools();
    await client.callTool({ name: "tool_0", arguments: {} });
    await client.close(); // resolves once the server process has exited
  };
  const nodeShimServers = await startFakeServerHost({ stdioShim: "node" });
  const [stdioWorld, nodeShimWorld] = [await servers.startWorld(sizedWorld(1, 1).servers, "stdio"), await nodeShimServers.startWorld(sizedWorld(1, 1).servers, "stdio")];
  const spec = stdioWorld.endpoints[0]!.transport as StdioTransportSpec;
  const stdio = await sideBySide(stdioSession(spec), bareNode, quick ? 5 : 15);
  const nodeShim = await sideBySide(stdioSession(nodeShimWorld.endpoints[0]!.transport as StdioTransportSpec), bareNode, quick ? 5 : 15);
  await Promise.all([stdioWorld.close(), nodeShimWorld.close(), nodeShimServers.close()]);
  results.stdioShim = spec.args[0] === PERL_SHIM_PATH ? "perl" : "node";
  results.fakeServerStdioVsBareNode = round(stdio.ratio);
  results.stdioSessionMs = round(stdio.a);
  results.bareNodeMs = round(stdio.b);
  results.fakeServerStdioNodeShimVsBareNode = round(nodeShim.ratio);
  results.stdioNodeShimSessionMs = round(nodeShim.a);
  log(`fakeServerStdioVsBareNode  ${round(stdio.ratio)}  (${results.stdioShim} shim: stdio session ${round(stdio.a)} ms, bare node ${round(stdio.b)} ms)`);
  log(`fakeServerStdioNodeShimVsBareNode  ${round(nodeShim.ratio)}  (node shim: stdio session ${round(nodeShim.a)} ms, bare node ${round(nodeShim.b)} ms; target <= 1.5)`);

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

  // 4. The default run on the reference: in-process, HAP/1 + http, HAP/1 + stdio, each a process of its own
  // with the CLI's default number of workers (one per core), alternated so load hits all three alike.
  const runs = quick ? 5 : 25;
  const workers = availableParallelism();
  const sides = [["inProcess", "in-process", "memory"], ["hapHttp", "hap", "http"], ["hapStdio", "hap", "stdio"]] as const;
  const wall: Record<string, number[]> = { inProcess: [], hapHttp: [], hapStdio: [] };
  const cpu: Record<string, number[]> = { inProcess: [], hapHttp: [], hapStdio: [] };
  const repeats = quick ? 1 : 3;
  for (let i = 0; i < repeats; i++) {
    for (const [key, launcher, transport] of sides) {
      const measured = await defaultRun(launcher, transport, runs, workers);
      wall[key]!.push(measured.seconds);
      if (measured.cpuSeconds !== null) cpu[key]!.push(measured.cpuSeconds);
    }
  }
  const medians = (samples: Record<string, number[]>) => Object.fromEntries(Object.entries(samples).map(([key, values]) => [key, values.length ? round(median(values)) : null]));
  const wallMedian = medians(wall) as Record<string, number>;
  const cpuMedian = medians(cpu) as Record<string, number | null>;
  results.defaultRunSeconds = { runs, workers, repeats, ...wallMedian };
  results.defaultRunCpuSeconds = cpuMedian;
  results.hapHttpVsInProcess = round(wallMedian.hapHttp! / wallMedian.inProcess!);
  results.hapStdioVsInProcess = round(wallMedian.hapStdio! / wallMedian.inProcess!);
  results.hapHttpVsInProcessCpu = cpuMedian.inProcess ? round(cpuMedian.hapHttp! / cpuMedian.inProcess) : null;
  results.hapStdioVsInProcessCpu = cpuMedian.inProcess ? round(cpuMedian.hapStdio! / cpuMedian.inProcess) : null;
  log(`default run (${runs} runs/clause, ${workers} workers, median of ${repeats}): ${JSON.stringify(wallMedian)} s wall, ${JSON.stringify(cpuMedian)} s CPU`);
  log(`hapHttpVsInProcess         ${results.hapHttpVsInProcess}  (CPU ${results.hapHttpVsInProcessCpu}; target <= 3)`);
  log(`hapStdioVsInProcess        ${results.hapStdioVsInProcess}  (CPU ${results.hapStdioVsInProcessCpu}; target <= 5)`);

  // 5. Whether the answer gate's measured spacing keeps arrival order for a host that depends on it.
  const sessions = quick ? 10 : 40;
  results.arrivalOrderKept = { http: await arrivalOrderKept("http", sessions), stdio: await arrivalOrderKept("stdio", sessions) };
  log(`arrivalOrderKept           ${JSON.stringify(results.arrivalOrderKept)}`);

  // 6. What confirming each violation on a fresh host process costs, side by side with not confirming.
  results.freshConfirmation = await freshConfirmationCost({ quick });
  log(`freshConfirmation          ${JSON.stringify(results.freshConfirmation)}  (wall, on over off)`);
} finally {
  await servers.close();
}
results.agentSessions = await agentBench({ quick, log });
// 7. The self-test's own cost, per tier, after the rest: it runs the tiers' commands, minutes each.
results.selfTest = await selfTestCost(selfTestTiers, log);
(results.load as Record<string, number[]>).after = loadavg().map((l) => round(l));
log(`load average (1, 5, 15 min): before ${JSON.stringify((results.load as Record<string, number[]>).before)}, after ${JSON.stringify((results.load as Record<string, number[]>).after)} on ${availableParallelism()} cores`);
if (json) process.stdout.write(`${JSON.stringify(results)}\n`);

/**
 * One default run in a process of its own (bench/default-run.ts), timed from spawn to exit; its CPU is that of
 * the process and everything it reaped (adapters, shims), read from /proc on Linux (else null).
 */
async function defaultRun(launcher: string, transport: string, runs: number, workers: number): Promise<{ seconds: number; cpuSeconds: number | null }> {
  const script = fileURLToPath(new URL("./default-run.ts", import.meta.url));
  const cpuBefore = reapedCpuSeconds();
  const started = performance.now();
  const { code, out } = await new Promise<{ code: number | null; out: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, script, "--launcher", launcher, "--transport", transport, "--runs", String(runs), "--workers", String(workers), "--seed", "1"], { stdio: ["ignore", "pipe", "inherit"] });
    let text = "";
    child.stdout.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    child.once("error", reject);
    child.once("close", (exitCode) => resolve({ code: exitCode, out: text }));
  });
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = reapedCpuSeconds();
  // A side whose clauses did not all pass measured something else than the default run: the bench stops.
  if (code !== 0) throw new Error(`default run (${launcher}, ${transport}) did not pass every clause: ${out.trim()}`);
  return { seconds, cpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore };
}
