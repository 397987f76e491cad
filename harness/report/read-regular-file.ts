/**
 * Policy: a file a user names for the harness to read (a report, a baseline) is read only if it is a
 * regular file, and never past a byte cap. A FIFO, a socket or a device is refused at once: reading one
 * could block forever (a FIFO with no writer) or never end (/dev/zero). The file is opened non-blocking
 * (so opening a FIFO returns at once), checked on the open handle (no window for a swap between check and
 * read), and read in chunks that stop one byte past the cap.
 */
import { constants } from "node:fs";
import { open } from "node:fs/promises";

const codeOf = (error: unknown) => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

/** What kind of file `stats` describes, in words for a message. */
function kindOf(stats: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean; isDirectory(): boolean }): string {
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "a device";
  if (stats.isSocket()) return "a socket";
  if (stats.isDirectory()) return "a directory";
  return "not a regular file";
}

/**
 * The text of `file` (UTF-8), which must be a regular file of at most `maxBytes` bytes; throws an Error
 * saying what `file` is instead, or that it is larger (the caller names the file's role in the message).
 */
export async function readRegularFile(file: string, maxBytes: number, options: { noFollow?: boolean } = {}): Promise<string> {
  let handle;
  try {
    handle = await open(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (options.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0));
  } catch (error) {
    throw new Error(`cannot open it (${codeOf(error)})`);
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new Error(`it is ${kindOf(stats)}, not a regular file`);
    if (stats.size > maxBytes) throw new Error(`it holds ${stats.size} bytes, more than the ${maxBytes} allowed`);
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.alloc(Math.min(1 << 20, maxBytes + 1 - total));
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      chunks.push(chunk.subarray(0, bytesRead));
      total += bytesRead;
      if (total > maxBytes) throw new Error(`it holds more than the ${maxBytes} bytes allowed (it grew while read)`);
    }
    return Buffer.concat(chunks).toString("utf8");
  } finally {
    await handle.close();
  }
}
