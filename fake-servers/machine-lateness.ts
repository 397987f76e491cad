/**
 * How late the machine lets a process run right now, for the answer gate's spacing over a wire. Two answers
 * sent a few milliseconds apart reach a host in the other order when something on their way (the host, a
 * stdio shim) is kept off a core between them; on a loaded machine that is tens of milliseconds, at rest a
 * few. A fixed floor had to be sized for the loaded case and cost every session at rest, so the gate spaces
 * answers by a few times the lateness measured now (fake-servers/lateness-sampler.mjs: a thread that only
 * sleeps and measures how late it wakes; the serving thread's own work does not count, since it cannot stall
 * another process, it only sends its next answer later).
 *
 * One sampler thread per process, shared by every fake server host in it: each holds it while it is open
 * ({@link holdLatenessSampler}). The thread lingers {@link LATENESS_LINGER_MS} after the last holder lets go
 * (tests open and close hosts back to back), then ends; it is unref'd, so it never keeps the process alive.
 * A sampler that has not sampled yet, or that failed, gives no lateness (undefined), and the gate then keeps
 * the spacing it used before the machine's lateness was measured.
 */
import { Worker } from "node:worker_threads";

/** How often the sampler asks to wake, in ms. */
export const LATENESS_SAMPLE_MS = 10;
/** How long one sample is remembered, in ms: the lateness is the worst of the last one to two windows. */
export const LATENESS_WINDOW_MS = 1_000;
/** How long the sampler thread outlives its last holder, in ms. */
export const LATENESS_LINGER_MS = 2_000;

interface Sampler {
  worker: Worker;
  /** [0] worst lateness in microseconds, [1] samples taken (see lateness-sampler.mjs). */
  out: Int32Array;
  /** The thread ended or failed: what it wrote no longer says anything about now. */
  ended: boolean;
}

let holders = 0;
let sampler: Sampler | undefined;
let linger: NodeJS.Timeout | undefined;

function startSampler(): Sampler {
  const shared = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  const worker = new Worker(new URL("./lateness-sampler.mjs", import.meta.url), {
    workerData: { latenessSampler: { shared, sampleMs: LATENESS_SAMPLE_MS, windowMs: LATENESS_WINDOW_MS } },
    // The sampler needs no loader, no flags of the parent's and no stdin.
    execArgv: [], stdin: false,
  });
  worker.unref();
  const started: Sampler = { worker, out: new Int32Array(shared), ended: false };
  const end = () => {
    started.ended = true;
  };
  worker.on("error", end);
  worker.once("exit", end);
  return started;
}

/** Starts the sampler for one holder (a fake server host); the returned function lets go of it, once. */
export function holdLatenessSampler(): () => void {
  holders += 1;
  clearTimeout(linger);
  if (sampler?.ended) sampler = undefined;
  sampler ??= startSampler();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holders -= 1;
    if (holders > 0) return;
    linger = setTimeout(() => {
      void sampler?.worker.terminate();
      sampler = undefined;
    }, LATENESS_LINGER_MS);
    linger.unref();
  };
}

/** Whether the sampler thread has taken a sample and is still running. */
export function latenessSampled(): boolean {
  return sampler !== undefined && !sampler.ended && Atomics.load(sampler.out, 1) > 0;
}

/** Whether a sampler thread is running (held, or lingering after its last holder). */
export function latenessSamplerRunning(): boolean {
  return sampler !== undefined && !sampler.ended;
}

/**
 * The machine's recent lateness, in ms: the worst the sampler saw over the last one to two windows. Undefined
 * while nobody holds it, before its first sample, and once its thread has ended or failed.
 */
export function machineLatenessMs(): number | undefined {
  if (holders === 0 || sampler === undefined || sampler.ended || Atomics.load(sampler.out, 1) === 0) return undefined;
  return Atomics.load(sampler.out, 0) / 1000;
}
