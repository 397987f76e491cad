#!/usr/bin/env node
// `npm run test:node -- 22` (or 24): the harness's unit tests on a pinned Node from hosts/node-runtimes/
// (`npm run hosts:node`), so CI proves the harness on each Node it supports beside the one `npm test` runs on
// (package.json `engines`: >=20). They run as the fast tier runs them (package.json's `test` script, as
// harness/test-support/tiers.ts writes it: its vitest command, paced bounds included, and its exclusion of
// every heavy tier's files, so no browser, library host or agent CLI runs here), in a part of it that is
// small but real: the unit tests of the harness's worlds, arbitraries, adapters, runner pieces and reports
// and of the fake servers, which need no optional install. The in-process controls (every clause against
// every one-bug host, minutes each) are left to `npm test` on the harness's own Node: CI runs this part on
// two Nodes within its 40-minute budget (`npm run test:node -- 22 suites/controls.test.ts` runs them on
// Node 22 by hand). vitest runs on that Node, its workers too, and so does every `node` a test starts (the
// runtime's bin/ goes first on PATH); hosts/node-runtimes/node-runtimes.test.ts checks that it did. More
// arguments are passed to vitest in place of the folders (`npm run test:node -- 24 harness/world`, to run
// part of it).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
/** The part of the fast tier run here: folders and files of the package, as vitest filters take them. */
export const unitTier = [
  "hosts/node-runtimes/node-runtimes.test.ts",
  "harness/arbitraries/", "harness/world/", "harness/adapter/", "harness/report/", "fake-servers/",
];
const [major, ...rest] = process.argv.slice(2);
const pins = JSON.parse(readFileSync(join(here, "package.json"), "utf8")).dependencies;
if (!major || !pins[`node${major}`]) {
  process.stderr.write(`usage: npm run test:node -- MAJOR [vitest arguments]; pinned: ${Object.keys(pins).map((name) => name.slice(4)).join(", ")}\n`);
  process.exit(2);
}
const bin = join(here, "node_modules", `node${major}`, "bin");
if (!existsSync(join(bin, "node"))) {
  process.stderr.write(`Node ${major} is not installed (npm run hosts:node)\n`);
  process.exit(2);
}
// vitest's own bin (its package exports no path to it): the package root's install.
const vitest = join(dirname(createRequire(join(root, "package.json")).resolve("vitest/package.json")), "vitest.mjs");
const started = Date.now();
// The fast tier's own vitest arguments, on this Node: package.json's `test` script,
// `vitest run --config ... --maxWorkers=3 --no-isolate --exclude "<heavy files>"` (tiers.test.ts holds the script to tiers.ts).
const script = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).scripts.test;
const at = script.indexOf("vitest run ");
if (at < 0) {
  process.stderr.write(`package.json's test script runs no vitest: ${script}\n`);
  process.exit(2);
}
const tier = script.slice(at + "vitest ".length).match(/"[^"]*"|\S+/g).map((arg) => arg.replace(/^"(.*)"$/, "$1"));
const result = spawnSync(join(bin, "node"), [vitest, ...tier, ...(rest.length > 0 ? rest : unitTier)], {
  cwd: root, stdio: "inherit",
  env: { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ""}`, MCP_COLLIDE_NODE_MAJOR: major },
});
process.stdout.write(`test:node ${major}: exit ${result.status ?? result.signal} in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
process.exit(result.status ?? 1);
