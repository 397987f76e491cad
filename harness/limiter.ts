/**
 * `limiter(width)`: runs the work it is given at most `width` at a time, in the order asked. The self-test's
 * real-host replays and CLI controls use it to keep two processes busy on a 2-core runner, no more.
 */
export function limiter(width: number): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const queue: Array<() => void> = [];
  return async (work) => {
    if (running >= width) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await work();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}
