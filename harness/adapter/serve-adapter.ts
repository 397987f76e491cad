/**
 * The whole life of an adapter process in one call, for adapter authors: serve HAP/1 on stdin/stdout until
 * `shutdown` is answered or the harness closes stdin, shut the host down (again, when `shutdown` already
 * did: covering a stdin that ended without one), and exit 0. Exiting explicitly matters: an HTTP client's
 * keep-alive socket or a forgotten timer must not hold the adapter open after the harness is done with it.
 * But not before stdout has drained: a pipe takes 64 KiB at once and Node queues the rest, which
 * `process.exit` would drop, so a long `shutdown` answer (an agent CLI's outbound record) would end mid-line.
 * stdout carries HAP/1 only, so the console's stdout methods are pointed at stderr first: a host library
 * that logs with console.log must not corrupt the protocol.
 */
import { Console } from "node:console";
import type { HostAdapter } from "./host-adapter.ts";
import { serveHap } from "./serve-hap.ts";

/** The console methods that write to stdout. */
const STDOUT_METHODS = ["log", "info", "debug", "dir", "dirxml", "table", "group", "groupCollapsed"] as const;

/** Points every console method that writes to stdout at stderr. */
export function consoleToStderr(): void {
  const toStderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  for (const method of STDOUT_METHODS) console[method] = toStderr[method].bind(toStderr) as never;
}

/**
 * Serves `host` over HAP/1 on this process's stdin/stdout (console output going to stderr), then shuts it
 * down and exits the process. `host.shutdown()` may therefore run twice and must tolerate it. Never resolves.
 */
export async function serveAdapter(host: HostAdapter): Promise<never> {
  consoleToStderr();
  await serveHap(host);
  await host.shutdown();
  await drained(process.stdout);
  process.exit(0);
}

/** Resolves once everything written to `stream` so far has been handed to the OS (or the stream broke: nobody reads it). */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    stream.once("error", () => resolve());
    // A write's callback runs once it, and so every write queued before it, is done.
    stream.write("", () => resolve());
  });
}
