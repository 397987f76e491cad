/**
 * A comparison of sessions (see ComparisonSchema) as every format reads it: which rows differ, and the
 * same table as plain text lines for JUnit bodies and the console. Host strings arrive JSON-quoted by the
 * runner; each renderer still escapes for its own format.
 */
import { lookAlikeNote } from "./look-alike.ts";
import type { Comparison } from "./report-model.ts";

/** True when the sessions disagree on this row (a name shown in one only, or routed elsewhere). */
export function rowDiffers(row: Comparison["rows"][number]): boolean {
  return row.routes.some((route) => route !== row.routes[0]);
}

/** True when the sessions' errors disagree. */
export function errorsDiffer(comparison: Comparison): boolean {
  return comparison.errors.some((text) => text !== comparison.errors[0]);
}

/** True when the sessions listed their names in different orders (only a comparison that records the order). */
export function orderDiffers(comparison: Comparison): boolean {
  return comparison.order !== undefined && comparison.order.some((text) => text !== comparison.order![0]);
}

/** A route cell: where the call went, or that the name was not shown. */
export const routeText = (route: string | null) => route ?? "(not shown)";

/** The comparison as text lines: one per session title, then one per shown name, `≠` marking a difference. */
export function comparisonLines(comparison: Comparison): string[] {
  const head = comparison.titles.map((title, index) => `session ${index + 1}: ${title}`);
  const rows = comparison.rows.map((row) =>
    `${rowDiffers(row) ? "≠" : " "} ${JSON.stringify(row.shown)}${lookAlikeNote(row.shown)}: ${row.routes.map((route, index) => `${index + 1}) ${routeText(route)}`).join("  ")}`);
  const errors = `${errorsDiffer(comparison) ? "≠" : " "} errors: ${comparison.errors.map((text, index) => `${index + 1}) ${text}`).join("  ")}`;
  const order = comparison.order === undefined ? [] : [`${orderDiffers(comparison) ? "≠" : " "} listed in the order: ${comparison.order.map((text, index) => `${index + 1}) ${text}`).join("  ")}`];
  return [...head, ...(rows.length > 0 ? rows : ["  (no name shown in any session)"]), errors, ...order];
}
