/**
 * One run per --out (issue 29 item 6): a stale lock is taken over by exactly one of the runs that found it
 * stale, never by two at once, and a run removes only its own lock, never one another run holds now.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { LOCK_FILE, OutputPathError, prepareOutputDirectory } from "./output-directory.ts";
import { ownedTempDir } from "../../fake-servers/index.ts";
import { paced } from "../pace.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-lock-").path;
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A pid that was alive and is no longer (a process that ran and exited). */
const deadPid = () => spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], { encoding: "utf8" }).stdout.trim();

describe("the --out lock", () => {
  it("lets exactly one of many runs take over a stale lock at once", { timeout: paced(60_000) }, async () => {
    for (let round = 0; round < 5; round++) {
      const out = join(dir, `stale-${round}`);
      await prepareOutputDirectory(out).then((held) => held.release());
      await writeFile(join(out, LOCK_FILE), `${deadPid()}\n`);
      const results = await Promise.allSettled(Array.from({ length: 8 }, () => prepareOutputDirectory(out)));
      const held = results.filter((result) => result.status === "fulfilled");
      expect(held, `round ${round}`).toHaveLength(1);
      for (const result of results) if (result.status === "rejected") expect(result.reason).toBeInstanceOf(OutputPathError);
      await (held[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof prepareOutputDirectory>>>).value.release();
      expect((await readdir(out)).filter((name) => name.startsWith(".mcp-collide"))).toEqual([]);
    }
  });

  it("refuses a lock that is a FIFO or a link at once, never waiting on it or following it", { timeout: paced(20_000) }, async () => {
    const fifo = join(dir, "fifo");
    await prepareOutputDirectory(fifo).then((held) => held.release());
    execFileSync("mkfifo", [join(fifo, LOCK_FILE)]);
    await expect(prepareOutputDirectory(fifo)).rejects.toThrow(/is no lock an mcp-collide run wrote \(it is a FIFO/);
    const linked = join(dir, "linked");
    await prepareOutputDirectory(linked).then((held) => held.release());
    await writeFile(join(dir, "elsewhere"), `${deadPid()}\n`);
    await symlink(join(dir, "elsewhere"), join(linked, LOCK_FILE));
    await expect(prepareOutputDirectory(linked)).rejects.toThrow(/is no lock an mcp-collide run wrote/);
  });

  it("releases only its own lock", { timeout: paced(20_000) }, async () => {
    const out = join(dir, "own");
    const held = await prepareOutputDirectory(out);
    // Someone deleted this run's lock by hand and another run took the directory meanwhile.
    await writeFile(join(out, LOCK_FILE), "1 another-run\n");
    await held.release();
    expect(await readFile(join(out, LOCK_FILE), "utf8")).toBe("1 another-run\n");
  });
});
