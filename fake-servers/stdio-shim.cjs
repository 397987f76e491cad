"use strict";
/*
 * The command a host spawns for a stdio fake server. It is plain CommonJS with only node:net so that
 * it starts about as fast as a bare `node`: the server itself lives in the harness process, behind
 * the relay this shim dials.
 *
 * argv: <path of the relay's socket>; env: MCP_COLLIDE_RELAY_TOKEN=<token> (never on the command line,
 * which every local user can read). Protocol: send "<token>\n"; the relay answers one ACK byte (0x06)
 * and then speaks MCP stdio framing; a refused token gets the socket closed without the ACK.
 * Exit status: 1 when the relay is unreachable or refuses, 0 when the session ends after acceptance.
 * An EOT byte (0x04) from the relay, which no JSON text holds raw, closes stdout: the shim runs on, writing
 * nothing more, until the relay or stdin ends (a server down as `stdout-closed`).
 */
const fs = require("node:fs");
const net = require("node:net");

const ACK = 0x06;
const [address] = process.argv.slice(2);
const token = process.env.MCP_COLLIDE_RELAY_TOKEN;
if (!address || !token) {
  process.stderr.write("usage: MCP_COLLIDE_RELAY_TOKEN=<token> stdio-shim <relay socket path>\n");
  process.exit(1);
}

let accepted = false;
let stdoutClosed = false;
const socket = net.connect({ path: address });
socket.write(token + "\n");

// Flushing what the host already wrote matters (the relay records every message), so the shim
// ends the socket politely and leaves when the relay has closed its side too.
process.stdin.on("data", (chunk) => socket.write(chunk));
process.stdin.on("end", () => socket.end());
process.stdin.on("error", () => socket.end());

socket.on("data", (chunk) => {
  if (!accepted) {
    if (chunk[0] !== ACK) return leave(1);
    accepted = true;
    chunk = chunk.subarray(1);
  }
  if (stdoutClosed || chunk.length === 0) return;
  const eot = chunk.indexOf(0x04);
  if (eot < 0) return void process.stdout.write(chunk);
  if (eot > 0) process.stdout.write(chunk.subarray(0, eot));
  stdoutClosed = true;
  // Writes to a pipe are synchronous on Linux, so nothing is pending: closing fd 1 gives the host its EOF.
  try {
    fs.closeSync(1);
  } catch {
    // already gone
  }
});
socket.on("error", () => leave(accepted ? 0 : 1));
socket.on("close", () => leave(accepted ? 0 : 1));
process.stdout.on("error", () => leave(0));

let leaving = false;
function leave(code) {
  if (leaving) return;
  leaving = true;
  socket.destroy();
  if (stdoutClosed) process.exit(code);
  // stdout writes to a pipe are synchronous on Linux; the callback covers platforms where they are
  // not, and the timer covers a stdout nobody reads any more.
  process.stdout.write("", () => process.exit(code));
  setTimeout(() => process.exit(code), 200);
}
