/**
 * A deterministic name of exactly `length` characters: `stem`, then `x` up to the length, with one
 * character swapped in the middle for `variant` > 0.
 *
 * Why this shape: names of different lengths from one stem share their first characters, so cutting a
 * long name to 64 can land exactly on a shorter one; and two variants of one length share their first 30
 * and last 30 characters, so a cut-and-keep-ends shortening collapses them. The variant sits at index 64
 * when the name is long enough (>= 96), so the pair also shares its first 64 characters, with or without
 * an `mcp__{key}__` prefix in front; otherwise it sits in the exact middle.
 */
export function paddedName(stem: string, length: number, variant = 0): string {
  if (length <= stem.length) return stem.slice(0, length);
  const chars = (stem + "x".repeat(length - stem.length)).split("");
  if (variant > 0) chars[middleIndex(length)] = String(variant);
  return chars.join("");
}

/** Where {@link paddedName} puts its variant character. */
export function middleIndex(length: number): number {
  return length >= 96 ? 64 : Math.floor(length / 2);
}
