#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so a fresh clone needs no build step after `npm ci`.
import { register } from "tsx/esm/api";

// Ctrl-C, a CI timeout or a closed terminal must not strand adapters: they live in their own process
// groups (out of the terminal's reach), so turn the signal into an exit, whose hook kills every group.
// `serve` runs until a signal by design, and handles them itself (it writes its report when stopped).
if (process.argv[2] !== "serve") for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143], ["SIGHUP", 129]]) {
  process.once(signal, () => {
    process.stderr.write(`\nmcp-collide: ${signal}: stopping the run; adapters and their servers are killed, no report is written\n`);
    process.exit(code);
  });
}

register();
const { main } = await import("../cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
