/**
 * A CLI's log files as diagnostics: the error and warning lines of every file named (a folder: every file
 * in it, two levels down), each with channel `log-file`, because a user is not shown them. Read when the
 * session reports; bounded, since a CLI may log verbosely.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import type { Diagnostic } from "../protocol/open-result.ts";

/** The last this many bytes of a log file are read. */
const TAIL_BYTES = 256 * 1024;
/** At most this many lines per session. */
const MAX_LINES = 50;

function filesUnder(path: string, depth: number): string[] {
  if (!existsSync(path)) return [];
  const stat = statSync(path);
  if (stat.isFile()) return [path];
  if (!stat.isDirectory() || depth === 0) return [];
  return readdirSync(path).sort().flatMap((name) => filesUnder(join(path, name), depth - 1));
}

/** The error and warning lines of `paths` (files or folders), as `log-file` diagnostics naming their file. */
export function logDiagnostics(paths: readonly string[]): Diagnostic[] {
  const lines = paths.flatMap((path) => filesUnder(path, 2)).flatMap((file) => {
    const text = readFileSync(file).subarray(-TAIL_BYTES).toString("utf8");
    return text.split("\n")
      .filter((line) => /\b(error|warn(ing)?|fail(ed|ure)?)\b/i.test(line))
      .map((line): Diagnostic => ({ level: /\berror|fail/i.test(line) ? "error" : "warning", message: `${basename(file)}: ${line.trim().slice(0, 2000)}`, channel: "log-file" }));
  });
  return lines.slice(-MAX_LINES);
}
