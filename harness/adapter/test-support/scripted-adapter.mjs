#!/usr/bin/env node
// A HAP/1 adapter that answers its first request with a script of raw bytes (for the client's fuzz test):
// MCP_COLLIDE_SCRIPT is base64 JSON, a list of steps written in order once the first request line has
// arrived: {hex} raw bytes, {text} UTF-8, {repeat, times} a string repeated (deep nesting, long lines
// without a long environment), then {close: true} (close stdout, stay alive) or {exit: code}. A later
// "shutdown" request makes it exit 0.
import { closeSync } from "node:fs";

const steps = JSON.parse(Buffer.from(process.env.MCP_COLLIDE_SCRIPT ?? "", "base64").toString("utf8"));
const bytesOf = (step) =>
  step.hex !== undefined ? Buffer.from(step.hex, "hex")
  : step.text !== undefined ? Buffer.from(step.text, "utf8")
  : step.repeat !== undefined ? Buffer.from(step.repeat.repeat(step.times), "utf8")
  : undefined;

let received = "";
let started = false;
process.stdin.on("data", (chunk) => {
  received += chunk;
  if (!started && received.includes("\n")) {
    started = true;
    play();
  }
  if (received.includes('"method":"shutdown"')) process.exit(0);
});

function play() {
  for (const step of steps) {
    const bytes = bytesOf(step);
    if (bytes) process.stdout.write(bytes);
    else if (step.close) {
      process.stdout.write("", () => closeSync(1));
      setInterval(() => {}, 1000);
      return;
    } else if (step.exit !== undefined) {
      process.stdout.write("", () => process.exit(step.exit));
      return;
    }
  }
}
