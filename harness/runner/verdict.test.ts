import { describe, expect, it } from "vitest";
import type { ClauseReport } from "../report/report-model.ts";
import { clauseGates, exitCodeOf } from "./verdict.ts";

const clause = (id: string, status: ClauseReport["status"], level: "MUST" | "SHOULD" = "MUST", baseline?: ClauseReport["baseline"]): ClauseReport => ({
  id, level, status, summary: "", sources: [], reason: "", seed: 1, cases: 1, shrinks: 0, situations: {}, durationMs: 0, ...(baseline ? { baseline } : {}),
});

describe("exitCodeOf", () => {
  it("follows the documented contract", () => {
    expect(exitCodeOf([clause("a", "pass"), clause("b", "not-applicable")], false)).toBe(0);
    expect(exitCodeOf([clause("a", "fail")], false)).toBe(1);
    expect(exitCodeOf([clause("a", "warn", "SHOULD")], false)).toBe(0);
    expect(exitCodeOf([clause("a", "warn", "SHOULD")], true)).toBe(1);
    expect(exitCodeOf([clause("a", "inconclusive", "MUST")], false)).toBe(1);
    expect(exitCodeOf([clause("a", "inconclusive", "SHOULD")], false)).toBe(0);
    expect(exitCodeOf([clause("a", "fail"), clause("b", "error")], false)).toBe(2);
  });

  it("lets a baseline excuse failures but never a broken host, and gates on stale entries", () => {
    expect(exitCodeOf([clause("a", "fail"), clause("b", "inconclusive")], false, new Set(["a", "b"]))).toBe(0);
    expect(exitCodeOf([clause("a", "warn", "SHOULD")], true, new Set(["a"]))).toBe(0);
    expect(exitCodeOf([clause("a", "error")], false, new Set(["a"]))).toBe(2);
    expect(exitCodeOf([clause("a", "pass", "MUST", "stale")], false, new Set())).toBe(1);
  });

  it("gates per clause exactly as the exit code does, so every format can say it", () => {
    for (const strict of [false, true]) {
      for (const status of ["pass", "fail", "warn", "inconclusive", "not-applicable"] as const) {
        for (const level of ["MUST", "SHOULD"] as const) {
          const one = clause("a", status, level);
          expect(clauseGates(one, strict), `${status} ${level} strict=${strict}`).toBe(exitCodeOf([one], strict) === 1);
        }
      }
    }
    expect(clauseGates(clause("a", "fail", "MUST", "expected-failure"), false)).toBe(false);
    expect(clauseGates(clause("a", "pass", "MUST", "stale"), false)).toBe(true);
    expect(clauseGates(clause("a", "error"), false)).toBe(true);
  });
});
