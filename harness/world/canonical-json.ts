/**
 * JSON with object keys sorted at every depth: two values that mean the same JSON compare equal as strings,
 * whatever their key order or prototypes. Used to compare arguments and to hash definitions.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === "object") {
    // No prototype: a "__proto__" key is kept as data (on a plain object, assigning it would set the
    // prototype and drop the key from the JSON, so a hash would not cover it).
    const sorted: Record<string, unknown> = Object.create(null);
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}
