/**
 * Work on a host the harness may give up on (a case, the clean-world open that reads a host's join): it runs
 * in an async context of its own, so that once it is abandoned at its timeout every host adapter guarded by
 * guarded-host.ts can tell its late requests from everyone else's. A promise cannot be cancelled; abandoned
 * work keeps running until its pending request settles, and without this its next request would reach the
 * host beside the next case's (an adapter answers one request at a time: HapClient calls that a harness bug).
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** One piece of timed work, as a host guard sees it. */
export interface Work {
  /** What it is, for messages ("one case of naming/unique"). */
  readonly what: string;
  /** True once this work, or the work it runs inside, was given up on at its timeout. */
  readonly abandoned: boolean;
  /** Resolves when the work's promise has settled, whichever way. */
  readonly settled: Promise<void>;
}

class TimedWork implements Work {
  abandonedHere = false;
  readonly settled: Promise<void>;
  settle!: () => void;

  constructor(readonly what: string, private readonly parent: Work | undefined) {
    this.settled = new Promise((resolve) => (this.settle = resolve));
  }

  get abandoned(): boolean {
    return this.abandonedHere || (this.parent?.abandoned ?? false);
  }
}

const context = new AsyncLocalStorage<Work>();

/** The timed work the caller runs in, if any. */
export function currentWork(): Work | undefined {
  return context.getStore();
}

/** The error a guarded host throws for a request of abandoned work: it is not sent to the host. */
export class AbandonedRequest extends Error {
  constructor(method: string, work: Work) {
    super(`${method} not sent: ${work.what} was abandoned at its timeout`);
  }
}

/**
 * `body()`, or a rejection marked `hang` after `ms` (the runner turns a hang into ERROR, never a failure). On
 * the timeout the work is abandoned: guarded hosts send none of its later requests but the closing of the
 * sessions it opened, and ask nothing else until it has settled (guarded-host.ts).
 */
export function timedWork<T>(ms: number, what: string, body: () => Promise<T>): Promise<T> {
  const work = new TimedWork(what, context.getStore());
  const running = context.run(work, async () => body());
  void running.then(work.settle, work.settle);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      work.abandonedHere = true;
      reject(Object.assign(new Error(`${what} took longer than ${ms} ms`), { hang: true }));
    }, ms);
  });
  return Promise.race([running, timeout]).finally(() => clearTimeout(timer));
}

/** Whether `error` is a request of abandoned work that a guarded host refused to send. */
export function isAbandonedRequest(error: unknown): boolean {
  return error instanceof AbandonedRequest;
}
