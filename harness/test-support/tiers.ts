/**
 * The self-test's tiers, chosen by file name. `npm test` (the fast tier) is what a contributor runs after
 * every change: every test file whose name carries none of the heavy suffixes below. Each heavy tier is a
 * command of its own (`npm run test:<tier>`), and `npm run test:heavy` runs them all; `.ci/run` runs both.
 * A new test goes in the fast tier unless it needs what a heavy tier names: then its file is named
 * `<name>.<tier>.test.ts`. tiers.test.ts checks package.json's scripts against this list, that every test
 * file is in exactly one tier, and that no file doing a heavy tier's work escapes into the fast one.
 */

/** The vitest command every heavy tier runs: the repo's config (paced bounds) and two workers, as on a 2-core runner. */
export const VITEST = "vitest run --config harness/test-support/vitest.config.ts --maxWorkers=2";

/**
 * The fast tier's vitest command: the same config, three workers, and one module graph per worker
 * (`--no-isolate`). Measured on a fresh clone at rest on 2 cores (issue 41): with isolation and two workers
 * it took 582 s and 846 CPU-s, most of the difference being every file loading the harness anew (vitest's
 * "import" 107 s) and workers idle while a control waits out a bound; three workers without isolation, 351 s and
 * 606 CPU-s, every file passing. A test file that changes what the process shares (process.env, a spy on
 * stdout) restores it itself (hygiene.test.ts, out-option.test.ts, ...), as it must under isolation too.
 */
export const FAST_VITEST = "vitest run --config harness/test-support/vitest.config.ts --maxWorkers=3 --no-isolate";

/** One heavy tier: its file suffix, what it holds, and the marks of its work that no fast test file may carry. */
export interface HeavyTier {
  /** `<name>.<tier>.test.ts`; the npm script is `test:<tier>`. */
  tier: string;
  /** What the tier checks and what it needs, for the docs and the script list. */
  holds: string;
  /** Text in a test file that means it does this tier's work (and so must be named for it). */
  marks: RegExp[];
}

/** The heavy tiers, in the order `npm run test:heavy` names them. */
export const heavyTiers: readonly HeavyTier[] = [
  { tier: "replay", holds: "every committed real-host report's failures replayed by value (the library hosts, and agent CLIs where installed)", marks: [/readCommitted\([^]*runClauses\(/] },
  { tier: "hosts", holds: "the real library hosts (LangChain, Mastra, OpenAI Agents, Vercel AI, and mcp-use, VoltAgent, Genkit, fastmcp where installed), the Python host, offline runs in a network namespace", marks: [/missingInstall\([^;]*library-host:/, /from "(\.\.\/)+test-support\.ts"[^]*\badapter\("(?!agent-clis)/, /hosts\/record-network\.mjs/, /= \["python3", "hosts\/[a-z-]+\/adapter\.py"\]/] },
  { tier: "agents", holds: "the pinned agent CLIs end to end (after `npm run agents:install`)", marks: [/missingInstall\([^)]*agent-cli:/, /adapter\(\s*[`"]agent-clis\//] },
  { tier: "gateways", holds: "the pinned MCP gateways end to end in their sandbox (after `npm run gateways:install`)", marks: [/missingInstall\([^;]*gateway:/] },
  { tier: "hap", holds: "every clause shown both ways through the CLI, HAP/1 and HTTP servers: the reference, and one-bug hosts that between them fail every clause", marks: [/coveringHosts\(\)/] },
  { tier: "power", holds: "the answer key over several seeds, at `--runs 1` and at the default", marks: [/measurePower\(/, /answerKeyAt\(/] },
  { tier: "chromium", holds: "report.html and the compliance site in headless Chromium", marks: [/missingInstall\([^)]*chromium/, /findChromium\(/] },
  { tier: "package", holds: "the packed npm package installed and type-checked in a scratch project, and the Python kit installed with pip", marks: [/\["pack"/] },
];

/** The heavy tier a test file belongs to by its name, or undefined for the fast tier (`npm test`). */
export function tierOf(file: string): string | undefined {
  return heavyTiers.find(({ tier }) => file.endsWith(`.${tier}.test.ts`))?.tier;
}

/** The glob `npm test` excludes: every heavy suffix. */
export const heavyGlob = `**/*.{${heavyTiers.map(({ tier }) => tier).join(",")}}.test.ts`;

/** The scripts package.json must hold for the tiers, exactly. */
export function tierScripts(): Record<string, string> {
  return {
    test: `${FAST_VITEST} --exclude "${heavyGlob}"`,
    ...Object.fromEntries(heavyTiers.map(({ tier }) => [`test:${tier}`, `${VITEST} .${tier}.test.ts`])),
    "test:heavy": `${VITEST} ${heavyTiers.map(({ tier }) => `.${tier}.test.ts`).join(" ")}`,
  };
}

/** A test file as the tier check reads it: its path from the repo root and its text. */
export interface TestFile {
  path: string;
  text: string;
}

/**
 * Everything wrong with the tiers of these test files, one line each (empty: none): a file matching no tier or
 * two, a file whose name puts it in the fast tier while its text does a heavy tier's work (it would slow
 * `npm test` down or make it need an install), and a heavy file that does none of its tier's work.
 */
export function tierProblems(files: readonly TestFile[]): string[] {
  const problems: string[] = [];
  for (const { path, text } of files) {
    // The check's own test quotes every mark as data.
    if (!path.endsWith(".test.ts") || path === "harness/test-support/tiers.test.ts") continue;
    const named = heavyTiers.filter(({ tier }) => path.includes(`.${tier}.test.ts`));
    if (named.length > 1) problems.push(`${path}: in ${named.length} tiers (${named.map(({ tier }) => tier).join(", ")}): a file belongs to one`);
    const tier = tierOf(path);
    if (named.length === 1 && tier === undefined) problems.push(`${path}: \`npm run test:${named[0]!.tier}\` selects it, but its name does not end in .${named[0]!.tier}.test.ts`);
    const doing = heavyTiers.filter(({ marks }) => marks.some((mark) => mark.test(text))).map(({ tier }) => tier);
    if (tier === undefined && doing.length > 0) problems.push(`${path}: does the work of the ${doing.join(", ")} tier but runs in \`npm test\`: name it <name>.${doing[0]}.test.ts`);
    if (tier !== undefined && !doing.includes(tier)) problems.push(`${path}: named for the ${tier} tier but does none of its work: move it to \`npm test\` (drop .${tier})`);
  }
  return problems;
}
