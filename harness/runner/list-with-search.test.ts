import { describe, expect, it } from "vitest";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import type { VisibleTool } from "../protocol/tools-result.ts";
import { describeTool } from "../world/tool-identity.ts";
import { worldOf } from "../world/hazard-worlds.ts";
import { listWithSearch, MAX_HIDDEN_SEARCHES } from "./list-with-search.ts";

/** A host that shows what its search loaded: `findable` maps a query to the tools it loads; `shown` is the list before any search. */
function searchingHost(shown: VisibleTool[], findable: Record<string, VisibleTool[]>) {
  const list = [...shown];
  const queries: string[] = [];
  const adapter = {
    tools: async () => ({ tools: [...list] }),
    call: async (_session: string, name: string, args: Record<string, unknown>) => {
      expect(name).toBe("tool_search");
      queries.push(String(args.query));
      for (const tool of findable[String(args.query)] ?? []) if (!list.includes(tool)) list.push(tool);
      return { ok: true as const, content: [] };
    },
  } as unknown as HostAdapter;
  return { adapter, queries };
}
const tool = (server: string, name: string): VisibleTool => ({ name, namespace: `mcp__${server}`, description: describeTool(server, name) });

describe("listWithSearch", () => {
  it("searches a server it shows nothing of by its tools' own names, and leaves a shown server and a host without search alone", async () => {
    const world = worldOf(["a", ["request", "send-file"]], ["alpha", ["create_issue"]]);
    const alpha = tool("alpha", "create_issue");
    const host = searchingHost([alpha], { request: [tool("a", "request")], "send-file": [tool("a", "send-file")] });
    expect((await listWithSearch(host.adapter, "s", "tool_search", world)).tools.map((shown) => shown.name)).toEqual(["create_issue", "request", "send-file"]);
    expect(host.queries).toEqual(["request", "send-file"]);
    const plain = searchingHost([alpha], { request: [tool("a", "request")] });
    expect((await listWithSearch(plain.adapter, "s", undefined, world)).tools).toEqual([alpha]);
    expect(plain.queries).toEqual([]);
  });

  it("searches a deferred entry by its name first, and a server the host lost stays lost", async () => {
    const world = worldOf(["alpha", ["create_issue"]], ["gone", ["request"]]);
    const host = searchingHost([{ name: "create_issue", deferred: true }], { create_issue: [tool("alpha", "create_issue")] });
    const listed = await listWithSearch(host.adapter, "s", "tool_search", world);
    expect(listed.tools.filter((shown) => !shown.deferred).map((shown) => shown.name)).toEqual(["create_issue"]);
    expect(host.queries).toEqual(["create_issue", "request"]);
  });

  it("searches a tool whose name holds no word by its description", async () => {
    const world = worldOf(["a", ["", "request"]]);
    const host = searchingHost([], {});
    await listWithSearch(host.adapter, "s", "tool_search", world);
    expect(host.queries).toEqual([describeTool("a", ""), "request"]);
  });

  it("searches no hidden server in a world no larger than the host's threshold", async () => {
    const world = worldOf(["a", ["request"]], ["alpha", ["create_issue", "search"]]);
    const host = searchingHost([tool("alpha", "create_issue")], { request: [tool("a", "request")] });
    await listWithSearch(host.adapter, "s", "tool_search", world, 3);
    expect(host.queries).toEqual([]);
    await listWithSearch(host.adapter, "s", "tool_search", world, 2);
    expect(host.queries).toEqual(["request"]);
  });

  it("makes at most MAX_HIDDEN_SEARCHES searches for hidden servers", async () => {
    const names = Array.from({ length: MAX_HIDDEN_SEARCHES + 5 }, (_, at) => `tool_${at}`);
    const host = searchingHost([], {});
    await listWithSearch(host.adapter, "s", "tool_search", worldOf(["a", names]));
    expect(host.queries).toEqual(names.slice(0, MAX_HIDDEN_SEARCHES));
  });
});
