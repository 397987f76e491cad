/**
 * The fresh-clone verdict on hand-made vitest reports: what .ci/fresh-clone-check fails CI for (a test that
 * failed, a file that could not load, a skip that does not say why, a missing install no test skipped for)
 * and what it accepts.
 */
import { describe, expect, it } from "vitest";
import { freshCloneProblems, type VitestJson } from "./fresh-clone.ts";

const python = { install: "python3" as const, reason: "python3 cannot run here (spawnSync python3 EACCES)" };

/** A report of one file holding `tests` ([full name, status]). */
function report(tests: Array<[string, string]>, file: { status?: string; message?: string } = {}): VitestJson {
  const failed = tests.filter(([, status]) => status === "failed").length;
  return {
    numFailedTests: failed,
    numFailedTestSuites: file.status === "failed" ? 1 : 0,
    testResults: [{
      name: "/repo/hosts/python-host/python-host.test.ts", status: file.status ?? (failed ? "failed" : "passed"), message: file.message ?? "",
      assertionResults: tests.map(([fullName, status]) => ({ fullName, status, failureMessages: status === "failed" ? ["Error: spawn python3 EACCES\n    at ..."] : [] })),
    }],
  };
}

describe("the fresh-clone verdict", () => {
  it("accepts tests that passed, and tests that skipped naming the missing install's reason", () => {
    const results = report([
      ["reference passes", "passed"],
      [`Python host (skipped: ${python.reason}) passes every clause`, "skipped"],
    ]);
    expect(freshCloneProblems(results, [python])).toEqual([]);
  });

  it("fails a test that ran an absent install (a missing guard), with its first error line", () => {
    const results = report([["Python host passes every clause", "failed"]]);
    expect(freshCloneProblems(results, [python])).toEqual([
      "/repo/hosts/python-host/python-host.test.ts: Python host passes every clause: failed: Error: spawn python3 EACCES",
      `python3 is missing here (${python.reason}), yet no test skipped for it: is it hidden, and do its tests ask missingInstall?`,
    ]);
  });

  it("fails a file that could not load, such as one whose install a MCP_COLLIDE_REQUIRE_* variable demanded", () => {
    const results = report([], { status: "failed", message: "Error: a required install is missing: ...\n at" });
    expect(freshCloneProblems(results, [])).toEqual(["/repo/hosts/python-host/python-host.test.ts: failed: Error: a required install is missing: ..."]);
  });

  it("fails a skip that does not say why", () => {
    const results = report([[`Python host (skipped: ${python.reason}) passes`, "skipped"], ["Python host speaks stdio", "skipped"]]);
    expect(freshCloneProblems(results, [python])).toEqual(["/repo/hosts/python-host/python-host.test.ts: Python host speaks stdio: skipped without saying why"]);
  });
});
