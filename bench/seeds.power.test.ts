/**
 * The answer key at three seeds (`npm run test:power`; power.test.ts checks one in `npm test`): every built-in
 * host fails exactly its key at seeds 11-13, at `--runs 1` and at the default run count.
 */
import { describe, expect, it } from "vitest";
import { paced } from "../harness/index.ts";
import { answerKeyAt } from "./answer-key.ts";

describe("power over several seeds", () => {
  it("fails exactly the answer key for every built-in host at three seeds, at --runs 1 and at the default", async () => {
    const { departures, markdown } = await answerKeyAt([11, 12, 13]);
    expect(departures).toEqual([]);
    expect(markdown).toContain("| `names/provider-valid` | `unchecked-refuses-duplicates` | 3/3 | 3/3 |");
  }, paced(900_000));
});
