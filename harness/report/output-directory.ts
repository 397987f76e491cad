/**
 * Policy: where the harness writes is checked and made before anything runs, so a bad path costs a usage
 * error in milliseconds rather than a whole run (or a hang: Node 20's recursive mkdir spins forever under
 * /proc). Directories are made one level at a time below the nearest one that exists; special file
 * systems (/proc, /sys, /dev and their kin) are refused; a run holds its output directory with a lock file
 * created exclusively and holding its pid, so a second run on the same directory is refused while the first
 * lives, and a lock whose process is gone is stale and replaced.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, link, mkdir, readFile, realpath, stat, statfs, unlink, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
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
 * Makes directory `path` (and missing parents, one level at a time) and returns its real path; throws an
 * {@link OutputPathError} for a path inside a file, on a special file system, or that cannot be made.
 */
export async function makeDirectory(path: string, label = "--out"): Promise<string> {
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
  /** Removes the lock (also done on exit). */
  release(): Promise<void>;
}

/**
 * Makes `path` and takes its lock: a usage error when another live run holds it. The lock appears whole
 * (written aside, then hard-linked into place, which fails if one exists), so a reader never sees it empty.
 */
export async function prepareOutputDirectory(path: string, label = "--out"): Promise<OutputDirectory> {
  const directory = await makeDirectory(path, label);
  const lock = join(directory, LOCK_FILE);
  const draft = join(directory, `.mcp-collide.lock.${randomBytes(6).toString("hex")}.tmp`);
  removeOnExit(draft);
  try {
    await writeFile(draft, `${process.pid}\n`, { flag: constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0) });
  } catch (error) {
    throw new OutputPathError(`${label} ${path}: cannot write in ${directory} (${codeOf(error)})`);
  }
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(draft, lock);
        break;
      } catch (error) {
        if (codeOf(error) !== "EEXIST" || attempt > 0) throw new OutputPathError(`${label} ${path}: cannot lock ${lock} (${codeOf(error)})`);
      }
      const holder = Number((await readFile(lock, { encoding: "utf8", flag: constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) }).catch(() => "")).trim());
      if (Number.isInteger(holder) && holder > 0 && !alive(holder)) {
        await unlink(lock).catch(() => undefined); // stale: its run is gone
        continue;
      }
      throw new OutputPathError(`another mcp-collide run (pid ${Number.isInteger(holder) && holder > 0 ? holder : "unknown"}) is writing to ${path}; ` +
        `wait for it or choose another ${label} (if no such run is alive, delete ${lock})`);
    }
  } finally {
    await unlink(draft).catch(() => undefined);
    keepOnExit(draft);
  }
  removeOnExit(lock);
  return {
    path: directory,
    async release() {
      if (!keepOnExit(lock)) return;
      await unlink(lock).catch(() => undefined);
    },
  };
}
