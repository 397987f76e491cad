/**
 * Paged tools/list answers: healthy pages with opaque cursors, a cursor that never advances, a repeated page;
 * and, over every transport, the cursor of each request in the record, so a diagnosis can say which pages a
 * host asked for.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeServerHost, type FakeEndpoint, type FakeServerHost, type FakeTransportKind, type FakeWorld } from "./fake-server-host.ts";
import { pageCursor, pagedList } from "./paged-list.ts";
import { ServerScriptSchema, type ServerFailure } from "./server-script.ts";

const names = (page: { tools: unknown[] }) => page.tools.map((tool) => (tool as { name: string }).name);
const five = ["a", "b", "c", "d", "e"].map((name) => ({ name }));

/** Every page a host that follows each cursor (at most `limit` pages) gets, as lists of names. */
function walk(failure: ServerFailure | undefined, limit = 10, emptyCursor?: number): { pages: string[][]; cursors: string[] } {
  const pages: string[][] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  do {
    const page = pagedList("alpha", five, 2, failure, cursor, emptyCursor);
    pages.push(names(page));
    cursor = page.nextCursor;
    if (cursor !== undefined) cursors.push(cursor);
  } while (cursor !== undefined && pages.length < limit);
  return { pages, cursors };
}

describe("pagedList", () => {
  it("answers in pages of pageSize, each cursor opaque, not a number, and the same for the same server", () => {
    const { pages, cursors } = walk(undefined);
    expect(pages).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(cursors).toHaveLength(2);
    for (const cursor of cursors) expect(cursor).toMatch(/^[A-Za-z0-9_-]{16,17}$/);
    for (const cursor of cursors) expect(Number.isNaN(Number(cursor))).toBe(true);
    expect(walk(undefined).cursors).toEqual(cursors);
    // Another server's cursors are its own: one taken to the wrong server is refused.
    expect(pageCursor("beta", 1)).not.toBe(cursors[0]);
    expect(() => pagedList("beta", five, 2, undefined, cursors[0])).toThrow(/unknown cursor/);
  });

  it("answers the whole list on one page, with no cursor, without a pageSize or when it fits", () => {
    expect(pagedList("alpha", five, undefined, undefined, undefined)).toEqual({ tools: five });
    expect(pagedList("alpha", five, 5, undefined, undefined)).toEqual({ tools: five });
    expect(pagedList("alpha", [], 2, undefined, undefined)).toEqual({ tools: [] });
  });

  it("stuck-cursor: the first page with the same cursor, for ever", () => {
    const { pages, cursors } = walk("stuck-cursor", 20);
    expect(pages).toHaveLength(20);
    expect(new Set(pages.map((page) => page.join()))).toEqual(new Set(["a,b"]));
    expect(new Set(cursors).size).toBe(1);
    // With the whole list on one page, as codebase-memory-mcp 0.9.0 answered: still a cursor.
    expect(pagedList("alpha", five, undefined, "stuck-cursor", undefined)).toMatchObject({ tools: five, nextCursor: cursors[0] });
  });

  it("repeated-page: page one again under a fresh cursor, then the real pages, and the end", () => {
    const { pages, cursors } = walk("repeated-page");
    expect(pages).toEqual([["a", "b"], ["a", "b"], ["c", "d"], ["e"]]);
    expect(new Set(cursors).size).toBe(cursors.length);
  });

  it("an empty cursor is a cursor: page 1's nextCursor \"\" asks for page 2, and no cursor at all for page 1", () => {
    const { pages, cursors } = walk(undefined, 10, 1);
    expect(pages).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(cursors[0]).toBe("");
    expect(cursors[1]).toMatch(/^[A-Za-z0-9_-]{16,17}$/);
    expect(names(pagedList("alpha", five, 2, undefined, undefined, 1))).toEqual(["a", "b"]);
    expect(names(pagedList("alpha", five, 2, undefined, "", 1))).toEqual(["c", "d"]);
    // The last page but one gives "": the walk still ends only where no cursor is given.
    const late = walk(undefined, 10, 2);
    expect(late.pages).toEqual([["a", "b"], ["c", "d"], ["e"]]);
    expect(late.cursors[1]).toBe("");
    // A server that never gave "" refuses it, as any cursor it never gave.
    expect(() => pagedList("alpha", five, 2, undefined, "")).toThrow(/unknown cursor ""/);
  });

  it("an empty cursor in the broken pagers: a stuck cursor that is \"\", a repeated page asked for by \"\"", () => {
    const stuck = walk("stuck-cursor", 5, 1);
    expect(stuck.cursors).toEqual(["", "", "", "", ""]);
    expect(new Set(stuck.pages.map((page) => page.join()))).toEqual(new Set(["a,b"]));
    const repeated = walk("repeated-page", 10, 1);
    expect(repeated.pages).toEqual([["a", "b"], ["a", "b"], ["c", "d"], ["e"]]);
    expect(repeated.cursors[0]).toBe("");
  });

  it("refuses a cursor it never gave, as invalid params", () => {
    expect(() => pagedList("alpha", five, 2, undefined, "2")).toThrow(/unknown cursor "2"/);
    expect(() => pagedList("alpha", five, 2, "stuck-cursor", "2")).toThrow(/unknown cursor/);
  });
});

function transportOf(endpoint: FakeEndpoint): Transport {
  const spec = endpoint.transport;
  if (spec.type === "stdio") return new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env, stderr: "pipe" });
  if (spec.type === "http") return new StreamableHTTPClientTransport(new URL(spec.url));
  throw new Error("memory endpoints connect asynchronously");
}

let host: FakeServerHost;
beforeAll(async () => {
  host = await startFakeServerHost();
});
afterAll(async () => {
  await host.close();
});

/** alpha (a, b, c in pages of 2, with `extra`) over `kind`, and a client connected to it, for `body`. */
async function withPaged(kind: FakeTransportKind, extra: Record<string, unknown>, body: (client: Client, world: FakeWorld) => Promise<void>): Promise<void> {
  const script = ServerScriptSchema.parse({
    key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: ["a", "b", "c"].map((name) => ({ name })), pageSize: 2, ...extra,
  });
  const world = await host.startWorld([script], kind);
  try {
    const endpoint = world.endpoints[0]!;
    const client = new Client({ name: "test-host", version: "0" });
    await client.connect(endpoint.transport.type === "memory" ? await endpoint.transport.connect() : transportOf(endpoint));
    await body(client, world);
  } finally {
    await world.close();
  }
}

describe.each<FakeTransportKind>(["memory", "stdio", "http"])("paged servers over %s", (kind) => {
  it("pages tools/list and records the cursor of each request", () =>
    withPaged(kind, {}, async (client, world) => {
      const first = await client.request({ method: "tools/list", params: {} }, ListToolsResultSchema);
      const second = await client.request({ method: "tools/list", params: { cursor: first.nextCursor } }, ListToolsResultSchema);
      expect([names(first), names(second), second.nextCursor]).toEqual([["a", "b"], ["c"], undefined]);
      await expect(client.request({ method: "tools/list", params: { cursor: "2" } }, ListToolsResultSchema)).rejects.toThrow(/unknown cursor/);
      await client.close();
      const lists = world.records.filter((record) => record.method === "tools/list");
      expect(lists.map((record) => record.cursor)).toEqual([undefined, first.nextCursor, "2"]);
      // Only list requests carry one: initialize and the rest record none.
      expect(world.records.filter((record) => record.cursor !== undefined)).toHaveLength(2);
    }));

  it("sends an empty nextCursor on the wire, takes \"\" back for page 2, and records it as \"\"", () =>
    withPaged(kind, { emptyCursor: 1 }, async (client, world) => {
      const first = await client.request({ method: "tools/list", params: {} }, ListToolsResultSchema);
      expect(first.nextCursor).toBe("");
      const second = await client.request({ method: "tools/list", params: { cursor: "" } }, ListToolsResultSchema);
      expect([names(first), names(second), second.nextCursor]).toEqual([["a", "b"], ["c"], undefined]);
      await client.close();
      expect(world.records.filter((record) => record.method === "tools/list").map((record) => record.cursor)).toEqual([undefined, ""]);
    }));
});
