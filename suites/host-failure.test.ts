/**
 * An ERROR blames the adapter only when the adapter itself broke (harness/runner/host-failure.ts). A host that
 * lets one failing server cancel its caller (the MCP Python SDK's ClientSessionGroup over HTTP) answers through
 * its adapter with a JSON-RPC error: the case is the host's violation, told as the records show it ("the host
 * failed while alpha lost the answer to a call"), never "the adapter answered with a JSON-RPC error" as ERROR.
 * An adapter that fails every request, a world with nothing in it to fail included, is still broken: ERROR.
 */
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { builtinHostArgv, hapLauncher, inProcessLauncher, replayCase, runClauses, type Clause, type HostLauncher, paced } from "../harness/index.ts";
import { atMostOnce } from "./at-most-once.suite.ts";
import { sessionsIndependent } from "./sessions.suite.ts";
import { CANCELLED, cascadingHost } from "./test-support/cascading-host.ts";

// Behind HAP/1 every host failure ends its adapter process (HapClient): the constructed cases alone are enough.
const run = (launcher: HostLauncher, clauses: Clause[], transport: "memory" | "http" = "memory") =>
  runClauses({ clauses, launcher, transport, seed: 1, runs: transport === "memory" ? 2 : 0, workers: 1 });

const tsxNode = builtinHostArgv("reference").slice(0, 3);
const cascadingAdapter = [...tsxNode, fileURLToPath(new URL("./test-support/cascading-host.ts", import.meta.url))];
const brokenAdapter = fileURLToPath(new URL("../harness/adapter/test-support/broken-adapter.mjs", import.meta.url));

// Side by side: independent runs, two of them waiting on an adapter process.
describe.concurrent("a host that fails because a server failed", () => {
  it("is charged with a violation of the clause whose case put the failing server there, told from the records, not ERROR", async () => {
    const report = await run(inProcessLauncher(cascadingHost), [atMostOnce, sessionsIndependent]);
    const [once, sessions] = report.clauses;
    expect(once!.status).toBe("fail");
    expect(once!.reason).toMatch(/^violated on constructed case 1 of 2 \(answer-lost: /);
    expect(once!.observed).toBe(`the host failed on session/call while "alpha" lost the answer to a call (session/call threw: ${CANCELLED})`);
    expect(once!.error).toMatchObject({ kind: "host-failure", message: CANCELLED });
    expect(once!.findings!.every((finding) => finding.status === "fail" && finding.error?.kind === "host-failure")).toBe(true);
    // Each failing server of sessions-independent's plan: the host failed on the open of the world it was in.
    expect(sessions!.status).toBe("fail");
    expect(sessions!.findings!.map((finding) => finding.observed)).toContain(`the host failed on session/open while "alpha" died while it listed its tools (session/open threw: ${CANCELLED})`);
    // A host failure says nothing about what a session leaves behind: no process was isolated for it.
    expect(report.diagnostics).toBeUndefined();
    expect(report.exitCode).toBe(1);
    // Replayed by value (mcp-collide repro), the finding is the same violation, not a broken host.
    const replayed = await replayCase({ clause: atMostOnce, launcher: inProcessLauncher(cascadingHost), value: once!.counterexample!.value, transport: "memory" });
    expect(replayed).toMatchObject({ verdict: "violated", outcome: { observed: once!.observed } });
  });

  it("behind HAP/1: the adapter's JSON-RPC error is the host's failure, with the adapter's stderr kept", async () => {
    const report = await run(hapLauncher({ argv: cascadingAdapter, requestTimeoutMs: paced(120_000) }), [atMostOnce], "http");
    const [once] = report.clauses;
    expect(once!.status).toBe("fail");
    expect(once!.observed).toMatch(/^the host failed on session\/call while "alpha" lost the answer to a call \(adapter answered session\/call with a JSON-RPC error: asyncio\.exceptions\.CancelledError/);
    expect(once!.error).toMatchObject({ kind: "host-failure", stderrTail: expect.stringContaining("cascading-host: serving HAP/1") });
    expect(once!.repro).toMatch(/--path 0 /);
  }, paced(120_000));

  it("stays ERROR for an adapter that answers every request with a JSON-RPC error, a world with nothing to fail included", async () => {
    const report = await run(hapLauncher({ argv: [process.execPath, brokenAdapter, "rpc-error"], requestTimeoutMs: paced(120_000) }), [atMostOnce], "http");
    expect(report.clauses[0]).toMatchObject({ status: "error", error: { kind: "rpc-error" } });
    expect(report.exitCode).toBe(2);
  }, paced(120_000));
});
