/**
 * The VoltAgent adapter against small hand-built worlds: an Agent given MCPConfiguration.getTools(), run
 * with a scripted AI SDK model. The checks behind what hosts/voltagent/hosts.ts says of VoltAgent. Skipped unless the
 * host is installed (npm run hosts:libraries); required under .ci/run.
 */
import { describe, expect, it } from "vitest";
import { missingInstall, skipTitle, paced } from "../../harness/index.ts";
import { adapter, scripted, world } from "../test-support.ts";

const missing = missingInstall("library-host:voltagent");

describe.skipIf(missing !== undefined)(skipTitle("VoltAgent Agent + MCPConfiguration", missing), () => {
  it("names `${key}_${tool}` (a_b+c meets a+b_c, the later kept), and a tool added later replaces a server's tool of its name", async () => {
    const seen = await scripted(adapter("voltagent"), {
      separator: {
        world: world(["a_b", ["c"]], ["a", ["b_c"]]),
        script: async (live) => {
          const session = await live.open();
          const names = (await session.tools()).map((tool) => tool.name);
          const call = await session.call("a_b_c");
          return { names, registered: session.opened.outcome.registered, errors: session.opened.outcome.errors, reached: call.deliveries.map((d) => `${d.server}/${d.tool}`) };
        },
      },
      added: {
        world: world(["alpha", ["search"]]),
        script: async (live) => {
          const session = await live.open();
          const result = await session.registerLocal("alpha_search", "object");
          const names = (await session.tools()).map((tool) => tool.name);
          const call = await session.call("alpha_search");
          return { result, names, reached: call.deliveries.length };
        },
      },
    });
    // MCPClient.getAgentTools names `${this.clientInfo.name}_${toolDef.name}`; ToolManager keeps tools in a
    // Map by name (`baseTools.set(tool.name, tool)`), so the later server's tool silently replaces the earlier.
    expect(seen.separator).toEqual({ names: ["a_b_c"], registered: { a_b: ["a_b_c"], a: ["a_b_c"] }, errors: [], reached: ["a/b_c"] });
    // agent.addTools -> ToolManager.addStandaloneTool: the same Map.set, a warning only for toolkit conflicts.
    expect(seen.added).toEqual({ result: { ok: true }, names: ["alpha_search"], reached: 0 });
  }, paced(240_000));
});
