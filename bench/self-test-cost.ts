/**
 * The self-test's own cost, per tier (`npm run bench` reports it as `selfTest`): each tier's command
 * (`npm test`, `npm run test:<tier>`, harness/test-support/tiers.ts) run once in a process of its own, wall
 * seconds from spawn to exit and the CPU seconds of everything it reaped (vitest, its workers, the hosts they
 * started), with the load averages around it: on a shared machine CPU is the figure wall time cannot inflate.
 */
import { spawn } from "node:child_process";
import { loadavg } from "node:os";
import { packageRoot } from "../harness/index.ts";
import { heavyTiers } from "../harness/test-support/tiers.ts";
import { reapedCpuSeconds, round } from "./measure.ts";

/** One tier's cost: its command, whether it passed, wall and CPU seconds, the 1-minute load average before and after. */
export interface TierCost {
  command: string;
  passed: boolean;
  wallSeconds: number;
  cpuSeconds: number | null;
  load: [number, number];
}

/** Every tier's name: `test` (npm test) and each heavy tier. */
export const tierNames = ["test", ...heavyTiers.map(({ tier }) => tier)];

/** Runs each named tier's command in turn and measures it; its output goes to stderr, so `--json` stays one line. */
export async function selfTestCost(tiers: readonly string[], log: (line: string) => void): Promise<Record<string, TierCost>> {
  const costs: Record<string, TierCost> = {};
  for (const tier of tiers) {
    const args = tier === "test" ? ["test"] : ["run", `test:${tier}`];
    const loadBefore = loadavg()[0]!;
    const cpuBefore = reapedCpuSeconds();
    const started = performance.now();
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn("npm", args, { cwd: packageRoot, stdio: ["ignore", process.stderr, process.stderr] });
      child.once("error", reject);
      child.once("close", resolve);
    });
    const wallSeconds = round((performance.now() - started) / 1000, 1);
    const cpuAfter = reapedCpuSeconds();
    costs[tier] = {
      command: `npm ${args.join(" ")}`, passed: code === 0, wallSeconds,
      cpuSeconds: cpuBefore === null || cpuAfter === null ? null : round(cpuAfter - cpuBefore, 1), load: [round(loadBefore), round(loadavg()[0]!)],
    };
    log(`selfTest ${tier.padEnd(9)} ${JSON.stringify(costs[tier])}`);
  }
  return costs;
}
