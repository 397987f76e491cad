// The gateway's relay inside its sandbox (gateway-process.ts), run by plain Node with nothing of the package:
//   node gateway-relay.cjs <stdio | tcp:PORT> <socket-path> -- gateway argv...
// The sandbox is loopback-only in a network namespace of its own and gives its first process no stdin, so the
// harness cannot reach a gateway inside it by port or by pipe. A socket file can cross namespaces: the relay
// listens on one in the session's home (a folder the harness sees at the same path) and relays each connection
// to the gateway, to 127.0.0.1:PORT inside for an http or sse gateway, or to the gateway's stdin and stdout for
// a stdio one (one connection: the harness's client). It starts the gateway and ends with it, with its status.
"use strict";
const { spawn } = require("node:child_process");
const net = require("node:net");
const { constants } = require("node:os");

const [mode, socketPath, separator, ...argv] = process.argv.slice(2);
if (!mode || !socketPath || separator !== "--" || argv.length === 0) {
  process.stderr.write("usage: gateway-relay.cjs <stdio|tcp:PORT> <socket-path> -- argv...\n");
  process.exit(2);
}
const stdio = mode === "stdio";
const port = stdio ? 0 : Number(mode.replace(/^tcp:/, ""));
const child = spawn(argv[0], argv.slice(1), { stdio: [stdio ? "pipe" : "ignore", stdio ? "pipe" : "inherit", "inherit"], env: process.env });
child.on("error", (error) => {
  process.stderr.write(`gateway-relay: could not start ${argv[0]}: ${error.message}\n`);
  process.exit(127);
});
child.on("exit", (code, signal) => process.exit(code ?? 128 + (signal ? constants.signals[signal] ?? 0 : 0)));

let taken = false;
const server = net.createServer((socket) => {
  socket.on("error", () => socket.destroy());
  if (stdio) {
    if (taken) return void socket.destroy();
    taken = true;
    socket.pipe(child.stdin);
    child.stdout.pipe(socket);
    socket.on("close", () => child.stdin.end());
    return;
  }
  const inner = net.createConnection({ host: "127.0.0.1", port });
  const end = () => {
    socket.destroy();
    inner.destroy();
  };
  inner.on("error", end);
  inner.on("close", end);
  socket.on("close", end);
  socket.pipe(inner).pipe(socket);
});
server.on("error", (error) => {
  process.stderr.write(`gateway-relay: cannot listen on ${socketPath}: ${error.message}\n`);
  child.kill("SIGKILL");
  process.exit(2);
});
server.listen(socketPath);
