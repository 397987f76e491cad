/**
 * The mcp-use adapter against small hand-built worlds: MCPAgent over an MCPClient, run by LangChain's
 * createAgent with a scripted model. The checks behind what hosts/mcp-use/hosts.ts says of mcp-use. Skipped unless
 * the host is installed (npm run hosts:libraries); required under .ci/run.
 */
import { describe, expect, it } from "vitest";
import { contextWorldOf, missingInstall, skipTitle, paced } from "../../harness/index.ts";
import { adapter, observeContexts, scripted, world } from "../test-support.ts";

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

  it("offers prompts and resources to the model as tools: reserveName renames a later clash prompt_<name>, prompts/list is read once, failures only logged", async () => {
    const seen = await observeContexts(adapter("mcp-use"), {
      clash: contextWorldOf({ key: "alpha", prompts: ["review"], resources: ["mem://shared/doc"] }, { key: "beta", prompts: ["review"], resources: ["mem://shared/doc"] }),
      paged: contextWorldOf({ key: "alpha", prompts: ["review", "summarise", "explain"], resources: ["mem://alpha/a", "mem://alpha/b", "mem://alpha/c"], paging: { prompts: { pageSize: 1 }, resources: { pageSize: 1, emptyCursor: true } } }),
      failing: contextWorldOf({ key: "alpha", prompts: ["review"], resources: ["mem://alpha/notes"], errors: ["prompts", "resources"] }, { key: "beta", prompts: ["summarise"], resources: ["mem://beta/readme"] }),
    });
    // LangChainAdapter.reserveName(name, "prompt"): the name already taken by alpha's prompt becomes prompt_review.
    expect(seen.clash.prompts.map((prompt) => [prompt.name, prompt.server, prompt.wireName])).toEqual([["review", "alpha", "review"], ["prompt_review", "beta", "review"]]);
    expect(seen.clash.gets.map((fetch) => fetch.deliveries.map((d) => d.server))).toEqual([["alpha"], ["beta"]]);
    // One tool per resource, each reading from its own connector: the shared URI is shown twice, under two tool names.
    expect(seen.clash.resources.map((resource) => resource.server)).toEqual(["alpha", "beta"]);
    expect(new Set(seen.clash.resources.map((resource) => resource.namespace)).size).toBe(2);
    expect(seen.clash.reads.map((fetch) => fetch.deliveries.map((d) => d.server))).toEqual([["alpha"], ["beta"]]);
    // BaseConnector.listPrompts() asks once (no cursor); listAllResources() stops at an empty-string cursor (while (cursor)).
    expect(seen.paged.prompts.map((prompt) => prompt.wireName)).toEqual(["review"]);
    expect(seen.paged.resources.map((resource) => resource.uri)).toEqual(["mem://alpha/a"]);
    // loadPromptsForConnector / loadResourcesForConnector catch the failure and log a warning: alpha is left out, no error.
    expect(seen.failing.prompts.map((prompt) => prompt.server)).toEqual(["beta"]);
    expect(seen.failing.resources.map((resource) => resource.server)).toEqual(["beta"]);
    expect(seen.failing.open.outcome.errors).toEqual([]);
  }, paced(240_000));
});
