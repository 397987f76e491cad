/**
 * Issue 27: what a report says about a paged list. A host that reads one page shows, in the diagnosis, as a
 * server that received one tools/list and no cursor; the reference as one that was asked for every page by
 * the cursor the page before gave; a host that follows a cursor that never advances, as the same cursor asked
 * for again and again. A cap that names what it left out passes no-silent-loss; one that does not, fails it.
 */
import { describe, expect, it } from "vitest";
import { pageCursor } from "../fake-servers/index.ts";
import { hazardWorlds, inProcessLauncher, replayCase, runClauses, type HostAdapter } from "../harness/index.ts";
import { createHost, hostPolicy, PolicyHost } from "../reference/index.ts";
import { failingServerNamed, noSilentLoss, shortfallNamesMissing } from "./surface.suite.ts";

const run = (clause: typeof noSilentLoss, host: () => HostAdapter) =>
  runClauses({ clauses: [clause], launcher: inProcessLauncher(host), transport: "memory", seed: 1, runs: 1, shrink: false });

describe("paged lists in the report", () => {
  it("first-page-only fails no-silent-loss on a healthy paged world, diagnosed as one tools/list and no cursor", async () => {
    const report = await run(noSilentLoss, () => createHost("first-page-only"));
    const clause = report.clauses[0]!;
    expect(clause.status).toBe("fail");
    expect(clause.counterexample?.servers[0]).toMatchObject({ key: "alpha", pageSize: 2 });
    // One tools/list, no cursor followed; the calls after it are the probes of what it showed.
    expect(clause.diagnosis).toContain('server "alpha" (world 1) received initialize, notifications/initialized, tools/list, tools/call "request", tools/call "search" (its list is 3 pages of 2: the host asked for page 1 and never for the next cursor)');
    expect(clause.observed).toContain('"query", "fetch", "update" of "alpha" not shown');
  });

  it("a host that follows a stuck cursor shows as that cursor asked for again and again; the reference passes", async () => {
    const report = await run(failingServerNamed, () => createHost("cursor-followed-blindly"));
    const clause = report.clauses[0]!;
    expect(clause.status).toBe("fail");
    const stuck = JSON.stringify(pageCursor("alpha", 1, "stuck"));
    expect(clause.diagnosis).toContain(
      `server "alpha" (world 1) received initialize, notifications/initialized, tools/list, tools/list (cursor ${stuck}) ×19, tools/call "request", tools/call "search"`);
    const reference = await replayCase({ clause: failingServerNamed, launcher: inProcessLauncher(() => createHost()), value: hazardWorlds["stuck-cursor"].world, transport: "memory" });
    expect(reference.verdict).toBe("pass");
  });
});

describe("a host-wide cap, both ways", () => {
  const capped = (beyond: "drop-silently" | "refuse-server") => () =>
    new PolicyHost({ ...hostPolicy(), toolLimit: { max: 50, beyond } }, `cap-50-${beyond}`);
  const world = hazardWorlds["large-world"].world;
  const replay = (clause: typeof noSilentLoss, host: () => HostAdapter) =>
    replayCase({ clause, launcher: inProcessLauncher(host), value: world, transport: "memory" });

  it("a cap that refuses the server past it with an error naming it and its tools passes no-silent-loss and shortfall-names-missing", async () => {
    expect((await replay(noSilentLoss, capped("refuse-server"))).verdict).toBe("pass");
    expect((await replay(shortfallNamesMissing, capped("refuse-server"))).verdict).toBe("pass");
  });

  it("the same cap dropping the rest silently fails both", async () => {
    expect((await replay(noSilentLoss, capped("drop-silently"))).verdict).toBe("violated");
    expect((await replay(shortfallNamesMissing, capped("drop-silently"))).verdict).toBe("violated");
  });

  it("a named cap still judges the large world: its refusal is attributed, so the verdict is a pass, not INCONCLUSIVE", async () => {
    const report = await runClauses({ clauses: [noSilentLoss], launcher: inProcessLauncher(capped("refuse-server")), transport: "memory", seed: 1, runs: 1, shrink: false });
    expect(report.clauses[0]!.status).toBe("pass");
    expect(report.clauses[0]!.situations["large-world"]).toBeGreaterThan(0);
  });
});
