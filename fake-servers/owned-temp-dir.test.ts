import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ownedTempDir, removeOwnedTempDirsOf, sweepOwnedTempDirs } from "./owned-temp-dir.ts";

const here = fileURLToPath(new URL(".", import.meta.url));

/** A pid that has certainly ended: a child we waited for. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "0"]);
  return child.pid!;
}

/** Runs `code` in a child node (with tsx, cwd here) whose TMPDIR is `parent`; returns its stdout once it has ended. */
function runChild(code: string, parent: string, kill = false): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
      cwd: here, env: { ...process.env, TMPDIR: parent }, stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString("utf8");
      if (kill && out.includes("\n")) child.kill("SIGKILL");
    });
    child.on("exit", () => resolve(out.trim()));
  });
}

let parent: string;
beforeEach(() => {
  parent = mkdtempSync(join(tmpdir(), "mcp-collide-owned-test-"));
});
afterEach(() => rmSync(parent, { recursive: true, force: true }));

describe("ownedTempDir", () => {
  it("makes a private directory named for this process and removes it on release", () => {
    const dir = ownedTempDir("x-", parent);
    expect(dir.path.startsWith(join(parent, `x-${process.pid}-`))).toBe(true);
    expect(statSync(dir.path).mode & 0o777).toBe(0o700);
    dir.release();
    expect(existsSync(dir.path)).toBe(false);
    dir.release();
  });

  it("sweeps directories of its prefix whose owner has ended, and only those", () => {
    const dead = join(parent, `x-${deadPid()}-abcdef`);
    const live = join(parent, `x-${process.ppid}-abcdef`);
    const other = join(parent, `y-${deadPid()}-abcdef`);
    const unnamed = join(parent, "x-notapid");
    // Not ours to remove, though named like ours: open to others, or a symlink to somewhere else.
    const open = join(parent, `x-${deadPid()}-opened`);
    const link = join(parent, `x-${deadPid()}-linked`);
    for (const dir of [dead, live, other, unnamed]) mkdirSync(dir, { mode: 0o700 });
    mkdirSync(open, { mode: 0o755 });
    symlinkSync(live, link);
    expect(sweepOwnedTempDirs("x-", parent)).toBe(1);
    expect(readdirSync(parent).sort()).toEqual([live, other, unnamed, open, link].map((dir) => dir.slice(parent.length + 1)).sort());
  });

  it("removes every owned directory of one pid, whatever its kind, and nothing else", () => {
    const pid = deadPid();
    const names = [`mcp-collide-relay-${pid}-aB3dE6`, `mcp-collide-agents-${pid}-Zz9yX8`, `mcp-collide-relay-${pid}1-aB3dE6`, `other-${pid}-aB3dE6`, `mcp-collide-relay-${pid}-x`];
    for (const name of names) mkdirSync(join(parent, name), { mode: 0o700 });
    expect(removeOwnedTempDirsOf(pid, parent)).toBe(2);
    expect(readdirSync(parent).sort()).toEqual(names.slice(2).sort());
  });

  it("is removed when its process exits without releasing it", async () => {
    const path = await runChild(`const { ownedTempDir } = await import("./owned-temp-dir.ts"); console.log(ownedTempDir("x-").path); process.exit(0);`, parent);
    expect(path.startsWith(join(parent, "x-"))).toBe(true);
    expect(existsSync(path)).toBe(false);
  });

  it("outlives a SIGKILL (no hook runs) until the next directory of its prefix is made", async () => {
    const path = await runChild(`const { ownedTempDir } = await import("./owned-temp-dir.ts"); console.log(ownedTempDir("x-").path); setInterval(() => {}, 1000);`, parent, true);
    expect(existsSync(path)).toBe(true);
    ownedTempDir("x-", parent).release();
    expect(existsSync(path)).toBe(false);
  });

  it("takes a stdio relay's socket directory with the process that never closed the relay", async () => {
    const path = await runChild(`const { StdioRelay } = await import("./stdio-relay.ts"); const relay = await StdioRelay.start("node"); console.log(relay.address); process.exit(0);`, parent);
    expect(path.startsWith(join(parent, "mcp-collide-relay-"))).toBe(true);
    expect(readdirSync(parent).filter((name) => !name.startsWith("tsx-"))).toEqual([]);
  });
});
