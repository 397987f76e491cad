import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeHttpFetch } from "./node-http-fetch.ts";

let server: Server;
let base: string;
const seen: { method: string; headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      seen.push({ method: req.method!, headers: req.headers, body });
      switch (req.url) {
        case "/json":
          res.writeHead(200, { "content-type": "application/json", "mcp-session-id": "s1" }).end(JSON.stringify({ echo: body }));
          return;
        case "/accepted":
          res.writeHead(202).end();
          return;
        case "/none":
          res.writeHead(204).end();
          return;
        case "/sse":
          res.writeHead(200, { "content-type": "text/event-stream" });
          res.write("data: one\n\n");
          return; // held open, as a GET stream is
        case "/drop":
          res.socket?.destroy();
          return;
        case "/odd-status":
          res.writeHead(600, { "content-type": "application/json" }).end("{}");
          return;
        case "/odd-stream":
          res.writeHead(600, { "content-type": "Text/Event-Stream" }).end();
          return;
        case "/half":
          res.writeHead(200, { "content-type": "application/json", "content-length": "100" });
          res.write("{\"partial\":");
          setTimeout(() => res.socket?.destroy(), 20);
          return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

describe("nodeHttpFetch", () => {
  it("sends method, headers and body, and answers as fetch does", async () => {
    const response = await nodeHttpFetch(`${base}/json`, { method: "POST", headers: new Headers({ "content-type": "application/json", accept: "application/json, text/event-stream" }), body: "{\"a\":1}" });
    expect(response.status).toBe(200);
    expect(response.headers.get("mcp-session-id")).toBe("s1");
    expect(await response.json()).toEqual({ echo: "{\"a\":1}" });
    expect(seen.at(-1)).toMatchObject({ method: "POST", body: "{\"a\":1}", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" } });
  });

  it("answers 202 with an empty body and 204 with none", async () => {
    const accepted = await nodeHttpFetch(`${base}/accepted`, { method: "POST", body: "{}" });
    expect([accepted.status, await accepted.text()]).toEqual([202, ""]);
    const none = await nodeHttpFetch(`${base}/none`, { method: "DELETE" });
    expect([none.status, none.body]).toEqual([204, null]);
  });

  it("hands on an event stream as it arrives, and an abort ends it", async () => {
    const controller = new AbortController();
    const response = await nodeHttpFetch(`${base}/sse`, { signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: one\n\n");
    const next = reader.read();
    controller.abort();
    await expect(next).rejects.toThrow();
  });

  it("rejects a dropped connection as fetch does, before headers and mid-body", async () => {
    const dropped = await nodeHttpFetch(`${base}/drop`, { method: "POST", body: "{}" }).catch((error: unknown) => error);
    expect(dropped).toBeInstanceOf(TypeError);
    expect((dropped as Error).message).toBe("fetch failed");
    const half = await nodeHttpFetch(`${base}/half`).catch((error: unknown) => error);
    expect((half as Error).message).toBe("fetch failed");
  });

  it("rejects at once when already aborted, and when aborted while waiting", async () => {
    await expect(nodeHttpFetch(`${base}/json`, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: "AbortError" });
    const controller = new AbortController();
    const pending = nodeHttpFetch(`${base}/sse-never`, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: "AbortError" });
  });

  it("rejects an answer no Response can hold as a failed fetch, never an exception thrown into the host", async () => {
    for (const path of ["/odd-status", "/odd-stream"]) {
      const failed = await nodeHttpFetch(`${base}${path}`).catch((error: unknown) => error);
      expect(failed, path).toBeInstanceOf(TypeError);
      expect((failed as Error).message).toBe("fetch failed");
    }
  });

  it("watches many requests on one signal without a listener warning", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on("warning", onWarning);
    try {
      const controller = new AbortController();
      const answers = await Promise.all(Array.from({ length: 15 }, () => nodeHttpFetch(`${base}/json`, { method: "POST", body: "{}", signal: controller.signal })));
      expect(answers.map((answer) => answer.status)).toEqual(Array(15).fill(200));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain("MaxListenersExceededWarning");
    } finally {
      process.off("warning", onWarning);
    }
  });
});
