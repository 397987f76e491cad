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

/** Defaults of the options, read by both the parser and the usage text so the two cannot disagree. */
const DEFAULTS = { seeds: 20, concurrency: 2 } as const;

const USAGE = `Usage: npm run power -- [--seeds K] [--base S] [--runs N] [--concurrency C] [--write FILE] [--note TEXT]
                        [--clauses ID,ID] [--hosts NAME,NAME]

For K seeds drawn from base seed S (default: random, printed), every one-bug host against every clause of its
answer key (suites/expected-failures.ts) and the reference against every clause, in-process at N runs per
clause (default ${DEFAULT_RUNS}), C runs at once (default ${DEFAULTS.concurrency}); prints the detection table as Markdown.
  --seeds K           seeds to measure (default ${DEFAULTS.seeds})
  --clauses, --hosts  narrow the measurement (comma-separated ids; the reference is a host too)
  --write FILE        write the table to FILE (the whole answer key only: not with --clauses or --hosts)
  --note TEXT         appended to the table's opening line (how and where it ran: machine, load)
Exit 1 when a pair is detected in fewer than ${GOAL} % of seeds or the reference fails anything, 2 on bad usage.
`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: {
      help: { type: "boolean", short: "h" },
      seeds: { type: "string", default: String(DEFAULTS.seeds) }, base: { type: "string" }, runs: { type: "string", default: String(DEFAULT_RUNS) },
      concurrency: { type: "string", default: String(DEFAULTS.concurrency) }, write: { type: "string" }, note: { type: "string", default: "" },
      clauses: { type: "string" }, hosts: { type: "string" },
    } });
  } catch (error) {
    // An unknown option or a missing value is bad usage (exit 2), not a crash with a stack.
    process.stderr.write(`power: ${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const count = Number(values.seeds);
  const base = values.base === undefined ? randomInt(2 ** 31 - 1) : Number(values.base);
  const runs = Number(values.runs);
  const concurrency = Number(values.concurrency);
  if (![count, base, runs, concurrency].every(Number.isSafeInteger) || count < 1 || runs < 1 || concurrency < 1) {
    process.stderr.write("power: --seeds, --base, --runs and --concurrency take whole numbers (all but --base at least 1)\n");
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
    seeds: seedsFrom(base, count), runs, concurrency, ...only,
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
