/**
 * Servers that fail while a host loads them, over every transport: each failure is played after the
 * message that meets it was recorded, so the harness knows what the host asked whatever the host makes of
 * the failure. And servers that cannot be reached, in each of the ways a real one cannot (issue 40).
 */
import { spawn } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startFakeServerHost, type FakeEndpoint, type FakeServerHost, type FakeTransportKind, type FakeWorld } from "./fake-server-host.ts";
import { ServerScriptSchema, type ServerFailure, type ServerScript, type UnreachableAs } from "./server-script.ts";

const tool = (name: string) => ({ name, inputSchema: { type: "object" } });
const INIT = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } } };

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

/** A server that cannot be reached, failing a host the way `mode` says (ServerScript.unreachableAs). */
function down(mode: UnreachableAs): ServerScript {
  return ServerScriptSchema.parse({ key: "broken", serverInfo: { name: "broken", version: "1" }, tools: [tool("one")], unreachable: true, unreachableAs: mode, stallMs: 200 });
}

/** Every code and message along an error's cause chain, to see what the host's side of the wire met. */
function causes(error: unknown): string {
  const seen: string[] = [];
  for (let at: unknown = error; at instanceof Error && seen.length < 6; at = (at as { cause?: unknown }).cause) {
    seen.push(`${(at as NodeJS.ErrnoException).code ?? ""} ${at.message}`);
  }
  return seen.join(" <- ");
}

/** How long connecting took and how it failed: a server that is down never lets a host connect. */
async function refusedAfter(endpoint: FakeEndpoint): Promise<{ ms: number; error: string }> {
  const started = performance.now();
  const error = await connect(endpoint).then((client) => client.close().then(() => "connected"), (error: unknown) => causes(error));
  return { ms: performance.now() - started, error };
}

describe("unreachable servers, each mode on its own transport (issue 40)", () => {
  const withDown = async (mode: UnreachableAs, kind: FakeTransportKind, body: (world: FakeWorld) => Promise<void>) => {
    const world = await host.startWorld([down(mode)], kind);
    try {
      await body(world);
    } finally {
      await world.close();
    }
  };

  it("refused over HTTP: a port of its own, closed (connection refused)", () =>
    withDown("refused", "http", async (world) => {
      const spec = world.endpoints[0]!.transport as { url: string };
      const other = await host.startWorld([ServerScriptSchema.parse({ key: "ok", serverInfo: { name: "ok", version: "1" }, tools: [] })], "http");
      expect(new URL(spec.url).port).not.toBe(new URL((other.endpoints[0]!.transport as { url: string }).url).port);
      await other.close();
      expect((await refusedAfter(world.endpoints[0]!)).error).toMatch(/ECONNREFUSED/);
      expect(world.records).toEqual([]);
    }));

  it("reset over HTTP: the request is read and the connection reset while the host awaits the answer", () =>
    withDown("reset", "http", async (world) => {
      const { error } = await refusedAfter(world.endpoints[0]!);
      expect(error).toMatch(/ECONNRESET|socket hang up|other side closed/);
      expect(world.records).toEqual([]);
    }));

  it.each<[UnreachableAs, FakeTransportKind]>([["silent", "http"], ["silent", "stdio"], ["stdout-closed", "http"]])("%s over %s: accepted, never answered, dropped after its bound", (mode, kind) =>
    withDown(mode, kind, async (world) => {
      const { ms, error } = await refusedAfter(world.endpoints[0]!);
      expect(error).not.toBe("connected");
      expect(ms).toBeGreaterThanOrEqual(150);
    }));

  it.each<UnreachableAs>(["not-found", "refused", "exits", "reset"])("%s over stdio: the command exits (after half a line, for reset) and the host cannot connect", (mode) =>
    withDown(mode, "stdio", async (world) => {
      expect((await refusedAfter(world.endpoints[0]!)).error).not.toBe("connected");
      expect(world.records).toEqual([]);
    }));

  it.each<UnreachableAs>(["refused", "reset", "silent", "exits", "stdout-closed"])("%s in memory: the connection is refused", (mode) =>
    withDown(mode, "memory", async (world) => {
      expect((await refusedAfter(world.endpoints[0]!)).error).toMatch(/unreachable/);
    }));

  it("stdout-closed over stdio: the command's stdout ends at once while it runs on, until its bound", () =>
    withDown("stdout-closed", "stdio", async (world) => {
      const spec = world.endpoints[0]!.transport as { command: string; args: string[]; env: Record<string, string> };
      const child = spawn(spec.command, spec.args, { env: { ...process.env, ...spec.env }, stdio: ["pipe", "pipe", "ignore"] });
      const exited = new Promise<number>((resolve) => child.once("exit", () => resolve(performance.now())));
      const started = performance.now();
      const ended = await new Promise<number>((resolve) => child.stdout.once("end", () => resolve(performance.now())).resume());
      child.stdin.write(`${JSON.stringify(INIT)}\n`);
      expect(child.exitCode).toBeNull();
      expect(await exited).toBeGreaterThan(ended);
      expect(ended - started).toBeLessThan((await exited) - started);
    }));

  it("refused mid-session: the port closes (calls refused), and opens again when the server is back", async () => {
    const world = await host.startWorld([{ ...down("refused"), unreachable: false }], "http");
    try {
      const client = await connect(world.endpoints[0]!);
      await world.apply("broken", { kind: "unreachable" });
      await expect(client.listTools()).rejects.toThrow();
      expect((await refusedAfter(world.endpoints[0]!)).error).toMatch(/ECONNREFUSED/);
      await world.apply("broken", { kind: "reachable" });
      const again = await connect(world.endpoints[0]!);
      expect((await again.listTools()).tools.map((listed) => listed.name)).toEqual(["one"]);
      await Promise.allSettled([client.close(), again.close()]);
    } finally {
      await world.close();
    }
  });

  it("stdout-closed mid-session over stdio: nothing more is recorded or answered, and the command exits after its bound", async () => {
    const world = await host.startWorld([{ ...down("stdout-closed"), unreachable: false }], "stdio");
    try {
      const client = await connect(world.endpoints[0]!);
      const before = world.records.length;
      await world.apply("broken", { kind: "unreachable" });
      await expect(client.listTools()).rejects.toThrow();
      expect(world.records.slice(before)).toEqual([]);
      await client.close();
    } finally {
      await world.close();
    }
  });
});
