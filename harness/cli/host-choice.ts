/**
 * How a command line names the host under test: a built-in host (`--host NAME`, default `reference`) or an
 * adapter command after `--`. Shared by `run` and `repro`, so a repro line names its host the way the run
 * that wrote it did.
 */
import { hapLauncher, type HostLauncher } from "../runner/host-launcher.ts";
import { builtinHostArgv } from "./builtin-host.ts";

/** The host a command runs against, and how to name it in messages. */
export interface HostChoice {
  launcher: HostLauncher;
  /** `last-wins`, or the adapter command line. */
  label: string;
  /** The built-in host's name, when it is one. */
  builtin?: string;
}

/** Picks the host from `--host NAME` or a `-- argv` (neither: the reference host). */
export function chooseHost(options: { host?: string; hostArgv: readonly string[]; timeout: number }): HostChoice {
  const builtin = options.hostArgv.length === 0 ? (options.host ?? "reference") : undefined;
  const argv = builtin ? builtinHostArgv(builtin) : [...options.hostArgv];
  const launcher = hapLauncher(
    { argv, requestTimeoutMs: options.timeout },
    builtin ? (builtin === "reference" ? [] : ["--host", builtin]) : ["--", ...options.hostArgv],
  );
  return { launcher, label: builtin ?? options.hostArgv.join(" "), builtin };
}
