/**
 * Two bugs are two defects: a host with two independent policy points of two one-bug hosts (names cut to 64
 * characters, and a tool error handed on as ordinary output) yields exactly the two defects those hosts yield
 * alone, never one merged, never more (docs/defects.md: one cause, one defect; two causes, two).
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, paced, runClauses } from "../harness/index.ts";
import { oneBugHosts, PolicyHost, referencePolicy } from "../reference/index.ts";
import { controlRun, expectedFailures } from "./expected-failures.ts";
import { expectedDefects } from "./expected-defects.ts";
import { clauses } from "./index.ts";

const BUGS = ["cut-at-64", "tool-error-as-output"] as const;

describe("a host with two independent bugs", () => {
  it("yields exactly two defects, one per bug, each violating only its own bug's clauses", async () => {
    const policy = { ...referencePolicy, ...oneBugHosts[BUGS[0]]!.swap, ...oneBugHosts[BUGS[1]]!.swap };
    const report = await runClauses({ clauses, launcher: inProcessLauncher(() => new PolicyHost(policy, "two-bugs")), transport: "memory", ...controlRun });
    const defects = report.defects ?? [];
    expect(defects.map((defect) => defect.title), defects.map((defect) => defect.title).join("\n")).toHaveLength(2);
    for (const bug of BUGS) {
      const defect = defects.find((entry) => expectedDefects[bug]!.title.test(entry.title));
      expect(defect, bug).toBeDefined();
      expect(defect!.violations.every((violation) => expectedFailures[bug]!.includes(violation.clause)), `${bug}: ${defect!.violations.map((v) => v.clause).join(", ")}`).toBe(true);
    }
  }, paced(240_000));
});
