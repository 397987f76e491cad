/**
 * The answer key over several seeds (`npm run test:power`; power.test.ts checks the committed tables in `npm
 * test`): every built-in host fails exactly its key at seeds 11-13 at `--runs 1`, and at seed 11 at the
 * default run count. The default run count costs three times `--runs 1` (270 s against 90 s of one core per
 * seed, at rest), and this tier is CPU-bound in CI, where it ran beside the replays for 1601 s of a 2811 s
 * run at two default seeds: one default seed here still re-checks live that random exploration finds nothing
 * beyond the key at another seed than the controls' (npm test runs the controls at the default run count);
 * `npm run power` measures both run counts at 20 seeds (docs/power-20-seeds.md, docs/power.md).
 */
import { describe, expect, it } from "vitest";
import { paced } from "../harness/index.ts";
import { answerKeyAt } from "./answer-key.ts";

describe("power over several seeds", () => {
  it("fails exactly the answer key for every built-in host at three seeds at --runs 1, and at one at the default", async () => {
    const { departures, markdown } = await answerKeyAt([11, 12, 13], [11]);
    expect(departures).toEqual([]);
    expect(markdown).toContain("| `names/provider-valid` | `unchecked-refuses-duplicates` | 3/3 | 1/1 |");
  }, paced(900_000));
});
