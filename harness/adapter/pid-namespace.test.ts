/**
 * No process an adapter starts outlives it, even one that left its process group and dropped the reap
 * marker (`setsid env -u MCP_COLLIDE_REAP`): the adapter runs in a PID namespace of its own, through
 * `run` (HapClient, hapLauncher) and `check-adapter` (LineDriver) alike. Where the machine allows none, a
 * run's report says so. Polls /proc for the grandchild's tag (bounded waits, no timing assertions).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { LineDriver } from "../check-adapter/line-driver.ts";
import { hapLauncher } from "../runner/host-launcher.ts";
import { HapClient } from "./hap-client.ts";
import { sandboxPrefix } from "../optional-installs.ts";
import { NO_PID_NAMESPACE_VARIABLE, pidNamespacePrefix, pidNamespaceUnavailable } from "./pid-namespace.ts";
import { paced, pacedUntil } from "../pace.ts";

const adapter = fileURLToPath(new URL("./test-support/broken-adapter.mjs", import.meta.url));

/** Live processes (zombies excepted) whose argv holds `${tag}-grandchild`. */
function grandchildren(tag: string): number[] {
  return readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).flatMap((entry) => {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const zombie = stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
      return !zombie && readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0").includes(`${tag}-grandchild`) ? [Number(entry)] : [];
    } catch {
      return [];
    }
  });
}

const why = process.platform === "linux" ? pidNamespaceUnavailable() : "not Linux";
let tag = "";
afterEach(() => {
  for (const pid of grandchildren(tag)) process.kill(pid, "SIGKILL");
});

describe.skipIf(why !== undefined)(`adapters in a PID namespace${why ? ` (skipped: ${why})` : ""}`, () => {
  it("ends, with the run's adapter, a grandchild that left its group and dropped the marker (setsid, env -u)", async () => {
    tag = `mcp-collide-pidns-run-${process.pid}-${Date.now()}`;
    const client = new HapClient({ argv: [process.execPath, adapter, "scrubbed-setsid+empty-success", tag], requestTimeoutMs: paced(30_000) });
    expect(client.withoutPidNamespace).toBeUndefined();
    await client.initialize();
    expect(await pacedUntil(() => grandchildren(tag).length > 0, 10_000), "the grandchild never started").toBe(true);
    await client.shutdown(1000);
    expect(await pacedUntil(() => grandchildren(tag).length === 0, 10_000), `left alive: ${grandchildren(tag).join(", ")}`).toBe(true);
  }, paced(60_000));

  it("ends it with check-adapter's adapter too", async () => {
    tag = `mcp-collide-pidns-check-${process.pid}-${Date.now()}`;
    const driver = new LineDriver([process.execPath, adapter, "scrubbed-setsid+empty-success", tag], 30_000);
    expect(driver.withoutPidNamespace).toBeUndefined();
    expect((await driver.request("initialize", { protocolVersion: "1" })).kind).toBe("result");
    expect(await pacedUntil(() => grandchildren(tag).length > 0, 10_000), "the grandchild never started").toBe(true);
    await driver.stop();
    expect(await pacedUntil(() => grandchildren(tag).length === 0, 10_000), `left alive: ${grandchildren(tag).join(", ")}`).toBe(true);
  }, paced(60_000));

  it("runs none of its helpers from PATH, where an adapter could plant them", async () => {
    const planted = mkdtempSync(join(tmpdir(), "mcp-collide-planted-"));
    const marker = join(planted, "ran");
    const old = process.env.PATH;
    try {
      for (const name of ["mkfifo", "unshare", "sh", "setpriv", "ip", "mount", "true"]) {
        writeFileSync(join(planted, name), `#!/bin/sh\necho ${name} >> ${marker}\nexit 1\n`, { mode: 0o755 });
      }
      process.env.PATH = `${planted}:${old}`;
      const client = new HapClient({ argv: [process.execPath, adapter, "empty-success"], requestTimeoutMs: paced(30_000) });
      expect(client.withoutPidNamespace).toBeUndefined();
      await client.initialize();
      await client.shutdown(1000);
      for (const prefix of [pidNamespacePrefix(), sandboxPrefix()]) expect(prefix[0]).toMatch(/^\/(usr\/)?s?bin\//);
      expect(existsSync(marker) ? readFileSync(marker, "utf8") : "nothing planted ran").toBe("nothing planted ran");
    } finally {
      process.env.PATH = old;
      rmSync(planted, { recursive: true, force: true });
    }
  }, paced(60_000));

  it("sees an adapter that closes its stdout while it lives, as without a namespace", async () => {
    const client = new HapClient({ argv: [process.execPath, adapter, "close-stdout"], requestTimeoutMs: paced(600_000) });
    try {
      await client.initialize();
      await expect(client.tools("s")).rejects.toThrow(/closed its stdout/);
    } finally {
      await client.shutdown(1000);
    }
  }, paced(60_000));
});

describe.runIf(process.platform === "linux")("adapters without a PID namespace", () => {
  it("says so in the run's diagnostics, once, with the reason", async () => {
    const old = process.env[NO_PID_NAMESPACE_VARIABLE];
    process.env[NO_PID_NAMESPACE_VARIABLE] = "1";
    try {
      const launcher = hapLauncher({ argv: [process.execPath, adapter, "empty-success"] });
      const [first, second] = [await launcher.launch(), await launcher.launch()];
      const said = [...((await first.stop()) ?? []), ...((await second.stop()) ?? [])];
      expect(said.filter((entry) => /no PID namespace/.test(entry.message)).map((entry) => entry.message)).toEqual([
        expect.stringContaining(`${NO_PID_NAMESPACE_VARIABLE}=1 turned it off`),
      ]);
    } finally {
      if (old === undefined) delete process.env[NO_PID_NAMESPACE_VARIABLE];
      else process.env[NO_PID_NAMESPACE_VARIABLE] = old;
    }
  }, paced(60_000));
});
