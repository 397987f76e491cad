/**
 * How late the machine lets a process run right now, for the answer gate's spacing over a wire. Two answers
 * sent a few milliseconds apart reach a host in the other order when something on their way (the host, a
 * stdio shim) is kept off a core between them; on a loaded machine that is tens of milliseconds, at rest a
 * few. A fixed floor had to be sized for the loaded case and cost every session at rest, so the gate spaces
 * answers by a few times the lateness measured now (fake-servers/lag-sampler.mjs: a thread that only sleeps
 * and measures how late it wakes).
 *
 * One sampler thread per process, shared by every fake server host in it: each holds it while it is open
 * ({@link holdLoopLag}). The thread lingers {@link LAG_LINGER_MS} after the last holder lets go (tests open
 * and close hosts back to back), then ends; it is unref'd, so it never keeps the process alive.
 */
import { Worker } from "node:worker_threads";

/** How often the sampler asks to wake, in ms. */
export const LAG_SAMPLE_MS = 10;
/** How long one sample is remembered, in ms: the lateness is the worst of the last one to two windows. */
export const LAG_WINDOW_MS = 1_000;
/** How long the sampler thread outlives its last holder, in ms. */
export const LAG_LINGER_MS = 2_000;

let holders = 0;
let sampler: { worker: Worker; out: Float64Array } | undefined;
let linger: NodeJS.Timeout | undefined;

function startSampler(): { worker: Worker; out: Float64Array } {
  const shared = new SharedArrayBuffer(2 * Float64Array.BYTES_PER_ELEMENT);
  const worker = new Worker(new URL("./lag-sampler.mjs", import.meta.url), {
    workerData: { lagSampler: { shared, sampleMs: LAG_SAMPLE_MS, windowMs: LAG_WINDOW_MS } },
    // The sampler needs no loader, no flags of the parent's and no stdin.
    execArgv: [], stdin: false,
  });
  worker.unref();
  // A sampler that fails leaves the lateness at what it last measured; the spacing then falls back to the host's pace.
  worker.on("error", () => undefined);
  return { worker, out: new Float64Array(shared) };
}

/**
 * Starts the sampler for one holder (a fake server host); the returned function lets go of it, once.
 */
export function holdLoopLag(): () => void {
  holders += 1;
  clearTimeout(linger);
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
    }, LAG_LINGER_MS);
    linger.unref();
  };
}

/** Whether the sampler thread has taken a sample since it started. */
export function lagSampled(): boolean {
  return sampler !== undefined && (sampler.out[1] ?? 0) > 0;
}

/** Whether a sampler thread is running (held, or lingering after its last holder). */
export function lagSamplerRunning(): boolean {
  return sampler !== undefined;
}

/**
 * The machine's recent lateness, in ms: the worst the sampler saw over the last one to two windows, or how
 * overdue its next sample is when it is late right now. 0 while nobody holds it or before its first sample.
 */
export function recentLoopLagMs(): number {
  if (holders === 0 || sampler === undefined) return 0;
  const [worst = 0, sampledAt = 0] = sampler.out;
  if (sampledAt === 0) return worst;
  return Math.max(worst, Date.now() - sampledAt - LAG_SAMPLE_MS);
}
