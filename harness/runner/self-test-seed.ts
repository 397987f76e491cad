/**
 * Policy: the self-tests draw their worlds from fixed seeds, so `npm test` is repeatable and a red run can
 * be rerun as it was. `npm run soak` sets MCP_COLLIDE_SOAK_SEED to a fresh seed every round, so the same
 * tests also meet worlds nobody picked; a failing round is rerun exactly with
 * `MCP_COLLIDE_SOAK_SEED=<seed> npm test`. Only tests whose claim must hold for every seed take it (never an
 * answer key pinned to one seed).
 */

/** The variable `npm run soak` sets for the self-tests. */
export const SOAK_SEED_VARIABLE = "MCP_COLLIDE_SOAK_SEED";

/**
 * The seed a self-test uses: the soak's seed when MCP_COLLIDE_SOAK_SEED is set, else `fixed`.
 *
 * @param fixed the test's own seed, used by a plain `npm test`.
 * @throws when the variable is set but is not an integer from 0 to 2^31 - 1 (a typo must not silently
 *   fall back to the fixed seed and pass a round that never ran).
 */
export function selfTestSeed(fixed: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[SOAK_SEED_VARIABLE];
  if (raw === undefined || raw === "") return fixed;
  const seed = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(seed) || seed > 2 ** 31 - 1) {
    throw new Error(`${SOAK_SEED_VARIABLE}=${JSON.stringify(raw)} is not a seed: give an integer from 0 to ${2 ** 31 - 1}`);
  }
  return seed;
}
