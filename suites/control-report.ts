import { inProcessLauncher, runClauses, type Report } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { controlRun } from "./expected-failures.ts";
import { clauses } from "./index.ts";

/**
 * How long a server that never answers holds its connection in a built-in host's run: the built-in hosts set no
 * bound of their own and wait for the drop, so its length changes no verdict; at the default 1 s, such servers
 * were two thirds of a control run's time (4 of 6 s per host).
 */
export const BUILT_IN_STALL_MS = 100;

/**
 * A built-in host's control run: every clause, in-process over memory transport, at the controls' seed and run
 * count (controlRun). `bug` names a one-bug host; none is the reference. suites/controls.test.ts judges these
 * runs against the answer key, and suites/write-matrix.ts writes the examples' matrix from them.
 */
export function controlReport(bug?: string): Promise<Report> {
  return runClauses({ clauses, launcher: inProcessLauncher(() => createHost(bug)), transport: "memory", ...controlRun, stallMs: BUILT_IN_STALL_MS });
}
