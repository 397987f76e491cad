import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HttpGateway } from "./http-gateway.ts";
import { LiveServer } from "./live-server.ts";
import { Recorder } from "./recorder.ts";
import { ServerScriptSchema } from "./server-script.ts";

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "0" } },
};
const ACCEPT = "application/json, text/event-stream";

/** One raw HTTP exchange; node:http rather than fetch so the Host header can be forged. */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: { accept: ACCEPT, "content-type": "application/json", ...headers } }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

let gateway: HttpGateway;
let recorder: Recorder;
let server: LiveServer;
let url: string;
beforeAll(async () => {
  gateway = await HttpGateway.start();
  recorder = new Recorder();
  server = new LiveServer(ServerScriptSchema.parse({ key: "h", serverInfo: { name: "h", version: "1" }, tools: [] }), recorder);
  gateway.register("tok", server);
  url = gateway.specFor("tok").url;
});
afterAll(async () => {
  await server.close();
  await gateway.close();
});

describe("HttpGateway", () => {
  it("serves two servers at one URL, told apart only by their Authorization headers (issue 40)", async () => {
    const shared = new Recorder();
    const alpha = new LiveServer(ServerScriptSchema.parse({ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: [] }), shared);
    const beta = new LiveServer(ServerScriptSchema.parse({ key: "beta", serverInfo: { name: "beta", version: "1" }, tools: [] }), shared);
    gateway.registerShared("one", "cred-a", alpha);
    gateway.registerShared("one", "cred-b", beta);
    try {
      const [a, b] = [gateway.sharedSpecFor("one", "cred-a"), gateway.sharedSpecFor("one", "cred-b")];
      expect(a.url).toBe(b.url);
      expect(a.headers).toEqual({ Authorization: "Bearer cred-a" });
      expect((await send(b.url, "POST", b.headers!, JSON.stringify(INIT))).status).toBe(200);
      expect((await send(a.url, "POST", a.headers!, JSON.stringify(INIT))).status).toBe(200);
      expect(shared.records.map((record) => record.server)).toEqual(["beta", "alpha"]);
      // Without a credential, or with one the path does not know, nothing is reached.
      expect((await send(a.url, "POST", {}, JSON.stringify(INIT))).status).toBe(404);
      expect((await send(a.url, "POST", { Authorization: "Bearer cred-c" }, JSON.stringify(INIT))).status).toBe(404);
      gateway.unregister("one");
      expect((await send(a.url, "POST", a.headers!, JSON.stringify(INIT))).status).toBe(404);
      expect(shared.records).toHaveLength(2);
    } finally {
      await Promise.all([alpha.close(), beta.close()]);
    }
  });

  it("answers 404 for unknown paths and tokens", async () => {
    expect((await send(`${gateway.origin}/mcp/other`, "POST", {}, JSON.stringify(INIT))).status).toBe(404);
    expect((await send(`${gateway.origin}/elsewhere`, "GET", {})).status).toBe(404);
  });

  it("keeps a connection alive with no idle bound (no Keep-Alive timeout promised), so a host's reuse never races a close", async () => {
    const answered = await send(`${gateway.origin}/mcp/other`, "POST", { connection: "keep-alive" }, JSON.stringify(INIT));
    expect(answered.headers.connection).toBe("keep-alive");
    // Node promises "timeout=5" here by default, and closes the connection once it has been idle that long.
    expect(answered.headers["keep-alive"]).toBeUndefined();
  });

  it("refuses requests without a session, bad JSON, and unknown sessions", async () => {
    expect((await send(url, "POST", {}, JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }))).status).toBe(400);
    const bad = await send(url, "POST", {}, "{not json");
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.text).error.code).toBe(-32700);
    expect((await send(url, "POST", { "mcp-session-id": "nope" }, JSON.stringify(INIT))).status).toBe(404);
  });

  it("refuses a forged Host header without opening a session", async () => {
    const before = recorder.records.length;
    const forged = await send(url, "POST", { host: "evil.example" }, JSON.stringify(INIT));
    expect(forged.status).toBe(403);
    expect(recorder.records.length).toBe(before);
  });

  it("opens a session on initialize and ends it on DELETE", async () => {
    const opened = await send(url, "POST", {}, JSON.stringify(INIT));
    expect(opened.status).toBe(200);
    const session = String(opened.headers["mcp-session-id"]);
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    expect(recorder.records.at(-1)).toMatchObject({ server: "h", method: "initialize" });
    expect((await send(url, "DELETE", { "mcp-session-id": session })).status).toBe(200);
    expect((await send(url, "POST", { "mcp-session-id": session }, JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }))).status).toBe(404);
  });

  it("answers a POST of requests with one application/json body and a POST of notifications with 202", async () => {
    const opened = await send(url, "POST", {}, JSON.stringify(INIT));
    expect(opened.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(opened.text)).toMatchObject({ jsonrpc: "2.0", id: 1, result: { serverInfo: { name: "h" } } });
    const session = { "mcp-session-id": String(opened.headers["mcp-session-id"]) };
    expect((await send(url, "POST", session, JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }))).status).toBe(202);
    const batch = await send(url, "POST", session, JSON.stringify([{ jsonrpc: "2.0", id: 2, method: "tools/list" }, { jsonrpc: "2.0", id: 3, method: "ping" }]));
    expect(batch.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(batch.text)).toMatchObject([{ id: 2, result: { tools: [] } }, { id: 3, result: {} }]);
    expect((await send(url, "POST", session, JSON.stringify({ jsonrpc: "2.0", id: 4 }))).status).toBe(400);
    expect((await send(url, "POST", { ...session, accept: "application/json" }, JSON.stringify({ jsonrpc: "2.0", id: 5, method: "ping" }))).status).toBe(406);
    expect((await send(url, "POST", session, JSON.stringify(INIT))).status).toBe(400);
    expect((await send(url, "PUT", session)).status).toBe(405);
  });

  it("opens one SSE stream per session on GET, which carries list_changed, and ends it with the session", async () => {
    const live = new LiveServer(ServerScriptSchema.parse({ key: "n", serverInfo: { name: "n", version: "1" }, tools: [], listChanged: true }), recorder);
    gateway.register("notifying", live);
    const at = gateway.specFor("notifying").url;
    const opened = await send(at, "POST", {}, JSON.stringify(INIT));
    const session = { "mcp-session-id": String(opened.headers["mcp-session-id"]) };
    const events: string[] = [];
    const ended = new Promise<{ status: number; type: unknown }>((resolve, reject) => {
      const req = request(at, { method: "GET", headers: { accept: "text/event-stream", ...session } }, (res) => {
        res.on("data", (chunk: Buffer) => {
          events.push(chunk.toString("utf8"));
          // The stream is open once its headers arrived; the second GET and the notification follow from here.
          if (events.length === 1 && chunk.toString("utf8").includes("list_changed")) void live.close();
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, type: res.headers["content-type"] }));
      });
      req.on("response", async () => {
        expect((await send(at, "GET", { accept: "text/event-stream", ...session })).status).toBe(409);
        await live.apply({ kind: "notify" });
      });
      req.on("error", reject);
      req.end();
    });
    expect(await ended).toEqual({ status: 200, type: "text/event-stream" });
    expect(events.join("")).toContain('event: message\ndata: {"method":"notifications/tools/list_changed","jsonrpc":"2.0"}');
    gateway.unregister("notifying");
  });

  it("drops the socket of a POST still unanswered when its session closes, so no host waits for an answer", async () => {
    const slow = new LiveServer(ServerScriptSchema.parse({ key: "s", serverInfo: { name: "s", version: "1" }, tools: [], latency: { toolsList: 60_000 } }), recorder);
    gateway.register("slow", slow);
    const at = gateway.specFor("slow").url;
    const opened = await send(at, "POST", {}, JSON.stringify(INIT));
    const session = { "mcp-session-id": String(opened.headers["mcp-session-id"]) };
    const listing = send(at, "POST", session, JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }));
    // The listing is held by its scripted latency; once the server has recorded it, close the server.
    while (!recorder.records.some((r) => r.server === "s" && r.method === "tools/list")) await new Promise((resolve) => setImmediate(resolve));
    await slow.close();
    await expect(listing).rejects.toThrow(/socket hang up|ECONNRESET/);
    gateway.unregister("slow");
  });

  it("answers a GET with 405 for a server of a quiet world, which offers no stream and cannot notify", async () => {
    const quiet = new LiveServer(ServerScriptSchema.parse({ key: "q", serverInfo: { name: "q", version: "1" }, tools: [] }), recorder, undefined, true);
    gateway.register("quiet", quiet);
    const at = gateway.specFor("quiet").url;
    try {
      const opened = await send(at, "POST", {}, JSON.stringify(INIT));
      const session = { "mcp-session-id": String(opened.headers["mcp-session-id"]) };
      const get = await send(at, "GET", { accept: "text/event-stream", ...session });
      expect([get.status, get.headers.allow]).toEqual([405, "POST, DELETE"]);
      // The session itself goes on: a request still gets its answer.
      const ping = await send(at, "POST", session, JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }));
      expect([ping.status, JSON.parse(ping.text)]).toEqual([200, { jsonrpc: "2.0", id: 2, result: {} }]);
      await expect(quiet.apply({ kind: "notify" })).rejects.toThrow(/quiet world/);
      // The server of the other tests, not quiet, opens its stream (see above): the 405 is the flag's doing.
      expect(server.quiet).toBe(false);
    } finally {
      await quiet.close();
      gateway.unregister("quiet");
    }
  });
});
