/**
 * Where `init` may write: each target is absent or a regular file (overwritten only with --force); a
 * symbolic link (dangling too), a FIFO or any other kind of file is refused even with --force, since init
 * never writes through one. The writes themselves go through writeFileAtomic (temp file and rename), so a
 * link planted after this check is replaced, not written through.
 */
import { lstat } from "node:fs/promises";
import { relative, sep } from "node:path";

/** What is at `path` itself (a symbolic link is not followed), or undefined when nothing is. */
async function whatIs(path: string): Promise<"file" | "link" | "other" | undefined> {
  const info = await lstat(path).catch(() => undefined);
  if (!info) return undefined;
  return info.isSymbolicLink() ? "link" : info.isFile() ? "file" : "other";
}

/** The path a user types, from the current directory, to reach `path`. */
export function typed(path: string): string {
  return relative(process.cwd(), path).split(sep).join("/");
}

/** True when init may write every one of `files`; otherwise says why on `err` and returns false. */
export async function claimTargets(files: readonly string[], force: boolean, err: NodeJS.WritableStream): Promise<boolean> {
  const taken = [];
  for (const file of files) {
    const what = await whatIs(file);
    if (what === "link" || what === "other") {
      err.write(`mcp-collide init: ${typed(file)} is ${what === "link" ? "a symbolic link" : "not a regular file"}; init never writes through one: remove it first\n`);
      return false;
    }
    if (what === "file") taken.push(typed(file));
  }
  if (taken.length > 0 && !force) {
    err.write(`mcp-collide init: ${taken.join(", ")} already exist${taken.length === 1 ? "s" : ""}; --force overwrites\n`);
    return false;
  }
  return true;
}
