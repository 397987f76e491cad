/**
 * Policy: a host is asked one thing at a time, and work the harness abandoned at a timeout (timed-work.ts)
 * lets go of the host before anything else is asked. None of the abandoned work's later requests is sent,
 * except the closing of the sessions it opened (an open answered after its timeout leaves no session behind
 * on the host; observeSession and withLifecycleWorld close their fake servers either way). Every other
 * request waits until the abandoned work has settled. A host that does not let go within `settleMs` (its
 * pending request never answered) is stuck: its handle reports it broken, so the runner replaces it as it
 * replaces a crashed host, and a request that waited fails as a hang: ERROR, never a verdict on the host.
 */
import { AdapterError } from "../adapter/adapter-error.ts";
import type { HostHandle, HostLauncher } from "./host-launcher.ts";
import { wrapRequests, type AdapterCall } from "./tap.ts";
import { AbandonedRequest, currentWork, type Work } from "./timed-work.ts";

class HostGuard {
  /** Timed work that has sent this host a request and not settled yet. */
  readonly #works = new Set<Work>();
  /** The sessions each of them opened here and has not closed. */
  readonly #sessions = new Map<Work, Set<string>>();
  #stuck: AdapterError | undefined;

  constructor(private readonly settleMs: number) {}

  /** Why the host is stuck, once abandoned work failed to let go of it in time. */
  get stuck(): AdapterError | undefined {
    return this.#stuck;
  }

  /** Resolves once no abandoned work holds the host, or once it is declared stuck for holding on past `settleMs`. */
  async idle(): Promise<void> {
    const holding = [...this.#works].filter((work) => work.abandoned);
    if (holding.length === 0 || this.#stuck) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), this.settleMs)));
    const settled = Promise.all(holding.map((work) => work.settled)).then(() => true as const);
    if (await Promise.race([settled, late]).finally(() => clearTimeout(timer))) return;
    this.#stuck ??= new AdapterError("timeout", `the host had not finished ${holding.map((work) => work.what).join(", ")} ${this.settleMs} ms after it was abandoned at its timeout`);
  }

  /** Runs `send` (the request `method`, about `session`) for the caller's work, as the policy above says. */
  async request<T>(method: AdapterCall["method"], session: string | undefined, send: () => Promise<T>): Promise<T> {
    const work = currentWork();
    if (work?.abandoned) {
      if (method !== "close" || session === undefined || !this.#sessions.get(work)?.has(session)) throw new AbandonedRequest(method, work);
    } else {
      await this.idle();
      if (this.#stuck) throw this.#stuck;
      // Its own timeout may have fired while it waited.
      if (work?.abandoned) throw new AbandonedRequest(method, work);
    }
    if (work === undefined) return send();
    this.#hold(work);
    const opened = this.#sessions.get(work)!;
    try {
      const result = await send();
      if (method === "open") opened.add((result as { session: string }).session);
      return result;
    } finally {
      if (method === "close" && session !== undefined) opened.delete(session);
    }
  }

  #hold(work: Work): void {
    if (this.#works.has(work)) return;
    this.#works.add(work);
    this.#sessions.set(work, new Set());
    void work.settled.then(() => {
      this.#works.delete(work);
      this.#sessions.delete(work);
    });
  }
}

/** `handle` with its adapter guarded; `idle` waits for abandoned work to let go (settleMs at most). */
export function guardedHandle(handle: HostHandle, settleMs: number): HostHandle {
  const guard = new HostGuard(settleMs);
  return {
    adapter: wrapRequests(handle.adapter, (method, fn) => (...args) =>
      guard.request(method, method === "open" || method === "initialize" ? undefined : args[0] as string, () => fn(...args))),
    broken: () => guard.stuck !== undefined || handle.broken(),
    stderrTail: () => handle.stderrTail(),
    // Stopping ends whatever the host was still doing for abandoned work: nothing to wait for.
    stop: () => handle.stop(),
    idle: () => guard.idle(),
  };
}

/** A launcher whose every host is guarded (see {@link guardedHandle}). */
export function guardedLauncher(launcher: HostLauncher, settleMs: number): HostLauncher {
  return { ...launcher, launch: async () => guardedHandle(await launcher.launch(), settleMs) };
}
