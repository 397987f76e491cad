/** Medians over repeats, measured side by side: the only kind of timing this project trusts. */
import { readFileSync } from "node:fs";

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

/**
 * CPU seconds (user + system) of every descendant this process has reaped, and that they reaped in turn
 * (cutime + cstime of /proc/self/stat): a child's whole process tree, once it has exited. Linux only (null
 * elsewhere). CPU rather than wall time is what a shared machine cannot inflate by making a run wait.
 */
export function reapedCpuSeconds(): number | null {
  try {
    const stat = readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 16 and 17 of stat(5); the slice starts at field 3. USER_HZ is 100 on Linux.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}

/** `value` rounded to `digits` decimals, as a number (for JSON). */
export function round(value: number, digits = 2): number {
  return Number(value.toFixed(digits));
}
