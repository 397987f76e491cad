/**
 * The Mastra adapter against small hand-built worlds: MCPClient feeding an Agent, through getTools() and
 * through getToolsets(). The checks behind the evidence in hosts/hosts.ts.
 */
import { describe, expect, it } from "vitest";
import { contextWorldOf } from "../../harness/index.ts";
import { adapter, deliveries, localToolProbes, names, observe, observeContexts, world } from "../test-support.ts";

describe("Mastra MCPClient + Agent", () => {
  it("getTools(): `${server}_${tool}` keys, so a_b+c meets a+b_c; empty and __proto__ names vanish", async () => {
    const seen = await observe(adapter("mastra"), {
      duplicate: { world: world(["alpha", ["search"]], ["beta", ["search"]]) },
      separator: { world: world(["a_b", ["c"]], ["a", ["b_c"]]) },
      hostile: { world: world(["alpha", ["", "__proto__", "search"]]) },
      sanitised: { world: world(["a.b", ["c"]], ["a_b", ["c"]]) },
    });
    expect(names(seen.duplicate)).toEqual(["alpha_search", "beta_search"]);
    // getTools assigns connectedTools[`${serverName}_${toolName}`] as each server's tools arrive.
    expect(names(seen.separator)).toEqual(["a_b_c"]);
    expect(deliveries(seen.separator, "a_b_c")).toEqual(["a/b_c"]);
    expect(seen.separator.open.outcome).toEqual({ registered: { a_b: ["a_b_c"], a: ["a_b_c"] }, errors: [] });
    // InternalMastraMCPClient.tools(): `if (tool.name) toolsRes[tool.name] = ...` on a plain object.
    expect(names(seen.hostile)).toEqual(["alpha_search"]);
    expect(seen.hostile.open.outcome.errors).toEqual([]);
    // Agent.formatTools: "." becomes "_", and a rewritten name already taken throws for the whole agent.
    expect(names(seen.sanitised)).toEqual([]);
    expect(seen.sanitised.open.outcome.errors).toEqual([{ message: expect.stringContaining("Two or more tools resolve to the same name \"a_b_c\"") }]);
  }, 90_000);

  it("getToolsets(): the Agent flattens toolsets by bare name (last wins), and resolves calls by tool id too", async () => {
    const seen = await observe(adapter("mastra", "--toolsets"), {
      duplicate: { world: world(["alpha", ["search"]], ["beta", ["search"]]) },
      byId: { world: world(["alpha", ["search"]]), options: { unknownNames: ["alpha_search"] } },
    });
    expect(names(seen.duplicate)).toEqual(["search"]);
    expect(deliveries(seen.duplicate, "search")).toEqual(["beta/search"]);
    // toolCallStep: tools[name] || Object.values(tools).find((tool) => tool.id === name); MCPClient ids are
    // `${serverName}_${toolName}`, so a name the model was never shown still reaches the server.
    expect(names(seen.byId)).toEqual(["search"]);
    expect(seen.byId.unknown.map((call) => [call.name, call.result.ok, call.deliveries.map((d) => `${d.server}/${d.tool}`)]))
      .toEqual([["alpha_search", true, ["alpha/search"]]]);
  }, 90_000);

  it("a local tool in the Agent tools record: getTools() spread after it replaces it, one added after replaces the MCP tool", async () => {
    const seen = await localToolProbes(adapter("mastra"), "alpha_search", "dict");
    // { ...localTools, ...await mcp.getTools() } then { ...tools, [name]: localTool }: the later key wins, silently.
    expect(seen.atOpen).toEqual({ names: ["alpha_search"], errors: [], reached: ["alpha"] });
    expect(seen.later).toEqual({ result: { ok: true }, names: ["alpha_search"], reached: [] });
  }, 120_000);

  it("prompts and resources by server name (the caller passes it back), first page only, a failing server dropped without an error", async () => {
    const seen = await observeContexts(adapter("mastra"), {
      clash: contextWorldOf({ key: "alpha", prompts: ["review"], resources: ["mem://shared/doc"] }, { key: "beta", prompts: ["review"], resources: ["mem://shared/doc"] }),
      paged: contextWorldOf({ key: "alpha", prompts: ["review", "summarise", "explain"], paging: { prompts: { pageSize: 1 } } }),
      failing: contextWorldOf({ key: "alpha", prompts: ["review"], errors: ["prompts"] }, { key: "beta", prompts: ["summarise"] }),
    });
    // prompts.list() and resources.list() answer records keyed by server name; get and read take it back.
    expect(seen.clash.prompts.map((prompt) => [prompt.namespace, prompt.name])).toEqual([["alpha", "review"], ["beta", "review"]]);
    expect(seen.clash.resources.map((resource) => [resource.namespace, resource.uri])).toEqual([["alpha", "mem://shared/doc"], ["beta", "mem://shared/doc"]]);
    expect([...seen.clash.gets, ...seen.clash.reads].map((fetch) => [fetch.namespace, fetch.deliveries.map((d) => d.server)]))
      .toEqual([["alpha", ["alpha"]], ["beta", ["beta"]], ["alpha", ["alpha"]], ["beta", ["beta"]]]);
    // InternalMastraMCPClient.listPrompts(): one prompts/list request, no cursor followed.
    expect(seen.paged.prompts.map((prompt) => prompt.name)).toEqual(["review"]);
    // MCPClient.prompts.list() logs the failure on its own logger and leaves the server out of the record.
    expect(seen.failing.prompts.map((prompt) => prompt.name)).toEqual(["summarise"]);
    expect(seen.failing.open.outcome.errors).toEqual([]);
  }, 180_000);
});
