/**
 * The opt-in observation cache (`--cache-observations`, on with `--agent`): a world observed once in a run
 * is served again to later cases, but never twice within one case, so a clause that opens one world twice
 * on purpose still compares two real sessions.
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, runClauses, type Clause } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "./index.ts";

const clause = (id: string) => clauses.find((candidate) => candidate.id === id)!;

describe("observation cache", () => {
  it("never makes names/deterministic vacuous: a host whose labels change per open still fails it", async () => {
    // label-from-config observes the plain two-server world first; deterministic's first case opens that
    // world twice: the first open is served from the cache, the second must be a real session.
    const report = await runClauses({
      clauses: [clause("names/label-from-config"), clause("names/deterministic")], launcher: inProcessLauncher(() => createHost("random-label")),
      transport: "memory", seed: 7, runs: 5, workers: 1, cacheObservations: true,
    });
    expect(report.clauses[1]!.status).toBe("fail");
    expect(report.observationCache!.served).toBeGreaterThan(0);
  });

  it("keeps a failure's evidence when its case was served from the cache: the session the observation came from", async () => {
    // The same clause twice: the second run's failing case is served wholly from what the first observed.
    const injective = clause("names/injective");
    const again: Clause = { ...injective, id: "names/injective-again" };
    const report = await runClauses({
      clauses: [injective, again], launcher: inProcessLauncher(() => createHost("last-wins")), transport: "memory", seed: 3, runs: 5, workers: 1, cacheObservations: true,
    });
    expect(report.clauses.map((entry) => entry.status)).toEqual(["fail", "fail"]);
    expect(report.observationCache!.served).toBeGreaterThan(0);
    for (const entry of report.clauses) {
      const kinds = new Set(entry.evidence!.steps.map((step) => step.kind));
      expect([...kinds].sort(), entry.id).toEqual(expect.arrayContaining(["world", "received"]));
      expect(entry.evidence!.steps.length, entry.id).toBeGreaterThan(2);
    }
    // Served or observed, the evidence is the same session: the second clause's equals the first's.
    expect(report.clauses[1]!.evidence).toEqual(report.clauses[0]!.evidence);
  });

  it("serves a world a later case asks for again, and counts it", async () => {
    const injective = clause("names/injective");
    const again: Clause = { ...injective, id: "names/injective-again" };
    const report = await runClauses({
      clauses: [injective, again], launcher: inProcessLauncher(() => createHost()), transport: "memory", seed: 3, runs: 5, workers: 1, cacheObservations: true,
    });
    expect(report.clauses.map((entry) => entry.status)).toEqual(["pass", "pass"]);
    const { observed, served } = report.observationCache!;
    expect(served).toBeGreaterThanOrEqual(observed - 1);
    const plain = await runClauses({ clauses: [injective], launcher: inProcessLauncher(() => createHost()), transport: "memory", seed: 3, runs: 5 });
    expect(plain.observationCache).toBeUndefined();
  });
});
