/**
 * Kept apart from initialize-result.ts, which the adapter kit re-exports whole: this is the harness's own
 * bookkeeping, not part of the public kit.
 */
import type { InitializeResult } from "./initialize-result.ts";

/**
 * The capability names an adapter's `initialize` answer held, as sent (before absent ones became false),
 * per parsed answer: a run reports a capability named false ("declared absent") apart from one not named at
 * all ("not declared"). Only answers read over HAP/1 are here.
 */
export const namedCapabilities = new WeakMap<InitializeResult, string[]>();
