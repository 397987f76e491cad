/** Medians over repeats, measured side by side: the only kind of timing this project trusts. */

/** The median of `values` (NaN when empty). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Times `task` once, in milliseconds. */
export async function timeOnce(task: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await task();
  return performance.now() - started;
}

/**
 * Runs `a` and `b` alternately `repeats` times after `warmup` rounds, so machine noise hits both alike,
 * and returns both medians and their ratio a/b.
 */
export async function sideBySide(a: () => Promise<unknown>, b: () => Promise<unknown>, repeats: number, warmup = 2) {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < repeats; i++) {
    as.push(await timeOnce(a));
    bs.push(await timeOnce(b));
  }
  const ma = median(as);
  const mb = median(bs);
  return { a: ma, b: mb, ratio: ma / mb };
}
