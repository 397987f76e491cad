/**
 * Policy: no adapter process outlives the harness. Adapters run in their own process group (so a kill
 * reaches the servers they spawned), which also puts them out of reach of the terminal's Ctrl-C and of
 * execa's exit cleanup. Every live group is tracked here and killed, synchronously, when the harness
 * process exits for any reason, including a signal the CLI turned into an exit.
 */

const live = new Set<number>();
let hooked = false;

/** Kills the process group led by `pid` (SIGKILL); a group that is already gone is not an error. */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // ESRCH: the group is already gone.
  }
}

/** Tracks the group led by `pid` until {@link untrackGroup}; killed on exit if still tracked. */
export function trackGroup(pid: number): void {
  if (!hooked) {
    hooked = true;
    process.on("exit", killTrackedGroups);
  }
  live.add(pid);
}

/** Stops tracking `pid` (its group has been killed or has ended). */
export function untrackGroup(pid: number): void {
  live.delete(pid);
}

/** Kills every tracked group now; what the exit hook runs. Returns how many groups it killed. */
export function killTrackedGroups(): number {
  const count = live.size;
  for (const pid of live) killGroup(pid);
  live.clear();
  return count;
}
