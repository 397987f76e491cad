/**
 * The OpenAI Agents SDK adapter against small hand-built worlds: an Agent with mcpServers, run by the SDK's
 * own Runner. The checks behind the evidence in hosts/hosts.ts.
 */
import { describe, expect, it } from "vitest";
import { adapter, deliveries, long, names, observe, world } from "../test-support.ts";

describe("OpenAI Agents SDK (JS)", () => {
  it("default: raw names, a duplicate across servers fails the whole agent, names are sanitised but not shortened", async () => {
    const seen = await observe(adapter("openai-agents"), {
      duplicate: { world: world(["alpha", ["search"]], ["beta", ["search"]]) },
      inServer: { world: world(["alpha", ["a-b", "a.b"]]) },
      unnamed: { world: world(["alpha", ["", "search"]]) },
      longName: { world: world(["alpha", [long("tool_", 70)]]) },
    });
    expect(names(seen.duplicate)).toEqual([]);
    expect(seen.duplicate.open.outcome.errors).toEqual([{ message: "Duplicate tool names found across MCP servers: search" }]);
    // toFunctionToolName: every character outside [a-zA-Z0-9] becomes "_", and duplicates are only looked
    // for across servers, so two tools of one server land on one name and the model is offered one of them.
    expect(names(seen.inServer)).toEqual(["a_b"]);
    expect(deliveries(seen.inServer, "a_b")).toEqual(["alpha/a.b"]);
    expect(seen.inServer.open.outcome.errors).toEqual([]);
    // tool({ name: "" }) falls back to the execute function's name, which mcpToFunctionTool calls `invoke`.
    expect(names(seen.unnamed)).toEqual(["invoke", "search"]);
    expect(deliveries(seen.unnamed, "invoke")).toEqual(["alpha/"]);
    expect(names(seen.longName)).toEqual([long("tool_", 70)]);
  }, 60_000);

  it("includeServerInToolNames: mcp_<server>__<tool>, hashed when two servers' names meet, so a name depends on the other servers", async () => {
    const seen = await observe(adapter("openai-agents", "--server-names"), {
      duplicate: { world: world(["alpha", ["search"]], ["beta", ["search"]]) },
      inServer: { world: world(["alpha", ["a-b", "a.b"]]) },
      together: { world: world(["a.b", ["c"]], ["a_b", ["c"]]) },
      alone: { world: world(["a.b", ["c"]]) },
    });
    expect(names(seen.duplicate)).toEqual(["mcp_alpha__search", "mcp_beta__search"]);
    expect(deliveries(seen.duplicate, "mcp_beta__search")).toEqual(["beta/search"]);
    // buildPrefixedToolNameOverrides keeps "-" (mcp_alpha__a-b vs mcp_alpha__a_b), then tool() runs
    // toFunctionToolName over the override and turns "-" into "_": the two names meet after the check.
    expect(names(seen.inServer)).toEqual(["mcp_alpha__a_b"]);
    expect(seen.inServer.open.outcome.errors).toEqual([]);
    expect(names(seen.alone)).toEqual(["mcp_a_b__c"]);
    expect(names(seen.together)).toEqual([expect.stringMatching(/^mcp_a_b__c_[0-9a-f]{8}$/), expect.stringMatching(/^mcp_a_b__c_[0-9a-f]{8}$/)]);
  }, 60_000);
});
