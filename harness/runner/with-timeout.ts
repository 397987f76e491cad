/** `promise`, or a rejection marked `hang` after `ms` (the runner turns a hang into ERROR, never a failure). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} took longer than ${ms} ms`), { hang: true })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
