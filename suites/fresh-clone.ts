/**
 * The verdict of .ci/fresh-clone-check: after the test files that touch an optional install ran with every
 * such install missing or hidden, did each test that needs one skip, saying why, and did nothing fail?
 * A test that runs an absent host (a guard missing) fails there, so this fails CI before a newcomer's clone
 * does. `node --import tsx suites/fresh-clone.ts RESULTS.json` reads vitest's JSON report and exits 1 with
 * each problem on stderr.
 */
import { readFileSync } from "node:fs";
import { optionalInstalls, probeInstall, type OptionalInstall } from "../harness/index.ts";

/** The part of vitest's JSON report (`--reporter=json`) the verdict reads. */
export interface VitestJson {
  numFailedTestSuites: number;
  numFailedTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

/** An install missing where the check ran, and the reason the helper gives for it. */
export interface MissingInstall {
  install: OptionalInstall;
  reason: string;
}

const SKIPPED = new Set(["skipped", "pending", "todo", "disabled"]);

/**
 * What is wrong with a fresh-clone run, one line each; empty when every test passed or skipped with its
 * reason, and every install in `missing` had at least one test skip for it (else its guard, or its
 * hiding, did not work).
 */
export function freshCloneProblems(results: VitestJson, missing: readonly MissingInstall[]): string[] {
  const problems: string[] = [];
  const firstLine = (text = "") => text.split("\n").find((line) => line.trim() !== "")?.trim() ?? "";
  for (const file of results.testResults) {
    // A file that failed to load (an install demanded, an import that broke) has no test results of its own.
    if (file.status === "failed" && file.assertionResults.every((test) => test.status !== "failed")) {
      problems.push(`${file.name}: failed: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults) {
      if (test.status === "failed") problems.push(`${file.name}: ${test.fullName}: failed: ${firstLine(test.failureMessages?.[0])}`);
      else if (SKIPPED.has(test.status) && !test.fullName.includes("(skipped: ")) problems.push(`${file.name}: ${test.fullName}: skipped without saying why`);
    }
  }
  const skipped = results.testResults.flatMap((file) => file.assertionResults.filter((test) => SKIPPED.has(test.status)).map((test) => test.fullName));
  for (const { install, reason } of missing) {
    if (!skipped.some((name) => name.includes(reason))) problems.push(`${install} is missing here (${reason}), yet no test skipped for it: is it hidden, and do its tests ask missingInstall?`);
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as VitestJson;
  // The agent CLIs, the library hosts, Chromium and Python 3; network namespaces are the machine, not an
  // install, and stay (the agent CLIs' sandbox too): the offline test must run the hosts that are here.
  const hideable = optionalInstalls.filter((install) => install !== "netns" && install !== "sandbox");
  const missing = hideable.flatMap((install) => {
    const reason = probeInstall(install);
    return reason === undefined ? [] : [{ install, reason }];
  });
  const present = hideable.filter((install) => !missing.some((entry) => entry.install === install));
  const problems = freshCloneProblems(results, missing);
  process.stdout.write(`fresh-clone check: ${missing.length} optional install(s) missing or hidden${present.length ? `; still present, so not checked: ${present.join(", ")}` : ""}\n`);
  for (const problem of problems) process.stderr.write(`fresh-clone check: ${problem}\n`);
  process.stdout.write(problems.length === 0 ? "fresh-clone check: every test that needs a missing install skipped, saying why; nothing failed\n" : "");
  process.exit(problems.length === 0 ? 0 : 1);
}
