/**
 * The run's CA and the https fake servers: a client that trusts the CA (and nothing else) gets an MCP answer
 * from a world served over https on 127.0.0.1; a client with the system's trust store is refused; the CA's key
 * is gone once it signed, and closing the CA removes its directory with the server's key.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { request } from "node:https";
import { dirname } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeServerHost, type FakeServerHost } from "./fake-server-host.ts";
import { makeRunCa, type RunCa } from "./run-ca.ts";
import { ServerScriptSchema } from "./server-script.ts";

/** POSTs an MCP initialize to `url` over https, trusting `ca` alone when given; resolves to status and body. */
function initialize(url: string, ca?: string): Promise<{ status: number; body: string }> {
  const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "1" } } });
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", ...(ca ? { ca } : {}), headers: { "content-type": "application/json", accept: "application/json, text/event-stream" } }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("https fake servers with a CA made for the run", () => {
  let ca: RunCa | undefined;
  let host: FakeServerHost | undefined;
  afterEach(async () => {
    await host?.close();
    ca?.close();
  });

  it("keeps only what a run needs in an owned 0700 directory (the CA's key deleted at once) and removes it on close", async () => {
    ca = await makeRunCa();
    const dir = dirname(ca.caFile);
    expect(dir).toMatch(new RegExp(`mcp-collide-tls-${process.pid}-`));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readdirSync(dir)).not.toContain("ca.key");
    expect(ca.caCertificate).toContain("BEGIN CERTIFICATE");
    ca.close();
    expect(existsSync(dir)).toBe(false);
  }, 60_000);

  it("serves MCP over https on 127.0.0.1 to a client that verifies the certificate against the run's CA, and to no other", async () => {
    ca = await makeRunCa();
    host = await startFakeServerHost({ tls: ca });
    const world = await host.startWorld([ServerScriptSchema.parse({ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: [{ name: "search", inputSchema: { type: "object" } }] })], "http");
    const url = world.endpoints[0]!.transport.url;
    expect(url).toMatch(/^https:\/\/127\.0\.0\.1:\d+\/mcp\//);
    const answer = await initialize(url, ca.caCertificate);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('"serverInfo"');
    await expect(initialize(url)).rejects.toMatchObject({ code: expect.stringMatching(/SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE/) });
    // A certificate for 127.0.0.1 and localhost only: a CA of another run does not vouch for it.
    const other = await makeRunCa();
    try {
      await expect(initialize(url, other.caCertificate)).rejects.toBeTruthy();
    } finally {
      other.close();
    }
  }, 60_000);
});
