/**
 * Small scripted MCP servers for reference/'s own tests, built on the SDK `Server` so the host under test
 * talks real protocol. fake-servers/ is the harness's full version; these stay here so reference/ tests
 * depend on nothing local but the harness index. Every call is recorded before it is answered.
 */
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { CallToolRequestSchema, ListToolsRequestSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { HostServerConfig, TransportSpec } from "../../harness/index.ts";

/**
 * What a test server advertises and how it behaves. Read afresh on every request, so a test changes a
 * server mid-session by editing its script (then, if it likes, `notify`).
 */
export interface Script {
  /** Tools by name (description and schema made up) or in full. */
  tools?: (string | Tool)[];
  /** Tools whose calls are recorded and then lose their answer: the connection drops. */
  loseAnswers?: string[];
  serverInfo?: { name: string; version: string };
  /** Milliseconds to wait before answering tools/list. */
  listDelayMs?: number;
  /** Tools per tools/list page; all on one page when absent. */
  pageSize?: number;
  /**
   * A broken pager: `stuck` answers the first page and the same cursor for ever; `repeated` answers the first
   * page twice (the second time under a fresh cursor), then the rest as usual.
   */
  paging?: "stuck" | "repeated";
  /** The first page's nextCursor is "" (a valid cursor: MCP 2026-07-28), which asks for the second page. */
  emptyCursor?: boolean;
  /** Tools whose every call is answered with `isError: true`. */
  errorTools?: string[];
  /** connect() throws: the server is unreachable (open connections are dropped by `drop`). */
  unreachable?: boolean;
}

/** One tools/call a test server received. */
export interface CallRecord {
  server: string;
  tool: string;
  arguments: unknown;
}

const asTool = (tool: string | Tool): Tool =>
  typeof tool === "string" ? { name: tool, description: `tool ${tool}`, inputSchema: { type: "object" } } : tool;

/** A fresh SDK server for `key` running `script`, recording calls into `calls`. */
export function scriptServer(key: string, script: Script, calls: CallRecord[]): Server {
  const server = new Server(script.serverInfo ?? { name: `server-${key}`, version: "1.0.0" }, { capabilities: { tools: { listChanged: true } } });
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    const tools = (script.tools ?? []).map(asTool);
    if (script.listDelayMs) await new Promise((resolve) => setTimeout(resolve, script.listDelayMs));
    const size = script.pageSize ?? tools.length;
    if (script.paging === "stuck") return { tools: tools.slice(0, size), nextCursor: "stuck" };
    // `repeated`: the cursor "again" gives the first page once more, and then the real second page.
    const cursor = request.params?.cursor;
    const start = cursor === undefined || cursor === "again" ? 0 : cursor === "" ? size : Number(cursor);
    const end = start + size;
    const next = script.paging === "repeated" && cursor === undefined ? "again" : end < tools.length ? (script.emptyCursor && start === 0 ? "" : String(end)) : undefined;
    return { tools: tools.slice(start, end), ...(next !== undefined ? { nextCursor: next } : {}) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    calls.push({ server: key, tool: request.params.name, arguments: request.params.arguments });
    if (script.loseAnswers?.includes(request.params.name)) {
      await server.close();
      return new Promise<never>(() => undefined);
    }
    const tools = (script.tools ?? []).map(asTool);
    if (!tools.some((t) => t.name === request.params.name)) {
      return { isError: true, content: [{ type: "text", text: `unknown tool ${request.params.name}` }] };
    }
    if (script.errorTools?.includes(request.params.name)) return { isError: true, content: [{ type: "text", text: "it broke" }] };
    return { content: [{ type: "text", text: `${key}:${request.params.name}` }] };
  });
  return server;
}

/**
 * A world of in-memory servers in configuration order, with one shared call record, a close counter,
 * and per-key controls: `notify` sends list_changed on every open connection, `drop` closes them all.
 */
export function memoryWorld(entries: [key: string, script: Script][]) {
  const calls: CallRecord[] = [];
  const state = { open: 0 };
  const live = new Map<string, Set<Server>>();
  const servers: HostServerConfig[] = entries.map(([key, script]) => ({
    key,
    transport: {
      type: "memory",
      connect: async () => {
        if (script.unreachable) throw new Error(`connection to ${key} refused`);
        const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
        const server = scriptServer(key, script, calls);
        state.open += 1;
        const mine = live.get(key) ?? new Set<Server>();
        live.set(key, mine.add(server));
        server.onclose = () => {
          state.open -= 1;
          mine.delete(server);
        };
        await server.connect(serverSide);
        return clientSide;
      },
    },
  }));
  const each = (key: string) => [...(live.get(key) ?? [])];
  const notify = async (key: string) => void (await Promise.all(each(key).map((server) => server.sendToolListChanged())));
  const drop = async (key: string) => void (await Promise.all(each(key).map((server) => server.close())));
  return { servers, calls, state, notify, drop };
}

/**
 * Stateless streamable-HTTP servers on one origin of 127.0.0.1, each at `/mcp/<key>`: two servers a host that
 * identifies HTTP servers by origin takes for one.
 */
export async function httpServersOnOneOrigin(entries: [key: string, script: Script][], calls: CallRecord[]): Promise<{ transports: TransportSpec[]; close(): Promise<void> }> {
  const scripts = new Map(entries);
  const http = createHttpServer(async (req, res) => {
    const key = /^\/mcp\/([^/?]+)/.exec(req.url ?? "")?.[1];
    const script = key === undefined ? undefined : scripts.get(key);
    if (key === undefined || script === undefined) return void res.writeHead(404).end();
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const server = scriptServer(key, script, calls);
    res.on("close", () => void server.close());
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  return {
    transports: entries.map(([key]) => ({ type: "http" as const, url: `http://127.0.0.1:${port}/mcp/${key}` })),
    close: () => new Promise((resolve) => { http.closeAllConnections(); http.close(() => resolve()); }),
  };
}

/** A stateless streamable-HTTP server on 127.0.0.1 (at `/mcp/<key>`): a fresh SDK server per request. */
export async function httpServer(key: string, script: Script, calls: CallRecord[]): Promise<{ transport: TransportSpec; close(): Promise<void> }> {
  const { transports, close } = await httpServersOnOneOrigin([[key, script]], calls);
  return { transport: transports[0]!, close };
}
