/**
 * `npm run soak`: the no-flakes check. N times in a row (default 20), each with a fresh seed: the self-test
 * suite (`npm test`, unless --skip-tests) and a full `mcp-collide run` on the reference, which must exit 0.
 * Stops at the first failure and prints the seed that failed, so it can be rerun exactly.
 */
import { randomInt } from "node:crypto";
import { execa } from "execa";

const args = process.argv.slice(2);
const times = Number(args[args.indexOf("--times") + 1] || 20) || 20;
const skipTests = args.includes("--skip-tests");
const started = performance.now();
for (let round = 1; round <= times; round++) {
  const seed = randomInt(2 ** 31 - 1);
  if (!skipTests) {
    const tests = await execa("npm", ["test", "--silent"], { reject: false, env: { MCP_COLLIDE_SOAK_SEED: String(seed) }, all: true });
    if (tests.exitCode !== 0) {
      process.stdout.write(`${tests.all}\nsoak: round ${round}/${times}: npm test failed (seed ${seed})\n`);
      process.exit(1);
    }
  }
  const run = await execa("npx", ["mcp-collide", "run", "--seed", String(seed), "--out", `mcp-collide-report/soak-${round}`], { reject: false, all: true });
  const summary = run.all?.split("\n").filter((line) => /→ exit/.test(line)).join(" ") ?? "";
  process.stdout.write(`soak: round ${round}/${times} seed ${seed}: ${skipTests ? "" : "npm test ok, "}run exit ${run.exitCode} ${summary}\n`);
  if (run.exitCode !== 0) {
    process.stdout.write(`${run.all}\nsoak: the reference run failed with seed ${seed}; rerun: npx mcp-collide run --seed ${seed}\n`);
    process.exit(1);
  }
}
process.stdout.write(`soak: ${times} rounds passed in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
