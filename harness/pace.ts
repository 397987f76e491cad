/**
 * The machine's pace: how much slower than at rest work runs here now. Every wall-clock bound that waits on
 * real work (a test's timeout, an agent CLI's start) is a figure measured at rest times this factor, so a
 * loaded machine stretches the bound instead of turning slow work into a failure or an ERROR. The factor is
 * the run queue's length per core from the load averages: with L runnable processes on C cores (L > C) each
 * gets C/L of a core, so work takes L/C times as long. The larger of the 1- and 5-minute averages is taken,
 * since the 1-minute one lags a load that has just begun and the 5-minute one a load that has just eased.
 */
import { availableParallelism, loadavg } from "node:os";

/** The load now: the 1- and 5-minute load averages and the cores they are spread over. */
export interface MachineLoad {
  one: number;
  five: number;
  cores: number;
}

/** Reads the load averages (all 0 where the platform has none, as on Windows: the pace is then 1). */
export function machineLoad(): MachineLoad {
  const [one = 0, five = 0] = loadavg();
  return { one, five, cores: availableParallelism() };
}

/** How many times slower than at rest work runs now: at least 1, the run queue per core above that. */
export function pace(load: MachineLoad = machineLoad()): number {
  return Math.max(1, load.one / load.cores, load.five / load.cores);
}

/** A bound measured at rest (`ms`), stretched by the machine's pace now. */
export function paced(ms: number, load: MachineLoad = machineLoad()): number {
  return Math.ceil(ms * pace(load));
}

/** One line for a message about a bound that ran out: the load it was set at, so a reader can tell load from a hang. */
export function describeLoad(load: MachineLoad = machineLoad()): string {
  return `load average ${load.one.toFixed(1)} (1 min) / ${load.five.toFixed(1)} (5 min) on ${load.cores} cores, pace ${pace(load).toFixed(1)}x`;
}

/**
 * Polls `done` every `everyMs` until it holds (true) or a bound measured at rest (`ms`), stretched by the
 * machine's pace when the wait begins, has passed (false, after one last look). Tests that wait on processes
 * appearing or going use it, so a loaded machine makes them slower, never red.
 */
export async function pacedUntil(done: () => boolean | Promise<boolean>, ms: number, everyMs = 50): Promise<boolean> {
  for (const end = Date.now() + paced(ms); Date.now() < end; await new Promise((resolve) => setTimeout(resolve, everyMs))) {
    if (await done()) return true;
  }
  return done();
}
