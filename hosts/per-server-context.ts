/**
 * For hosts whose prompt and resource APIs are per server (Mastra's `MCPClient`, LangChain's
 * `MultiServerMCPClient`): they list into a record keyed by server name and take that name back to get a
 * prompt or read a resource, with no merged list and no lookup by name alone. Each entry is therefore shown
 * under its own name or URI with its server's name as its HAP/1 `namespace`, the harness hands the namespace
 * back as the host's user would, and a get or read without one is refused, as the API would refuse its caller.
 * Which server answers is then the host's choice, never the adapter's. Imports: ../harness/index.ts and
 * real-host-adapter.ts only.
 */
import type { ShownPrompt, ShownResource, ShownTemplate } from "../harness/index.ts";
import { messageOf } from "./real-host-adapter.ts";

type Entry = Record<string, unknown>;

/** The display fields an entry carries as strings (a host's mapping may leave them undefined). */
function displayFields(entry: Entry): Record<string, string> {
  return Object.fromEntries(["name", "title", "description", "mimeType"].flatMap((field) => (typeof entry[field] === "string" ? [[field, entry[field]]] : [])));
}

/** Every entry of a per-server record, in the record's (server) order, with its server's name as `namespace`. */
function shownByServer<T>(record: Record<string, readonly unknown[]>, own: (entry: Entry) => T): Array<Record<string, string> & T & { namespace: string }> {
  return Object.entries(record).flatMap(([server, list]) => list.map((item) => ({ ...displayFields(item as Entry), ...own(item as Entry), namespace: server })));
}

/** A per-server prompt record as shown: name, display fields and arguments as listed. */
export const shownPrompts = (record: Record<string, readonly unknown[]>): ShownPrompt[] =>
  shownByServer(record, (prompt) => ({ name: String(prompt.name), ...(Array.isArray(prompt.arguments) ? { arguments: prompt.arguments as ShownPrompt["arguments"] } : {}) }));

/** A per-server resource record as shown. */
export const shownResources = (record: Record<string, readonly unknown[]>): ShownResource[] => shownByServer(record, (resource) => ({ uri: String(resource.uri) }));

/** A per-server template record as shown. */
export const shownTemplates = (record: Record<string, readonly unknown[]>): ShownTemplate[] =>
  shownByServer(record, (template) => ({ uriTemplate: String(template.uriTemplate) }));

/**
 * A get or read through a per-server API (`call` names it, `target` is the prompt or URI): refused when the
 * harness gave no server name, since the API needs one; what `fetch` resolves to, or its throw as the
 * caller's error.
 */
export async function fromServer<R extends object>(
  call: string, target: string, namespace: string | undefined, fetch: (server: string) => Promise<R>,
): Promise<({ ok: true } & R) | { ok: false; error: { message: string } }> {
  if (namespace === undefined) return { ok: false, error: { message: `${call} needs a server name; "${target}" came with none` } };
  try {
    return { ok: true, ...(await fetch(namespace)) };
  } catch (error) {
    return { ok: false, error: { message: messageOf(error) } };
  }
}
