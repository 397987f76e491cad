import type { HostAdapter } from "../adapter/host-adapter.ts";
import { HapClient, type HapClientOptions } from "../adapter/hap-client.ts";
import type { Diagnostic } from "../protocol/open-result.ts";

/** A running host under test. */
export interface HostHandle {
  adapter: HostAdapter;
  /** True once the host can no longer be trusted to answer (crashed, hung, garbage). */
  broken(): boolean;
  stderrTail(): string;
  /** Stops the host; resolves to the run-wide diagnostics its shutdown reported, if any. */
  stop(): Promise<Diagnostic[] | void>;
  /**
   * Resolves once work abandoned at a timeout has let go of the host (guarded-host.ts), or the host was
   * declared broken for holding on; ask {@link broken} after it. Absent: nothing to wait for.
   */
  idle?(): Promise<void>;
}

/** Starts hosts under test: once per run, and again after one broke. */
export interface HostLauncher {
  /** The command line (for the report and repro lines); empty for an in-process host. */
  command: string[];
  /** The `run` arguments that name this host again, for repro lines. */
  reproArgs: string[];
  /** The built-in host's name (`reference`, a one-bug host id), when it is one: reports record it. */
  builtin?: string;
  launch(): Promise<HostHandle>;
}

/**
 * A launcher for a HAP/1 adapter process; `builtin` names it when it is a built-in host. Where the adapters
 * ran without a PID namespace (pid-namespace.ts), the first host stopped adds one diagnostics line saying
 * so and why: the report then says that a process that left both the group and the marker could outlive it.
 */
export function hapLauncher(options: HapClientOptions, reproArgs: string[] = ["--", ...options.argv], builtin?: string): HostLauncher {
  let told = false;
  return {
    command: [...options.argv],
    reproArgs,
    ...(builtin !== undefined ? { builtin } : {}),
    async launch() {
      const client = new HapClient(options);
      return {
        adapter: client,
        broken: () => client.isBroken,
        stderrTail: () => client.stderrTail(),
        stop: async () => {
          const { diagnostics } = await client.shutdown();
          const why = client.withoutPidNamespace;
          if (why === undefined || told) return diagnostics;
          told = true;
          return [...diagnostics, { level: "warning", message: `no PID namespace for the adapter (${why}): its process group and every process carrying its MCP_COLLIDE_REAP marker were killed, but a process that left both could outlive the run` }];
        },
      };
    },
  };
}

/** A launcher for an in-process host (tests, benchmarks): `create` makes a fresh one each launch. */
export function inProcessLauncher(create: () => HostAdapter): HostLauncher {
  return {
    command: [],
    reproArgs: [],
    async launch() {
      const adapter = create();
      return { adapter, broken: () => false, stderrTail: () => "", stop: async () => (await adapter.shutdown())?.diagnostics };
    },
  };
}
