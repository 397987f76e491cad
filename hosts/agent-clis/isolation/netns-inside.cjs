"use strict";
/*
 * Runs inside a fresh network + mount namespace (`unshare -n -m`), as root, before the agent CLI:
 * - brings up loopback, the namespace's only interface: nothing the CLI does can leave the machine;
 * - for each bridged port, listens on 127.0.0.1:<port> and forwards every connection over the Unix socket
 *   <dir>/<port>.sock to the same port outside (the fake provider, the fake MCP servers' HTTP gateway and
 *   stdio relay live in the root namespace);
 * - records outbound attempts: a proxy on 127.0.0.1:<proxyPort> (the CLI gets HTTPS_PROXY/HTTP_PROXY)
 *   that refuses every request and writes down its target, and a DNS stub on 127.0.0.1:53 (resolv.conf is
 *   privately replaced by <dir>/resolv.conf) that answers REFUSED and writes down the name; both append
 *   JSON lines to <dir>/outbound.jsonl;
 * - runs the CLI with inherited stdio and exits with its status.
 * argv: <dir> <port,port,...> <proxyPort> -- <cli argv...>. Plain CommonJS with node: modules only.
 */
const { execFileSync, spawn } = require("node:child_process");
const dgram = require("node:dgram");
const fs = require("node:fs");
const net = require("node:net");
const path = require("node:path");

const [dir, portList, proxyText, dashes, ...cli] = process.argv.slice(2);
if (!dir || dashes !== "--" || cli.length === 0) {
  process.stderr.write("usage: netns-inside <dir> <ports> <proxyPort> -- <cli argv...>\n");
  process.exit(2);
}
const ports = portList ? portList.split(",").filter(Boolean).map(Number) : [];
const proxyPort = Number(proxyText);
const outbound = path.join(dir, "outbound.jsonl");
const note = (entry) => fs.appendFileSync(outbound, `${JSON.stringify({ ...entry, time: Date.now() })}\n`);

execFileSync("ip", ["link", "set", "lo", "up"]);
execFileSync("mount", ["--bind", path.join(dir, "resolv.conf"), "/etc/resolv.conf"]);

const listening = [];
const listen = (server, port) => new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(port, "127.0.0.1", resolve);
});

for (const port of ports) {
  const server = net.createServer((inner) => {
    const outer = net.connect(path.join(dir, `${port}.sock`));
    inner.pipe(outer).pipe(inner);
    const end = () => { inner.destroy(); outer.destroy(); };
    inner.on("error", end);
    outer.on("error", end);
  });
  listening.push(listen(server, port));
}

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
  const child = spawn(cli[0], cli.slice(1), { stdio: "inherit" });
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
