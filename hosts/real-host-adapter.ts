/**
 * What the four JavaScript real-host adapters share: the session table behind `close` and `shutdown`,
 * the `initialize` answer of a host that declares only the six basic methods, the installed version of
 * the host's packages, and the serve-until-EOF-then-exit tail. Each adapter keeps only what its host's
 * own API does (open, tools, call, and how a session is released).
 * Imports: ../harness/index.ts only, as any host author's adapter would.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import {
  CapabilitiesSchema,
  serveHap,
  type CallResult,
  type HostAdapter,
  type HostOpenParams,
  type InitializeResult,
  type OpenResult,
  type ToolsResult,
} from "../harness/index.ts";

const require = createRequire(import.meta.url);

/** The installed version of a package, read from its package.json, so a report says what it judged. */
export function versionOf(name: string): string {
  const entry = require.resolve(name);
  const marker = `/node_modules/${name}/`;
  const root = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  return JSON.parse(readFileSync(`${root}package.json`, "utf8")).version;
}

/** An error's message, or the thrown value as text. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * `initialize` for a host that loads stdio and HTTP servers and declares no capability beyond the six
 * basic methods: none of these hosts refreshes, pins, guards local tools or takes per-tool options in a
 * way HAP/1 could drive.
 */
export function basicInitialize(host: InitializeResult["host"]): InitializeResult {
  return { protocolVersion: "1", host, transports: ["stdio", "http"], capabilities: CapabilitiesSchema.parse({}) };
}

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

  async shutdown(): Promise<void> {
    await Promise.all([...this.#sessions.keys()].map((id) => this.close(id)));
  }
}

/** Serves HAP/1 on stdio until the harness closes stdin, then shuts the host down and exits. */
export async function serveRealHost(host: HostAdapter): Promise<never> {
  await serveHap(host);
  await host.shutdown();
  process.exit(0);
}
