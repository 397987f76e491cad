import { describe, expect, it } from "vitest";
import type { SessionPoisoning } from "../report/report-model.ts";
import type { Clause, ClauseEnvironment } from "./clause.ts";
import type { Poisoning, ServedCase } from "./fresh-hosts.ts";
import { workerFreshHosts } from "./worker-fresh-hosts.ts";

/** A clause whose check is `verdict` (no host needed: the fake processes live in the test). */
const clauseOf = (id: string, verdict: () => boolean) =>
  ({ id, check: async () => (verdict() ? { ok: true, judged: [] } : { ok: false, expected: "e", observed: "o" }) }) as unknown as Clause;

/** A worker whose host processes are counted, and what it records. */
function worker() {
  const findings: SessionPoisoning[] = [];
  const state = { processes: 1, poisoned: false };
  const hosts = workerFreshHosts({
    async replaceHost() { state.processes += 1; state.poisoned = false; },
    env: {} as ClauseEnvironment,
    caseTimeoutMs: 1_000,
    bypassCache() {},
    record: (finding) => findings.push(finding),
  });
  return { hosts, findings, state };
}

const victimOf = (clause: Clause, history: ServedCase[]): Poisoning =>
  ({ clause, index: 0, value: {}, failed: { ok: false, expected: "e", observed: "o" }, evidence: {} as Poisoning["evidence"], history });

describe("the search for the case that poisoned a host process", () => {
  it("names the earlier case after which the victim fails on fresh processes, every time", async () => {
    const { hosts, findings, state } = worker();
    const earlier = clauseOf("a/earlier", () => { state.poisoned = true; return true; });
    const victim = clauseOf("b/victim", () => !state.poisoned);
    await hosts.poisoned(victimOf(victim, [{ clause: earlier, index: 2, value: {} }]));
    expect(findings).toEqual([{ victim: { clause: "b/victim", case: 1 }, poisoner: { clause: "a/earlier", case: 3 }, evidence: expect.anything(), expected: "e", observed: "o" }]);
  });

  it("names none for a victim that fails by chance (timing on a loaded machine), even once after an earlier case", async () => {
    const { hosts, findings } = worker();
    const earlier = clauseOf("a/earlier", () => true);
    // The victim fails on its first run of the search only: a flake, not a poisoning.
    let runs = 0;
    const victim = clauseOf("b/victim", () => ++runs !== 1);
    await hosts.poisoned(victimOf(victim, [{ clause: earlier, index: 0, value: {} }]));
    expect(findings).toEqual([{ victim: { clause: "b/victim", case: 1 }, expected: "e", observed: "o" }]);
  });
});
