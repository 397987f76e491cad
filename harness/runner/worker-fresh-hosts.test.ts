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
  const state = { processes: 1, poisoned: false, isolation: undefined as string | undefined };
  const hosts = workerFreshHosts({
    async replaceHost() { state.processes += 1; state.poisoned = false; },
    env: {} as ClauseEnvironment,
    caseTimeoutMs: 1_000,
    bypassCache() {},
    record: (finding) => findings.push(finding),
    isolated: () => state.isolation !== undefined,
    isolate: (why) => { state.isolation ??= why; },
  });
  return { hosts, findings, state };
}

const victimOf = (clause: Clause, history: ServedCase[]): Poisoning =>
  ({ clause, index: 0, value: {}, symptom: "violated", expected: "e", observed: "o", evidence: {} as Poisoning["evidence"], history });

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

describe("once a poisoning is charged, every later case runs on a fresh process", () => {
  it("isolates the run after a reproduced poisoning: each case that follows gets a process that has served nothing", async () => {
    const { hosts, state } = worker();
    const earlier = clauseOf("a/earlier", () => { state.poisoned = true; return true; });
    const victim = clauseOf("b/victim", () => !state.poisoned);
    // Before any poisoning a process serves case after case.
    hosts.served({ clause: earlier, index: 0, value: {} });
    await hosts.beforeCase();
    expect(state.processes).toBe(1);
    await hosts.poisoned(victimOf(victim, [{ clause: earlier, index: 2, value: {} }]));
    expect(state.isolation).toBe("case 1 of b/victim failed only after case 3 of a/earlier on the same host process (reproduced on fresh processes)");
    const after = state.processes;
    // The poisoning search left a fresh process: the next case runs on it, and each case after that on another.
    await hosts.beforeCase();
    expect(state.processes).toBe(after);
    hosts.served({ clause: victim, index: 1, value: {} });
    await hosts.beforeCase();
    expect(state.processes).toBe(after + 1);
    expect(hosts.servedBefore()).toBe(0);
  });

  it("does not isolate the run for a poisoning it could not reproduce", async () => {
    const { hosts, state } = worker();
    let runs = 0;
    await hosts.poisoned(victimOf(clauseOf("b/victim", () => ++runs !== 1), [{ clause: clauseOf("a/earlier", () => true), index: 0, value: {} }]));
    expect(state.isolation).toBeUndefined();
  });

  it("isolates the run once lifecycle/sessions-independent's own check is violated, and for no other clause's violation", () => {
    const { hosts, state } = worker();
    hosts.violated({ clause: clauseOf("names/unique", () => false), index: 0, value: {} });
    expect(state.isolation).toBeUndefined();
    hosts.violated({ clause: clauseOf("lifecycle/sessions-independent", () => false), index: 3, value: {} });
    expect(state.isolation).toBe("case 4 of lifecycle/sessions-independent showed a session leaving a trace in a later session of the same host process");
  });
});
