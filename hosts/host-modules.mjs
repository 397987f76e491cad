/**
 * Judges a library host at another installed version without touching the pinned install: with
 * MCP_COLLIDE_HOST_MODULES=DIR (a folder where `npm install PKG@VERSION ...` ran), every package named in
 * DIR/package.json's dependencies that a file under hosts/ imports is resolved from DIR/node_modules instead.
 * Everything else (the harness, zod, the SDK) resolves as usual. Loaded with `node --import` (see
 * `npm run reports -- --from DIR`, hosts/reports.ts); versionOf in real-host-adapter.ts follows the same
 * variable, so the report names the version it judged.
 */
import { register } from "node:module";

if (process.env.MCP_COLLIDE_HOST_MODULES) register("./host-modules-hook.mjs", import.meta.url);
