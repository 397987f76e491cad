/**
 * Policy: no temp directory of ours outlives the process that made it. Each one is named for its owner's
 * pid (`mcp-collide-<kind>-<pid>-XXXXXX`) and removed when it is released or, failing that, when the process exits
 * (a signal the CLI turns into an exit included). A process killed outright (SIGKILL) runs no hook, so
 * the harness removes an adapter's once it has reaped it, and whoever makes the next directory of the same
 * prefix removes those whose owner is no longer alive.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A temp directory owned by this process. */
export interface OwnedTempDir {
  /** Its absolute path. */
  readonly path: string;
  /** Removes it now (idempotent); the exit hook no longer needs to. */
  release(): void;
}

const held = new Set<string>();
let hooked = false;

function removeHeld(): void {
  for (const path of held) remove(path);
  held.clear();
}

function remove(path: string): void {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Not ours to remove after all (another user's), or already going: nothing to do at exit.
  }
}

/**
 * Whether `path` is a directory this user made as we make ours: a real directory (not a symlink), owned by
 * this user, closed to everyone else (mkdtemp's 0700; searchable, 0711, when an agent CLI's sandbox must
 * walk through it to the session it owns, never readable or writable). A sweep removes nothing else: in a
 * shared temp folder another user could plant a name that matches.
 */
function ownDirectory(path: string): boolean {
  try {
    const stat = lstatSync(path);
    const uid = process.getuid?.();
    return stat.isDirectory() && (uid === undefined || stat.uid === uid) && (stat.mode & 0o066) === 0;
  } catch {
    return false;
  }
}

/** Whether `pid` names a live process (one of another user counts: kill(0) answers EPERM for it). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes the directories in `parent` whose name `orphaned` accepts and that are ours (ownDirectory). Returns how many. */
function removeOrphans(parent: string, orphaned: (name: string) => boolean): number {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return 0;
  }
  const orphans = names.filter((name) => orphaned(name) && ownDirectory(join(parent, name)));
  for (const name of orphans) remove(join(parent, name));
  return orphans.length;
}

/** Removes the directories of `prefix` in `parent` whose owning process has ended. Returns how many. */
export function sweepOwnedTempDirs(prefix: string, parent = tmpdir()): number {
  return removeOrphans(parent, (name) => {
    if (!name.startsWith(prefix)) return false;
    const pid = Number(/^(\d+)-[A-Za-z0-9]{6}$/.exec(name.slice(prefix.length))?.[1]);
    return Number.isSafeInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid);
  });
}

/**
 * Removes every owned directory of the process `pid`, whatever its prefix (`mcp-collide-<kind>-<pid>-XXXXXX`),
 * once that process has been reaped: what a harness does for an adapter it had to kill, whose exit hook never ran.
 * Returns how many.
 */
export function removeOwnedTempDirsOf(pid: number, parent = tmpdir()): number {
  const owned = new RegExp(`^mcp-collide-[a-z]+(?:-[a-z]+)*-${pid}-[A-Za-z0-9]{6}$`);
  return removeOrphans(parent, (name) => owned.test(name));
}

/**
 * Makes a fresh 0700 directory `<prefix><pid>-XXXXXX` under `parent` (default: the temp folder), first
 * sweeping the ones of `prefix` that dead processes left behind.
 */
export function ownedTempDir(prefix: string, parent = tmpdir()): OwnedTempDir {
  sweepOwnedTempDirs(prefix, parent);
  const path = mkdtempSync(join(parent, `${prefix}${process.pid}-`));
  held.add(path);
  if (!hooked) {
    hooked = true;
    process.on("exit", removeHeld);
  }
  return {
    path,
    release() {
      if (!held.delete(path)) return;
      remove(path);
    },
  };
}
