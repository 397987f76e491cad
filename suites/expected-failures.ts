/**
 * The controls' answer key: for each built-in host, exactly the clauses it must fail (status `fail`, or
 * `warn` for a SHOULD clause) at the control seed and run count. The reference fails none. A change here is
 * a change in what a clause can see, and needs a reason in its commit.
 */

/** The seed and run count the controls use, in-process and through HAP/1 alike. */
export const controlRun = { seed: 7, runs: 20 } as const;

/** Clause ids each host must fail, and no others. */
export const expectedFailures: Record<string, string[]> = {
  reference: [],
  "last-wins": ["order/config-permutation", "surface/no-silent-loss", "surface/shortfall-names-missing", "surface/all-or-nothing", "names/injective", "names/profile"],
  "first-wins": ["order/config-permutation", "surface/no-silent-loss", "surface/shortfall-names-missing", "surface/all-or-nothing", "names/profile"],
  "qualify-on-collision": ["names/context-free", "names/profile"],
  "single-underscore": ["order/config-permutation", "surface/no-silent-loss", "surface/shortfall-names-missing", "names/injective", "names/profile"],
  "cut-at-64": ["surface/no-silent-loss", "surface/shortfall-names-missing", "surface/all-or-nothing", "names/injective", "names/profile"],
  "label-from-server-info": ["surface/no-silent-loss", "names/label-from-config"],
  "arrival-order": ["order/config-permutation", "order/arrival-timing", "surface/no-silent-loss", "surface/shortfall-names-missing", "surface/all-or-nothing", "names/profile"],
  "visible-as-wire": ["wire/passthrough"],
  "silent-shortfall": ["surface/no-silent-loss", "surface/shortfall-names-missing", "surface/all-or-nothing", "names/profile"],
  "nonempty-check": ["surface/empty-server-ok"],
  "bare-fallback": ["wire/unknown-name"],
  "random-label": ["order/config-permutation", "order/arrival-timing", "names/context-free", "names/label-from-config", "names/deterministic", "names/profile"],
  "anonymous-errors": ["surface/no-silent-loss", "surface/shortfall-names-missing", "names/profile", "diag/errors-name-server"],
  "unchecked-names": ["names/provider-valid", "names/profile"],
  concatenate: ["order/config-permutation", "wire/passthrough", "wire/no-cross-routing", "names/injective", "names/profile"],
};
