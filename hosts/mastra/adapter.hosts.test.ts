/**
 * The Mastra adapter against small hand-built worlds: MCPClient feeding an Agent, through listTools() and
 * through listToolsets() (getTools() / getToolsets() before @mastra/mcp 1). The checks behind the evidence in hosts/mastra/hosts.ts.
 * Skipped, saying why, unless the host and the Node it needs are installed (npm run hosts:libraries,
 * npm run hosts:node); required under .ci/run.
 */
import { describe, expect, it } from "vitest";
import { contextWorldOf, paced, skipTitle } from "../../harness/index.ts";
import { adapter, deliveries, localToolProbes, names, observe, observeContexts, world, hostMissing } from "../test-support.ts";

const missing = hostMissing("mastra");

describe.skipIf(missing !== undefined)(skipTitle("Mastra MCPClient + Agent", missing), () => {
  it("listTools(): `${server}_${tool}` keys, so a_b+c meets a+b_c; empty and __proto__ names vanish", async () => {
    const seen = await observe(adapter("mastra"), {
      duplicate: { world: world(["alpha", ["search"]], ["beta", ["search"]]) },
      separator: { world: world(["a_b", ["c"]], ["a", ["b_c"]]) },
      hostile: { world: world(["alpha", ["", "__proto__", "search"]]) },
      sanitised: { world: world(["a.b", ["c"]], ["a_b", ["c"]]) },
    });
    expect(names(seen.duplicate)).toEqual(["alpha_search", "beta_search"]);
    // listToolsWithErrors assigns connectedTools[`${serverName}_${toolName}`] in configuration order: the later server owns it.
    expect(names(seen.separator)).toEqual(["a_b_c"]);
    expect(deliveries(seen.separator, "a_b_c")).toEqual(["a/b_c"]);
    expect(seen.separator.open.outcome).toEqual({ registered: { a_b: ["a_b_c"], a: ["a_b_c"] }, errors: [] });
    // InternalMastraMCPClient.tools(): `if (tool.name) toolsRes[tool.name] = ...` on a plain object.
    expect(names(seen.hostile)).toEqual(["alpha_search"]);
    expect(seen.hostile.open.outcome.errors).toEqual([]);
    // Agent.formatTools: "." becomes "_", and a rewritten name already taken throws for the whole agent.
    expect(names(seen.sanitised)).toEqual([]);
    expect(seen.sanitised.open.outcome.errors).toEqual([{ message: expect.stringContaining("Two or more tools resolve to the same name \"a_b_c\"") }]);
  }, paced(90_000));

  it("listToolsets(): the Agent flattens toolsets by bare name (last wins), and resolves calls by tool id too", async () => {
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
  }, paced(90_000));

  it("a local tool in the Agent tools record: listTools() spread after it replaces it, one added after replaces the MCP tool", async () => {
    const seen = await localToolProbes(adapter("mastra"), "alpha_search", "dict");
    // { ...localTools, ...await mcp.listTools() } then { ...tools, [name]: localTool }: the later key wins, silently.
    expect(seen.atOpen).toEqual({ names: ["alpha_search"], errors: [], reached: ["alpha"] });
    expect(seen.later).toEqual({ result: { ok: true }, names: ["alpha_search"], reached: [] });
  }, paced(120_000));

  it("prompts and resources by server name (the caller passes it back), every page, a failing server dropped without an error, a template twin in both lists", async () => {
    const seen = await observeContexts(adapter("mastra"), {
      clash: contextWorldOf({ key: "alpha", prompts: ["review"], resources: ["mem://shared/doc"] }, { key: "beta", prompts: ["review"], resources: ["mem://shared/doc"] }),
      paged: contextWorldOf({ key: "alpha", prompts: ["review", "summarise", "explain"], paging: { prompts: { pageSize: 1 } } }),
      failing: contextWorldOf({ key: "alpha", prompts: ["review"], errors: ["prompts"] }, { key: "beta", prompts: ["summarise"] }),
      twin: contextWorldOf({ key: "alpha", resources: ["mem://alpha/readme", "mem://alpha/notes"], templates: ["mem://alpha/readme"] }),
    });
    // prompts.list() and resources.list() answer records keyed by server name; get and read take it back.
    expect(seen.clash.prompts.map((prompt) => [prompt.namespace, prompt.name])).toEqual([["alpha", "review"], ["beta", "review"]]);
    expect(seen.clash.resources.map((resource) => [resource.namespace, resource.uri])).toEqual([["alpha", "mem://shared/doc"], ["beta", "mem://shared/doc"]]);
    expect([...seen.clash.gets, ...seen.clash.reads].map((fetch) => [fetch.namespace, fetch.deliveries.map((d) => d.server)]))
      .toEqual([["alpha", ["alpha"]], ["beta", ["beta"]], ["alpha", ["alpha"]], ["beta", ["beta"]]]);
    // The MCP TS SDK v2's Client.listPrompts() with no cursor walks every page (_listAllPages); 0.14 asked once.
    expect(seen.paged.prompts.map((prompt) => prompt.name)).toEqual(["review", "summarise", "explain"]);
    // MCPClient.prompts.list() logs the failure on the MCPClient's own logger and leaves the server out of the record.
    expect(seen.failing.prompts.map((prompt) => [prompt.namespace, prompt.name])).toEqual([["beta", "summarise"]]);
    expect(seen.failing.open.outcome.errors).toEqual([]);
    // resources.list() and resources.templates() pass each server's lists through: the twin is in both.
    expect(seen.twin.resources.map((resource) => resource.uri)).toEqual(["mem://alpha/readme", "mem://alpha/notes"]);
    expect(seen.twin.templates.map((template) => template.uriTemplate)).toEqual(["mem://alpha/readme"]);
  }, paced(180_000));
});
