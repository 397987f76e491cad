/**
 * Connecting to one configured server and reading its whole tool list. Loading is independent per server,
 * so the host runs it in parallel; what order the answers come back in is recorded, never used for names.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ListToolsResultSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { HostServerConfig, TransportSpec } from "../harness/index.ts";

/** A server that connected, initialized and listed its tools. */
export interface LoadedServer {
  /** The configuration key. */
  key: string;
  /** Position in the configuration (array order). */
  index: number;
  /** Position among the servers that answered tools/list, first answer 0. */
  arrival: number;
  serverInfo?: { name: string; version: string };
  /** Every tool the server advertised, across all pages, in its order. */
  tools: Tool[];
  client: Client;
}

/** A server that could not be connected, initialized or listed. */
export interface UnreachableServer {
  key: string;
  index: number;
  message: string;
}

/** Opens the SDK transport a spec describes; a stdio child's stderr is dropped so it cannot block on a full pipe. */
export async function openTransport(spec: TransportSpec): Promise<Transport> {
  switch (spec.type) {
    case "stdio":
      return new StdioClientTransport({
        command: spec.command,
        args: spec.args,
        env: { ...getDefaultEnvironment(), ...spec.env },
        stderr: "ignore",
      });
    case "http":
      return new StreamableHTTPClientTransport(new URL(spec.url));
    case "memory":
      return spec.connect();
  }
}

/**
 * Connects, initializes and lists every page of one server. `arrived` hands out arrival positions.
 * tools/list is sent with `client.request`, not `client.listTools`, because the latter compiles every
 * output schema: one schema that does not compile would throw away the whole server's list.
 */
export async function loadServer(
  config: HostServerConfig,
  index: number,
  client: Client,
  arrived: () => number,
): Promise<LoadedServer | UnreachableServer> {
  try {
    await client.connect(await openTransport(config.transport));
    const tools: Tool[] = [];
    const seen = new Set<string>();
    let cursor: string | undefined;
    do {
      const page = await client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, ListToolsResultSchema);
      tools.push(...page.tools);
      cursor = page.nextCursor;
      // A server that hands back a cursor it already gave would otherwise keep open waiting forever.
      if (cursor !== undefined && seen.has(cursor)) throw new Error(`tools/list repeated cursor ${JSON.stringify(cursor)}`);
      if (cursor !== undefined) seen.add(cursor);
    } while (cursor);
    return { key: config.key, index, arrival: arrived(), serverInfo: client.getServerVersion(), tools, client };
  } catch (error) {
    await client.close().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    return { key: config.key, index, message: `server ${JSON.stringify(config.key)} could not be loaded (connect, initialize or tools/list failed): ${reason}` };
  }
}
