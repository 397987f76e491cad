"use strict";
/*
 * Runs as the first process of the agent CLI's sandbox: uid 0 of a fresh user namespace owned by an
 * unprivileged uid (nobody when the harness is root), in fresh network, mount, PID, IPC and UTS namespaces with a
 * fresh /proc (see netns-sandbox.ts). Before the CLI starts it
 * - brings up loopback, the network namespace's only interface: nothing the CLI does can leave the machine;
 * - builds the CLI's view of the files: a fresh /sys (this namespace's interfaces only), every mount of the
 *   machine read-only, a private tmpfs on /tmp (and the temp folder) and /dev/shm, and the only writable
 *   places the ones named in the config (the session's home and working directory), bound back at their
 *   own paths; the bridge directory (Unix sockets, the outbound record) is out of the CLI's view: this
 *   process keeps a descriptor to it and reaches it through /proc/1/fd, which a process without
 *   capabilities cannot open;
 * - for each bridged port, listens on 127.0.0.1:<port> and forwards every connection over the Unix socket
 *   <dir>/<port>.sock to the same port outside (the fake provider and fake MCP servers live there); for
 *   each bridged Unix socket (the stdio relay's), listens at the same path in the private temp folder and
 *   forwards over <dir>/unix-<i>.sock;
 * - records outbound attempts: a proxy on 127.0.0.1:<proxyPort> (the CLI gets HTTPS_PROXY/HTTP_PROXY)
 *   that refuses every request and writes down its target, and a DNS stub on 127.0.0.1:53 (resolv.conf is
 *   privately replaced by <dir>/resolv.conf) that answers REFUSED and writes down the name; both append
 *   JSON lines to <dir>/outbound.jsonl;
 * - runs the CLI with no capabilities at all (empty bounding set, no_new_privs: `setpriv`), with inherited
 *   stdio, and exits with its status (the kernel then kills whatever the CLI left in the namespace).
 * Any step that fails ends the sandbox before the CLI starts (fail closed).
 * The places in `readable` (the harness's package, the CLI's install) that a private tmpfs would hide (a
 * checkout under /tmp) are bound back read-only at their own paths, so the CLI and the fake stdio servers it
 * starts still find their files.
 * argv: <config JSON: {dir, ports, unix, proxyPort, writable, cwd, tmp, readable}> -- <cli argv...>. Plain CommonJS, node: modules only.
 */
const { execFileSync, spawn } = require("node:child_process");
const dgram = require("node:dgram");
const fs = require("node:fs");
const path = require("node:path");
const net = require("node:net");

const [configText, dashes, ...cli] = process.argv.slice(2);
if (!configText || dashes !== "--" || cli.length === 0) {
  process.stderr.write("usage: netns-inside <config JSON> -- <cli argv...>\n");
  process.exit(2);
}
const { dir, ports, unix, proxyPort, writable, cwd, tmp, readable = [] } = JSON.parse(configText);
/** True when `place` lies in `folder` (or is it). */
const inside = (place, folder) => place === folder || place.startsWith(folder.endsWith("/") ? folder : `${folder}/`);

/** Ends the sandbox before the CLI starts: nothing runs half-isolated. */
function refuse(what, error) {
  const said = error && error.stderr ? ` (${String(error.stderr).trim()})` : "";
  process.stderr.write(`sandbox: ${what} failed, so the CLI was not started: ${error instanceof Error ? error.message.split("\n")[0] : error}${said}\n`);
  process.exit(2);
}
// --no-canonicalize: a path through /proc/1/fd must not be resolved back to one this uid cannot walk.
const mount = (...args) => execFileSync("mount", ["--no-canonicalize", ...args], { stdio: ["ignore", "ignore", "pipe"] });

let outboundFd;
let dirFd;
try {
  execFileSync("ip", ["link", "set", "lo", "up"]);
  const machine = fs.readFileSync("/proc/self/mountinfo", "utf8").split("\n").filter(Boolean).map((line) => {
    const fields = line.split(" ");
    return { target: fields[4].replace(/\\(\d{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8))), options: fields[5].split(",") };
  });
  // Our places become mounts of their own, so the read-only pass below leaves them writable (and a file
  // open for writing on the machine's mount would make that pass fail). Descriptors opened through them
  // stay usable once the paths go out of view; Node opens them close-on-exec, so the CLI gets none.
  for (const place of [dir, ...writable]) mount("--bind", place, place);
  const through = (fd) => `/proc/${process.pid}/fd/${fd}`;
  dirFd = fs.openSync(dir, "r");
  const kept = writable.map((place) => fs.openSync(place, "r"));
  const hidden = readable.filter((place) => tmp.some((folder) => inside(place, folder)) && fs.existsSync(place));
  const keptReadable = hidden.map((place) => fs.openSync(place, "r"));
  outboundFd = fs.openSync(`${through(dirFd)}/outbound.jsonl`, "a");
  mount("--bind", `${through(dirFd)}/resolv.conf`, "/etc/resolv.conf");
  mount("-o", "remount,bind,ro", "/etc/resolv.conf");
  try {
    mount("-t", "sysfs", "sysfs", "/sys");
  } catch {
    mount("-t", "tmpfs", "-o", "ro,mode=755", "tmpfs", "/sys"); // no sysfs of our own: none at all rather than the machine's
  }
  for (const { target, options } of machine) {
    if (target === "/proc" || target.startsWith("/proc/") || target === "/sys" || target.startsWith("/sys/")) continue;
    if (options.includes("ro")) continue;
    try {
      mount("-o", "remount,bind,ro", target);
    } catch (error) {
      // A mount hidden under another one cannot be reached, so it need not be read-only; any other stays writable: refuse.
      if (fs.existsSync(target)) throw new Error(`cannot make ${target} read-only: ${error.stderr?.toString().trim() || error.message}`);
    }
  }
  for (const place of tmp) if (fs.existsSync(place)) mount("-t", "tmpfs", "-o", "mode=1777,nosuid,nodev", "tmpfs", place);
  if (fs.existsSync("/dev/shm")) mount("-t", "tmpfs", "-o", "mode=1777,nosuid,nodev", "tmpfs", "/dev/shm");
  hidden.forEach((place, index) => {
    fs.mkdirSync(place, { recursive: true });
    mount("--bind", through(keptReadable[index]), place);
    mount("-o", "remount,bind,ro", place);
    fs.closeSync(keptReadable[index]);
  });
  writable.forEach((place, index) => {
    fs.mkdirSync(place, { recursive: true });
    mount("--bind", through(kept[index]), place);
    fs.closeSync(kept[index]);
  });
} catch (error) {
  refuse("building the sandbox", error);
}
const socketOf = (name) => `/proc/${process.pid}/fd/${dirFd}/${name}`;
const note = (entry) => fs.writeSync(outboundFd, `${JSON.stringify({ ...entry, time: Date.now() })}\n`);

const listening = [];
const listen = (server, port) => new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(port, "127.0.0.1", resolve);
});

/** A listener here whose every connection is forwarded over `socket` in the bridge directory. */
function bridge(socket) {
  return net.createServer((inner) => {
    const outer = net.connect(socketOf(socket));
    inner.pipe(outer).pipe(inner);
    const end = () => { inner.destroy(); outer.destroy(); };
    inner.on("error", end);
    outer.on("error", end);
  });
}
for (const port of ports) listening.push(listen(bridge(`${port}.sock`), port));
unix.forEach((place, index) => {
  const server = bridge(`unix-${index}.sock`);
  listening.push(new Promise((resolve, reject) => {
    server.once("error", reject);
    fs.mkdirSync(path.dirname(place), { recursive: true, mode: 0o700 });
    server.listen(place, resolve);
  }));
});

const proxy = net.createServer((socket) => {
  let head = "";
  socket.on("data", (chunk) => {
    head += chunk.toString("latin1");
    if (!head.includes("\r\n") && head.length < 8192) return;
    const [method, target] = head.split("\r\n")[0].split(" ");
    note({ kind: "proxy", method, target });
    socket.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
  });
  socket.on("error", () => socket.destroy());
});
listening.push(listen(proxy, proxyPort));

/** The query name of a DNS message, or "?" when it cannot be read. */
function questionName(message) {
  const labels = [];
  let offset = 12;
  while (offset < message.length && message[offset] !== 0 && labels.length < 128) {
    const length = message[offset];
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString("latin1"));
    offset += length + 1;
  }
  const type = offset + 2 < message.length ? message.readUInt16BE(offset + 1) : 0;
  return { name: labels.join(".") || "?", type };
}
const dns = dgram.createSocket("udp4");
dns.on("message", (message, peer) => {
  if (message.length < 12) return;
  note({ kind: "dns", ...questionName(message) });
  const answer = Buffer.from(message);
  answer[2] = 0x80 | (message[2] & 0x01); // a response, recursion desired as asked
  answer[3] = 0x80 | 0x05; // recursion available, REFUSED
  dns.send(answer, peer.port, peer.address);
});
listening.push(new Promise((resolve, reject) => { dns.once("error", reject); dns.bind(53, "127.0.0.1", resolve); }));

Promise.all(listening).then(() => {
  // No capabilities survive into the CLI: uid 0 of this namespace with an empty bounding set has none after exec.
  const child = spawn("setpriv", ["--bounding-set=-all", "--inh-caps=-all", "--no-new-privs", "--", ...cli], { stdio: "inherit", cwd });
  for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("error", (error) => {
    process.stderr.write(`netns-inside: cannot start ${cli[0]}: ${error.message}\n`);
    process.exit(127);
  });
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
}, (error) => {
  process.stderr.write(`netns-inside: ${error.message}\n`);
  process.exit(2);
});
