/**
 * The quick power check `npm test` runs: two fixed seeds (not the controls' seed 7) at the default run
 * count, every one-bug host against every clause of its answer key and the reference against every clause,
 * as `npm run power` does for K fresh seeds. A pair missed at either seed, or anything but a pass from the
 * reference, fails here; the committed table (docs/power.md) is the measurement over many seeds.
 */
import { describe, expect, it } from "vitest";
import { measurePower, rate } from "./power-run.ts";
import { powerMarkdown } from "./power-table.ts";

describe("power (quick)", () => {
  it("detects every answer-key pair at two more seeds, and the reference passes everything", async () => {
    const power = await measurePower({ seeds: [11, 12] });
    expect(power.pairs.filter((pair) => pair.detected < pair.seeds).map((pair) => `${pair.clause} x ${pair.host}: ${JSON.stringify(pair.missed)}`)).toEqual([]);
    expect(power.reference.flatMap((clause) => clause.departures.map((departure) => `${clause.clause}: ${departure.status} ${departure.reason}`))).toEqual([]);
    expect(power.pairs.every((pair) => rate(pair) === 100)).toBe(true);
    expect(powerMarkdown(power, 0, "")).toContain("| `names/provider-valid` | `unchecked-refuses-duplicates` | 2/2 | 100 % |");
  }, 600_000);
});
