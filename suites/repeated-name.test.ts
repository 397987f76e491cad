/**
 * A server that lists one name twice (a server's bug) must not break a host: the reference refuses that
 * server with an error naming it and keeps the others; names/injective judges a host that shows the name
 * twice, and counts a host that registers it once per listing as naming one pair, not two.
 */
import { describe, expect, it } from "vitest";
import { startFakeServerHost } from "../fake-servers/index.ts";
import { hazardWorlds, inProcessLauncher, observeSession, replayCase } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "./index.ts";

const clause = (id: string) => clauses.find((candidate) => candidate.id === id)!;
const replay = (id: string, value: unknown, host?: string) =>
  replayCase({ clause: clause(id), launcher: inProcessLauncher(() => createHost(host)), value, transport: "memory" });
const repeated = hazardWorlds["repeated-name"].world;

describe("a server listing one name twice", () => {
  it("is refused by the reference with an error naming it; the other server's tools are shown and called", async () => {
    const host = createHost();
    const servers = await startFakeServerHost();
    try {
      const observation = await observeSession(host, servers, "memory", repeated);
      expect(observation.tools.map((tool) => tool.name)).toEqual(["mcp__beta__query"]);
      expect(observation.open.outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining("two of its own tools") }]);
      expect(observation.probes.map((call) => call.deliveries.map((record) => [record.server, record.tool]))).toEqual([[["beta", "query"]]]);
    } finally {
      await host.shutdown();
      await servers.close();
    }
    for (const id of ["surface/no-silent-loss", "names/injective"]) expect((await replay(id, repeated)).verdict, id).toBe("pass");
    expect((await replay("wire/passthrough", { world: repeated, payload: { text: "a" } })).verdict).toBe("pass");
  });

  it("fails names/injective where the name is shown twice", async () => {
    const shownTwice = await replay("names/injective", repeated, "concatenate");
    expect(shownTwice.verdict).toBe("violated");
    expect(shownTwice.reason).toContain('the list shows "request" 2 times: "request" of "alpha", "request" of "alpha"');
  });

  it("counts one listed pair registered once per listing as one pair, but two names sanitised onto one as two", async () => {
    expect((await replay("names/injective", repeated, "last-wins")).verdict).toBe("pass");
    const twins = await replay("names/injective", hazardWorlds["sanitised-twin"].world, "sanitised-tool-names");
    expect(twins.verdict).toBe("violated");
    expect(twins.reason).toContain('"mcp__alpha__a_b" was registered 2 times, for "alpha", "alpha"');
  });
});
