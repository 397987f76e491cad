/**
 * Policy: a file the harness writes appears whole or not at all, and never through a link someone planted.
 * Each write goes to a fresh temp file in the target's own directory, created exclusively (O_CREAT|O_EXCL,
 * which never follows a symlink, plus O_NOFOLLOW), then renamed over the target: rename replaces a planted
 * symlink itself, never the file it points to. A temp file left by an interrupted write is removed on exit.
 */
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { open, rename, unlink } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { keepOnExit, removeOnExit } from "./remove-on-exit.ts";

/** Writes `data` to `file` atomically (temp file + rename in the same directory), never following a symlink. */
export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  const temp = join(dirname(file), `.${basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
  removeOnExit(temp);
  try {
    const handle = await open(temp, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY | (constants.O_NOFOLLOW ?? 0), 0o644);
    try {
      await handle.writeFile(data);
    } finally {
      await handle.close();
    }
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  } finally {
    keepOnExit(temp);
  }
}
