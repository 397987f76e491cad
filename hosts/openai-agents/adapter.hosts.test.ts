/**
 * The OpenAI Agents SDK adapter against small hand-built worlds: an Agent with mcpServers, run by the SDK's
 * own Runner. The checks behind the evidence in hosts/openai-agents/hosts.ts.
 * Skipped, saying why, unless the host and the Node it needs are installed (npm run hosts:libraries,
 * npm run hosts:node); required under .ci/run.
 */
import { describe, expect, it } from "vitest";
import type { LifecycleWorld } from "../../harness/index.ts";
import { paced, skipTitle } from "../../harness/index.ts";
import { adapter, deliveries, localToolProbes, long, names, observe, scripted, world, hostMissing } from "../test-support.ts";

const missing = hostMissing("openai-agents");

describe.skipIf(missing !== undefined)(skipTitle("OpenAI Agents SDK (JS)", missing), () => {
  it("default: raw names, a duplicate across servers fails the whole agent, names are sanitised but not shortened", async () => {
    const seen = await observe(adapter("openai-agents"), {
      duplicate: { world: world(["alpha", ["search"]], ["beta", ["search"]]) },
      inServer: { world: world(["alpha", ["a-b", "a.b"]]) },
      unnamed: { world: world(["alpha", ["", "search"]]) },
      longName: { world: world(["alpha", [long("tool_", 70)]]) },
    });
    expect(names(seen.duplicate)).toEqual([]);
    expect(seen.duplicate.open.outcome.errors).toEqual([{ message: "Duplicate tool names found across MCP servers: search" }]);
    // toFunctionToolName: every character outside [a-zA-Z0-9] becomes "_", so two tools of one server land on
    // one name; since 0.15 getAllMcpTools looks for duplicates within a server too and fails the whole agent
    // (0.14 offered the model one of them, silently).
    expect(names(seen.inServer)).toEqual([]);
    expect(seen.inServer.open.outcome.errors).toEqual([{ message: "Duplicate tool names found across MCP servers: a_b" }]);
    // tool({ name: "" }) falls back to the execute function's name, which mcpToFunctionTool calls `invoke`.
    expect(names(seen.unnamed)).toEqual(["invoke", "search"]);
    expect(deliveries(seen.unnamed, "invoke")).toEqual(["alpha/"]);
    expect(names(seen.longName)).toEqual([long("tool_", 70)]);
  }, paced(60_000));

  it("includeServerInToolNames: mcp_<server>__<tool>, hashed when two servers' names meet, so a name depends on the other servers", async () => {
    const seen = await observe(adapter("openai-agents", "--server-names"), {
      duplicate: { world: world(["alpha", ["search"]], ["beta", ["search"]]) },
      inServer: { world: world(["alpha", ["a-b", "a.b"]]) },
      together: { world: world(["a.b", ["c"]], ["a_b", ["c"]]) },
      alone: { world: world(["a.b", ["c"]]) },
    });
    expect(names(seen.duplicate)).toEqual(["mcp_alpha__search", "mcp_beta__search"]);
    expect(deliveries(seen.duplicate, "mcp_beta__search")).toEqual(["beta/search"]);
    // buildPrefixedToolNameOverrides counts base names after toFunctionToolName and hashes those that meet
    // (0.14 compared them before, so "a-b" and "a.b" ended as one mcp_alpha__a_b and one was lost).
    expect(names(seen.inServer)).toEqual([expect.stringMatching(/^mcp_alpha__a_b_[0-9a-f]{8}$/), expect.stringMatching(/^mcp_alpha__a_b_[0-9a-f]{8}$/)]);
    expect(new Set(names(seen.inServer)).size).toBe(2);
    expect(seen.inServer.open.outcome.errors).toEqual([]);
    expect(names(seen.alone)).toEqual(["mcp_a_b__c"]);
    expect(names(seen.together)).toEqual([expect.stringMatching(/^mcp_a_b__c_[0-9a-f]{8}$/), expect.stringMatching(/^mcp_a_b__c_[0-9a-f]{8}$/)]);
  }, paced(60_000));

  it("a function tool named like an MCP tool silently takes its place, whenever it is added", async () => {
    const seen = await localToolProbes(adapter("openai-agents"), "search", "object");
    // getAllTools() is [...mcpTools, ...functionTools]; the model is offered one "search" and the run calls the local one.
    expect(seen.atOpen).toEqual({ names: ["search"], errors: [], reached: [] });
    expect(seen.later).toEqual({ result: { ok: true }, names: ["search"], reached: [] });
  }, paced(120_000));

  it("toolFilter from allow/deny: an empty allow list filters nothing, an allow entry the server lacks is not reported", async () => {
    const twoTools = () => world(["alpha", ["search", "query"]]);
    const shown = (config: Record<string, { allow?: string[]; deny?: string[] }>) => async (live: LifecycleWorld) => {
      const session = await live.open({ config });
      return { names: (await session.tools()).map((tool) => tool.name), errors: session.opened.outcome.errors };
    };
    const seen = await scripted(adapter("openai-agents"), {
      allowed: { world: twoTools(), script: shown({ alpha: { allow: ["search"] } }) },
      denied: { world: twoTools(), script: shown({ alpha: { deny: ["search"] } }) },
      none: { world: twoTools(), script: shown({ alpha: { allow: [] } }) },
      ghost: { world: twoTools(), script: shown({ alpha: { allow: ["search", "missing"] } }) },
    });
    expect(seen.allowed).toEqual({ names: ["search"], errors: [] });
    expect(seen.denied).toEqual({ names: ["query"], errors: [] });
    // createMCPToolStaticFilter({ allowed: [] }) gives allowedToolNames [], and the filter applies an allow
    // list only `if (allowedToolNames.length > 0 ...)` (mcp.mjs): allowing nothing allows everything.
    expect(seen.none).toEqual({ names: ["search", "query"], errors: [] });
    expect(seen.ghost).toEqual({ names: ["search"], errors: [] });
  }, paced(120_000));
});
