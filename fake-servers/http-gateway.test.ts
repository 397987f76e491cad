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
  it("answers 404 for unknown paths and tokens", async () => {
    expect((await send(`${gateway.origin}/mcp/other`, "POST", {}, JSON.stringify(INIT))).status).toBe(404);
    expect((await send(`${gateway.origin}/elsewhere`, "GET", {})).status).toBe(404);
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
});
