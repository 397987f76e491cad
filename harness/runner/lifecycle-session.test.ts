import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeServerHost, type FakeServerHost, type MemoryTransportSpec } from "../../fake-servers/index.ts";
import type { HostAdapter, HostOpenParams } from "../adapter/host-adapter.ts";
import { fakeTool } from "../arbitraries/_internals/fake-tool.ts";
import type { World } from "../world/world.ts";
import { withLifecycleWorld } from "./lifecycle-session.ts";
import { ModelViolation, modelOutcome } from "./model-check.ts";

/** A bare host for the driver's own tests: bare wire names, one client per server, no policy at all. */
function bareHost(): HostAdapter & { opened: HostOpenParams[]; closed: string[] } {
  const sessions = new Map<string, Map<string, Client>>();
  const opened: HostOpenParams[] = [];
  const closed: string[] = [];
  return {
    opened, closed,
    initialize: async () => ({ protocolVersion: "1", host: { name: "bare", version: "0" }, transports: ["memory"], capabilities: {} as never }),
    async open(params) {
      opened.push(params);
      const clients = new Map<string, Client>();
      for (const server of params.servers) {
        const client = new Client({ name: "bare", version: "0" });
        await client.connect(await (server.transport as MemoryTransportSpec).connect());
        clients.set(server.key, client);
      }
      const id = `s${sessions.size + 1}`;
      sessions.set(id, clients);
      return { session: id, outcome: { registered: {}, errors: [] }, diagnostics: [] };
    },
    async tools(session) {
      const lists = await Promise.all([...sessions.get(session)!.values()].map((client) => client.listTools()));
      return { tools: lists.flatMap((list) => list.tools.map((tool) => ({ name: tool.name, description: tool.description }))) };
    },
    async call(session, name, args) {
      for (const client of sessions.get(session)!.values()) {
        if ((await client.listTools()).tools.some((tool) => tool.name === name)) {
          const result = await client.callTool({ name, arguments: args });
          return { ok: true, content: result.content as unknown[] };
        }
      }
      return { ok: false, error: { message: "unknown" } };
    },
    async close(session) {
      closed.push(session);
      await Promise.all([...sessions.get(session)!.values()].map((client) => client.close()));
    },
    async shutdown() {},
  };
}

const world: World = {
  servers: ["alpha", "beta"].map((key, i) => ({
    key, serverInfo: { name: key, version: "1" }, tools: [fakeTool(key, ["request", "search"][i]!)], latency: { initialize: 0, toolsList: 0 }, unreachable: false,
  })),
};

let servers: FakeServerHost;
beforeAll(async () => {
  servers = await startFakeServerHost();
});
afterAll(async () => {
  await servers.close();
});

describe("withLifecycleWorld", () => {
  it("opens sessions with per-server options, sees identities and deliveries, and lets the world drift between sessions", async () => {
    const adapter = bareHost();
    await withLifecycleWorld({ adapter, servers, transport: "memory" }, world, async (live) => {
      const first = await live.open({ config: { beta: { allow: ["search"] } }, localTools: [{ name: "mine", shape: "object" }] });
      expect(adapter.opened[0]!.servers.map((s) => [s.key, s.allow])).toEqual([["alpha", undefined], ["beta", ["search"]]]);
      expect(adapter.opened[0]!.localTools).toEqual([{ name: "mine", shape: "object" }]);
      expect((await first.tools()).map((tool) => tool.identity)).toEqual([{ server: "alpha", tool: "request" }, { server: "beta", tool: "search" }]);
      const call = await first.call("search");
      expect(call.deliveries).toMatchObject([{ server: "beta", tool: "search", arguments: { probe: expect.any(String) } }]);
      await first.close();
      await live.apply("beta", { kind: "add", tool: fakeTool("beta", "query") });
      const second = await live.open();
      expect((await second.tools()).map((tool) => tool.name)).toEqual(["request", "search", "query"]);
      expect(live.calls()).toHaveLength(1);
      await expect(second.refresh()).rejects.toThrow(/no refresh method/);
    });
    expect(adapter.closed).toEqual(["s1", "s2"]);
  });

  it("closes what the body left open and stops the servers, even when the body throws", async () => {
    const adapter = bareHost();
    let endpoint: MemoryTransportSpec | undefined;
    await expect(withLifecycleWorld({ adapter, servers, transport: "memory" }, world, async (live) => {
      endpoint = live.fake.endpoints[0]!.transport as MemoryTransportSpec;
      await live.open();
      throw new Error("boom");
    })).rejects.toThrow("boom");
    expect(adapter.closed).toEqual(["s1"]);
    await expect(endpoint!.connect()).rejects.toThrow(/unreachable/);
  });
});

describe("withLifecycleWorld on a host that hides a server behind its search", () => {
  it("searches a session's first list for the tools of a server it shows nothing of, unless the clause keeps them deferred", async () => {
    const host = bareHost();
    const queries: string[] = [];
    // Shows only alpha's tools until a search names beta's tool, as Codex shows a namespace its search loaded.
    const found = new Set<string>();
    const adapter: HostAdapter = {
      ...host,
      tools: async (session) => ({ tools: (await host.tools(session)).tools.filter((tool) => tool.name !== "search" || found.has(session)) }),
      call: async (session, name, args, namespace) => {
        if (name !== "tool_search") return host.call(session, name, args, namespace);
        queries.push(String(args.query));
        if (args.query === "search") found.add(session);
        return { ok: true, content: [] };
      },
    };
    const capabilities = { deferredTools: { searchTool: "tool_search" } } as never;
    await withLifecycleWorld({ adapter, servers, transport: "memory", capabilities }, world, async (live) => {
      const session = await live.open();
      expect((await session.tools()).map((tool) => tool.name)).toEqual(["request", "search"]);
      await session.tools();
      expect(queries).toEqual(["search"]);
      const kept = await live.open({ keepDeferred: true });
      expect((await kept.tools()).map((tool) => tool.name)).toEqual(["request"]);
      expect(queries).toEqual(["search"]);
    });
  });
});

describe("modelOutcome", () => {
  it("turns a violation into a failing outcome, keeping what was judged and where", async () => {
    const outcome = await modelOutcome(async (judged) => {
      judged.add("seen");
      throw new ModelViolation("this", "that");
    }, () => "after step 2");
    expect(outcome).toEqual({ ok: false, expected: "this", observed: "that (after step 2)", judged: ["seen"] });
    expect(await modelOutcome(async (judged) => void judged.add("x"))).toEqual({ ok: true, judged: ["x"] });
  });

  it("lets anything else through, so the runner reports ERROR", async () => {
    await expect(modelOutcome(async () => {
      throw new Error("adapter died");
    })).rejects.toThrow("adapter died");
  });

  it("sees a violation thrown by a fast-check command, unwrapped", async () => {
    class Boom implements fc.AsyncCommand<object, object> {
      check = () => true;
      run = async () => {
        throw new ModelViolation("model", "real");
      };
      toString = () => "boom";
    }
    const outcome = await modelOutcome(() => fc.asyncModelRun(() => ({ model: {}, real: {} }), [new Boom()]));
    expect(outcome).toMatchObject({ ok: false, expected: "model", observed: "real" });
  });
});
