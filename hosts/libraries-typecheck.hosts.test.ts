/**
 * The adapters of the library hosts installed in their own folders (each host.json saying `"install": "folder"`:
 * hosts/mcp-use, hosts/voltagent, hosts/genkit, ...) type-check against the host packages installed there. The root tsconfig.json leaves them
 * out, because `npm test`'s `tsc --noEmit` must pass on a fresh clone where they are not installed; this
 * test runs `tsc -p hosts/tsconfig.libraries.json` instead. Skipped, saying why, until
 * `npm run hosts:libraries` has run; required under .ci/run (MCP_COLLIDE_REQUIRE_LIBRARY_HOSTS=1).
 * One tsc process, about 30 s of CPU.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { hostRegistry, missingInstall, packageRoot, skipTitle, paced } from "../harness/index.ts";

// Every host is checked (and, under .ci/run, required), not only up to the first one missing.
const missing = missingInstall(...hostRegistry.filter((entry) => entry.install === "folder").map((entry) => `library-host:${entry.id}` as const));
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");

describe.skipIf(missing !== undefined)(skipTitle("library host adapters", missing), () => {
  it("type-check against their installed hosts (tsc -p hosts/tsconfig.libraries.json)", async () => {
    const result = await execa(process.execPath, [tsc, "-p", join(packageRoot, "hosts/tsconfig.libraries.json")], { cwd: packageRoot, reject: false, all: true });
    expect(result.all, "tsc reported errors").toBe("");
    expect(result.exitCode).toBe(0);
  }, paced(600_000));
});
