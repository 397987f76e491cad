/**
 * The answer key at five seeds (`npm run test:power`; power.test.ts checks one in `npm test`): every built-in
 * host fails exactly its key at seeds 11-15, at `--runs 1` and at the default run count.
 */
import { describe, expect, it } from "vitest";
import { paced } from "../harness/index.ts";
import { answerKeyAt } from "./answer-key.ts";

describe("power over several seeds", () => {
  it("fails exactly the answer key for every built-in host at five seeds, at --runs 1 and at the default", async () => {
    const { departures, markdown } = await answerKeyAt([11, 12, 13, 14, 15]);
    expect(departures).toEqual([]);
    expect(markdown).toContain("| `names/provider-valid` | `unchecked-refuses-duplicates` | 5/5 | 5/5 |");
  }, paced(900_000));
});
