/**
 * `npm run power`: how often the harness finds what it should, at one random case and at the default run
 * count. For K fresh seeds (drawn from a base seed, printed so the run can be repeated), every built-in
 * host against every clause, in-process, at each run count; then per (clause, host) pair of the answer key
 * the seeds that detected it, every failure beyond a host's key, and every seed in which the reference did
 * not pass. The table is Markdown.
 *
 *   npm run power [-- --seeds K] [-- --base S] [-- --runs N,N] [-- --concurrency C] [-- --write FILE] [-- --note TEXT]
 *                 [-- --clauses ID,ID] [-- --hosts NAME,NAME]
 *
 * --clauses and --hosts narrow the measurement; the committed table is the whole catalogue, so --write
 * refuses a narrowed run.
 *
 * Exit 1 when a pair is missed in any seed, a host fails beyond its key, or the reference departs from PASS.
 */
import { randomInt } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { DEFAULT_RUNS } from "../harness/index.ts";
import { measurePower, seedsFrom, type Power } from "./power-run.ts";
import { GOAL, meetsGoal, powerMarkdown } from "./power-table.ts";
import { expectedFailures } from "../suites/expected-failures.ts";
import { clauses } from "../suites/index.ts";

/** Defaults of the options, read by both the parser and the usage text so the two cannot disagree. */
const DEFAULTS = { seeds: 20, concurrency: 4, runs: `1,${DEFAULT_RUNS}` } as const;

const USAGE = `Usage: npm run power -- [--seeds K] [--base S] [--runs N,N] [--concurrency C] [--write FILE] [--note TEXT]
                        [--clauses ID,ID] [--hosts NAME,NAME]

For K seeds drawn from base seed S (default: random, printed), every built-in host (the reference and each
one-bug host of suites/expected-failures.ts) against every clause, in-process, at each run count N (random
cases per clause after its constructed ones; default ${DEFAULTS.runs}), C runs at once (default ${DEFAULTS.concurrency});
prints the detection table as Markdown: per answer-key pair the seeds that detected it at each run count,
every failure beyond a host's key, every reference departure from PASS.
  --seeds K           seeds to measure (default ${DEFAULTS.seeds})
  --clauses, --hosts  narrow the measurement (comma-separated ids; the reference is a host too)
  --write FILE        write the table to FILE (the whole catalogue only: not with --clauses or --hosts)
  --note TEXT         appended to the table's opening line (how and where it ran: machine, load)
Exit 1 when a pair is detected in fewer than ${GOAL} % of seeds at some run count, a host fails beyond its key,
or the reference departs from PASS; 2 on bad usage.
`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: {
      help: { type: "boolean", short: "h" },
      seeds: { type: "string", default: String(DEFAULTS.seeds) }, base: { type: "string" }, runs: { type: "string", default: DEFAULTS.runs },
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
  const runCounts = values.runs.split(",").map(Number);
  const concurrency = Number(values.concurrency);
  if (![count, base, ...runCounts, concurrency].every(Number.isSafeInteger) || count < 1 || runCounts.some((runs) => runs < 1) || concurrency < 1) {
    process.stderr.write("power: --seeds, --base, --runs (a comma-separated list) and --concurrency take whole numbers (all but --base at least 1)\n");
    process.stderr.write(USAGE);
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
  process.stdout.write(`power: ${count} seed(s) from base ${base}, at --runs ${runCounts.join(" and ")}\n`);
  const powers: Power[] = [];
  for (const runs of runCounts) {
    powers.push(await measurePower({
      seeds: seedsFrom(base, count), runs, concurrency, ...only,
      progress: (seed, host, done, total) => process.stdout.write(`  --runs ${runs} [${done}/${total}] seed ${seed} ${host}\n`),
    }));
  }
  const markdown = powerMarkdown(powers, base, values.note);
  if (values.write) {
    await writeFile(values.write, markdown);
    process.stdout.write(`power: ${values.write}\n`);
  } else process.stdout.write(`\n${markdown}`);
  return powers.every(meetsGoal) ? 0 : 1;
}

process.exitCode = await main();
