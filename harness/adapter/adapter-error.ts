/** How an adapter broke: each earns ERROR for the clause in flight, never PASS and never FAIL. */
export type AdapterFailureKind = "crash" | "timeout" | "garbage" | "protocol" | "rpc-error" | "spawn";

/**
 * The adapter itself broke (crashed, hung, answered garbage or a JSON-RPC error). Distinct from anything
 * the host decided, which arrives as a result. Carries the tail of the adapter's stderr for the report.
 */
export class AdapterError extends Error {
  override readonly name = "AdapterError";
  constructor(
    readonly kind: AdapterFailureKind,
    message: string,
    readonly stderrTail = "",
  ) {
    super(message);
  }
}

/** True when `error` is an {@link AdapterError}. */
export function isAdapterError(error: unknown): error is AdapterError {
  return error instanceof AdapterError;
}
