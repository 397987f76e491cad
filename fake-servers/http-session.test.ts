/**
 * HttpSession on its own, behind a bare node:http server: the server's answers are sent by hand here, so
 * the tests can answer out of order, interleave server messages and close mid-request, which a LiveServer
 * behind the gateway never does on cue.
 */
import { createServer, request, type Server } from "node:http";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpSession } from "./http-session.ts";

const ACCEPT = "application/json, text/event-stream";

let server: Server;
let session: HttpSession;
let url: string;
let received: JSONRPCMessage[];

beforeEach(async () => {
  session = new HttpSession();
  received = [];
  session.onmessage = (message) => void received.push(message);
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => {
      res.on("error", () => undefined);
      if (req.method === "POST") session.post(req.headers, res, JSON.parse(text), false);
      else if (req.method === "GET") session.get(req.headers, res);
      else session.delete(req.headers, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});
afterEach(async () => {
  await session.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** One POST of `body`; resolves with status, content type and text once the answer is complete. */
function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; type: unknown; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { accept: ACCEPT, "content-type": "application/json", ...headers } }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"], text }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** Resolves once the session has handed the server `count` messages. */
async function receivedCount(count: number): Promise<void> {
  while (received.length < count) await new Promise((resolve) => setImmediate(resolve));
}

describe("HttpSession", () => {
  it("answers a batch in the order it was asked, in one body, whatever order the server answers in", async () => {
    const answered = post([{ jsonrpc: "2.0", id: "a", method: "ping" }, { jsonrpc: "2.0", method: "notifications/initialized" }, { jsonrpc: "2.0", id: 7, method: "tools/list" }]);
    await receivedCount(3);
    expect(received.map((message) => ("method" in message ? message.method : ""))).toEqual(["ping", "notifications/initialized", "tools/list"]);
    await session.send({ jsonrpc: "2.0", id: 7, result: { tools: [] } });
    // A message of the server's own tied to a request cannot travel in a JSON answer; it is dropped, not misrouted.
    await session.send({ jsonrpc: "2.0", method: "notifications/progress", params: { progressToken: 1, progress: 1 } }, { relatedRequestId: "a" });
    await session.send({ jsonrpc: "2.0", id: "a", result: {} });
    const { status, type, text } = await answered;
    expect({ status, type }).toEqual({ status: 200, type: "application/json" });
    expect(JSON.parse(text)).toEqual([{ jsonrpc: "2.0", id: "a", result: {} }, { jsonrpc: "2.0", id: 7, result: { tools: [] } }]);
  });

  it("passes the host's answers to server requests through with 202, and refuses an answer to nothing asked", async () => {
    expect((await post({ jsonrpc: "2.0", id: 5, result: {} })).status).toBe(202);
    expect(received).toEqual([{ jsonrpc: "2.0", id: 5, result: {} }]);
    await expect(session.send({ jsonrpc: "2.0", id: 99, result: {} })).rejects.toThrow(/No connection established for request ID: 99/);
  });

  it("refuses what the SDK's transport refuses, with its statuses, before the server sees anything", async () => {
    const ping = { jsonrpc: "2.0", id: 1, method: "ping" };
    expect((await post(ping, { "content-type": "text/plain" })).status).toBe(415);
    expect((await post(ping, { accept: "application/json" })).status).toBe(406);
    expect((await post(ping, { "mcp-protocol-version": "1999-01-01" })).status).toBe(400);
    expect((await post(Array.from({ length: 101 }, (_, id) => ({ ...ping, id })))).status).toBe(400);
    expect((await post({ ...ping, id: 2, method: "initialize" })).status).toBe(400);
    expect(received).toEqual([]);
  });

  it("ends with DELETE: an unanswered POST loses its socket, later requests get 404, the server hears close once", async () => {
    let closes = 0;
    session.onclose = () => void (closes += 1);
    const pending = post({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    await receivedCount(1);
    const deleted = await new Promise<number>((resolve, reject) => {
      request(url, { method: "DELETE" }, (res) => resolve(res.statusCode ?? 0)).on("error", reject).end();
    });
    expect(deleted).toBe(200);
    await expect(pending).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect((await post({ jsonrpc: "2.0", id: 2, method: "ping" })).status).toBe(404);
    await session.close();
    expect(closes).toBe(1);
  });
});
