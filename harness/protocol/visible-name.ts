/**
 * The visible identity of a shown tool: its name, or the pair (namespace, name) where the host shows
 * namespaces (see VisibleToolSchema). Clauses compare identities by {@link visibleKey}, which is
 * injective; a joined string such as `ns__name` would not be (`a__b`+`c` = `a`+`b__c`), so it is used
 * for nothing but {@link visibleLabel}, the text messages show.
 */
import type { VisibleTool } from "./tools-result.ts";

/** What identifies a shown tool to the model. */
export type VisibleName = Pick<VisibleTool, "name" | "namespace">;

/** An injective key for a visible identity: equal keys, equal (namespace, name) pairs. */
export function visibleKey(tool: VisibleName): string {
  return JSON.stringify(tool.namespace === undefined ? [tool.name] : [tool.namespace, tool.name]);
}

/** The visible identity for messages: the name, or `namespace/name` (for reading only, never compared). */
export function visibleLabel(tool: VisibleName): string {
  return tool.namespace === undefined ? tool.name : `${tool.namespace}/${tool.name}`;
}

/** The strings a provider sees for this identity, each of which must be valid on its own: [namespace?, name]. */
export function visibleParts(tool: VisibleName): string[] {
  return tool.namespace === undefined ? [tool.name] : [tool.namespace, tool.name];
}

/** True when `a` and `b` are the same visible identity. */
export function sameVisible(a: VisibleName, b: VisibleName): boolean {
  return a.name === b.name && a.namespace === b.namespace;
}
