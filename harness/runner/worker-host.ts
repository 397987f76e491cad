/**
 * One worker's host process: the one it runs on, a relaunch after it broke, and a fresh one on demand (to
 * confirm a violation, fresh-hosts.ts). Once a run has needed a fresh process, a spare is launched and
 * initialized in the background after each replacement, so the next confirmation does not wait for a host
 * to start; a run that never needs one launches no spare. Every process this starts is handed back by
 * {@link WorkerHost.finish} to be stopped: none outlives the run.
 */
import type { Diagnostic } from "../protocol/open-result.ts";
import type { HostHandle, HostLauncher } from "./host-launcher.ts";

/** A launched and initialized host, or the failure to get one (surfaced when it is taken). */
type Ready = Promise<{ handle?: HostHandle; error?: unknown }>;

export class WorkerHost {
  #handle: HostHandle | undefined;
  #ahead: Promise<HostHandle> | undefined;
  #spare: Ready | undefined;
  /** Handles whose start failed half-way (launched, then initialize threw): still stopped at the end. */
  readonly #orphans: HostHandle[] = [];

  /**
   * `first`: a host already initialized; `ahead`: one launched ahead of time, initialized when first needed;
   * `diagnostics`: where a replaced host's shutdown report goes.
   */
  constructor(
    private readonly launcher: HostLauncher,
    first: HostHandle | undefined,
    ahead: Promise<HostHandle> | undefined,
    private readonly diagnostics: Diagnostic[],
  ) {
    this.#handle = first;
    this.#ahead = ahead;
  }

  /** The host the worker runs on now. */
  get handle(): HostHandle | undefined {
    return this.#handle;
  }

  /** Makes sure a working host is there: the one launched ahead, the current one, or a relaunch after a break. */
  async recover(): Promise<void> {
    if (this.#ahead) {
      const next = this.#ahead;
      this.#ahead = undefined;
      this.#handle = await next;
      await this.#handle.adapter.initialize();
      return;
    }
    // A case abandoned at its timeout may still hold the host: whether it broke is known once it let go.
    await this.#handle?.idle?.();
    if (this.#handle && !this.#handle.broken()) return;
    await this.#handle?.stop().catch(() => undefined);
    this.#handle = undefined;
    this.#handle = await this.#start();
  }

  /** Replaces the current host with a fresh process that has served nothing, and readies a spare for next time. */
  async replace(): Promise<void> {
    if (this.#ahead) return this.recover();
    const old = this.#handle;
    this.#handle = undefined;
    const said = await old?.stop().catch(() => undefined);
    if (said) this.diagnostics.push(...said);
    const spare = this.#spare;
    this.#spare = undefined;
    const ready = spare ? await spare : undefined;
    this.#handle = ready?.handle ?? await this.#start();
    this.#spare = this.#ready();
  }

  /** Every host this worker still holds (current, spare, launched ahead), for the run to stop. */
  async finish(): Promise<HostHandle[]> {
    const held = [...this.#orphans];
    if (this.#handle) held.push(this.#handle);
    if (this.#ahead) held.push(...[await this.#ahead.catch(() => undefined)].filter((h): h is HostHandle => h !== undefined));
    const spare = this.#spare ? await this.#spare : undefined;
    if (spare?.handle) held.push(spare.handle);
    this.#ahead = undefined;
    this.#spare = undefined;
    this.#handle = undefined;
    return held;
  }

  async #start(): Promise<HostHandle> {
    const handle = await this.launcher.launch();
    try {
      await handle.adapter.initialize();
    } catch (error) {
      this.#orphans.push(handle);
      throw error;
    }
    return handle;
  }

  /** A spare started now; a failure to start is kept for whoever takes it (replace starts afresh then). */
  #ready(): Ready {
    return this.#start().then((handle) => ({ handle }), (error: unknown) => ({ error }));
  }
}
