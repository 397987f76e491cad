import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { Latency } from "../../../fake-servers/index.ts";
import { latency } from "../latency.ts";
import type { ServerScriptOptions, UnreachableMode } from "../server-script.ts";
import { assertWithinBound, MAX_TOOLS_PER_SERVER } from "../world-bounds.ts";

/** The latency of a server that answers at once. */
export const noLatency: Latency = { initialize: 0, toolsList: 0 };

/** Per-server latency under the `latency` option: always zero when off. */
export function latencyFor(enabled: boolean | undefined): Arbitrary<Latency> {
  return enabled === true ? latency() : fc.constant(noLatency);
}

/** Per-server reachability under the `unreachable` option; shrinks toward reachable. */
export function unreachableFor(mode: UnreachableMode | undefined): Arbitrary<boolean> {
  if (mode === undefined || mode === "never") return fc.constant(false);
  return fc.oneof(
    { withCrossShrink: true },
    { arbitrary: fc.constant(false), weight: 3 },
    { arbitrary: fc.constant(true), weight: 1 },
  );
}

/** Bounds of a server's tool list under the options; throws on options that admit no server. */
export function toolCountBounds(options: ServerScriptOptions): { minLength: number; maxLength: number } {
  const maxLength = options.maxTools ?? 4;
  const minLength = options.allowEmpty === true ? 0 : 1;
  if (!Number.isInteger(maxLength) || maxLength < minLength) {
    throw new RangeError(`serverScript: maxTools must be an integer >= ${minLength}, got ${maxLength}`);
  }
  assertWithinBound("serverScript: maxTools", maxLength, MAX_TOOLS_PER_SERVER);
  return { minLength, maxLength };
}
