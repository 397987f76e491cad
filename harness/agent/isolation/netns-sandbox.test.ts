/**
 * The sandbox an agent CLI runs in, tried from inside through the launch path every session uses
 * (NetnsSandbox.create + spawn, a home and working directory as a session makes them): loopback only, the
 * bridged ports reachable, outbound attempts refused and recorded, and a hostile CLI that tries to leave
 * fails at every step (docs/sandbox.md): other namespaces and processes, capabilities, the machine's files,
 * socket files of the machine's daemons (stand-ins started here in /run, /var/run, /var/tmp, /dev/shm, also
 * for a harness that is not root and keeps its supplementary groups; a CLI's folder holding one is refused by its
 * adapter, naming --agent-no-isolation), the sandbox's first process (no
 * capability, no debug port: Node's inspector opened by SIGUSR1 once let a CLI empty the outbound record).
 * Needs user namespaces: skipped with a reason where the machine cannot build the sandbox, failed where CI
 * requires the agents (harness/optional-installs.ts).
 * No test here aims any traffic at a non-loopback address: the names asked for end in .invalid and never
 * leave the namespace (the stub and the proxy answer them on 127.0.0.1).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, chownSync, existsSync, mkdirSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ownedTempDir, STDIO_SHIM_PATH, type OwnedTempDir } from "../../../fake-servers/index.ts";
import { machineRoot } from "../../adapter/pid-namespace.ts";
import { agentArgv, packageRoot, tsxNodeArgv } from "../../cli/builtin-host.ts";
import { missingInstall, SANDBOX_UID, skipTitle } from "../../optional-installs.ts";
import { paced } from "../../pace.ts";
import { NetnsSandbox, socketsOf } from "./netns-sandbox.ts";
import { inSandbox, type SandboxRun } from "./test-support/in-sandbox.ts";

const missing = missingInstall("sandbox");
const IN_SANDBOX = fileURLToPath(new URL("./test-support/in-sandbox.ts", import.meta.url));
/** A group no one on the machine has: the unprivileged harness below is given it, and a stand-in socket of its own. */
const TEST_GROUP = 4242;
/** A supplementary group this harness keeps when it is not root (a CI runner's user in group docker): its sockets are tried too. */
const KEPT_GROUP = machineRoot() ? undefined : process.getgroups?.().find((group) => group !== process.getgid?.());

/** The last line of a run's stdout, as JSON (its stderr when there is none). */
const lastJson = (run: Pick<SandboxRun, "stdout" | "stderr">) => JSON.parse(run.stdout.trim().split("\n").at(-1) ?? `{"stderr": ${JSON.stringify(run.stderr)}}`);

/**
 * Stand-ins for the machine's daemons: a Unix socket server at a test-owned name in each folder daemons use
 * that this process may write, open to everyone (0666) or, with `group`, to that group only (0660).
 */
async function standInDaemons(folders: string[], group?: number): Promise<{ paths: string[]; close(): Promise<void> }> {
  const servers: Array<{ path: string; server: Server }> = [];
  for (const folder of folders) {
    const path = join(folder, `mcp-collide-stand-in-${randomBytes(4).toString("hex")}.sock`);
    const server = createServer((socket) => socket.end("a daemon answered\n"));
    try {
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(path, resolve);
      });
    } catch {
      continue; // not ours to write
    }
    if (group === undefined) chmodSync(path, 0o666);
    else {
      chownSync(path, process.getuid?.() ?? 0, group);
      chmodSync(path, 0o660);
    }
    servers.push({ path, server });
  }
  return {
    paths: servers.map(({ path }) => path),
    close: async () => {
      await Promise.all(servers.map(({ server }) => new Promise<void>((resolve) => server.close(() => resolve()))));
      for (const { path } of servers) if (existsSync(path)) unlinkSync(path);
    },
  };
}

/** Runs `use` on a CLI's folder (its cli.sh) that also holds a listening socket file; both gone after. */
async function inFolderWithSocket(use: (folder: string) => Promise<void>): Promise<void> {
  const folder = ownedTempDir("mcp-collide-cli-folder-");
  const daemon = createServer();
  try {
    writeFileSync(join(folder.path, "cli.sh"), "#!/bin/sh\necho started\n", { mode: 0o755 });
    await new Promise<void>((resolve) => daemon.listen(join(folder.path, "daemon.sock"), resolve));
    await use(folder.path);
  } finally {
    await new Promise<void>((resolve) => daemon.close(() => resolve()));
    folder.release();
  }
}

/** A CLI that tries to connect to every one of `paths`, lists /run and /var/run, and looks for socket files anywhere in its view. */
function socketProbe(paths: string[]): string[] {
  const script = [
    "const net = require('node:net'); const fs = require('node:fs'); const { spawnSync } = require('node:child_process');",
    "const found = spawnSync('find', ['/', '(', '-path', '/proc', '-o', '-path', '/sys', ')', '-prune', '-o', '-type', 's', '-print'], { encoding: 'utf8', maxBuffer: 1 << 26 });",
    "const out = { connect: {}, run: fs.readdirSync('/run'), varRun: fs.readdirSync('/var/run'), sockets: found.stdout.split('\\n').filter(Boolean).sort() };",
    `const paths = ${JSON.stringify(paths)}; let left = paths.length;`,
    "const done = () => { if (--left <= 0) console.log(JSON.stringify(out)); };",
    "if (paths.length === 0) console.log(JSON.stringify(out));",
    "for (const path of paths) { const socket = net.connect(path); socket.on('data', (d) => { out.connect[path] = String(d).trim(); socket.destroy(); done(); }); socket.on('error', (e) => { out.connect[path] = e.code; done(); }); }",
  ].join("\n");
  return [process.execPath, "-e", script];
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
    expect(outbound.map((attempt) => (attempt.kind === "dns" ? `dns ${attempt.name}` : attempt.kind === "proxy" ? `proxy ${attempt.method} ${attempt.target}` : "unrecorded"))).toEqual(
      expect.arrayContaining(["dns telemetry.example.invalid", "proxy CONNECT updates.example.invalid:443"]),
    );
  }, paced(60_000));

  it("bridges the Unix sockets a stdio server's words name, and nothing else", () => {
    const socket = join(relay.path, "s");
    expect(socketsOf([socket, STDIO_SHIM_PATH, "s", join(relay.path, "missing"), "127.0.0.1:80", socket])).toEqual([socket]);
  });

  it("stops a hostile CLI at every step out: other namespaces, other processes, capabilities, the network, the machine's files", async () => {
    const mark = `mcp-collide-escape-${randomBytes(6).toString("hex")}`;
    const secret = `MCP_COLLIDE_TEST_HARNESS_SECRET_${randomBytes(6).toString("hex")}`;
    const visible = ["/var/tmp", "/run", "/dev/shm"].flatMap((folder) => {
      try {
        writeFileSync(join(folder, `${mark}-visible`), "the machine's\n", { mode: 0o644 });
        return [join(folder, `${mark}-visible`)];
      } catch {
        return [];
      }
    });
    expect(visible.length).toBeGreaterThan(0);
    const outsideTargets = { repo: join(packageRoot, mark), root: join("/root", mark), machineTmp: join(tmpdir(), mark) };
    // Each step prints `<step>=<ok|failed>`; the machine's /tmp is checked from outside, since the sandbox's own /tmp is writable.
    const steps: Record<string, string> = {
      setnsIntoPid1Net: "nsenter -t 1 -n true",
      openPid1NetNs: "cat /proc/1/ns/net",
      readHarnessEnviron: `cat /proc/${process.pid}/environ`,
      seeHarnessProcess: `test -e /proc/${process.pid}/status`,
      // The harness's secrets are in no process of the sandbox (its first process included): the environment is built from nothing.
      findHarnessSecret: `grep -qs ${secret} /proc/[0-9]*/environ`,
      seeAnotherInterface: "ip -o link | grep -v ': lo:' | grep .",
      seeAnotherInterfaceInSys: "ls /sys/class/net | grep -vx lo",
      writeRepo: `touch ${outsideTargets.repo}`,
      writeRoot: `touch ${outsideTargets.root}`,
      writeEtc: `touch /etc/${mark}`,
      writeRun: `touch /run/${mark}`,
      writeRoot2: `touch /${mark}`,
      remountRootReadWrite: "mount -o remount,rw /",
      haveACapability: "grep -q '^CapEff:.*[1-9a-f]' /proc/self/status",
      // Files the machine shows everyone, in folders the sandbox replaces with empty ones of its own.
      readMachineFiles: visible.map((file) => `cat ${file}`).join(" || "),
      // Controls: what a CLI must be able to do (the temp folders are private tmpfs: checked from outside below).
      writeHome: `touch "$HOME/${mark}"`,
      writePrivateTmp: `touch ${outsideTargets.machineTmp}`,
      writePrivateVarTmp: `touch /var/tmp/${mark}`,
    };
    const script = Object.entries(steps).map(([step, command]) => `if ( ${command} ) >/dev/null 2>&1; then echo ${step}=ok; else echo ${step}=failed; fi`).join("\n");
    process.env[secret] = "1";
    let run: SandboxRun;
    try {
      run = await inSandbox(scratch.path, [], ["sh", "-c", script]);
    } finally {
      delete process.env[secret];
      for (const file of visible) if (existsSync(file)) unlinkSync(file);
    }
    const { stdout, stderr, home } = run;
    const result = Object.fromEntries(stdout.trim().split("\n").map((line) => line.split("=")));
    expect(Object.keys(result), stderr).toEqual(Object.keys(steps));
    const { writeHome, writePrivateTmp, writePrivateVarTmp, ...escapes } = result;
    expect(escapes).toEqual(Object.fromEntries(Object.keys(escapes).map((step) => [step, "failed"])));
    expect({ writeHome, writePrivateTmp, writePrivateVarTmp }).toEqual({ writeHome: "ok", writePrivateTmp: "ok", writePrivateVarTmp: "ok" });
    for (const target of Object.values(outsideTargets)) expect(existsSync(target), target).toBe(false);
    expect(existsSync(join("/etc", mark)) || existsSync(join("/var/tmp", mark)) || existsSync(join("/run", mark)) || existsSync(join("/", mark))).toBe(false);
    // The one write that got out landed in the session's home, owned by the sandbox's uid.
    expect(statSync(join(home, mark)).uid).toBe(process.getuid?.() === 0 ? SANDBOX_UID : process.getuid?.());
  }, paced(60_000));

  it("hands the session's home to the sandbox's uid, so a CLI can write its own files there", async () => {
    const { stdout } = await inSandbox(scratch.path, [], ["sh", "-c", 'echo "$(id -u) $(stat -c %u "$HOME")"']);
    // Inside, the sandbox's uid is 0 of its user namespace, and owns its home.
    expect(stdout.trim()).toBe("0 0");
  }, paced(60_000));

  describe("socket files", () => {
    const folders = ["/run", "/var/run", "/var/tmp", "/dev/shm", ...(process.getuid ? [`/run/user/${process.getuid()}`] : [])];

    it("reaches no socket file of the machine's daemons (stand-ins in /run, /var/run, /var/tmp, /dev/shm), finds none in its view but the relay's, and has an empty /run", async () => {
      const daemons = await standInDaemons(folders);
      try {
        expect(daemons.paths.length).toBeGreaterThan(0);
        const relaySocket = join(relay.path, "s");
        const run = await inSandbox(scratch.path, [], socketProbe(daemons.paths), [relaySocket]);
        const seen = lastJson(run);
        expect(seen.connect, run.stderr).toEqual(Object.fromEntries(daemons.paths.map((path) => [path, "ENOENT"])));
        expect(seen.sockets).toEqual([relaySocket]);
        expect(seen.run).toEqual([]);
        expect(seen.varRun).toEqual([]);
      } finally {
        await daemons.close();
      }
    }, paced(120_000));

    it.runIf(machineRoot())("reaches none either when the harness is not root and keeps a supplementary group (0666, and 0660 of that group)", async () => {
      const open = await standInDaemons(["/run", "/var/tmp"]);
      const grouped = await standInDaemons(["/run", "/var/run"], TEST_GROUP);
      const paths = [...open.paths, ...grouped.paths];
      try {
        const [node, ...args] = tsxNodeArgv();
        const request = JSON.stringify({ ports: [], unix: [], argv: socketProbe(paths) });
        // The harness as nobody with one supplementary group: `unshare -r` keeps it, and no one unprivileged can drop it.
        // Its temp folder is /tmp (open to all), not ours: a TMPDIR of root's (a CI's, holding the clone) is closed to nobody.
        const run = spawnSync("setpriv", [`--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, `--groups=${TEST_GROUP}`, "--", node!, ...args, IN_SANDBOX, request], {
          cwd: packageRoot, encoding: "utf8", timeout: paced(110_000), env: { ...process.env, HOME: "/nonexistent", TMPDIR: "/tmp" },
        });
        expect(run.status, run.stderr).toBe(0);
        const inner = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as SandboxRun;
        const seen = lastJson(inner);
        expect(seen.connect, inner.stderr).toEqual(Object.fromEntries(paths.map((path) => [path, "ENOENT"])));
        expect(seen.sockets).toEqual([]);
      } finally {
        await open.close();
        await grouped.close();
      }
    }, paced(120_000));

    // Run as root, the case above stands for this one; run unprivileged without a supplementary group, there is none to try.
    const groupless = KEPT_GROUP !== undefined ? undefined : machineRoot() ? "run as root: the setpriv case above stands for it" : "this user keeps no supplementary group to try";
    it.skipIf(groupless !== undefined)(skipTitle("reaches none of a supplementary group this unprivileged harness keeps (0660 stand-ins of that group)", groupless), async () => {
      const grouped = await standInDaemons(folders, KEPT_GROUP);
      try {
        expect(grouped.paths.length).toBeGreaterThan(0);
        const run = await inSandbox(scratch.path, [], socketProbe(grouped.paths));
        const seen = lastJson(run);
        expect(seen.connect, run.stderr).toEqual(Object.fromEntries(grouped.paths.map((path) => [path, "ENOENT"])));
        expect(seen.sockets).toEqual([]);
      } finally {
        await grouped.close();
      }
    }, paced(120_000));

    it("refuses to start a CLI whose folder holds a socket file, naming it", async () => {
      await inFolderWithSocket(async (folder) => {
        const session = join(scratch.path, `refused-${randomBytes(4).toString("hex")}`);
        mkdirSync(join(session, "home"), { recursive: true });
        const sandbox = await NetnsSandbox.create([], session, { writable: [join(session, "home")], cwd: join(session, "home") });
        try {
          expect(() => sandbox.spawn([join(folder, "cli.sh")], { PATH: "/usr/bin:/bin" })).toThrow(`${folder} holds socket files a CLI in the sandbox could connect to (${join(folder, "daemon.sock")})`);
        } finally {
          await sandbox.close();
        }
      });
    }, paced(60_000));

    it("has a CLI's adapter refuse such a folder before it serves, naming the socket and --agent-no-isolation, the flag that takes the risk (exit 2)", async () => {
      await inFolderWithSocket(async (folder) => {
        const [node, ...args] = agentArgv("codex", { bin: join(folder, "cli.sh") });
        const adapter = spawnSync(node!, args, { cwd: packageRoot, encoding: "utf8", input: "", timeout: paced(60_000) });
        expect(adapter.status, adapter.stderr).toBe(2);
        expect(adapter.stdout).toBe("");
        expect(adapter.stderr).toContain(`refusing to run the CLI outside its sandbox, or in one that would show it a socket file (${folder} holds socket files a CLI in the sandbox could connect to (${join(folder, "daemon.sock")})`);
        expect(adapter.stderr).toContain("mcp-collide run --agent-no-isolation");
      });
    }, paced(90_000));
  });

  it("leaves its first process no capability and no debug port: SIGUSR1 opens no inspector, and the outbound record stays whole", async () => {
    // The attack that emptied the record when PID 1 was Node: SIGUSR1 opens its inspector on 127.0.0.1:9229,
    // unauthenticated; through it, PID 1 truncates every file it holds open, the record among them.
    const expression = "(() => { const fs = process.mainModule.require('fs'); for (const fd of fs.readdirSync('/proc/self/fd')) { try { fs.ftruncateSync(Number(fd)); } catch {} } return 'emptied'; })()";
    const script = [
      "const dns = require('node:dns'); const http = require('node:http'); const net = require('node:net'); const fs = require('node:fs');",
      "const out = { pid1: fs.readFileSync('/proc/1/status', 'utf8').split('\\n').filter((line) => /^Cap(Prm|Eff|Bnd|Amb):/.test(line)) };",
      "const finish = () => { console.log(JSON.stringify(out)); process.exit(0); };",
      "function send(socket, text) { const payload = Buffer.from(text); const mask = Buffer.from([1, 2, 3, 4]);",
      "  const head = payload.length < 126 ? Buffer.from([0x81, 0x80 | payload.length]) : Buffer.from([0x81, 0x80 | 126, payload.length >> 8, payload.length & 255]);",
      "  socket.write(Buffer.concat([head, mask, Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]))])); }",
      "function exploit(path) { const socket = net.connect(9229, '127.0.0.1'); let upgraded = false;",
      "  socket.write(`GET ${path} HTTP/1.1\\r\\nHost: 127.0.0.1:9229\\r\\nUpgrade: websocket\\r\\nConnection: Upgrade\\r\\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\\r\\nSec-WebSocket-Version: 13\\r\\n\\r\\n`);",
      `  socket.on('data', (data) => { if (upgraded || !String(data).includes(' 101 ')) return; upgraded = true; send(socket, JSON.stringify({ id: 1, method: 'Runtime.evaluate', params: { expression: ${JSON.stringify(expression)} } })); setTimeout(() => { out.exploited = true; finish(); }, 1000); });`,
      "  socket.on('error', (e) => { out.exploit = e.code; finish(); }); }",
      "function inspector(tries) { const req = http.get('http://127.0.0.1:9229/json/list', (res) => { let body = ''; res.on('data', (d) => { body += d; }); res.on('end', () => { out.inspector = 'open'; exploit(new URL(JSON.parse(body)[0].webSocketDebuggerUrl).pathname); }); });",
      "  req.on('error', (e) => { if (tries > 0) setTimeout(() => inspector(tries - 1), 250); else { out.inspector = e.code; finish(); } }); }",
      "dns.lookup('before-the-attack.example.invalid', () => { try { process.kill(1, 'SIGUSR1'); out.signalled = 'delivered'; } catch (e) { out.signalled = e.code; } inspector(20); });",
    ].join("\n");
    const run = await inSandbox(scratch.path, [], [process.execPath, "-e", script]);
    const seen = lastJson(run);
    expect(seen.pid1, run.stderr).toEqual(["CapPrm:\t0000000000000000", "CapEff:\t0000000000000000", "CapBnd:\t0000000000000000", "CapAmb:\t0000000000000000"]);
    expect(seen.inspector).toBe("ECONNREFUSED");
    expect(seen.exploited).toBeUndefined();
    expect(run.outbound.flatMap((attempt) => (attempt.kind === "dns" ? [attempt.name] : []))).toContain("before-the-attack.example.invalid");
  }, paced(60_000));
});
