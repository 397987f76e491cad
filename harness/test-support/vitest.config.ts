/**
 * The self-test's vitest configuration, kept out of the repo's top level: the root is the repo, and every
 * test file starts with vitest's default bounds stretched by the machine's pace (paced-timeouts.ts). Which
 * files each tier runs is chosen by file name in package.json's scripts (suites/tiers.ts, checked by
 * suites/tiers.test.ts), so `npx vitest run --config harness/test-support/vitest.config.ts FILE` runs any one.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongFirstSequencer } from "./long-first-sequencer.ts";

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  // The files that run for minutes start first (long-first-sequencer.ts): one started last runs alone at the end.
  test: { setupFiles: [fileURLToPath(new URL("./paced-timeouts.ts", import.meta.url))], sequence: { sequencer: LongFirstSequencer } },
});
