/**
 * The LangChain adapter against small hand-built worlds: what MultiServerMCPClient does, seen through
 * HAP/1. These are the checks behind the evidence in hosts/langchain/hosts.ts.
 */
import { describe, expect, it } from "vitest";
import { contextWorldOf, paced } from "../../harness/index.ts";
import { adapter, deliveries, localToolProbes, long, names, observe, observeContexts, world } from "../test-support.ts";

describe("LangChain MultiServerMCPClient", () => {
  it("default: concatenates lists (a duplicate shown twice, called at the first), drops an empty name silently, passes names through", async () => {
    const seen = await observe(adapter("langchain"), {
      duplicate: { world: world(["alpha", ["search"]], ["beta", ["search"]]) },
      hostile: { world: world(["alpha", ["", "admin.tools.list", long("tool_", 70)]]) },
    });
    expect(names(seen.duplicate)).toEqual(["search", "search"]);
    expect(seen.duplicate.tools.map((tool) => tool.identity?.server)).toEqual(["alpha", "beta"]);
    expect(deliveries(seen.duplicate, "search")).toEqual(["alpha/search"]);
    expect(seen.duplicate.open.outcome).toEqual({ registered: { alpha: ["search"], beta: ["search"] }, errors: [] });
    // tools.js loadMcpTools: `mcpTools.filter((tool) => !!tool.name)`; names are never checked or shortened.
    expect(names(seen.hostile)).toEqual(["admin.tools.list", long("tool_", 70)]);
    expect(seen.hostile.open.outcome.errors).toEqual([]);
  }, paced(60_000));

  it("--prefix: `${serverName}__${tool}`, so a key holding \"__\" lands on another server's name", async () => {
    const seen = await observe(adapter("langchain", "--prefix"), {
      duplicate: { world: world(["alpha", ["search"]], ["beta", ["search"]]) },
      clash: { world: world(["a__b", ["c"]], ["a", ["b__c"]]) },
    });
    expect(names(seen.duplicate)).toEqual(["alpha__search", "beta__search"]);
    expect(deliveries(seen.duplicate, "beta__search")).toEqual(["beta/search"]);
    expect(names(seen.clash)).toEqual(["a__b__c", "a__b__c"]);
    expect(deliveries(seen.clash, "a__b__c")).toEqual(["a__b/c"]);
  }, paced(60_000));

  it("local tools share the ToolNode array unchecked: one defined first wins the name, one added later loses it", async () => {
    const seen = await localToolProbes(adapter("langchain"), "search", "object");
    // [...localTools, ...getTools()] then [...tools, added]: ToolNode runs the first tool of the name.
    expect(seen.atOpen).toEqual({ names: ["search", "search"], errors: [], reached: [] });
    expect(seen.later).toEqual({ result: { ok: true }, names: ["search", "search"], reached: ["alpha"] });
  }, paced(120_000));

  it("resources by server name (the caller passes it back), first page only, a failing server given [] without an error, a template twin in both lists; no prompts", async () => {
    const seen = await observeContexts(adapter("langchain"), {
      shared: contextWorldOf({ key: "alpha", prompts: ["review"], resources: ["mem://shared/doc"] }, { key: "beta", resources: ["mem://shared/doc"] }),
      paged: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes", "mem://alpha/log", "mem://alpha/readme"], paging: { resources: { pageSize: 1 } } }),
      failing: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes"], errors: ["resources"] }, { key: "beta", resources: ["mem://beta/readme"] }),
      twin: contextWorldOf({ key: "alpha", resources: ["mem://alpha/readme", "mem://alpha/notes"], templates: ["mem://alpha/readme"] }),
    });
    // listResources() answers a record keyed by server name; readResource(serverName, uri) takes it back.
    expect(seen.shared.resources.map((resource) => [resource.namespace, resource.uri])).toEqual([["alpha", "mem://shared/doc"], ["beta", "mem://shared/doc"]]);
    expect(seen.shared.reads.map((read) => [read.namespace, read.result.ok, read.deliveries.map((d) => `${d.server}/${d.uri}`)]))
      .toEqual([["alpha", true, ["alpha/mem://shared/doc"]], ["beta", true, ["beta/mem://shared/doc"]]]);
    // The package has no prompt API: prompts is not declared, so none are asked for.
    expect(seen.shared.prompts).toEqual([]);
    // `(await client.listResources()).resources`: one request, no cursor followed.
    expect(seen.paged.resources.map((resource) => resource.uri)).toEqual(["mem://alpha/notes"]);
    // The failure goes to the debug log, the server gets [].
    expect(seen.failing.resources.map((resource) => resource.uri)).toEqual(["mem://beta/readme"]);
    expect(seen.failing.open.outcome.errors).toEqual([]);
    // listResources() and listResourceTemplates() are two records as the servers sent them: the twin is in both.
    expect(seen.twin.resources.map((resource) => resource.uri)).toEqual(["mem://alpha/readme", "mem://alpha/notes"]);
    expect(seen.twin.templates.map((template) => template.uriTemplate)).toEqual(["mem://alpha/readme"]);
  }, paced(180_000));
});
