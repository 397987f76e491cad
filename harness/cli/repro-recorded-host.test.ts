/**
 * A report made with `run --agent ID` or `run --gateway ID` records its host only as an adapter command (never
 * run from a file unasked) and as the host flags of its repro lines. `repro` on such a report with no host
 * flag says how to replay it on that host, before anything starts; nothing here starts a host.
 */
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { packageRoot } from "./builtin-host.ts";
import { reproMain } from "./repro-main.ts";

/** `repro argv` in-process: its exit code and everything it printed. */
async function repro(...argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const sink = new Writable({ write: (chunk, _encoding, done) => ((out += String(chunk)), done()) });
  return { code: await reproMain(argv, sink, sink), out };
}

describe("repro of an agent CLI's or a gateway's report, given no host", () => {
  it("names the agent flags the run used and the line that replays the case on that CLI", async () => {
    const report = join(packageRoot, "reports/opencode.json");
    const { code, out } = await repro(report, "--clause", "surface/no-silent-loss");
    expect(code).toBe(2);
    expect(out).toContain("made with run --agent opencode");
    expect(out).toContain(`mcp-collide repro ${report} --clause surface/no-silent-loss --agent opencode`);
    expect(out).toMatch(/--trust-report-command/);
  });

  it("names the gateway the run judged and the line that replays the case on it", async () => {
    const report = join(packageRoot, "reports/mcp-hub.json");
    const { code, out } = await repro(report, "--clause", "surface/no-silent-loss");
    expect(code).toBe(2);
    expect(out).toContain("made with run --gateway mcp-hub");
    expect(out).toContain(`mcp-collide repro ${report} --clause surface/no-silent-loss --gateway mcp-hub`);
  });
});
