/**
 * Policy: no temp or lock file of ours outlives the process. Files registered here are removed when the
 * process exits, however it exits (a signal the CLI turned into an exit too), unless released first.
 */
import { unlinkSync } from "node:fs";

const pending = new Set<string>();
let hooked = false;

/** Removes `file` when the process exits, until {@link keepOnExit}. */
export function removeOnExit(file: string): void {
  if (!hooked) {
    hooked = true;
    process.on("exit", () => {
      for (const each of pending) {
        try {
          unlinkSync(each);
        } catch {
          // Already renamed or removed.
        }
      }
    });
  }
  pending.add(file);
}

/** Stops removing `file` on exit (it was renamed into place or removed already); true if it was registered. */
export function keepOnExit(file: string): boolean {
  return pending.delete(file);
}
