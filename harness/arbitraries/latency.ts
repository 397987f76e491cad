import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { Latency } from "../../fake-servers/index.ts";

/** Options of {@link latency}. */
export interface LatencyOptions {
  /** Delays to pick from, in milliseconds, smallest first (default `[0, 5, 20, 60]`). */
  delays?: readonly number[];
}

/** The default delays: far enough apart that the order answers arrive in is not left to scheduling noise. */
export const defaultDelays = [0, 5, 20, 60] as const;

/**
 * How long a fake server waits before answering `initialize` and `tools/list`, each chosen on its own, so
 * across servers the answers arrive in every order. Shrinks toward answering at once.
 */
export function latency(options: LatencyOptions = {}): Arbitrary<Latency> {
  const delays = options.delays ?? defaultDelays;
  if (delays.length === 0) throw new RangeError("latency: at least one delay is needed");
  return fc.record({ initialize: fc.constantFrom(...delays), toolsList: fc.constantFrom(...delays) });
}
