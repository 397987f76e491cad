/**
 * `npm run power`: how often the harness finds what it should, at the default run count. For K fresh seeds
 * (drawn from a base seed, printed so the run can be repeated), every one-bug host against every clause of
 * its answer key, and the reference against every clause, in-process; then per (clause, host) the share of
 * seeds that detected it, and every seed in which the reference did not pass. The table is Markdown.
 *
 *   npm run power [-- --seeds K] [-- --base S] [-- --runs N] [-- --concurrency C] [-- --write FILE] [-- --note TEXT]
 *                 [-- --clauses ID,ID] [-- --hosts NAME,NAME]
 *
 * --clauses and --hosts narrow the measurement (to see whether a change to a generator lifts a pair that
 * falls short); the committed table is the whole answer key, so --write refuses a narrowed run.
 *
 * Exit 1 when a pair is detected in fewer than 95 % of seeds or the reference fails anything, else 0.
 */
import { randomInt } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { DEFAULT_RUNS } from "../harness/index.ts";
import { measurePower, rate, seedsFrom } from "./power-run.ts";
import { GOAL, powerMarkdown } from "./power-table.ts";
import { expectedFailures } from "../suites/expected-failures.ts";
import { clauses } from "../suites/index.ts";

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      seeds: { type: "string", default: "20" }, base: { type: "string" }, runs: { type: "string", default: String(DEFAULT_RUNS) },
      concurrency: { type: "string", default: "2" }, write: { type: "string" }, note: { type: "string", default: "" },
      clauses: { type: "string" }, hosts: { type: "string" },
    },
  });
  const count = Number(values.seeds);
  const base = values.base === undefined ? randomInt(2 ** 31 - 1) : Number(values.base);
  const runs = Number(values.runs);
  if (![count, base, runs].every(Number.isSafeInteger) || count < 1 || runs < 1) {
    process.stderr.write("power: --seeds, --base and --runs take whole numbers (seeds and runs at least 1)\n");
    return 2;
  }
  const list = (text: string | undefined) => text?.split(",").map((item) => item.trim()).filter((item) => item.length > 0);
  const only = { clauses: list(values.clauses), hosts: list(values.hosts) };
  const unknown = [
    ...(only.clauses ?? []).filter((id) => !clauses.some((clause) => clause.id === id)).map((id) => `clause ${id}`),
    ...(only.hosts ?? []).filter((host) => !(host in expectedFailures)).map((host) => `host ${host}`),
  ];
  if (unknown.length > 0) {
    process.stderr.write(`power: no such ${unknown.join(", ")}\n`);
    return 2;
  }
  if (values.write && (only.clauses || only.hosts)) {
    process.stderr.write("power: --write takes the whole answer key; drop --clauses and --hosts\n");
    return 2;
  }
  process.stdout.write(`power: ${count} seed(s) from base ${base}, ${runs} runs per clause\n`);
  const power = await measurePower({
    seeds: seedsFrom(base, count), runs, concurrency: Number(values.concurrency), ...only,
    progress: (seed, host, done, total) => process.stdout.write(`  [${done}/${total}] seed ${seed} ${host}\n`),
  });
  const markdown = powerMarkdown(power, base, values.note);
  if (values.write) {
    await writeFile(values.write, markdown);
    process.stdout.write(`power: ${values.write}\n`);
  } else process.stdout.write(`\n${markdown}`);
  const failing = power.pairs.some((pair) => rate(pair) < GOAL) || power.reference.some((clause) => clause.departures.some((d) => d.status === "fail" || d.status === "warn"));
  return failing ? 1 : 0;
}

process.exitCode = await main();
