/**
 * No clause passes on missing evidence: a host that answers every request well-formed but shows nothing
 * and loads nothing must fail what it breaks and leave the rest INCONCLUSIVE, never PASS them vacuously
 * where the clause is about something the host never showed.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hapLauncher, packageRoot, runClauses, selfTestSeed, paced } from "../harness/index.ts";
import { clauses } from "./index.ts";

const adapter = join(packageRoot, "harness/adapter/test-support/broken-adapter.mjs");

describe("a host that shows nothing", () => {
  it("fails no-silent-loss and is never judged on routing it did not show", async () => {
    const report = await runClauses({
      clauses: clauses.filter((clause) => ["surface/no-silent-loss", "wire/passthrough", "wire/no-cross-routing"].includes(clause.id)),
      launcher: hapLauncher({ argv: [process.execPath, adapter, "empty-success"] }),
      seed: selfTestSeed(3), runs: 10, transport: "http",
    });
    expect(Object.fromEntries(report.clauses.map((clause) => [clause.id, clause.status]))).toEqual({
      "surface/no-silent-loss": "fail",
      "wire/passthrough": "inconclusive",
      "wire/no-cross-routing": "inconclusive",
    });
    expect(report.exitCode).toBe(1);
  }, paced(60_000));
});
