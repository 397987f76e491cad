/**
 * Policy: a real host under test never leaves 127.0.0.1. Preloaded into an adapter by hosts/offline.hosts.test.ts
 * (`node --import ./hosts/record-network.mjs ...`), this records every attempt to reach another address (a
 * TCP or TLS connect, a UDP send, a DNS lookup of a name other than localhost) as one JSON line in the file
 * named by MCP_COLLIDE_NETWORK_LOG, and refuses it (the socket is destroyed with an error, the lookup
 * fails), so a host's phone-home shows up in the test rather than on the network. The test also runs the
 * whole case in a loopback-only network namespace, so an attempt this misses still goes nowhere.
 */
import { appendFileSync } from "node:fs";
import dgram from "node:dgram";
import dns from "node:dns";
import net from "node:net";

const log = process.env.MCP_COLLIDE_NETWORK_LOG;

/** True for names and addresses that stay on this machine's loopback. */
function loopback(host) {
  if (host === undefined || host === null || host === "") return true;
  const name = String(host).toLowerCase().replace(/^\[|\]$/g, "");
  return name === "localhost" || name === "::1" || name.startsWith("127.") || name === "0:0:0:0:0:0:0:1" || name.startsWith("::ffff:127.");
}

function record(kind, host, port) {
  const entry = JSON.stringify({ kind, host: String(host), port: port === undefined ? null : Number(port), pid: process.pid, argv: process.argv.slice(1, 3) });
  if (log) appendFileSync(log, `${entry}\n`);
  process.stderr.write(`record-network: refused ${kind} to ${host}${port === undefined ? "" : `:${port}`}\n`);
}

const refusal = (host) => Object.assign(new Error(`record-network: ${host} is not on loopback; this host must run offline`), { code: "ENETUNREACH" });

/** Where a Socket#connect call aims: { host, port } for TCP, undefined for a local (IPC/Unix) socket. */
function target(args) {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first && typeof first === "object") return first.path !== undefined ? undefined : { host: first.host ?? "localhost", port: first.port };
  if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) return { host: typeof args[1] === "string" ? args[1] : "localhost", port: first };
  return undefined;
}

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const aim = target(args);
  if (aim && !loopback(aim.host)) {
    record("connect", aim.host, aim.port);
    process.nextTick(() => this.destroy(refusal(aim.host)));
    return this;
  }
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function (hostname, ...rest) {
  if (!loopback(hostname)) {
    record("dns", hostname);
    const callback = rest.at(-1);
    if (typeof callback === "function") process.nextTick(() => callback(refusal(hostname)));
    return {};
  }
  return lookup.call(this, hostname, ...rest);
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = async function (hostname, ...rest) {
  if (!loopback(hostname)) {
    record("dns", hostname);
    throw refusal(hostname);
  }
  return lookupPromise.call(this, hostname, ...rest);
};

const send = dgram.Socket.prototype.send;
dgram.Socket.prototype.send = function (...args) {
  const host = args.find((arg, index) => index > 0 && typeof arg === "string");
  if (host !== undefined && !loopback(host)) {
    record("udp", host, args.find((arg, index) => index > 0 && typeof arg === "number"));
    return undefined;
  }
  return send.apply(this, args);
};
