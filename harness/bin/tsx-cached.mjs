/**
 * `node --import` for the harness's own TypeScript children (the built-in hosts, the library hosts' and agent
 * CLIs' adapters): tsx, with its transform cache in node_modules/.cache (beside tsx) rather than in the
 * temp folder. Each adapter runs with a temp folder of its own, removed when it stops (harness/adapter/
 * pid-namespace.ts), so tsx's cache there was empty at every start: every adapter process compiled the
 * harness anew, 2.3 CPU-s a start of the reference host on Node 20 against 1.5 with the cache warm. The
 * process's own TMPDIR is put back once tsx is registered. Where that folder cannot be made (a read-only
 * install), tsx keeps its cache in the temp folder as before.
 */
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const own = process.env.TMPDIR;
// The node_modules that holds tsx (the project's, where mcp-collide is a dependency): its .cache, as other tools use.
const tsx = createRequire(import.meta.url).resolve("tsx");
const cache = join(tsx.slice(0, tsx.lastIndexOf("node_modules") + "node_modules".length), ".cache", "mcp-collide-tsx");
let moved = false;
try {
  mkdirSync(cache, { recursive: true, mode: 0o700 });
  process.env.TMPDIR = cache;
  moved = true;
} catch {
  // A read-only install: tsx's default cache.
}
try {
  await import("tsx");
} finally {
  if (moved) {
    if (own === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = own;
  }
}
