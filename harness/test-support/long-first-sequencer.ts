/**
 * The order the self-test's files start in: the files known to run longest first, then vitest's own order.
 * vitest starts the files it has no timings for (a fresh clone, a CI runner) largest first, so a small file
 * that runs for minutes started last and ran alone at the end: bench/seeds.power.test.ts, 13 minutes of one
 * core in-process, was the last file of `npm run test:heavy` in a fresh-clone `.ci/run` (issue 41), the other
 * core idle for its last 7 minutes. Listed here by path, longest first within each tier, from .ci/run's log.
 */
import type { TestSpecification } from "vitest/node";
import { BaseSequencer } from "vitest/node";

/** Files that run for minutes, longest first; a path not in the list keeps vitest's order, after these. */
export const LONG_FILES: readonly string[] = [
  // heavy tiers
  "hosts/reports.replay.test.ts",
  "bench/seeds.power.test.ts",
  "suites/npm-pack.package.test.ts",
  "suites/controls.hap.test.ts",
  // npm test
  "suites/controls-part-2.test.ts",
  "suites/controls-part-3.test.ts",
  "suites/controls-part-4.test.ts",
  "suites/serve-agreement.test.ts",
  "harness/cli/main.test.ts",
  "suites/controls.test.ts",
  "suites/hygiene.test.ts",
  "suites/action.test.ts",
];

/** The rank of a file in LONG_FILES by its path from the repo root, or the list's length when it is not there. */
export function longRank(path: string): number {
  const at = LONG_FILES.findIndex((file) => path === file || path.endsWith(`/${file}`));
  return at < 0 ? LONG_FILES.length : at;
}

/** vitest's sequencer with LONG_FILES moved to the front (the sort is stable, so the rest keep vitest's order). */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted.map((spec, at) => ({ spec, at, rank: longRank(spec.moduleId) }))
      .sort((a, b) => a.rank - b.rank || a.at - b.at)
      .map(({ spec }) => spec);
  }
}
