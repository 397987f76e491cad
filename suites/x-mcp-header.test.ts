/**
 * MCP 2026-07-28, Tools "x-mcp-header": a client MUST exclude a tool with an invalid x-mcp-header, keep the
 * server's other tools, and SHOULD log the tool's name (the conformance suite's http-invalid-tool-headers).
 * The reference does exactly that, and the surface clauses take it as the spec's exclusion, not a loss: none
 * of them fails or warns. The same tool dropped with no word (a host that excludes it silently) still fails
 * surface/no-silent-loss, surface/shortfall-names-missing and warns surface/all-or-nothing.
 */
import { describe, expect, it } from "vitest";
import { hazardWorlds, inProcessLauncher, observeSession, replayCase, situationsOf, type HostAdapter, paced } from "../harness/index.ts";
import { createHost, PolicyHost, referencePolicy } from "../reference/index.ts";
import { startFakeServerHost } from "../fake-servers/index.ts";
import { clauses } from "./index.ts";

const world = () => structuredClone(hazardWorlds["invalid-header"].world);
const silent = () => new PolicyHost({ ...referencePolicy, invalidHeader: "exclude-silently" }, "silent-header-exclusion");
const replay = (id: string, host: () => HostAdapter) =>
  replayCase({ clause: clauses.find((clause) => clause.id === id)!, launcher: inProcessLauncher(host), value: world(), transport: "memory" });
const surface = ["surface/no-silent-loss", "surface/shortfall-names-missing", "surface/all-or-nothing"];

describe("a tool with an invalid x-mcp-header", () => {
  it("is the situation the world holds", () => {
    expect(situationsOf(world())).toEqual(["invalid-x-mcp-header", "multi-server"]);
  });

  it("is excluded by the reference, with a warning naming it; the server's other tool and the other server stay", async () => {
    const servers = await startFakeServerHost();
    const host = createHost();
    try {
      const observation = await observeSession(host, servers, "memory", world(), { probe: false });
      expect(observation.tools.map((tool) => tool.name)).toEqual(["mcp__alpha__request", "mcp__beta__search"]);
      expect(observation.open.outcome.errors).toEqual([]);
      expect(observation.open.diagnostics).toEqual([{ level: "warning", message: expect.stringMatching(/"route" of server "alpha" was excluded.*x-mcp-header "My Region"/) }]);
    } finally {
      await host.shutdown();
      await servers.close();
    }
  });

  for (const id of surface) {
    it(`${id}: the reference's logged exclusion passes; an exclusion with no word does not`, async () => {
      const good = await replay(id, () => createHost());
      expect(good.verdict, good.reason).toBe("pass");
      const bad = await replay(id, silent);
      expect(bad.verdict, bad.reason).toBe("violated");
      expect(JSON.stringify(bad.outcome)).toContain('\\"route\\"');
    }, paced(30_000));
  }
});
