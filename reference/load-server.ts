/**
 * Reaching one configured server: opening its transport, connecting, and reading its whole tool list.
 * Loading is independent per server, so the host runs it in parallel.
 */
import type { ChildProcess } from "node:child_process";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ListToolsResultSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { HostServerConfig, TransportSpec } from "../harness/index.ts";
import { nodeHttpFetch } from "./node-http-fetch.ts";

/**
 * A stdio transport that takes the end of the child's stdout for the end of the connection, as the end of a
 * socket is: the SDK's own waits for the process to exit, so a server that closes its stdout and runs on would
 * hold every request until its timeout.
 */
function stdioTransport(spec: Extract<TransportSpec, { type: "stdio" }>): Transport {
  const transport = new StdioClientTransport({ command: spec.command, args: spec.args, env: { ...getDefaultEnvironment(), ...spec.env }, stderr: "ignore" });
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    // The SDK keeps its child private; its stdout is the one thing here it does not watch.
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    child?.stdout?.once("end", () => void transport.close().catch(() => undefined));
  };
  return transport;
}

/** Opens the SDK transport a spec describes; a stdio child's stderr is dropped so it cannot block on a full pipe. */
export async function openTransport(spec: TransportSpec): Promise<Transport> {
  switch (spec.type) {
    case "stdio":
      return stdioTransport(spec);
    case "http":
      // A server's headers go with every request (HAP/1 httpHeaders): two keys at one URL may differ only in them.
      return new StreamableHTTPClientTransport(new URL(spec.url), { fetch: nodeHttpFetch, ...(spec.headers ? { requestInit: { headers: spec.headers } } : {}) });
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
 * Most pages a host that follows cursors blindly reads before it stops: Claude Code 2.1.218 showed about 20
 * copies of one page of a server whose cursor never advanced (DeusData/codebase-memory-mcp#1247). A bound,
 * so that such a host cannot hang a test.
 */
export const BLIND_PAGE_LIMIT = 20;

const quoted = (names: readonly string[]) => names.map((name) => JSON.stringify(name)).join(", ");

/**
 * Lists a connected server's tools, as `pages` says (a one-bug host's policy):
 * - `all`: every page, following `nextCursor` to the end; a cursor given twice (stuck, or looping back) or a
 *   page listing a tool an earlier page listed fails the listing with an error, so the host names the server
 *   rather than loop or show a tool twice;
 * - `first`: the first page only, as if it were the whole list;
 * - `blind`: every `nextCursor` followed with no check, pages concatenated, up to {@link BLIND_PAGE_LIMIT};
 * - `truthy`: as `all`, but a falsy cursor ends the list, as `while (cursor)` and `if not next_cursor` do: an
 *   empty cursor, which MCP 2026-07-28 says is a cursor, is taken for the end.
 * tools/list is sent with `client.request`, not `client.listTools`, because the latter compiles every output
 * schema: one schema that does not compile would throw away the whole server's list, where the host wants
 * to refuse that one tool by name. A cursor is sent as given, even "" (cursors are opaque).
 */
export async function listAllTools(client: Client, pages: "all" | "first" | "blind" | "truthy"): Promise<Tool[]> {
  const tools: Tool[] = [];
  const cursors = new Set<string>();
  const names = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const answer = await client.request({ method: "tools/list", params: cursor !== undefined ? { cursor } : {} }, ListToolsResultSchema);
    cursor = answer.nextCursor;
    if (pages === "all" || pages === "truthy") {
      // A server that hands back a cursor it already gave would otherwise keep the host listing forever.
      if (cursor !== undefined && cursors.has(cursor)) throw new Error(`tools/list page ${page} gave the cursor ${JSON.stringify(cursor)} again: the list would never end`);
      const again = [...new Set(answer.tools.map((tool) => tool.name).filter((name) => names.has(name)))];
      if (again.length > 0) throw new Error(`tools/list page ${page} lists ${quoted(again)} again, after an earlier page listed them: the list cannot be trusted`);
    }
    tools.push(...answer.tools);
    for (const tool of answer.tools) names.add(tool.name);
    // A host that reads one page takes it as the whole list, and never learns the rest was there.
    if (pages === "first" || cursor === undefined || (pages === "truthy" && !cursor)) return tools;
    if (pages === "blind" && page >= BLIND_PAGE_LIMIT) return tools;
    cursors.add(cursor);
  }
}
