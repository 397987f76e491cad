/**
 * For each library host's direct-check.ts: the evidence behind a committed verdict that is not a pass is a
 * direct run of the host's own API, without the harness or the adapter, against the fake servers (scripted
 * MCP servers on 127.0.0.1, recording every message). A direct check opens worlds here, drives the library
 * as its docs show, and prints what it saw, one fact per line, for the evidence in the folder's hosts.ts to
 * cite. Offline: nothing but 127.0.0.1 is reached.
 */
import { startFakeServerHost, type FakeServerHost, type MessageRecord, type ServerFailure, type ServerScriptInput, ServerScriptSchema } from "../fake-servers/index.ts";

/** One server of a direct check's world: its key, its tools' names, and how it misbehaves (see ServerScriptSchema). */
export interface DirectServer {
  key: string;
  tools: string[];
  failure?: ServerFailure;
  unreachable?: boolean;
  /** How an unreachable server cannot be reached (see UnreachableAsSchema; absent: not-found). */
  unreachableAs?: ServerScriptInput["unreachableAs"];
  /** The name its `initialize` answer reports in `serverInfo` (absent: its key). */
  serverName?: string;
  pageSize?: number;
  loseAnswers?: string[];
  errorTools?: string[];
  /** An output schema for each named tool (a hostile one, say). */
  outputSchemas?: Record<string, Record<string, unknown>>;
  /** An input schema for each named tool, in place of the plain `{ probe: string }` object. */
  inputSchemas?: Record<string, Record<string, unknown>>;
}

/** A running world of a direct check: where each server is, what each received. */
export interface DirectWorld {
  /** Each server's Streamable HTTP URL, by key. */
  urls: Record<string, string>;
  /** Every message the servers received, as it arrived. */
  records: readonly MessageRecord[];
  /** The tools/call messages so far, as `server/tool`. */
  calls(): string[];
  /** How many times server `key` received `method`. */
  count(key: string, method: string): number;
  /** Closes the world: every server's path then answers HTTP 404, as a server that went away. */
  close(): Promise<void>;
}

let host: Promise<FakeServerHost> | undefined;

/** Starts one world of fake HTTP servers. */
export async function directWorld(...servers: DirectServer[]): Promise<DirectWorld> {
  const scripts = servers.map((server) => ServerScriptSchema.parse({
    key: server.key,
    serverInfo: { name: server.serverName ?? server.key, version: "1.0.0" },
    tools: server.tools.map((name) => ({
      name,
      description: `${name} of ${server.key}`,
      inputSchema: server.inputSchemas?.[name] ?? { type: "object", properties: { probe: { type: "string" } } },
      ...(server.outputSchemas?.[name] ? { outputSchema: server.outputSchemas[name] } : {}),
    })),
    ...(server.failure ? { failure: server.failure } : {}),
    ...(server.unreachable ? { unreachable: true } : {}),
    ...(server.unreachableAs ? { unreachableAs: server.unreachableAs } : {}),
    ...(server.pageSize ? { pageSize: server.pageSize } : {}),
    ...(server.loseAnswers ? { loseAnswers: server.loseAnswers } : {}),
    ...(server.errorTools ? { errorTools: server.errorTools } : {}),
  } satisfies ServerScriptInput));
  const world = await (host ??= startFakeServerHost()).then((started) => started.startWorld(scripts, "http", { quiet: true }));
  return {
    urls: Object.fromEntries(world.endpoints.map((endpoint) => [endpoint.key, endpoint.transport.url])),
    records: world.records,
    calls: () => world.records.filter((record) => record.method === "tools/call").map((record) => `${record.server}/${record.tool}`),
    count: (key, method) => world.records.filter((record) => record.server === key && record.method === method).length,
    close: () => world.close(),
  };
}

/** Prints one fact of the check: `label: value` (JSON). */
export function fact(label: string, value: unknown): void {
  process.stdout.write(`${label}: ${JSON.stringify(value)}\n`);
}

/** What a promise settled to: its value, or the rejection's class and message. */
export async function settled<T>(promise: Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error) };
  }
}

/** Runs the check's cases one after another, then closes every fake server and exits (a library may hold sockets open). */
export async function runChecks(cases: Record<string, () => Promise<void>>): Promise<never> {
  let failed = false;
  for (const [name, run] of Object.entries(cases)) {
    process.stdout.write(`\n== ${name}\n`);
    try {
      await run();
    } catch (error) {
      failed = true;
      process.stdout.write(`THREW: ${error instanceof Error ? error.stack : String(error)}\n`);
    }
  }
  await (await host)?.close();
  process.exit(failed ? 1 : 0);
}
