/**
 * What confirming every violation on a fresh host process costs (harness/runner/fresh-hosts.ts), for the
 * bench: one-bug hosts that fail many clauses, each a HAP/1 adapter process with http servers as a user's
 * run has them, every clause at a few random cases, with confirmation on and off side by side (the sides
 * alternate, so machine noise hits both alike). Confirmation costs one adapter start and one case per
 * failing clause; nothing when every clause passes.
 */
import { builtinHostArgv, hapLauncher, runClauses } from "../harness/index.ts";
import { clauses } from "../suites/index.ts";
import { round, sideBySide } from "./measure.ts";

/** Hosts with many failing clauses: the most confirmations a run of a built-in host makes. */
const HOSTS = ["anonymous-errors", "last-wins", "random-label"] as const;

/** Median wall time of the hosts' runs with confirmation on over off, and both medians in seconds. */
export async function freshConfirmationCost(options: { quick: boolean }): Promise<{ onSeconds: number; offSeconds: number; ratio: number; hosts: readonly string[] }> {
  const runAll = (confirmFresh: boolean) => async () => {
    for (const host of HOSTS) {
      await runClauses({ clauses, launcher: hapLauncher({ argv: builtinHostArgv(host) }), transport: "http", seed: 1, runs: 2, workers: 1, confirmFresh });
    }
  };
  const measured = await sideBySide(runAll(true), runAll(false), options.quick ? 1 : 3, options.quick ? 0 : 1);
  return { onSeconds: round(measured.a / 1000), offSeconds: round(measured.b / 1000), ratio: round(measured.ratio), hosts: HOSTS };
}
