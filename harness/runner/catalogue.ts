/**
 * The clause registry: catalogue ids in catalogue order (the catalogue is docs/clauses.md, generated from
 * the clauses themselves), and the loader that finds clause definitions in `*.suite.ts` files at run time,
 * the way a test runner finds tests. Ids are public and stable forever; a changed meaning gets a new id.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Clause } from "./clause.ts";

/** Every clause id of the catalogue (harness/version.ts), in catalogue order. */
export const catalogueIds = [
  "order/config-permutation", "order/arrival-timing", "order/stable-list",
  "surface/no-silent-loss", "surface/empty-server-ok", "surface/shortfall-names-missing", "surface/all-or-nothing",
  "surface/failing-server-named", "surface/one-failure-contained",
  "wire/passthrough", "wire/no-cross-routing", "wire/unknown-name", "wire/tool-error-reaches-model", "wire/identity-by-key",
  "names/injective", "names/context-free", "names/provider-valid", "names/label-from-config", "names/deterministic",
  "guard/every-shape", "guard/local-occupant",
  "drift/refresh-tracks-list", "drift/unreachable-prunes-nothing", "drift/list-changed", "drift/pin-holds-changes", "drift/mid-session-loss",
  "options/keyed-by-wire", "options/unknown-key", "surface/allow-deny", "schema/hostile-schema", "wire/at-most-once",
  "names/profile", "diag/errors-name-server",
  "lifecycle/sessions-independent",
  // Issue 40: deferred tools, what reaches the model beside a name, calls closed cleanly.
  "surface/deferred-reachable", "schema/input-schema-intact", "wire/cancels-only-pending",
  "prompts/no-silent-loss", "prompts/injective", "prompts/context-free", "prompts/get-routes", "prompts/order-independent", "prompts/tracks-list",
  "prompts/failing-server-named",
  "resources/no-silent-loss", "resources/read-routes", "resources/shared-uri", "resources/template-not-doubled", "resources/tracks-list",
  "resources/failing-server-named",
] as const;

function isClause(value: unknown): value is Clause {
  const candidate = value as Partial<Clause> | null;
  return typeof candidate === "object" && candidate !== null && typeof candidate.id === "string" &&
    typeof candidate.check === "function" && typeof candidate.arbitrary === "function";
}

/** Orders anything with a clause id as the catalogue does; ids outside it (extensions) come last, by id. */
export function inCatalogueOrderById<T extends { id: string }>(items: readonly T[]): T[] {
  const rank = (id: string) => {
    const index = (catalogueIds as readonly string[]).indexOf(id);
    return index < 0 ? catalogueIds.length : index;
  };
  return [...items].sort((a, b) => rank(a.id) - rank(b.id) || a.id.localeCompare(b.id));
}

/** Orders clauses as the catalogue does; ids outside it (extensions) come last, by id. */
export function inCatalogueOrder(clauses: readonly Clause[]): Clause[] {
  return inCatalogueOrderById(clauses);
}

/** Imports every `*.suite.ts` below `directory` and returns the clauses they export, once each, in catalogue order. */
export async function loadSuites(directory: string): Promise<Clause[]> {
  const entries = await readdir(directory, { recursive: true });
  const files = entries.filter((entry) => entry.endsWith(".suite.ts")).sort();
  const found = new Map<string, Clause>();
  for (const file of files) {
    const module: Record<string, unknown> = await import(pathToFileURL(join(directory, file)).href);
    for (const value of Object.values(module)) {
      if (isClause(value)) {
        const other = found.get(value.id);
        if (other && other !== value) throw new Error(`two definitions of clause ${value.id} in ${directory}`);
        found.set(value.id, value);
      }
    }
  }
  return inCatalogueOrder([...found.values()]);
}

/** The built-in clauses: every `*.suite.ts` shipped in the package's suites/ folder, in catalogue order. */
export function builtinClauses(): Promise<Clause[]> {
  return loadSuites(fileURLToPath(new URL("../../suites/", import.meta.url)));
}
