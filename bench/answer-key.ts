/**
 * The answer key measured at some seeds (bench/seeds.power.test.ts in `npm run test:power`): what
 * departs from it, and the power table of the measurement.
 */
import { DEFAULT_RUNS } from "../harness/index.ts";
import { measurePower, type Power } from "./power-run.ts";
import { powerMarkdown } from "./power-table.ts";

/** Everything a measurement says departs from the answer key, one line each (empty: exactly the key). */
function departures(power: Power): string[] {
  return [
    ...power.pairs.filter((pair) => pair.detected < pair.seeds).map((pair) => `--runs ${power.runs}: ${pair.clause} x ${pair.host} missed: ${JSON.stringify(pair.missed)}`),
    ...power.beyond.map((entry) => `--runs ${power.runs}: ${entry.host} ${entry.clause} seed ${entry.seed}: ${entry.status} ${entry.reason}`),
    ...power.reference.flatMap((clause) => clause.departures.map((departure) => `--runs ${power.runs}: reference ${clause.clause} seed ${departure.seed}: ${departure.status} ${departure.reason}`)),
  ];
}

/**
 * Every built-in host against its answer key at these seeds at `--runs 1`, and at `defaultSeeds` (the same
 * seeds unless given) at the default run count: the departures (a key pair missed at a seed, a failure beyond
 * the key, a reference clause not passing; empty when exactly the key) and the power table's Markdown.
 */
export async function answerKeyAt(seeds: number[], defaultSeeds: number[] = seeds): Promise<{ departures: string[]; markdown: string }> {
  const powers = [await measurePower({ seeds, runs: 1, concurrency: 8 }), await measurePower({ seeds: defaultSeeds, runs: DEFAULT_RUNS, concurrency: 8 })];
  return { departures: powers.flatMap(departures), markdown: powerMarkdown(powers, 0, "") };
}
