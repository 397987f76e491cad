/**
 * How a host remembers what it loaded, by name: the reference keeps servers and tools in Maps (and arrays),
 * which hold any string as an ordinary key. A host that keys a plain object (`{}`) instead meets
 * `Object.prototype`: `if (registry[name])` finds `toString`, `constructor`, `hasOwnProperty`, `valueOf` and
 * `__proto__` already there, so a tool (or a server) of that name is skipped as a duplicate with a warning;
 * and had it been assigned, `registry["__proto__"] = tool` would set the object's prototype, not a key, so
 * the tool would be missing from `Object.values(registry)` (assistant-ui PR#6999). Both are played here on a
 * real plain object, not imitated.
 */
import type { HostPolicy } from "./host-policy.ts";

const quote = (text: string) => JSON.stringify(text);

/**
 * `items` as the policy's registry keeps them, in order, keyed by `nameOf`: all of them (a Map-keyed host),
 * or those a plain object lets through, each one it skips reported to `warn` as the real hosts log it.
 */
export function keptByRegistry<T extends object>(policy: Pick<HostPolicy, "registry">, items: readonly T[], nameOf: (item: T) => string, what: string, warn: (message: string) => void): T[] {
  if (policy.registry === "map") return [...items];
  const registry: Record<string, T> = {};
  for (const item of items) {
    const name = nameOf(item);
    if (registry[name]) {
      warn(`${what} ${quote(name)} is already registered; skipped`);
      continue;
    }
    registry[name] = item;
  }
  return Object.values(registry);
}
