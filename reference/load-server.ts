/**
 * Reaching one configured server: opening its transport, connecting, and reading its whole tool list.
 * Loading is independent per server, so the host runs it in parallel.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ListToolsResultSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { HostServerConfig, TransportSpec } from "../harness/index.ts";
import { nodeHttpFetch } from "./node-http-fetch.ts";

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
      return new StreamableHTTPClientTransport(new URL(spec.url), { fetch: nodeHttpFetch });
    case "memory":
      return spec.connect();
  }
}

/** Connects `client` to the server `config` describes (initialize included); on failure the client is closed. */
export async function connectClient(config: HostServerConfig, client: Client): Promise<void> {
  try {
    await client.connect(await openTransport(config.transport));
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Lists a connected server's tools: every page, or only the first when `pages` says so (a one-bug host's
 * policy). tools/list is sent with `client.request`, not `client.listTools`, because the latter compiles
 * every output schema: one schema that does not compile would throw away the whole server's list, where
 * the host wants to refuse that one tool by name.
 */
export async function listAllTools(client: Client, pages: "all" | "first"): Promise<Tool[]> {
  const tools: Tool[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, ListToolsResultSchema);
    tools.push(...page.tools);
    // A host that reads one page takes it as the whole list, and never learns the rest was there.
    cursor = pages === "all" ? page.nextCursor : undefined;
    // A server that hands back a cursor it already gave would otherwise keep the host waiting forever.
    if (cursor !== undefined && seen.has(cursor)) throw new Error(`tools/list repeated cursor ${JSON.stringify(cursor)}`);
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor);
  return tools;
}
