/**
 * `npm run soak`: the no-flakes check. N rounds in a row (default 20), each with a fresh seed: the self-test
 * suite (`npm test`, unless --skip-tests) with MCP_COLLIDE_SOAK_SEED set to that seed (the tests that must
 * hold for every seed draw from it; see harness/runner/self-test-seed.ts), then the full default
 * `mcp-collide run` on the reference with `--seed` that seed, which must exit 0 with every clause PASS.
 * Stops at the first failure, keeps its output and report, and prints the commands that rerun that round.
 *
 *   npm run soak [-- --times N] [-- --skip-tests] [-- --seed S]   (--seed: first round's seed, for a rerun)
 *
 * Stopped by a signal (Ctrl-C, a CI timeout), it stops the round in flight, waits for it, then deletes its
 * scratch directory: an interrupted round proves nothing, and a soak must not leave what it checks others for.
 */
import { randomInt } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { ReportSchema, SOAK_SEED_VARIABLE } from "../harness/index.ts";

function option(name: string): number | undefined {
  const at = process.argv.indexOf(name);
  if (at < 0) return undefined;
  const value = Number(process.argv[at + 1]);
  if (!Number.isSafeInteger(value) || value < 0) {
    process.stderr.write(`soak: ${name} needs a whole number, got ${JSON.stringify(process.argv[at + 1])}\n`);
    process.exit(2);
  }
  return value;
}

const times = option("--times") ?? 20;
const firstSeed = option("--seed");
const skipTests = process.argv.includes("--skip-tests");
const scratch = mkdtempSync(join(tmpdir(), "mcp-collide-soak-"));
const started = performance.now();
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);
let inFlight: { pid: number | undefined; done: PromiseLike<unknown> } | undefined;
let stopping = false;

/** Signals a step's whole process group (npm and npx do not pass a signal on to their children). */
function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  try {
    if (pid !== undefined) process.kill(-pid, signal);
  } catch {
    // the group is already gone
  }
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  // `on`, not `once`: a second Ctrl-C while stopping must not fall through to the default action, which
  // would kill this process before it deletes the scratch directory (a stubborn step is SIGKILLed at 10 s).
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    process.stdout.write(`\nsoak: ${signal}: stopping the round in flight and deleting ${scratch}\n`);
    const step = inFlight;
    signalGroup(step?.pid, "SIGTERM");
    const stubborn = setTimeout(() => signalGroup(step?.pid, "SIGKILL"), 10_000);
    await step?.done; // reject: false, so a stopped step settles with its exit, never throws
    clearTimeout(stubborn);
    rmSync(scratch, { recursive: true, force: true });
    process.exit(128 + constants.signals[signal]);
  });
}

/**
 * Runs one step of a round in its own process group, remembered so a signal can stop all of it. Once
 * stopping, the step never settles for the loop, so a stopped step is not reported as a failed round.
 */
async function step(file: string, args: string[], env: Record<string, string>) {
  const subprocess = execa(file, args, { reject: false, all: true, env, detached: true });
  inFlight = { pid: subprocess.pid, done: subprocess };
  const result = await subprocess;
  inFlight = undefined;
  return stopping ? new Promise<never>(() => {}) : result;
}

function fail(round: number, seed: number, what: string, output: string, keep: string): never {
  process.stdout.write(`${output}\nsoak: round ${round}/${times} (seed ${seed}): ${what}\n`);
  process.stdout.write(`soak: rerun it with:  ${SOAK_SEED_VARIABLE}=${seed} npm test   and   npx mcp-collide run --seed ${seed}\n`);
  process.stdout.write(`soak: kept ${keep}\n`);
  process.exit(1);
}

for (let round = 1; round <= times; round++) {
  const seed = round === 1 && firstSeed !== undefined ? firstSeed : randomInt(2 ** 31 - 1);
  const roundStarted = performance.now();
  let testsTook = "skipped";
  if (!skipTests) {
    const tests = await step("npm", ["test", "--silent"], { [SOAK_SEED_VARIABLE]: String(seed), NO_COLOR: "1" });
    if (tests.exitCode !== 0) fail(round, seed, "npm test failed", tests.all ?? "", scratch);
    testsTook = `${seconds(roundStarted)} s`;
  }
  const out = join(scratch, `round-${round}`);
  const runStarted = performance.now();
  const run = await step("npx", ["mcp-collide", "run", "--seed", String(seed), "--out", out], { NO_COLOR: "1" });
  let verdicts = "no report";
  try {
    const report = ReportSchema.parse(JSON.parse(readFileSync(join(out, "report.json"), "utf8")));
    verdicts = Object.entries(report.totals).filter(([, count]) => count > 0).map(([status, count]) => `${count} ${status}`).join(", ");
    const notPassed = report.clauses.filter((clause) => clause.status !== "pass");
    if (run.exitCode !== 0 || notPassed.length > 0) {
      fail(round, seed, `the reference run exited ${run.exitCode} with ${notPassed.map((c) => `${c.id} ${c.status}`).join(", ") || "every clause pass"}`, run.all ?? "", out);
    }
  } catch (error) {
    if (run.exitCode === 0) fail(round, seed, `the reference run wrote no readable report: ${String(error)}`, run.all ?? "", out);
    fail(round, seed, `the reference run exited ${run.exitCode}`, run.all ?? "", out);
  }
  rmSync(out, { recursive: true, force: true });
  process.stdout.write(`soak: round ${round}/${times} seed ${seed}: npm test ${testsTook}, reference run ${seconds(runStarted)} s (${verdicts})\n`);
}
rmSync(scratch, { recursive: true, force: true });
process.stdout.write(`soak: ${times} rounds passed in a row${skipTests ? " (reference runs only)" : ""} in ${seconds(started)} s\n`);
