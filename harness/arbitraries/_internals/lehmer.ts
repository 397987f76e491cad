/**
 * Decodes a Lehmer code into a reordering of `items`: digit i picks, among the items not placed yet, the
 * one at index `digit`, or the last one when `digit` is past the end. An all-zero (or empty, or short)
 * code keeps the original order, so a code that shrinks toward zeros shrinks toward the identity.
 * Clamping rather than `digit % remaining` keeps shrinking monotone: a smaller digit never jumps back to
 * a farther item, so a digit stuck at 3 over two remaining items still shrinks to 1.
 */
export function decodeLehmer<T>(items: readonly T[], code: readonly number[]): T[] {
  const remaining = [...items];
  const out: T[] = [];
  for (let i = 0; i < items.length; i++) {
    const digit = code[i] ?? 0;
    const [picked] = remaining.splice(Math.min(digit, remaining.length - 1), 1);
    out.push(picked as T);
  }
  return out;
}
