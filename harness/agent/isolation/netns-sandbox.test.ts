/**
 * The sandbox an agent CLI runs in, tried from inside through the launch path every session uses
 * (NetnsSandbox.create + spawn, a home and working directory as a session makes them): loopback only, the
 * bridged ports reachable, outbound attempts refused and recorded, and a hostile CLI that tries to leave
 * fails at every step (docs/sandbox.md). Needs user namespaces: skipped with a reason where the machine
 * cannot build the sandbox, failed where CI requires the agents (harness/optional-installs.ts).
 * No test here aims any traffic at a non-loopback address: the names asked for end in .invalid and never
 * leave the namespace (the stub and the proxy answer them on 127.0.0.1).
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, statSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownedTempDir, STDIO_SHIM_PATH, type OwnedTempDir } from "../../../fake-servers/index.ts";
import { packageRoot } from "../../cli/builtin-host.ts";
import { missingInstall, SANDBOX_UID, skipTitle } from "../../optional-installs.ts";
import { NetnsSandbox, socketsOf } from "./netns-sandbox.ts";

const missing = missingInstall("sandbox");

/** Runs `argv` in a fresh sandbox on `ports` with a session's home and working directory; its stdout and the sandbox. */
async function inSandbox(scratch: string, ports: number[], argv: string[], unix: string[] = []) {
  const session = join(scratch, `session-${randomBytes(4).toString("hex")}`);
  const home = join(session, "home");
  const cwd = join(session, "work");
  mkdirSync(home, { recursive: true, mode: 0o700 });
  mkdirSync(cwd, { mode: 0o700 });
  const sandbox = await NetnsSandbox.create(ports, session, { writable: [home, cwd], cwd }, unix);
  try {
    const child: ChildProcess = sandbox.spawn(argv, { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, ...sandbox.proxyEnv() });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => { stdout += chunk.toString("utf8"); });
    child.stderr!.on("data", (chunk: Buffer) => { stderr += chunk.toString("utf8"); });
    const code = await new Promise<number | null>((resolve) => child.on("exit", (exit) => resolve(exit)));
    return { stdout, stderr, code, home, outbound: sandbox.outbound() };
  } finally {
    await sandbox.close();
  }
}

describe.skipIf(missing !== undefined)(skipTitle("the agent CLI sandbox", missing), () => {
  let outside: Server;
  let port = 0;
  let scratch: OwnedTempDir;
  // A Unix socket in a directory only the harness may enter, as the stdio relay's is.
  let relay: OwnedTempDir;
  let relayServer: Server;
  beforeAll(async () => {
    scratch = ownedTempDir("mcp-collide-agents-");
    relay = ownedTempDir("mcp-collide-relay-");
    outside = createServer((socket) => socket.end("hello from outside\n"));
    relayServer = createServer((socket) => socket.end("hello from a socket\n"));
    await new Promise<void>((resolve) => outside.listen(0, "127.0.0.1", resolve));
    await new Promise<void>((resolve) => relayServer.listen(join(relay.path, "s"), resolve));
    port = (outside.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => outside?.close(() => resolve()));
    await new Promise<void>((resolve) => relayServer?.close(() => resolve()));
    scratch?.release();
    relay?.release();
  });

  it("sees only loopback, reaches a bridged port and a bridged Unix socket, and records refused proxy and DNS attempts", async () => {
    const script = [
      "const net = require('node:net'); const dns = require('node:dns'); const http = require('node:http');",
      "const out = {};",
      "out.interfaces = Object.keys(require('node:os').networkInterfaces());",
      `const s = net.connect(${port}, '127.0.0.1'); s.on('data', (d) => { out.bridged = String(d).trim(); s.destroy(); viaSocket(); });`,
      `function viaSocket() { const u = net.connect(${JSON.stringify(join(relay.path, "s"))}); u.on('data', (d) => { out.socket = String(d).trim(); u.destroy(); next(); }); u.on('error', (e) => { out.socket = e.code; next(); }); }`,
      "function next() {",
      "  dns.lookup('telemetry.example.invalid', (error) => { out.dns = error ? error.code : 'resolved';",
      "    const proxy = new URL(process.env.HTTPS_PROXY);",
      "    const req = http.request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: 'updates.example.invalid:443' });",
      "    req.on('connect', (res) => { out.proxy = res.statusCode; finish(); }); req.on('response', (res) => { out.proxy = res.statusCode; finish(); });",
      "    req.on('error', (e) => { out.proxy = e.code; finish(); }); req.end(); });",
      "}",
      "function finish() { console.log(JSON.stringify(out)); process.exit(0); }",
    ].join("\n");
    const { stdout, stderr, outbound } = await inSandbox(scratch.path, [port], [process.execPath, "-e", script], [join(relay.path, "s")]);
    const seen = JSON.parse(stdout.trim().split("\n").at(-1) ?? `{"stderr": ${JSON.stringify(stderr)}}`);
    expect(seen.interfaces).toEqual(["lo"]);
    expect(seen.bridged).toBe("hello from outside");
    expect(seen.socket).toBe("hello from a socket");
    expect(seen.dns).not.toBe("resolved");
    expect(seen.proxy).toBe(403);
    expect(outbound.map((attempt) => (attempt.kind === "dns" ? `dns ${attempt.name}` : `proxy ${attempt.method} ${attempt.target}`))).toEqual(
      expect.arrayContaining(["dns telemetry.example.invalid", "proxy CONNECT updates.example.invalid:443"]),
    );
  }, 60_000);

  it("bridges the Unix sockets a stdio server's words name, and nothing else", () => {
    const socket = join(relay.path, "s");
    expect(socketsOf([socket, STDIO_SHIM_PATH, "s", join(relay.path, "missing"), "127.0.0.1:80", socket])).toEqual([socket]);
  });

  it("stops a hostile CLI at every step out: other namespaces, other processes, capabilities, the network, the machine's files", async () => {
    const mark = `mcp-collide-escape-${randomBytes(6).toString("hex")}`;
    const outsideTargets = { repo: join(packageRoot, mark), root: join("/root", mark), machineTmp: join(tmpdir(), mark) };
    // Each step prints `<step>=<ok|failed>`; the machine's /tmp is checked from outside, since the sandbox's own /tmp is writable.
    const steps: Record<string, string> = {
      setnsIntoPid1Net: "nsenter -t 1 -n true",
      openPid1NetNs: "cat /proc/1/ns/net",
      readHarnessEnviron: `cat /proc/${process.pid}/environ`,
      seeHarnessProcess: `test -e /proc/${process.pid}/status`,
      readPid1Environ: "cat /proc/1/environ",
      seeAnotherInterface: "ip -o link | grep -v ': lo:' | grep .",
      seeAnotherInterfaceInSys: "ls /sys/class/net | grep -vx lo",
      writeRepo: `touch ${outsideTargets.repo}`,
      writeRoot: `touch ${outsideTargets.root}`,
      writeEtc: `touch /etc/${mark}`,
      writeVarTmp: `touch /var/tmp/${mark}`,
      remountRootReadWrite: "mount -o remount,rw /",
      haveACapability: "grep -q '^CapEff:.*[1-9a-f]' /proc/self/status",
      // Controls: what a CLI must be able to do.
      writeHome: `touch "$HOME/${mark}"`,
      writePrivateTmp: `touch ${outsideTargets.machineTmp}`,
    };
    const script = Object.entries(steps).map(([step, command]) => `if ( ${command} ) >/dev/null 2>&1; then echo ${step}=ok; else echo ${step}=failed; fi`).join("\n");
    const { stdout, stderr, home } = await inSandbox(scratch.path, [], ["sh", "-c", script]);
    const result = Object.fromEntries(stdout.trim().split("\n").map((line) => line.split("=")));
    expect(Object.keys(result), stderr).toEqual(Object.keys(steps));
    const { writeHome, writePrivateTmp, ...escapes } = result;
    expect(escapes).toEqual(Object.fromEntries(Object.keys(escapes).map((step) => [step, "failed"])));
    expect({ writeHome, writePrivateTmp }).toEqual({ writeHome: "ok", writePrivateTmp: "ok" });
    for (const target of Object.values(outsideTargets)) expect(existsSync(target), target).toBe(false);
    expect(existsSync(join("/etc", mark)) || existsSync(join("/var/tmp", mark))).toBe(false);
    // The one write that got out landed in the session's home, owned by the sandbox's uid.
    expect(statSync(join(home, mark)).uid).toBe(process.getuid?.() === 0 ? SANDBOX_UID : process.getuid?.());
  }, 60_000);

  it("hands the session's home to the sandbox's uid, so a CLI can write its own files there", async () => {
    const { stdout } = await inSandbox(scratch.path, [], ["sh", "-c", 'echo "$(id -u) $(stat -c %u "$HOME")"']);
    // Inside, the sandbox's uid is 0 of its user namespace, and owns its home.
    expect(stdout.trim()).toBe("0 0");
  }, 60_000);
});
