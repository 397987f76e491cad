import { describe, expect, it } from "vitest";
import { chargePoisonings, SESSIONS_INDEPENDENT } from "./charge-poisonings.ts";
import { groupDefects } from "../report/group-defects.ts";
import type { ClauseReport, Report, SessionPoisoning } from "../report/report-model.ts";

const clause = (id: string, status: ClauseReport["status"]): ClauseReport =>
  ({ id, level: "MUST", summary: id, sources: [], seed: 1, status, reason: "held", cases: 3, shrinks: 0, situations: {}, judged: {}, durationMs: 1 });

const poisoning: SessionPoisoning = {
  victim: { clause: "names/injective", case: 2 }, poisoner: { clause: "wire/passthrough", case: 1 },
  expected: "the same", observed: "every open refused",
};

describe("chargePoisonings", () => {
  it("makes each reproduced poisoning a finding of lifecycle/sessions-independent, grouped as the poisoned-process defect", () => {
    const charged = chargePoisonings([clause("names/injective", "pass"), clause(SESSIONS_INDEPENDENT, "pass")], [poisoning, { ...poisoning, poisoner: undefined }]);
    const target = charged.find((entry) => entry.id === SESSIONS_INDEPENDENT)!;
    expect(target.status).toBe("fail");
    expect(target.findings).toEqual([expect.objectContaining({ status: "fail", observed: "every open refused", title: "case 2 of names/injective after case 1 of wire/passthrough" })]);
    const report = { clauses: charged, sessionPoisoning: [poisoning] } as unknown as Report;
    const { defects, clauses } = groupDefects(report);
    expect(defects.map((defect) => [defect.cause, defect.violations.map((violation) => violation.clause)])).toEqual([["poisoned-process", [SESSIONS_INDEPENDENT]]]);
    expect(clauses.find((entry) => entry.id === SESSIONS_INDEPENDENT)!.findings![0]!.defect).toBe("D1");
  });
});
