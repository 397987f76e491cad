/**
 * A host that crashes, hangs, answers garbage or a JSON-RPC error earns ERROR with exit code 2, every
 * time, and no clause passes on missing evidence. Uses a deliberately broken adapter process.
 */
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineClause, type CheckOutcome } from "./clause.ts";
import { hapLauncher } from "./host-launcher.ts";
import { runClauses } from "./run-clauses.ts";
import type { World } from "../world/world.ts";

const adapter = fileURLToPath(new URL("../adapter/test-support/broken-adapter.mjs", import.meta.url));

/** A clause that opens a world and passes whenever the host answers at all: only a broken host can fail it. */
const lenient = defineClause({
  id: "test/lenient", level: "MUST", summary: "answers", sources: [],
  arbitrary: () => fc.constant<World>({ servers: [{ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: [{ name: "request", inputSchema: { type: "object" } }], latency: { initialize: 0, toolsList: 0 }, unreachable: false }] }),
  worlds: (world) => [world],
  requires: [],
  async check(env, world): Promise<CheckOutcome> {
    await env.observe(world);
    return { ok: true, judged: [] };
  },
});

// Only a hang needs a short answer timeout; the other modes get a long one, so a slow start on a loaded
// machine cannot turn their failure into a timeout.
const run = (mode: string) =>
  runClauses({
    clauses: [lenient, { ...lenient, id: "test/lenient-2" }],
    launcher: hapLauncher({ argv: [process.execPath, adapter, mode], requestTimeoutMs: mode === "hang" ? 1500 : 120_000 }), seed: 1, runs: 3,
  });

describe("a broken host earns ERROR, never PASS", () => {
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
  }, 30_000);

  it("keeps the adapter's stderr tail on a crash, and relaunches it for the next clause", async () => {
    const report = await run("crash");
    expect(report.clauses[0]!.error?.stderrTail).toContain("something went badly wrong");
    expect(report.clauses[1]!.error?.stderrTail).toContain("something went badly wrong");
  }, 30_000);
});
