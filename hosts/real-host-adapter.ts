/**
 * What the JavaScript real-host adapters share: the session table behind `close` and `shutdown`, the
 * `initialize` answer (transports, and the capabilities the host really has), the installed version of
 * the host's packages, console output kept off HAP/1's stdout, the serve-until-EOF-then-exit tail, and, for
 * hosts whose prompt and resource APIs are per server, their records shown with the server as namespace.
 * Each adapter keeps only what its host's own API does (open, tools, call, local tools, refresh, prompts and
 * resources, and how a session is released).
 * Imports: ../harness/index.ts only, as any host author's adapter would.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import {
  CapabilitiesSchema,
  type Capabilities,
  consoleToStderr,
  serveAdapter,
  type CallResult,
  type HostAdapter,
  type HostOpenParams,
  type InitializeResult,
  type OpenResult,
  type ShownPrompt,
  type ShownResource,
  type ShownTemplate,
  type ShutdownResult,
  type ToolsResult,
  type VisibleTool,
} from "../harness/index.ts";

/**
 * The installed version of a package, read from its package.json, so a report says what it judged.
 * `from` is the module resolving it (default: this file): a host installed in its own folder
 * (hosts/<host>/node_modules) passes its adapter's `import.meta.url`.
 */
export function versionOf(name: string, from: string = import.meta.url): string {
  const entry = createRequire(overrideFor(name) ?? from).resolve(name);
  const marker = `/node_modules/${name}/`;
  const root = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  return JSON.parse(readFileSync(`${root}package.json`, "utf8")).version;
}

/**
 * Where `name` is installed when MCP_COLLIDE_HOST_MODULES points at another install that lists it among its
 * dependencies (host-modules.mjs resolves the host's imports there; the version must come from there too).
 */
function overrideFor(name: string): string | undefined {
  const dir = process.env.MCP_COLLIDE_HOST_MODULES;
  if (!dir) return undefined;
  const manifest = join(dir, "package.json");
  const listed = existsSync(manifest) && name in (JSON.parse(readFileSync(manifest, "utf8")).dependencies ?? {});
  return listed ? manifest : undefined;
}

/** An error's message, or the thrown value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `initialize` for a host that loads stdio and HTTP servers and has the `capabilities` given (none beyond
 * the six basic methods when omitted). Declare only what the host's own API does: an absent capability
 * makes its clauses NOT_APPLICABLE, and the host folder's hosts.ts must say why for each.
 */
export function basicInitialize(host: InitializeResult["host"], capabilities: Partial<Capabilities> = {}): InitializeResult {
  return { protocolVersion: "1", host, transports: ["stdio", "http"], capabilities: CapabilitiesSchema.parse(capabilities) };
}

/**
 * Points every console method that writes to stdout at stderr (the kit's, which serveRealHost applies too).
 * stdout carries HAP/1 only, and several hosts log with `console.log` / `console.info` (Mastra's and
 * VoltAgent's loggers, mcp-use's); an adapter calls it before its host's modules load, so even what they
 * print at import goes to stderr, whose tail the harness keeps.
 */
export { consoleToStderr };

/** One empty registration list per configured server, in configuration order. */
export function emptyRegistered(params: HostOpenParams): Record<string, string[]> {
  return Object.fromEntries(params.servers.map((server) => [server.key, []]));
}

/**
 * A HAP/1 adapter holding one `S` per open session under ids `s1`, `s2`, ...; `close` forgets a session
 * and releases it (a release that throws is ignored: the session is gone either way), `shutdown` closes
 * every session still open.
 */
export abstract class RealHostAdapter<S> implements HostAdapter {
  readonly #sessions = new Map<string, S>();
  #opened = 0;

  abstract initialize(): Promise<InitializeResult>;
  abstract open(params: HostOpenParams): Promise<OpenResult>;
  abstract tools(session: string): Promise<ToolsResult>;
  abstract call(session: string, name: string, args: Record<string, unknown>): Promise<CallResult>;

  /** Frees what a session holds (its clients and the servers they spawned). */
  protected abstract release(session: S): Promise<void>;

  /** Files `session` under a fresh id and returns the id. */
  protected remember(session: S): string {
    const id = `s${++this.#opened}`;
    this.#sessions.set(id, session);
    return id;
  }

  /** The session filed under `id`; throws for an id this adapter never gave out or already closed. */
  protected session(id: string): S {
    const open = this.#sessions.get(id);
    if (open === undefined) throw new Error(`unknown session ${JSON.stringify(id)}`);
    return open;
  }

  async close(id: string): Promise<void> {
    const open = this.#sessions.get(id);
    this.#sessions.delete(id);
    if (open !== undefined) await this.release(open).catch(() => undefined);
  }

  async shutdown(): Promise<void | ShutdownResult> {
    await Promise.all([...this.#sessions.keys()].map((id) => this.close(id)));
  }
}

/** Serves HAP/1 on stdio until the harness closes stdin, then shuts the host down and exits (the kit's serveAdapter). */
export function serveRealHost(host: HostAdapter): Promise<never> {
  return serveAdapter(host);
}

/**
 * One agent run's script for a scripted model that the host's agent calls: the tool call its first turn
 * makes (none: it answers at once), how many turns it has taken, the tools it was offered and the tool
 * results handed back to it. The adapter puts a fresh one on its session before each run.
 */
export interface RunScript {
  call?: { name: string; arguments: Record<string, unknown> };
  turn: number;
  offered: VisibleTool[];
  returned: unknown[];
}

/** A fresh {@link RunScript}. */
export const runScript = (call?: RunScript["call"]): RunScript => ({ call, turn: 0, offered: [], returned: [] });

/*
 * Per-server prompt and resource APIs (Mastra's `MCPClient`, LangChain's `MultiServerMCPClient`) list into a
 * record keyed by server name and take that name back to get a prompt or read a resource, with no merged list
 * and no lookup by name alone. Each entry is therefore shown under its own name or URI with its server's name
 * as its HAP/1 `namespace`, the harness hands the namespace back as the host's user would, and a get or read
 * without one is refused, as the API would refuse its caller: which server answers stays the host's choice.
 */
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
