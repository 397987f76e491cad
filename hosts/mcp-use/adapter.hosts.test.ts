/**
 * The mcp-use adapter against small hand-built worlds: MCPAgent over an MCPClient, run by LangChain's
 * createAgent with a scripted model. The checks behind what hosts/mcp-use/hosts.ts says of mcp-use. Skipped unless
 * the host is installed (npm run hosts:libraries); required under .ci/run.
 */
import { describe, expect, it } from "vitest";
import { missingInstall, skipTitle, paced } from "../../harness/index.ts";
import { adapter, scripted, world } from "../test-support.ts";

const missing = missingInstall("library-host:mcp-use");

describe.skipIf(missing !== undefined)(skipTitle("mcp-use MCPAgent", missing), () => {
  it("renames a later duplicate `${name}_2`, and shows a local tool beside a server's tool of its name, calling the first", async () => {
    const seen = await scripted(adapter("mcp-use"), {
      duplicate: {
        world: world(["alpha", ["search"]], ["beta", ["search"]]),
        script: async (live) => {
          const session = await live.open();
          const tools = await session.tools();
          return { names: tools.map((tool) => tool.name), servers: tools.map((tool) => tool.identity?.server), errors: session.opened.outcome.errors };
        },
      },
      local: {
        world: world(["alpha", ["search"]]),
        script: async (live) => {
          const session = await live.open({ localTools: [{ name: "search", shape: "object" }] });
          const names = (await session.tools()).map((tool) => tool.name);
          const call = await session.call("search");
          return { names, errors: session.opened.outcome.errors, reached: call.deliveries.map((record) => record.server) };
        },
      },
    });
    // LangChainAdapter.reserveName: a name already used gets `_2`, `_3`, ... in the order the sessions load.
    expect(seen.duplicate).toEqual({ names: ["search", "search_2"], servers: ["alpha", "beta"], errors: [] });
    // initialize(): `this._tools.push(...this.additionalTools)` after the MCP tools, with no check; the
    // agent's tool node runs the first tool of the name.
    expect(seen.local).toEqual({ names: ["search", "search"], errors: [], reached: ["alpha"] });
  }, paced(240_000));
});
