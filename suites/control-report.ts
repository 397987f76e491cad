import { inProcessLauncher, runClauses, type Report } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { controlRun } from "./expected-failures.ts";
import { clauses } from "./index.ts";

/**
 * A built-in host's control run: every clause, in-process over memory transport, at the controls' seed and run
 * count (controlRun). `bug` names a one-bug host; none is the reference. suites/controls.test.ts judges these
 * runs against the answer key, and suites/write-matrix.ts writes the examples' matrix from them.
 */
export function controlReport(bug?: string): Promise<Report> {
  return runClauses({ clauses, launcher: inProcessLauncher(() => createHost(bug)), transport: "memory", ...controlRun });
}
