/**
 * `--out` is checked and made before anything runs, written atomically and never through a symlink, and
 * held by one run at a time. A bad `--out` costs a usage error (exit 2) before the host starts, not a run.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { lstat, mkdir, readFile, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { main } from "./main.ts";
import { packageRoot } from "./builtin-host.ts";
import { REPORT_FILE_NAMES } from "../report/write-report.ts";
import { ownedTempDir } from "../../fake-servers/index.ts";
import { paced } from "../pace.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-out-").path;
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Runs the CLI in-process on one quick clause, capturing what it prints. */
async function run(out: string, ...extra: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const printed = { stdout: "", stderr: "" };
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((printed.stdout += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((printed.stderr += String(chunk)), true));
  const code = await main(["run", "--host", "last-wins", "--clause", "surface/empty-server-ok", "--runs", "1", "--seed", "1", "--workers", "1", "--out", out, ...extra]);
  vi.restoreAllMocks();
  return { code, ...printed };
}

describe("--out", () => {
  it("refuses an existing file before the run starts", async () => {
    const file = join(dir, "a-file");
    await writeFile(file, "keep me");
    const result = await run(file);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--out .*a-file.* is not a directory/);
    expect(result.stdout).not.toMatch(/clause\(s\), seed/);
    expect(await readFile(file, "utf8")).toBe("keep me");
  });

  it.runIf(process.platform === "linux").each(["/proc/nope", "/proc/self/nope/deeper", "/sys/nope", "/dev/mcp-collide-nope"])("refuses %s (a special file system) at once", async (out) => {
    const result = await run(out);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--out/);
    expect(result.stdout).not.toMatch(/clause\(s\), seed/);
    await expect(lstat(out)).rejects.toThrow();
  }, paced(30_000));

  it.each(["report\nexit-code=0", "report\rexit-code=0"])("refuses a name holding a line break (%j), making nothing", async (name) => {
    const result = await run(join(dir, name));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--out ".*": a path holding a newline or carriage return is refused/);
    expect(result.stdout).not.toMatch(/clause\(s\), seed/);
    expect(await readdir(dir)).not.toContain(name);
    const baseline = await run(join(dir, "fine"), "--write-baseline", join(dir, name));
    expect(baseline.code).toBe(2);
    expect(baseline.stderr).toMatch(/--write-baseline ".*": a path holding a newline/);
  });

  it("refuses a directory inside a file", async () => {
    await writeFile(join(dir, "plain"), "");
    const result = await run(join(dir, "plain", "sub"));
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not a directory/);
  });

  it("writes through no planted symlink, replaces a stale lock, and leaves only the five reports", async () => {
    const out = join(dir, "shared");
    await mkdir(out);
    const victim = join(dir, "victim.txt");
    await writeFile(victim, "precious");
    await symlink(victim, join(out, "junit.xml"));
    // A lock left by a run that died: its pid is no longer alive.
    const dead = spawnSync(process.execPath, ["-e", "0"]).pid;
    await writeFile(join(out, ".mcp-collide.lock"), `${dead}\n`);
    const result = await run(out);
    expect(result.code).toBe(0);
    expect(await readFile(victim, "utf8")).toBe("precious");
    expect((await lstat(join(out, "junit.xml"))).isSymbolicLink()).toBe(false);
    expect(await readFile(join(out, "junit.xml"), "utf8")).toMatch(/^<\?xml/);
    expect((await readdir(out)).sort()).toEqual(["junit.xml", "report.html", "report.json", "report.md", "report.sarif"]);
  }, paced(120_000));

  it("refuses a second run on the same --out while the first holds it", async () => {
    const out = join(dir, "busy");
    const printed: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (printed.push(String(chunk)), true));
    const argv = (seed: string) => ["run", "--host", "last-wins", "--clause", "surface/empty-server-ok", "--runs", "1", "--seed", seed, "--workers", "1", "--out", out];
    const codes = await Promise.all([main(argv("1")), main(argv("2"))]);
    vi.restoreAllMocks();
    expect(codes.sort()).toEqual([0, 2]);
    expect(printed.join("")).toMatch(/another mcp-collide run \(pid \d+\) is writing to/);
    expect(await readdir(out)).not.toContain(".mcp-collide.lock");
  }, paced(120_000));

  it.each(REPORT_FILE_NAMES)("refuses a directory planted at %s before the run starts, naming it, and leaves it be", async (name) => {
    const out = join(dir, `planted-${name}`);
    await mkdir(join(out, name), { recursive: true });
    await writeFile(join(out, name, "keep"), "mine");
    const result = await run(out);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${join(out, name)} is a directory`);
    expect(result.stdout).not.toMatch(/clause\(s\), seed/);
    expect(await readFile(join(out, name, "keep"), "utf8")).toBe("mine");
    expect(await readdir(out)).toEqual([name]);
  });

  it("exits 2 naming the path, not 1 with a stack, when a directory appears at a report's name during the run", async () => {
    const out = join(dir, "planted-during-the-run");
    const printed = { stdout: "", stderr: "" };
    // The first line the run prints comes after --out was checked and before any clause ran: plant it then.
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      if (!printed.stdout.includes("clause(s), seed") && String(chunk).includes("clause(s), seed")) mkdirSync(join(out, "report.md"));
      return (printed.stdout += String(chunk)), true;
    });
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((printed.stderr += String(chunk)), true));
    const code = await main(["run", "--host", "last-wins", "--clause", "surface/empty-server-ok", "--runs", "1", "--seed", "1", "--workers", "1", "--out", out]);
    vi.restoreAllMocks();
    expect(printed.stdout).toMatch(/clause\(s\), seed/);
    expect(code, printed.stderr).toBe(2);
    expect(printed.stderr).toContain(`mcp-collide run: cannot write the report in ${out}`);
    expect(printed.stderr).not.toMatch(/\n\s+at /);
  }, paced(120_000));

  it.each([
    ["merge", "report.sarif", (out: string) => ["merge", join(packageRoot, "reports/examples/last-wins/report.json"), "--out", out]],
    ["matrix", "matrix.html", (out: string) => ["matrix", join(packageRoot, "reports/examples/last-wins/report.json"), "--out", out]],
  ] as const)("%s refuses a directory planted at %s before it writes, naming it, and leaves it be", async (command, name, argv) => {
    const out = join(dir, `planted-${command}`);
    await mkdir(join(out, name), { recursive: true });
    await writeFile(join(out, name, "keep"), "mine");
    const printed = { stdout: "", stderr: "" };
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((printed.stdout += String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((printed.stderr += String(chunk)), true));
    const code = await main(argv(out));
    vi.restoreAllMocks();
    expect(code, printed.stderr).toBe(2);
    expect(printed.stderr).toContain(`${join(out, name)} is a directory`);
    expect(await readFile(join(out, name, "keep"), "utf8")).toBe("mine");
    expect(await readdir(out)).toEqual([name]);
  }, paced(60_000));

  it("refuses --write-baseline naming a directory before the run starts", async () => {
    const result = await run(join(dir, "ok"), "--write-baseline", dir);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--write-baseline .* is a directory/);
    expect(result.stdout).not.toMatch(/clause\(s\), seed/);
  });
});
