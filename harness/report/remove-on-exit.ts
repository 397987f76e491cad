/**
 * Policy: no temp or lock file of ours outlives the process. Files registered here are removed when the
 * process exits, however it exits (a signal the CLI turned into an exit too), unless released first.
 */
import { readFileSync, unlinkSync } from "node:fs";

/** Files to remove, each with the text it must still hold to be ours (undefined: remove it whatever it holds). */
const pending = new Map<string, string | undefined>();
let hooked = false;

/** Removes `file` when the process exits, until {@link keepOnExit}; with `owned`, only while it still holds that text. */
export function removeOnExit(file: string, owned?: string): void {
  if (!hooked) {
    hooked = true;
    process.on("exit", () => {
      for (const [each, owned] of pending) {
        try {
          if (owned !== undefined && readFileSync(each, "utf8") !== owned) continue; // another process's now
          unlinkSync(each);
        } catch {
          // Already renamed or removed.
        }
      }
    });
  }
  pending.set(file, owned);
}

/** Stops removing `file` on exit (it was renamed into place or removed already); true if it was registered. */
export function keepOnExit(file: string): boolean {
  return pending.delete(file);
}
