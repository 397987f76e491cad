/**
 * Policy: no process an adapter starts outlives the run. Adapters run in their own process group (so a kill
 * reaches the servers they spawned), which also puts them out of reach of the terminal's Ctrl-C and of
 * execa's exit cleanup. A process that leaves the group (setsid, a daemonising host) escapes a group kill,
 * so each adapter also gets a unique marker in its environment (MCP_COLLIDE_REAP), which every descendant
 * inherits whatever group or session it moves to; on Linux a sweep of /proc/<pid>/environ kills every
 * process carrying a live marker. Every live group and marker is killed, synchronously, when the adapter is
 * done and when the harness exits for any reason, including a signal the CLI turned into an exit.
 * Elsewhere (no /proc: macOS, Windows) only the group kill runs: a process that left the group survives,
 * as does, on Linux, one started with a scrubbed environment outside the group (cgroups would catch those;
 * they are not available to an unprivileged user).
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";

/** The environment variable that marks an adapter's processes. */
export const REAP_VARIABLE = "MCP_COLLIDE_REAP";

const live = new Map<number, string | undefined>();
let hooked = false;

/** A fresh marker for one adapter's processes. */
export function newReapMarker(): string {
  return randomBytes(12).toString("hex");
}

/** Kills the process group led by `pid` (SIGKILL); a group that is already gone is not an error. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Kills (SIGKILL) every process whose environment carries one of `markers` (Linux; elsewhere a no-op) and
 * returns how many it killed. Sweeps again until one finds nothing, so a child forked mid-sweep goes too.
 */
export function killMarked(markers: Iterable<string>): number {
  const entries = new Set([...markers].map((marker) => `${REAP_VARIABLE}=${marker}`));
  if (entries.size === 0 || process.platform !== "linux") return 0;
  let killed = 0;
  for (let sweep = 0; sweep < 10; sweep++) {
    let found = 0;
    let pids: string[];
    try {
      pids = readdirSync("/proc").filter((entry) => /^\d+$/.test(entry) && Number(entry) !== process.pid);
    } catch {
      return killed;
    }
    for (const pid of pids) {
      let environ: string;
      try {
        environ = readFileSync(`/proc/${pid}/environ`, "latin1");
      } catch {
        continue; // gone, or another user's: not ours to read, so not ours either
      }
      if (!environ.split("\0").some((entry) => entries.has(entry))) continue;
      try {
        process.kill(Number(pid), "SIGKILL");
        found++;
      } catch {
        // It ended while we looked.
      }
    }
    killed += found;
    if (found === 0) break;
  }
  return killed;
}

/** Tracks the group led by `pid` (and its `marker`) until {@link untrackGroup}; both are killed on exit if still tracked. */
export function trackGroup(pid: number, marker?: string): void {
  if (!hooked) {
    hooked = true;
    process.on("exit", killTrackedGroups);
  }
  live.set(pid, marker);
}

/** Stops tracking `pid` (its group has been killed or has ended). */
export function untrackGroup(pid: number): void {
  live.delete(pid);
}

/** Kills every tracked group and marked process now; what the exit hook runs. Returns how many groups it killed. */
export function killTrackedGroups(): number {
  const count = live.size;
  for (const pid of live.keys()) killGroup(pid);
  killMarked([...live.values()].filter((marker): marker is string => marker !== undefined));
  live.clear();
  return count;
}
