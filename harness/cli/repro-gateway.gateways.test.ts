/**
 * `repro --gateway mcp-hub` replays a committed gateway report's failing case on MCP Hub, started as
 * `run --gateway mcp-hub` starts it (its module, the gateway adapter, the sandbox): by value from
 * reports/mcp-hub.json, and by its repro line with `run` replaced by `repro`. Skips without the gateway's
 * install (`npm run gateways:install`) or the sandbox; fails instead under .ci/run (MCP_COLLIDE_REQUIRE_GATEWAYS).
 */
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { readReport } from "../report/read-report.ts";
import { missingInstall, skipTitle } from "../optional-installs.ts";
import { paced } from "../pace.ts";
import { reproLineWords } from "../runner/repro-command.ts";
import { packageRoot } from "./builtin-host.ts";
import { reproMain } from "./repro-main.ts";

const missing = missingInstall("gateway:mcp-hub", "sandbox");
const report = join(packageRoot, "reports/mcp-hub.json");
const clause = "surface/no-silent-loss";

/** `repro argv` in-process: its exit code and everything it printed. */
async function repro(argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const sink = new Writable({ write: (chunk, _encoding, done) => ((out += String(chunk)), done()) });
  return { code: await reproMain(argv, sink, sink), out };
}

describe("repro on a gateway", () => {
  it.skipIf(missing !== undefined)(skipTitle(`replays reports/mcp-hub.json's ${clause} case on MCP Hub with --gateway mcp-hub`, missing), async () => {
    const { code, out } = await repro([report, "--clause", clause, "--gateway", "mcp-hub"]);
    expect(out).toContain(`${clause} (MUST) against gateway mcp-hub`);
    expect(out).toContain("the report said FAIL: reproduced");
    expect(out).toMatch(/"c" of "a__b" not shown/);
    expect(code, out).toBe(1);
  }, paced(600_000));

  it.skipIf(missing !== undefined)(skipTitle(`runs the report's ${clause} repro line with run replaced by repro`, missing), async () => {
    const line = (await readReport(report)).clauses.find((entry) => entry.id === clause)!.repro!;
    const words = reproLineWords(line)!;
    expect(words.slice(0, 3)).toEqual(["npx", "mcp-collide", "run"]);
    expect(words.slice(-2)).toEqual(["--gateway", "mcp-hub"]);
    const { code, out } = await repro(words.slice(3));
    expect(out).toContain(`${clause} (MUST) against gateway mcp-hub, from seed 2026`);
    expect(code, out).toBe(1);
  }, paced(600_000));
});
