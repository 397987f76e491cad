/**
 * Servers that fail while a host loads them, over every transport: each failure is played after the
 * message that meets it was recorded, so the harness knows what the host asked whatever the host makes of
 * the failure.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startFakeServerHost, type FakeEndpoint, type FakeServerHost, type FakeTransportKind, type FakeWorld } from "./fake-server-host.ts";
import { ServerScriptSchema, type ServerFailure, type ServerScript } from "./server-script.ts";

const tool = (name: string) => ({ name, inputSchema: { type: "object" } });

function failing(failure: ServerFailure, names = ["one", "two", "three"]): ServerScript {
  return ServerScriptSchema.parse({ key: "broken", serverInfo: { name: "broken", version: "1" }, tools: names.map(tool), failure, stallMs: 200 });
}

function transportOf(endpoint: FakeEndpoint): Transport {
  const spec = endpoint.transport;
  if (spec.type === "stdio") return new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env, stderr: "pipe" });
  if (spec.type === "http") return new StreamableHTTPClientTransport(new URL(spec.url));
  throw new Error("memory endpoints connect asynchronously");
}

/** A client connected (initialize included) the way a host connects, or the error that stopped it. */
async function connect(endpoint: FakeEndpoint): Promise<Client> {
  const transport = endpoint.transport.type === "memory" ? await endpoint.transport.connect() : transportOf(endpoint);
  const client = new Client({ name: "test-host", version: "0" });
  await client.connect(transport);
  return client;
}

/** A tools/list answer taken as it came: tools of any shape. */
const RawListSchema = z.object({ tools: z.array(z.record(z.string(), z.unknown())), nextCursor: z.string().optional() });

/** Lists raw pages (no schema of the SDK's own judging the tools), following cursors. */
async function listRaw(client: Client): Promise<{ pages: number; tools: unknown[] }> {
  const tools: unknown[] = [];
  let pages = 0;
  let cursor: string | undefined;
  do {
    const page = await client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, RawListSchema);
    pages++;
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return { pages, tools };
}

const methods = (world: FakeWorld) => world.records.filter((record) => record.server === "broken").map((record) => record.method);

let host: FakeServerHost;
beforeAll(async () => {
  host = await startFakeServerHost();
});
afterAll(async () => {
  await host.close();
});

describe.each<FakeTransportKind>(["memory", "stdio", "http"])("failing servers over %s", (kind) => {
  const withWorld = async (script: ServerScript, body: (world: FakeWorld) => Promise<void>) => {
    const world = await host.startWorld([script], kind);
    try {
      await body(world);
    } finally {
      await world.close();
    }
  };

  it("initialize-error: answers initialize with a JSON-RPC error, after recording it", () =>
    withWorld(failing("initialize-error"), async (world) => {
      await expect(connect(world.endpoints[0]!)).rejects.toThrow(/scripted failure: initialize refused/);
      expect(methods(world)[0]).toBe("initialize");
    }));

  it("list-error: answers tools/list with a JSON-RPC error", () =>
    withWorld(failing("list-error"), async (world) => {
      const client = await connect(world.endpoints[0]!);
      await expect(client.listTools()).rejects.toThrow(/scripted failure: tools\/list refused/);
      expect(methods(world)).toContain("tools/list");
      await client.close();
    }));

  it("list-unanswered: holds tools/list for its bound, then drops the connection without an answer", () =>
    withWorld(failing("list-unanswered"), async (world) => {
      const client = await connect(world.endpoints[0]!);
      const started = performance.now();
      await expect(client.listTools()).rejects.toThrow();
      // Held at least its bound: an answer (or a drop) before it would be another failure.
      expect(performance.now() - started).toBeGreaterThanOrEqual(150);
      expect(methods(world).filter((method) => method === "tools/list")).toHaveLength(1);
      await client.close();
    }));

  it("list-crash: answers a first page with a cursor and dies when asked for the next", () =>
    withWorld(failing("list-crash"), async (world) => {
      const client = await connect(world.endpoints[0]!);
      const first = await client.request({ method: "tools/list", params: {} }, ListToolsResultSchema);
      expect(first.tools.map((t) => t.name)).toEqual(["one", "two"]);
      expect(first.nextCursor).toBeDefined();
      await expect(client.request({ method: "tools/list", params: { cursor: first.nextCursor } }, ListToolsResultSchema)).rejects.toThrow();
      expect(methods(world).filter((method) => method === "tools/list")).toHaveLength(2);
      await client.close();
    }));

  it("list-crash with one tool dies on the first tools/list", () =>
    withWorld(failing("list-crash", ["only"]), async (world) => {
      const client = await connect(world.endpoints[0]!);
      await expect(client.listTools()).rejects.toThrow();
      await client.close();
    }));

  it("stuck-cursor: answers its list with a cursor that gives the same list and the same cursor again", () =>
    withWorld(failing("stuck-cursor"), async (world) => {
      const client = await connect(world.endpoints[0]!);
      const first = await client.request({ method: "tools/list", params: {} }, ListToolsResultSchema);
      const again = await client.request({ method: "tools/list", params: { cursor: first.nextCursor } }, ListToolsResultSchema);
      expect(again).toEqual(first);
      expect(first.nextCursor).toBeDefined();
      expect(world.records.filter((record) => record.method === "tools/list").map((record) => record.cursor)).toEqual([undefined, first.nextCursor]);
      await client.close();
    }));

  it("repeated-page: every tool listed, the first page twice, under cursors that never repeat", () =>
    withWorld({ ...failing("repeated-page"), pageSize: 2 }, async (world) => {
      const client = await connect(world.endpoints[0]!);
      const { pages, tools } = await listRaw(client);
      expect(pages).toBe(3);
      expect(tools.map((tool) => (tool as { name: string }).name)).toEqual(["one", "two", "one", "two", "three"]);
      await client.close();
    }));

  it("nameless-tool: lists its tools and then one without a name", () =>
    withWorld(failing("nameless-tool", ["one"]), async (world) => {
      const client = await connect(world.endpoints[0]!);
      const { tools } = await listRaw(client);
      expect(tools).toEqual([expect.objectContaining({ name: "one" }), expect.not.objectContaining({ name: expect.anything() })]);
      // A host on the SDK's own schema refuses the whole list.
      await expect(client.listTools()).rejects.toThrow();
      await client.close();
    }));

  it("schema-not-object: lists its tools and then one whose inputSchema is a string", () =>
    withWorld(failing("schema-not-object", ["one"]), async (world) => {
      const client = await connect(world.endpoints[0]!);
      const { tools } = await listRaw(client);
      expect(tools).toEqual([expect.objectContaining({ name: "one" }), expect.objectContaining({ name: "malformed_schema", inputSchema: "object" })]);
      await expect(client.listTools()).rejects.toThrow();
      await client.close();
    }));
});
