/**
 * What one real host's report entry says (every host folder's hosts.ts exports a list of them: the library
 * hosts' hosts/<id>/hosts.ts, the agent CLIs' hosts/agent-clis/<id>/hosts.ts; hosts/hosts.ts gathers them),
 * and the run settings every committed report shares.
 */

import { withTsxLoader, type OptionalInstall } from "../harness/index.ts";

/** One real host in one configuration. */
export interface RealHost {
  /** File stem of its committed report: reports/<id>.json and reports/<id>.md. */
  id: string;
  /** What it is, in a few words. */
  title: string;
  /** The adapter command, run from the package root. */
  argv: string[];
  /** The npm packages (exact versions in package.json) or language runtime it exercises. */
  packages: string[];
  /** How the adapter drives the host, in one or two sentences. */
  wiring: string;
  /** Clause id → why the committed verdict (fail, warn, error, inconclusive) is right, checked by hand. */
  evidence: Record<string, string>;
  /**
   * Clause id → why the clause is NOT-APPLICABLE here, in one line: the host has no such feature (with the
   * doc or source that shows it). Every not-applicable verdict of a committed report needs one.
   */
  notApplicable: Record<string, string>;
  /**
   * What its adapter needs beyond `npm ci` (harness/optional-installs.ts): a library host installed in
   * hosts/<host> (`npm run hosts:libraries`; a Python host's venv, `npm run hosts:python`), an agent CLI and network namespaces, Python 3. Tests that run
   * the host skip, saying why, where one is missing.
   */
  needs?: OptionalInstall[];
  /** Verdicts that pass but deserve a word (a pass that rests on one code path, say). */
  notes?: string[];
  /** How `npm run reports` names the host to `mcp-collide run` (default: `-- <argv>`), e.g. `--agent codex`. */
  runArgs?: string[];
  /** Cases per clause of its committed report, where not {@link reportRun}'s. */
  runs?: number;
  /**
   * Committed failures that depend on timing (an agent CLI on a loaded machine) or on chance (an order a CLI
   * draws afresh in each process) and did not come back when replayed by value: clause id → what was seen. The replay test leaves them out, by name; the evidence
   * stays in {@link evidence}.
   */
  timingDependent?: Record<string, string>;
  /**
   * The names its adapter gave it in earlier versions' reports (reports/history/<id>/), where the host's own
   * API was renamed since (Mastra's `getTools()`, now `listTools()`): the site takes those reports as this host's.
   */
  formerNames?: string[];
}

/** Seed and runs of the committed reports (the CLI's default run count). */
export const reportRun = { seed: 2026, runs: 25 } as const;

/**
 * `argv` as this package launches it: `--import tsx` through the harness's cached tsx loader (tsxNodeArgv), so an
 * adapter started once per replayed case finds tsx's transform cache warm instead of compiling the harness again
 * in the private temp folder each adapter gets (harness/bin/tsx-cached.mjs says why). A report records its
 * command portably, with that loader written `tsx`, so a report made from this command records `argv` itself.
 */
export function launchArgv(argv: readonly string[]): string[] {
  return withTsxLoader(argv);
}
