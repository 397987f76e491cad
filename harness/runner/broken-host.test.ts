/**
 * A host that crashes, hangs, answers garbage or a JSON-RPC error earns ERROR with exit code 2, every
 * time, and no clause passes on missing evidence; one only slower than a timeout of the harness is waited
 * for, never broken by the harness. Uses deliberately broken (or slow) adapter processes.
 */
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineClause, type CheckOutcome } from "./clause.ts";
import { hapLauncher } from "./host-launcher.ts";
import { runClauses } from "./run-clauses.ts";
import type { World } from "../world/world.ts";
import { paced } from "../pace.ts";

const adapter = fileURLToPath(new URL("../adapter/test-support/broken-adapter.mjs", import.meta.url));

const oneWorld: World = { servers: [{ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: [{ name: "request", inputSchema: { type: "object" } }], latency: { initialize: 0, toolsList: 0 }, unreachable: false }] };

/** A clause that opens a world and passes whenever the host answers at all: only a broken host can fail it. */
const lenient = defineClause({
  id: "test/lenient", level: "MUST", summary: "answers", sources: [],
  arbitrary: () => fc.constant<World>(oneWorld),
  worlds: (world) => [world],
  requires: [],
  async check(env, world): Promise<CheckOutcome> {
    await env.observe(world);
    return { ok: true, judged: [] };
  },
});

/** The same with a coverage plan of four constructed cases: the hang guard stops after two hung ones. */
const planned = defineClause({
  ...lenient, id: "test/lenient-planned",
  coverage: () => [1, 2, 3, 4].map((n) => ({ hazard: "multi-server", title: `case ${n}`, value: oneWorld })),
});

const clauses = [lenient, { ...lenient, id: "test/lenient-2" }];

// Only a hang needs a short answer timeout; the other modes get a long one, so a slow start on a loaded
// machine cannot turn their failure into a timeout.
const run = (mode: string) =>
  runClauses({
    clauses,
    launcher: hapLauncher({ argv: [process.execPath, adapter, mode], requestTimeoutMs: mode === "hang" ? 1500 : paced(120_000) }), seed: 1, runs: 3,
  });

// Side by side: each test waits on an adapter process (a crash, a hang, a slow open) far more than on the CPU.
describe.concurrent("a broken host earns ERROR, never PASS", () => {
  it.each([
    ["crash", "crash", /exit code 3/],
    ["hang", "timeout", /did not answer (initialize|session\/open) within 1500 ms/],
    ["garbage", "garbage", /not JSON/],
    ["rpc-error", "rpc-error", /internal adapter failure/],
    ["bad-result", "garbage", /does not match HAP\/1/],
    ["garbage-init", "garbage", /not JSON/],
  ])("%s", async (mode, kind, message) => {
    const report = await run(mode);
    expect(report.exitCode).toBe(2);
    for (const clause of report.clauses) {
      expect(clause.status).toBe("error");
      expect(clause.error?.kind).toBe(kind);
      expect(clause.error?.message).toMatch(message);
    }
  }, paced(30_000));

  it("keeps the adapter's stderr tail on a crash, and relaunches it for the next clause", async () => {
    const report = await run("crash");
    expect(report.clauses[0]!.error?.stderrTail).toContain("something went badly wrong");
    expect(report.clauses[1]!.error?.stderrTail).toContain("something went badly wrong");
  }, paced(30_000));
});

// The case timeout (which also bounds the clean-world open that reads the host's join) is far below the
// answer timeout, as for an agent CLI on a loaded machine. The first open takes one and a half case timeouts:
// longer than the clean-world open may take, shorter than the case timeout more that abandoned work gets to
// let go of the host (guarded-host.ts).
const CASE_TIMEOUT_MS = 4_000;
const FIRST_OPEN_MS = 6_000;

// An open the harness gave up on is still pending on the adapter: the run waits for it (or replaces the
// host) before it asks anything else, and closes the session it made; no clause breaks with a "harness bug".
// Side by side too: both spend their time waiting out the harness's case timeout.
describe.concurrent("a host slower than the harness's timeouts", () => {
  it("slow on its first open only: the abandoned open is waited for and its session closed, and every clause passes", async () => {
    const report = await runClauses({
      clauses, seed: 1, runs: 2, transport: "http", caseTimeoutMs: CASE_TIMEOUT_MS,
      launcher: hapLauncher({ argv: [process.execPath, adapter, "slow-first-open", String(FIRST_OPEN_MS)], requestTimeoutMs: paced(120_000) }),
    });
    for (const clause of report.clauses) {
      expect(clause.reason).not.toMatch(/harness bug/);
      expect(clause.status).toBe("pass");
    }
    // One adapter process served the whole run (it was slow, never broken), and none of its sessions outlived it.
    expect(report.diagnostics).toEqual([expect.objectContaining({ message: "sessions left open: 0" })]);
  }, paced(60_000));

  it("hanging on every open: each clause earns ERROR for the hang, never a harness bug", async () => {
    const report = await runClauses({
      clauses: [...clauses, planned], seed: 1, runs: 2, transport: "http", caseTimeoutMs: 1_000,
      launcher: hapLauncher({ argv: [process.execPath, adapter, "hang"], requestTimeoutMs: paced(120_000) }),
    });
    expect(report.exitCode).toBe(2);
    for (const clause of report.clauses) {
      expect(clause.status).toBe("error");
      expect(clause.error?.kind).toBe("timeout");
      expect(clause.error?.message).toMatch(/took longer than 1000 ms/);
      expect(clause.error?.message).not.toMatch(/harness bug/);
      // Hang guard: two hung cases in a row, and the rest of the plan is not run, each case said so.
      const constructedRun = clause.constructed ?? 0;
      expect(clause.cases, clause.id).toBeLessThanOrEqual(2);
      const unrun = (clause.coverage ?? []).flatMap((row) => row.constructed).filter((entry) => entry.outcome === "not-run");
      if (clause.id === planned.id) {
        expect(clause.reason, clause.id).toMatch(/constructed cases? 3( to \d+)? and every random case were not run: the host hung on cases 1 and 2 in a row/);
        expect(unrun.length, clause.id).toBeGreaterThan(0);
      }
      expect(constructedRun, clause.id).toBeLessThanOrEqual(2);
    }
  }, paced(60_000));
});
