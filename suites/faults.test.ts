/**
 * Hygiene under faults: an adapter that dies mid-session is restarted, the clause in flight is ERROR with
 * the stderr tail, and the rest of the run goes on and passes.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { builtinHostArgv, hapLauncher, packageRoot, runClauses, selfTestSeed, type HostLauncher, paced } from "../harness/index.ts";
import { clauses } from "./index.ts";

const tsxNode = builtinHostArgv("reference").slice(0, 3);
const dying = [...tsxNode, join(packageRoot, "suites/test-support/dying-reference.ts"), "3"];

/** The first launch dies on its third open; every relaunch is the healthy reference. */
function dyingOnce(): HostLauncher {
  let launches = 0;
  const healthy = hapLauncher({ argv: builtinHostArgv("reference") });
  const sick = hapLauncher({ argv: dying });
  return { command: sick.command, reproArgs: sick.reproArgs, launch: () => (launches++ === 0 ? sick : healthy).launch() };
}

describe("faults", () => {
  it("restarts an adapter that died mid-session; the clause in flight is ERROR with its stderr tail, the rest pass", async () => {
    const selected = clauses.filter((clause) => ["surface/no-silent-loss", "surface/empty-server-ok", "names/provider-valid"].includes(clause.id));
    const report = await runClauses({ clauses: selected, launcher: dyingOnce(), seed: selfTestSeed(4), runs: 8, transport: "http" });
    const [inFlight, ...rest] = report.clauses;
    expect(inFlight!.status).toBe("error");
    expect(inFlight!.error?.kind).toBe("crash");
    expect(inFlight!.error?.stderrTail).toContain("segfault-like death on open #3");
    expect(rest.map((clause) => clause.status)).toEqual(["pass", "pass"]);
    expect(report.exitCode).toBe(2);
  }, paced(120_000));
});
