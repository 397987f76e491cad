/**
 * Policy: the helpers the harness runs around untrusted code (unshare, setpriv, mkfifo, sh, mount, ip,
 * pivot_root) are taken by absolute path from the system's own folders, never looked up on PATH. An adapter
 * is not sandboxed and runs as the harness's user, so it may write any folder on that user's PATH
 * (node_modules/.bin, ~/.local/bin ...); a `mkfifo` or `unshare` planted there would run outside every
 * namespace the next time the harness launched something, and outlive the run. A helper is trusted only where
 * it and every folder above it belong to root and no one else may write them.
 */
import { realpathSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/** The system's folders, searched in this order (NixOS keeps its system profile under /run/current-system). */
export const SYSTEM_FOLDERS = ["/usr/bin", "/bin", "/usr/sbin", "/sbin", "/run/current-system/sw/bin"] as const;

/** True when `path` belongs to root and no one else may write it (a folder with the sticky bit is no exception). */
function rootOnly(path: string): boolean {
  const info = statSync(path);
  return info.uid === 0 && (info.mode & 0o022) === 0;
}

/** True when the file at `path`, and every folder above its real path, is root's alone. */
function trusted(path: string): boolean {
  try {
    const real = realpathSync(path);
    const info = statSync(real);
    if (!info.isFile() || (info.mode & 0o111) === 0 || !rootOnly(real)) return false;
    for (let dir = dirname(real); ; dir = dirname(dir)) {
      if (!rootOnly(dir)) return false;
      if (dirname(dir) === dir) return true;
    }
  } catch {
    return false;
  }
}

const found = new Map<string, string | undefined>();

/** The absolute path of the system's `name` (see the header), or undefined where the system has no trusted one. */
export function systemCommand(name: string): string | undefined {
  if (!found.has(name)) found.set(name, SYSTEM_FOLDERS.map((folder) => join(folder, name)).find(trusted));
  return found.get(name);
}

/** Undefined when the system has every one of `names`, else why not (the first missing one, and where it looked). */
export function missingSystemCommand(...names: string[]): string | undefined {
  const name = names.find((each) => systemCommand(each) === undefined);
  return name === undefined ? undefined : `no ${name} in the system's folders (${SYSTEM_FOLDERS.join(", ")}) owned by root and writable by root alone`;
}

/** The absolute path of the system's `name`; throws, saying where it looked, where there is no trusted one. */
export function requireSystemCommand(name: string): string {
  const path = systemCommand(name);
  if (path === undefined) throw new Error(missingSystemCommand(name));
  return path;
}
