/**
 * A CLI's log files as diagnostics: the error and warning lines of every file named (a folder: every file
 * in it, two levels down), each with channel `log-file`, because a user is not shown them. Read when the
 * session reports; bounded, since a CLI may log verbosely.
 * Policy: the log folder is the CLI's, written while it runs, and read here by the adapter, outside the
 * sandbox and as root when the harness is: a CLI that links its log to `/proc/self/environ` or to a file
 * only root may read must get nothing of it into the report. So every path is walked one name at a time
 * from a folder the harness made (the session's home or working directory), each name opened without
 * following a link (O_NOFOLLOW, through the folder's descriptor: no name can be swapped between a check and
 * the open); only regular files are read, through the descriptor that opened them, and only those the
 * sandbox's uid owns where it has one of its own. A link, a FIFO, a socket or a file of anyone else's is
 * skipped. Paths outside those folders are not read at all.
 */
import { closeSync, constants, existsSync, fstatSync, openSync, readdirSync, readSync, type Stats } from "node:fs";
import { basename, isAbsolute, relative, sep } from "node:path";
import type { Diagnostic } from "../../harness/index.ts";

/** The last this many bytes of a log file are read. */
const TAIL_BYTES = 256 * 1024;
/** At most this many lines per session. */
const MAX_LINES = 50;
/** At most this many entries of one folder are looked at. */
const MAX_ENTRIES = 200;

/** Where a CLI's logs may be read from, and whose files they must be. */
export interface LogPlaces {
  /** Folders the harness made for the session (its home, its working directory): every path must lie in one. */
  within: readonly string[];
  /** The uid every file read must belong to (the sandbox's, when the harness is root); undefined: any. */
  owner?: number;
}

const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** `name` in the folder open as `dir`, opened without following a link; undefined when it cannot be (a link: ELOOP). */
function openIn(dir: number, name: string): { fd: number; stat: Stats } | undefined {
  if (name === "" || name === "." || name === ".." || name.includes("/")) return undefined;
  let fd: number;
  try {
    // /proc/self/fd/<dir> is this process's own descriptor: only `name`, the last component, is looked up anew.
    fd = openSync(`/proc/self/fd/${dir}/${name}`, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  return { fd, stat: fstatSync(fd) };
}

/** The error and warning lines of the regular file open as `fd`, named `name`. */
function linesOf(fd: number, stat: Stats, name: string): Diagnostic[] {
  const length = Math.min(stat.size, TAIL_BYTES);
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const got = readSync(fd, buffer, read, length - read, stat.size - length + read);
    if (got === 0) break;
    read += got;
  }
  return buffer.subarray(0, read).toString("utf8").split("\n")
    .filter((line) => /\b(error|warn(ing)?|fail(ed|ure)?)\b/i.test(line))
    .map((line): Diagnostic => ({ level: /\berror|fail/i.test(line) ? "error" : "warning", message: `${name}: ${line.trim().slice(0, 2000)}`, channel: "log-file" }));
}

/** The lines of what is open as `opened` (a file, or a folder read `depth` levels down); closes it. */
function collect(opened: { fd: number; stat: Stats }, name: string, depth: number, owner: number | undefined): Diagnostic[] {
  const { fd, stat } = opened;
  try {
    if (owner !== undefined && stat.uid !== owner) return [];
    if (stat.isFile()) return linesOf(fd, stat, name);
    if (!stat.isDirectory() || depth === 0) return [];
    return readdirSync(`/proc/self/fd/${fd}`).sort().slice(0, MAX_ENTRIES).flatMap((entry) => {
      const child = openIn(fd, entry);
      return child ? collect(child, entry, depth - 1, owner) : [];
    });
  } finally {
    closeSync(fd);
  }
}

/** `path` opened one name at a time from the folder of `within` it lies in, following no link; undefined when it cannot be. */
function openUnder(path: string, within: readonly string[]): { fd: number; stat: Stats } | undefined {
  const base = within.find((folder) => isAbsolute(path) && !relative(folder, path).startsWith("..") && !isAbsolute(relative(folder, path)));
  if (base === undefined) return undefined;
  let current: { fd: number; stat: Stats };
  try {
    const fd = openSync(base, OPEN_FLAGS | (constants.O_DIRECTORY ?? 0));
    current = { fd, stat: fstatSync(fd) };
  } catch {
    return undefined;
  }
  for (const name of relative(base, path).split(sep).filter(Boolean)) {
    const next = current.stat.isDirectory() ? openIn(current.fd, name) : undefined;
    closeSync(current.fd);
    if (!next) return undefined;
    current = next;
  }
  return current;
}

/** The error and warning lines of `paths` (files or folders in `places.within`), as `log-file` diagnostics naming their file. */
export function logDiagnostics(paths: readonly string[], places: LogPlaces): Diagnostic[] {
  // Walking by descriptor needs /proc/self/fd (Linux): elsewhere nothing is read rather than read unsafely.
  if (!existsSync("/proc/self/fd")) return [];
  const lines = paths.flatMap((path) => {
    const opened = openUnder(path, places.within);
    return opened ? collect(opened, basename(path), 2, places.owner) : [];
  });
  return lines.slice(-MAX_LINES);
}
