/**
 * The network namespace an agent CLI runs in: loopback only, the bridged ports reachable, and outbound
 * attempts (through the proxy, by DNS) refused and recorded. Needs root and `unshare`: skipped with a
 * reason where unavailable, failed where CI requires the agents or the library hosts
 * (harness/optional-installs.ts).
 * No test here aims any traffic at a non-loopback address: the names asked for end in .invalid and
 * never leave the namespace (the stub and the proxy answer them on 127.0.0.1).
 */
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { missingInstall, skipTitle } from "../../../harness/index.ts";
import { NetnsSandbox } from "./netns-sandbox.ts";

const run = promisify(execFile);
const missing = missingInstall("netns");

describe.skipIf(missing !== undefined)(skipTitle("network isolation", missing), () => {
  let outside: Server;
  let port = 0;
  beforeAll(async () => {
    outside = createServer((socket) => socket.end("hello from outside\n"));
    await new Promise<void>((resolve) => outside.listen(0, "127.0.0.1", resolve));
    port = (outside.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => outside?.close(() => resolve()));
  });

  it("sees only loopback, reaches a bridged port, and records refused proxy and DNS attempts", async () => {
    const sandbox = await NetnsSandbox.create([port]);
    try {
      const script = [
        "const net = require('node:net'); const dns = require('node:dns'); const http = require('node:http');",
        "const out = {};",
        "out.interfaces = Object.keys(require('node:os').networkInterfaces());",
        `const s = net.connect(${port}, '127.0.0.1'); s.on('data', (d) => { out.bridged = String(d).trim(); s.destroy(); next(); });`,
        "function next() {",
        "  dns.lookup('telemetry.example.invalid', (error) => { out.dns = error ? error.code : 'resolved';",
        "    const proxy = new URL(process.env.HTTPS_PROXY);",
        "    const req = http.request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: 'updates.example.invalid:443' });",
        "    req.on('connect', (res) => { out.proxy = res.statusCode; finish(); }); req.on('response', (res) => { out.proxy = res.statusCode; finish(); });",
        "    req.on('error', (e) => { out.proxy = e.code; finish(); }); req.end(); });",
        "}",
        "function finish() { console.log(JSON.stringify(out)); process.exit(0); }",
      ].join("\n");
      const [file, ...args] = sandbox.wrap([process.execPath, "-e", script]);
      const { stdout } = await run(file!, args, { env: { PATH: process.env.PATH ?? "", ...sandbox.proxyEnv() }, timeout: 30_000 });
      const seen = JSON.parse(stdout.trim().split("\n").at(-1)!);
      expect(seen.interfaces).toEqual(["lo"]);
      expect(seen.bridged).toBe("hello from outside");
      expect(seen.dns).not.toBe("resolved");
      expect(seen.proxy).toBe(403);
      expect(sandbox.outbound().map((attempt) => (attempt.kind === "dns" ? `dns ${attempt.name}` : `proxy ${attempt.method} ${attempt.target}`))).toEqual(
        expect.arrayContaining(["dns telemetry.example.invalid", "proxy CONNECT updates.example.invalid:443"]),
      );
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});
