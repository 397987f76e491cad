/**
 * Every committed failure of reports/<id>.json replayed by value (`npm run test:replay`): the clause's
 * check on the report's own counterexample (a library host's each on a process that served no other, as the
 * report confirmed each failure; an agent CLI's on one adapter, each session a CLI process of its own), must
 * come out the same, for the
 * installed host version: a host that no longer fails as its report says (fixed, or the adapter changed)
 * fails this test. Passing clauses are rerun in full by `npm run reports`. The clauses are loaded from
 * suites/ at run time, as the CLI loads them. The cheap checks of the committed reports are reports.test.ts.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hapLauncher, limiter, loadSuites, missingInstall, packageRoot, paced, runClauses, singleCase, skipTitle, type Clause } from "../harness/index.ts";
import { launchArgv, realHosts } from "./hosts.ts";
import { readCommitted } from "./reports.ts";
import { hostKind } from "./site.ts";

let suites: Promise<Clause[]> | undefined;

const allClauses = () => (suites ??= loadSuites(join(packageRoot, "suites")));

describe("committed real-host reports, replayed", () => {
  // One adapter process per library host, all at once: the replays wait on processes more than on the CPU.
  // The hosts installed apart (mcp-use, VoltAgent, Genkit) load hundreds of modules before they answer
  // initialize (25 s seen for mcp-use on a loaded 2-core machine), so they get the CLI's --timeout of
  // `npm run reports` and a longer test bound. So does every library host: a committed schema/hostile-schema
  // failure replays a pattern that backtracks in the adapter's own thread (LangChain's `^(a|a)+$` against 28
  // `a`s: 25 s in the report run, 72 s measured alone at load 10), and past the HAP client's default 30 s the
  // FAIL the report recorded (with --timeout 120000) would come back as an ERROR.
  // The agent CLIs (their sessions are CLI processes costing CPU seconds) replay after every library host
  // has, so they cannot push a library host's timing-bound clause past its bound, two at a time: one after
  // another they took 45 minutes of a CI run, and the harness's bounds follow the machine's pace. A host that cannot run
  // here (what it needs is not installed: an agent CLI, a library host installed apart) is skipped with the
  // reason, unless CI requires it. No vitest bound (0): the harness's own bounds (a request, stretched by the
  // machine's pace, and a case, twice that) already end a host that hangs, and a second, fixed bound around
  // them only turned a slow replay on a loaded machine into a failure (langchain's, at 300 s).
  // The library replays under way: vitest starts concurrent tests in the order they are declared, so every
  // library host that runs has started before the first agent CLI does (one filtered out never enters).
  const libraryReplays = new Set<Promise<void>>();
  const twoAtATime = limiter(2);
  for (const host of realHosts) {
    const missing = missingInstall(...(host.needs ?? []));
    const replay = async () => {
      const committed = readCommitted(host.id);
      const failing = committed.clauses.filter((clause) => (clause.status === "fail" || clause.status === "warn") && clause.counterexample?.value !== undefined)
        .filter((clause) => host.timingDependent?.[clause.id] === undefined);
      if (failing.length === 0) return;
      const clauses = await allClauses();
      const replays = failing.map((entry): Clause => {
        const clause = clauses.find((candidate) => candidate.id === entry.id);
        if (!clause) throw new Error(`${host.id}: clause ${entry.id} is no longer in suites/`);
        return singleCase(clause, entry.counterexample!.value);
      });
      const fresh = await runClauses({
        clauses: replays, launcher: hapLauncher({ argv: launchArgv(host.argv), cwd: packageRoot, requestTimeoutMs: paced(host.runArgs ? 300_000 : 120_000) }), seed: committed.seed, runs: 1,
        transport: committed.transport as "http" | "stdio", profile: committed.profile,
        // A case makes several requests: the case bound follows the request bound, so a slow host stays a verdict.
        caseTimeoutMs: 2 * paced(host.runArgs ? 300_000 : 120_000),
        // A library host's case on a process that served no other, its every open real: as the report confirmed
        // each failure (a confirmation bypasses the observation cache, so no cache here either: it would only
        // store), since a library keeps its state in the adapter's process. An agent CLI's adapter keeps none of a
        // session (each open is a CLI process of its own, with its own home), but each of its processes first runs
        // a whole no-server CLI session to learn the built-in tools: one adapter for all of a CLI's cases saves a
        // CLI session per case (126 of them over the committed agent reports).
        freshProcessPerCase: hostKind(host) !== "agent CLI",
      });
      expect(fresh.host.version, `${host.id}: the committed report is for another version; run npm run reports`).toBe(committed.host.version);
      // Launched through the cached tsx loader (launchArgv), recorded as the registry writes it: the report's command is unchanged.
      expect(fresh.hostCommand, `${host.id}: the command a replay records`).toEqual(host.argv);
      // What came out otherwise, with the fresh verdict's own words, so a CI log says why (the status alone did not).
      const changed = fresh.clauses.filter((clause, at) => clause.status !== failing[at]?.status)
        .map((clause) => `${clause.id}: ${clause.status} (${clause.reason}${clause.observed ? `; observed ${clause.observed}` : ""}; judged ${JSON.stringify(clause.judged ?? {})})`);
      expect(fresh.clauses.map((clause) => [clause.id, clause.status]), `${host.id}: ${changed.join(" | ")}`).toEqual(failing.map((clause) => [clause.id, clause.status]));
    };
    it.skipIf(missing !== undefined).concurrent(skipTitle(`${host.id}: every committed failure still fails, replayed by value`, missing), async () => {
      if (!host.runArgs) {
        const run = replay();
        libraryReplays.add(run);
        return run;
      }
      await Promise.allSettled([...libraryReplays]);
      return twoAtATime(replay);
    }, 0);
  }
});
