/**
 * The repo type-checks (`tsc --noEmit`, tsconfig.json): the first thing `npm test` proves. It runs as a test of
 * the fast tier, beside the others, rather than as a step before vitest: one tsc process is about 26 CPU-s and
 * 17 s of a 2-core machine at rest, which `npm test` otherwise spent with one core idle (issue 41).
 * `npm run typecheck` runs the same check alone.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../cli/builtin-host.ts";
import { paced } from "../pace.ts";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

describe("the repo", () => {
  it("type-checks: tsc --noEmit reports nothing", async () => {
    const result = await execa(process.execPath, [tsc, "--noEmit", "-p", join(packageRoot, "tsconfig.json")], { cwd: packageRoot, reject: false, all: true });
    expect(result.all, "tsc reported errors").toBe("");
    expect(result.exitCode).toBe(0);
  }, paced(600_000));
});
