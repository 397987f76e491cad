/**
 * Policy: an adapter's stdout is untrusted, so no line of it is ever held past a bound. readline keeps a
 * line until its newline arrives, however long (an adapter writing 700 MB without one crashed the harness
 * with a RangeError); this reader counts the bytes of the line in progress and gives up the moment they
 * pass `maxBytes`, before the next chunk is appended.
 */
import type { Readable } from "node:stream";

/** Default bound on one HAP/1 line: generous for any real tool list, small beside the harness's memory. */
export const DEFAULT_MAX_LINE_BYTES = 32 * 1024 * 1024;

/** What {@link readLines} reports. */
export interface LineHandlers {
  /** A whole line, UTF-8 decoded, without its `\n` (nor a `\r` before it). */
  line(text: string): void;
  /** The line in progress passed the bound; nothing more is read. */
  overflow(bytes: number): void;
  /** The stream ended (or failed); `partial` bytes of an unfinished line were dropped. */
  end(partial: number): void;
}

/** Reads `stream` line by line, never holding more than `maxBytes` of one line; returns a stop function. */
export function readLines(stream: Readable, maxBytes: number, handlers: LineHandlers): () => void {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    held = [];
    stream.off("data", onData);
    stream.off("end", onEnd);
    stream.off("error", onEnd);
    // Nobody reads it any more: drop whatever the adapter still sends rather than buffer it.
    stream.on("data", () => undefined);
    stream.on("error", () => undefined);
  };
  const onData = (chunk: Buffer | string): void => {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let start = 0;
    while (!stopped) {
      const newline = bytes.indexOf(0x0a, start);
      const end = newline === -1 ? bytes.length : newline;
      if (heldBytes + (end - start) > maxBytes) {
        const seen = heldBytes + (end - start);
        stop();
        handlers.overflow(seen);
        return;
      }
      if (newline === -1) {
        if (end > start) {
          held.push(bytes.subarray(start, end));
          heldBytes += end - start;
        }
        return;
      }
      const whole = held.length === 0 ? bytes.subarray(start, end) : Buffer.concat([...held, bytes.subarray(start, end)]);
      held = [];
      heldBytes = 0;
      start = newline + 1;
      const text = whole.toString("utf8");
      handlers.line(text.endsWith("\r") ? text.slice(0, -1) : text);
    }
  };
  const onEnd = (): void => {
    if (stopped) return;
    const partial = heldBytes;
    stop();
    handlers.end(partial);
  };
  stream.on("data", onData);
  stream.on("end", onEnd);
  stream.on("error", onEnd);
  return stop;
}
