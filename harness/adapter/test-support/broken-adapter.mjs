#!/usr/bin/env node
// A HAP/1 adapter that breaks on purpose, one way per mode (argv[2]), so tests can prove a broken host
// earns ERROR and never PASS: crash, hang, garbage, rpc-error, bad-result, exit-on-open, stderr-then-crash;
// deaf-hang also outlives the end of its stdin (and keeps a child), as a stuck host would; flood-line writes
// argv[3] bytes with no newline and stays; close-stdout closes its stdout on the first session request and
// stays. slow-first-open is no broken host, only a slow one: it answers as empty-success, but its first
// session/open only after argv[3] ms, numbers its sessions, and says at shutdown how many were left open.
import { createInterface } from "node:readline";

// "setsid+<mode>": first start a grandchild in a session of its own (out of the adapter's process group,
// as a daemonising host would), tagged "<argv[3]>-grandchild" so a test can find it; then behave as <mode>.
let mode = process.argv[2] ?? "crash";
if (mode.startsWith("setsid+")) {
  mode = mode.slice("setsid+".length);
  const { spawn } = await import("node:child_process");
  spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)", `${process.argv[3] ?? "setsid"}-grandchild`], { detached: true, stdio: "ignore" }).unref();
}
// "scrubbed-setsid+<mode>": the same grandchild, started through `setsid env -u MCP_COLLIDE_REAP`, so it
// leaves the group and carries no reap marker either: only a PID namespace ends it with the adapter.
if (mode.startsWith("scrubbed-setsid+")) {
  mode = mode.slice("scrubbed-setsid+".length);
  const { spawn } = await import("node:child_process");
  spawn("setsid", ["env", "-u", "MCP_COLLIDE_REAP", process.execPath, "-e", "setInterval(() => {}, 1000)", `${process.argv[3] ?? "setsid"}-grandchild`], { stdio: "ignore" }).unref();
}
// "scratch+<mode>": first make a temp dir named for this process as ours are (owned-temp-dir.ts), never removed
// by the adapter itself; then behave as <mode>.
if (mode.startsWith("scratch+")) {
  mode = mode.slice("scratch+".length);
  const [{ mkdtempSync }, { tmpdir }, { join }] = await Promise.all([import("node:fs"), import("node:os"), import("node:path")]);
  mkdtempSync(join(tmpdir(), `mcp-collide-scratch-${process.pid}-`));
}
const write = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
if (mode === "deaf-hang") {
  // Holds on after the harness closes stdin, with a child of its own: only a group kill ends both.
  (await import("node:child_process")).spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  setInterval(() => {}, 1000);
}
/** Sessions opened and not closed (slow-first-open): a harness that gives up on an open must still close it. */
const open = new Set();
let opens = 0;
const init = { protocolVersion: "1", host: { name: `broken-${mode}`, version: "0.0.0" }, transports: ["stdio", "http"], capabilities: {} };

for await (const line of createInterface({ input: process.stdin })) {
  const { id, method } = JSON.parse(line);
  if (method === "initialize") {
    if (mode === "garbage-init") process.stdout.write("this is not json\n");
    else write({ jsonrpc: "2.0", id, result: init });
    continue;
  }
  if (method === "shutdown") {
    const diagnostics = mode === "slow-first-open" ? [{ level: "info", message: `sessions left open: ${open.size}` }] : [];
    write({ jsonrpc: "2.0", id, result: { diagnostics } });
    process.exit(0);
  }
  switch (mode) {
    case "crash":
      process.stderr.write("adapter: something went badly wrong\n");
      process.exit(3);
    case "hang":
    case "deaf-hang":
      break; // never answers
    case "flood-line": {
      // One endless line, written in pieces as the pipe drains: only a bound on the line stops it.
      const piece = Buffer.alloc(1 << 20, 0x61);
      let left = Number(process.argv[3] ?? 1e9);
      const more = () => {
        while (left > 0) {
          left -= piece.length;
          if (!process.stdout.write(piece)) return void process.stdout.once("drain", more);
        }
      };
      more();
      setInterval(() => {}, 1000);
      break;
    }
    case "close-stdout":
      (await import("node:fs")).closeSync(1);
      setInterval(() => {}, 1000);
      break;
    case "garbage":
      process.stdout.write("{ not json at all\n");
      break;
    case "rpc-error":
      write({ jsonrpc: "2.0", id, error: { code: -32603, message: "internal adapter failure" } });
      break;
    case "bad-result":
      write({ jsonrpc: "2.0", id, result: { session: 42, outcome: "everything is fine" } });
      break;
    case "empty-success":
      // Claims success with nothing registered and no tools: must not pass clauses on missing evidence.
      if (method === "session/open") write({ jsonrpc: "2.0", id, result: { session: "s", outcome: { registered: {}, errors: [] }, diagnostics: [] } });
      else if (method === "session/tools") write({ jsonrpc: "2.0", id, result: { tools: [] } });
      else if (method === "session/call") write({ jsonrpc: "2.0", id, result: { ok: false, error: { message: "unknown" } } });
      else write({ jsonrpc: "2.0", id, result: {} });
      break;
    case "slow-first-open": {
      const { params } = JSON.parse(line);
      if (method === "session/open") {
        const session = `s${++opens}`;
        const answer = () => {
          open.add(session);
          write({ jsonrpc: "2.0", id, result: { session, outcome: { registered: {}, errors: [] }, diagnostics: [] } });
        };
        if (opens === 1) setTimeout(answer, Number(process.argv[3] ?? 5000));
        else answer();
      } else if (method === "session/tools") write({ jsonrpc: "2.0", id, result: { tools: [] } });
      else if (method === "session/close") {
        open.delete(params.session);
        write({ jsonrpc: "2.0", id, result: {} });
      } else write({ jsonrpc: "2.0", id, result: {} });
      break;
    }
    default:
      process.exit(4);
  }
}
