/**
 * A host that re-lists every server on every turn (Google ADK, the OpenAI Agents SDK with server names) shows a
 * change before it is asked to refresh. drift/refresh-tracks-list judges what it shows against what it showed
 * at its last open or refresh, so such a host is judged (PASS when its list tracks the server's), not left
 * INCONCLUSIVE with nothing to add or remove at the refresh.
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, runClauses, type HostAdapter } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { refreshTracksList } from "./drift.suite.ts";

/** The reference, re-listing every server before it answers `tools`, as a host that lists on every turn does. */
function relistingHost(bug?: string): HostAdapter {
  const host = createHost(bug);
  return { ...host, initialize: () => host.initialize(), open: (params) => host.open(params), call: (...args) => host.call(...args), close: (id) => host.close(id),
    shutdown: () => host.shutdown(), refresh: (...args) => host.refresh!(...args), registerLocal: (...args) => host.registerLocal!(...args), pin: (id) => host.pin!(id),
    tools: async (session) => { await host.refresh!(session); return host.tools(session); } };
}

describe("a host that re-lists on every turn", () => {
  it("is judged by drift/refresh-tracks-list on what it shows after a change, at every seed and run count", async () => {
    for (const [seed, runs] of [[1, 1], [2, 1], [3, 5]] as const) {
      const report = await runClauses({ clauses: [refreshTracksList], launcher: inProcessLauncher(() => relistingHost()), transport: "memory", seed, runs });
      expect(report.clauses[0]!.status, report.clauses[0]!.reason).toBe("pass");
      expect(report.clauses[0]!.coverage!.every((row) => row.status === "judged")).toBe(true);
    }
  });

  it("still fails when what it shows after a refresh keeps what the server dropped", async () => {
    const report = await runClauses({ clauses: [refreshTracksList], launcher: inProcessLauncher(() => relistingHost("refresh-adds-only")), transport: "memory", seed: 1, runs: 1 });
    expect(report.clauses[0]!.status).toBe("fail");
  });
});
