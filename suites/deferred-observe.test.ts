/**
 * A tool a host defers is not a tool it lost: where a host still lists tools as deferred by name alone after
 * open (its adapter did not load them) and will not run one before a search loads it, the clause environment
 * searches for each through the host's declared search tool before the surface is judged.
 */
import { afterAll, describe, expect, it } from "vitest";
import { startFakeServerHost } from "../fake-servers/index.ts";
import { clauseEnvironment, namingProfile, observeSession, shownWireNames, worldOf, type HostAdapter } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";

/** The reference, but a deferred tool is listed by its name alone and refused until a search loads it (as Qwen Code's is). */
function namesOnlyUntilSearched(): HostAdapter {
  const inner = createHost();
  return {
    initialize: () => inner.initialize(),
    open: (params) => inner.open(params),
    async tools(session) {
      const { tools } = await inner.tools(session);
      return { tools: tools.map((tool) => (tool.deferred ? { name: tool.name, deferred: true } : tool)) };
    },
    async call(session, name, args) {
      const shown = (await inner.tools(session)).tools.find((tool) => tool.name === name);
      if (shown?.deferred) return { ok: false, error: { message: `tool ${JSON.stringify(name)} is deferred: search for it first` } };
      return inner.call(session, name, args);
    },
    close: (session) => inner.close(session),
    shutdown: () => inner.shutdown(),
  };
}

describe("deferred tools, as the surface clauses see them", async () => {
  const servers = await startFakeServerHost();
  afterAll(() => servers.close());
  const world = worldOf(["alpha", Array.from({ length: 25 }, (_, at) => `tool_${at}`)]);

  it("are searched for by name before the surface is judged, and so counted as shown", async () => {
    const host = namesOnlyUntilSearched();
    const init = await host.initialize();
    const env = clauseEnvironment({
      adapter: () => host, host: init, transport: "memory", profile: undefined, providerProfile: namingProfile("default"), servers, listChangedTimeoutMs: 200,
    });
    const judged = await env.observe(world);
    expect(shownWireNames(judged, "alpha").size).toBe(25);
    // Without the search (the judging before issue 40), every deferred tool was taken for a lost one.
    const unsearched = await observeSession(host, servers, "memory", world);
    expect(shownWireNames(unsearched, "alpha").size).toBe(0);
    await host.shutdown();
  });
});
