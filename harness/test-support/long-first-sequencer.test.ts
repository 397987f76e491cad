/** The long files the sequencer puts first exist (a renamed file would silently start last again). */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../cli/builtin-host.ts";
import { LONG_FILES, longRank } from "./long-first-sequencer.ts";

describe("the long-first sequencer", () => {
  it("names files that exist, each once, and ranks them by the list, the rest after", () => {
    expect(LONG_FILES.filter((file) => !existsSync(join(packageRoot, file)))).toEqual([]);
    expect(new Set(LONG_FILES).size).toBe(LONG_FILES.length);
    expect(longRank(join(packageRoot, "hosts/reports.replay.test.ts"))).toBe(0);
    expect(longRank(join(packageRoot, "bench/seeds.power.test.ts"))).toBe(1);
    expect(longRank(join(packageRoot, "harness/world/situations.test.ts"))).toBe(LONG_FILES.length);
  });
});
