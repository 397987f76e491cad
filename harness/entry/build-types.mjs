#!/usr/bin/env node
// Builds the declarations behind the package's typed entry points (run by `npm pack` / `npm publish` as
// `prepack`, removed again by `postpack`; the clone itself needs no build). The same .d.ts files are laid
// out twice: under types/esm for `import` and under types/cjs for `require`, since TypeScript reads a
// declaration as ESM or CommonJS by the nearest package.json, and a CommonJS adapter must not be told it
// cannot require the kit.
import { spawnSync } from "node:child_process";
import { cpSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const types = here("./types/");
rmSync(types, { recursive: true, force: true });
// `--clean` (postpack): the declarations live in the tarball only, not in the working tree.
if (process.argv.includes("--clean")) process.exit(0);
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const built = spawnSync(process.execPath, [tsc, "-p", here("./tsconfig.types.json")], { stdio: "inherit" });
if (built.status !== 0) process.exit(built.status ?? 1);
cpSync(here("./types/esm/"), here("./types/cjs/"), { recursive: true });
writeFileSync(here("./types/esm/package.json"), `${JSON.stringify({ type: "module" })}\n`);
writeFileSync(here("./types/cjs/package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
