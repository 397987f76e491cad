/**
 * Policy: where the harness writes is checked and made before anything runs, so a bad path costs a usage
 * error in milliseconds rather than a whole run (or a hang: Node 20's recursive mkdir spins forever under
 * /proc). Directories are made one level at a time below the nearest one that exists; special file
 * systems (/proc, /sys, /dev and their kin) are refused; a run holds its output directory with a lock file
 * created exclusively and holding its pid and a token, so a second run on the same directory is refused while
 * the first lives, a lock whose process is gone is stale and taken over by one run only, and a run removes
 * only its own lock.
 */
import { createHash, randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, link, lstat, mkdir, realpath, stat, statfs, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { readRegularFile } from "./read-regular-file.ts";
import { keepOnExit, removeOnExit } from "./remove-on-exit.ts";

/** A path the user gave cannot be written: a usage error (exit 2), never the host's fault. */
export class OutputPathError extends Error {
  override readonly name = "OutputPathError";
}

/** The lock file a run keeps in its output directory while it writes there. */
export const LOCK_FILE = ".mcp-collide.lock";

/** Linux file systems that are not storage: proc, sysfs, devpts, cgroup, cgroup2, debugfs, securityfs, tracefs, bpf. */
const SPECIAL_FILE_SYSTEMS = new Set([0x9fa0, 0x62656572, 0x1cd1, 0x27e0eb, 0x63677270, 0x64626720, 0x73636673, 0x74726163, 0xcafe4a11]);
const SPECIAL_ROOTS = ["/proc", "/sys", "/dev"];

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? String(error);

async function refuseSpecial(real: string, label: string, given: string): Promise<void> {
  if (process.platform !== "linux") return;
  const special = SPECIAL_ROOTS.some((root) => real === root || real.startsWith(`${root}/`)) ||
    SPECIAL_FILE_SYSTEMS.has(Number((await statfs(real).catch(() => undefined))?.type));
  if (special) throw new OutputPathError(`${label} ${given}: ${real} is on a special file system (/proc, /sys, /dev ...), not a place for files`);
}

/**
 * A path holding a line break is refused: every line-based record of it (a CI step's `$GITHUB_OUTPUT`,
 * logs, the report's own lines) would read it as two lines, one of them chosen by whoever named the path.
 */
function refuseLineBreaks(path: string, label: string): void {
  if (/[\r\n]/.test(path)) throw new OutputPathError(`${label} ${JSON.stringify(path)}: a path holding a newline or carriage return is refused`);
}

/**
 * Makes directory `path` (and missing parents, one level at a time) and returns its real path; throws an
 * {@link OutputPathError} for a path inside a file, on a special file system, holding a line break, or that
 * cannot be made.
 */
export async function makeDirectory(path: string, label = "--out"): Promise<string> {
  refuseLineBreaks(path, label);
  let current = resolve(path);
  const missing: string[] = [];
  for (;;) {
    try {
      if (!(await stat(current)).isDirectory()) throw new OutputPathError(`${label} ${path} is not a directory (${current} is a file)`);
      break;
    } catch (error) {
      if (error instanceof OutputPathError) throw error;
      const code = codeOf(error);
      if ((code !== "ENOENT" && code !== "ENOTDIR") || dirname(current) === current) throw new OutputPathError(`${label} ${path}: cannot use ${current} (${code})`);
      missing.unshift(basename(current));
      current = dirname(current);
    }
  }
  let real = await realpath(current);
  await refuseSpecial(real, label, path);
  for (const name of missing) {
    real = join(real, name);
    try {
      await mkdir(real);
    } catch (error) {
      if (codeOf(error) === "EEXIST" && (await stat(real)).isDirectory()) continue;
      throw new OutputPathError(`${label} ${path}: cannot create ${real} (${codeOf(error)})`);
    }
  }
  return real;
}

/**
 * Checks, before a run, that `path` can receive a file: its directory exists and is writable, and it is
 * absent or a regular file (a directory, FIFO, socket or device is refused: the harness replaces files, it
 * never writes into a pipe or a device).
 */
export async function checkOutputFile(path: string, label: string): Promise<string> {
  refuseLineBreaks(path, label);
  const absolute = resolve(path);
  const info = await stat(absolute).catch(() => undefined);
  if (info?.isDirectory()) throw new OutputPathError(`${label} ${path} is a directory; give a file name`);
  if (info && !info.isFile()) throw new OutputPathError(`${label} ${path} is ${info.isFIFO() ? "a FIFO" : info.isSocket() ? "a socket" : "a device"}, not a regular file; give a file name`);
  const parent = await realpath(dirname(absolute)).catch((error: unknown) => {
    throw new OutputPathError(`${label} ${path}: its directory cannot be used (${codeOf(error)})`);
  });
  if (!(await stat(parent)).isDirectory()) throw new OutputPathError(`${label} ${path}: ${parent} is not a directory`);
  await refuseSpecial(parent, label, path);
  await access(parent, constants.W_OK).catch((error: unknown) => {
    throw new OutputPathError(`${label} ${path}: ${parent} is not writable (${codeOf(error)})`);
  });
  return join(parent, basename(absolute));
}


/** Whether process `pid` lives (one of another user counts: it may still be writing). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return codeOf(error) === "EPERM";
  }
}

/** An output directory held by this run until {@link OutputDirectory.release}. */
export interface OutputDirectory {
  /** The directory's real path. */
  path: string;
  /** Removes the lock if it is still this run's (also done on exit). */
  release(): Promise<void>;
}

/** A lock's text; a planted link, FIFO or device is refused, never followed or waited on. */
const readLock = (file: string) => readRegularFile(file, 4096, { noFollow: true });

/** The pid a lock's text names (`PID TOKEN`, or a bare `PID` from an older harness), or undefined. */
function holderOf(text: string): number | undefined {
  const pid = Number(text.trim().split(/\s+/)[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

/**
 * Removes the stale lock whose text is `stale`, if it is still there. Only one run may do so for one stale
 * lock: it must first create a marker named for that text (exclusively), so two runs that both found the
 * lock stale cannot both remove it, and neither can remove a fresh lock another run took meanwhile (the
 * text it re-reads would differ: each lock holds a random token). False when another run is taking it over.
 */
async function removeStale(lock: string, stale: string, draft: string): Promise<boolean> {
  const marker = `${lock}.takeover-${createHash("sha256").update(stale).digest("hex").slice(0, 16)}`;
  try {
    await link(draft, marker);
  } catch (error) {
    if (codeOf(error) === "EEXIST") return false;
    throw error;
  }
  removeOnExit(marker);
  try {
    if ((await readLock(lock).catch(() => undefined)) === stale) await unlink(lock).catch(() => undefined);
  } finally {
    await unlink(marker).catch(() => undefined);
    keepOnExit(marker);
  }
  return true;
}

/**
 * Refuses, before anything runs, a name among `files` in `directory` that is a directory (a file there is
 * replaced by rename, which cannot replace a directory: the run would end at the write, its report lost).
 */
async function refuseOccupiedNames(directory: string, files: readonly string[], label: string, given: string): Promise<void> {
  for (const name of files) {
    const info = await lstat(join(directory, name)).catch(() => undefined);
    if (info?.isDirectory()) throw new OutputPathError(`${label} ${given}: ${join(directory, name)} is a directory, where the run must write a file; remove it or choose another ${label}`);
  }
}

/**
 * Makes `path` and takes its lock: a usage error when another live run holds it, or when one of `files`
 * (the names the command will write there) is a directory. The lock appears whole
 * (written aside, then hard-linked into place, which fails if one exists), so a reader never sees it empty;
 * it holds this run's pid and a random token, so this run removes only its own lock (on release and on
 * exit), never one another run took over; a lock whose pid is gone is taken over by one run only.
 */
export async function prepareOutputDirectory(path: string, label = "--out", files: readonly string[] = []): Promise<OutputDirectory> {
  const directory = await makeDirectory(path, label);
  await refuseOccupiedNames(directory, files, label, path);
  const lock = join(directory, LOCK_FILE);
  const mine = `${process.pid} ${randomBytes(12).toString("hex")}\n`;
  const draft = join(directory, `.mcp-collide.lock.${randomBytes(6).toString("hex")}.tmp`);
  removeOnExit(draft);
  try {
    await writeFile(draft, mine, { flag: constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0) });
  } catch (error) {
    throw new OutputPathError(`${label} ${path}: cannot write in ${directory} (${codeOf(error)})`);
  }
  const busy = (holder: number | undefined, why = "is writing to") => new OutputPathError(`another mcp-collide run (pid ${holder ?? "unknown"}) ${why} ${path}; ` +
    `wait for it or choose another ${label} (if no such run is alive, delete ${lock})`);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(draft, lock);
        break;
      } catch (error) {
        if (codeOf(error) !== "EEXIST" || attempt > 3) throw new OutputPathError(`${label} ${path}: cannot lock ${lock} (${codeOf(error)})`);
      }
      let text: string;
      try {
        text = await readLock(lock);
      } catch (error) {
        if ((error as Error).message.includes("ENOENT")) continue; // released meanwhile: try again
        throw new OutputPathError(`${label} ${path}: ${lock} is no lock an mcp-collide run wrote (${(error as Error).message}); delete it if no run is writing there`);
      }
      const holder = holderOf(text);
      if (holder === undefined || alive(holder)) throw busy(holder);
      if (!(await removeStale(lock, text, draft))) throw busy(holder, "left a stale lock another run is taking over in");
    }
  } finally {
    await unlink(draft).catch(() => undefined);
    keepOnExit(draft);
  }
  removeOnExit(lock, mine);
  return {
    path: directory,
    async release() {
      if (!keepOnExit(lock)) return;
      if ((await readLock(lock).catch(() => undefined)) === mine) await unlink(lock).catch(() => undefined);
    },
  };
}
