/**
 * The machine's lateness, sampled on a thread of its own (plain JavaScript, so it runs as a worker under any
 * loader). A timer that should fire every `sampleMs` on an otherwise idle thread fires late by however long
 * the OS kept the thread off a core: what other processes on the machine cost a process that wants to run,
 * such as a host about to read an answer, or a stdio shim about to relay one. The serving thread's own work
 * does not count, since it cannot stall another process: it only sends its next answer later.
 *
 * As a worker (workerData.latenessSampler), it writes into the shared Int32Array, with Atomics (no torn read):
 * [0] the worst lateness of the current and the previous window, in microseconds, and [1] how many samples it
 * took (0 before the first). Imported, it only exports {@link LatenessWindows}.
 */
import { isMainThread, workerData } from "node:worker_threads";

/**
 * The worst lateness of the last one to two windows: each window keeps its worst sample, and the one
 * before it is remembered until the next begins. A window the sampler was stalled right through leaves
 * nothing but the late sample itself.
 */
export class LatenessWindows {
  /**
   * @param {number} now when the first window begins, in ms (performance.now()'s clock)
   * @param {number} windowMs how long one window lasts, in ms
   */
  constructor(now, windowMs) {
    this.windowMs = windowMs;
    this.windowStart = now;
    this.current = 0;
    this.previous = 0;
  }

  /**
   * Notes a sample taken at `now` that was `lateMs` late.
   * @param {number} now
   * @param {number} lateMs
   */
  note(now, lateMs) {
    if (now - this.windowStart >= this.windowMs) {
      this.previous = now - this.windowStart >= 2 * this.windowMs ? 0 : this.current;
      this.current = 0;
      this.windowStart = now;
    }
    this.current = Math.max(this.current, lateMs);
  }

  /** The worst lateness noted in the current window and the one before it, in ms. */
  get worst() {
    return Math.max(this.current, this.previous);
  }
}

if (!isMainThread && workerData?.latenessSampler) {
  const { shared, sampleMs, windowMs } = workerData.latenessSampler;
  const out = new Int32Array(shared);
  const windows = new LatenessWindows(performance.now(), windowMs);
  const tick = () => {
    const expectedAt = performance.now() + sampleMs;
    setTimeout(() => {
      const now = performance.now();
      windows.note(now, Math.max(0, now - expectedAt));
      Atomics.store(out, 0, Math.min(2 ** 31 - 1, Math.round(windows.worst * 1000)));
      Atomics.add(out, 1, 1);
      tick();
    }, sampleMs);
  };
  tick();
}
