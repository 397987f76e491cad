/**
 * The Vercel AI SDK adapter against small hand-built worlds: createMCPClient per server, tool sets merged
 * with object spread as the docs show. The checks behind the evidence in hosts/vercel-ai/hosts.ts.
 * Skipped, saying why, unless the host and the Node it needs are installed (npm run hosts:libraries,
 * npm run hosts:node); required under .ci/run.
 */
import { describe, expect, it } from "vitest";
import { paced, skipTitle } from "../../harness/index.ts";
import { adapter, deliveries, localToolProbes, long, names, observe, world, hostMissing } from "../test-support.ts";

const missing = hostMissing("vercel-ai");

describe.skipIf(missing !== undefined)(skipTitle("Vercel AI SDK createMCPClient + {...a, ...b}", missing), () => {
  it("a later server's tool silently replaces an earlier one's; names reach the model unchecked", async () => {
    const seen = await observe(adapter("vercel-ai"), {
      duplicate: { world: world(["alpha", ["search", "query"]], ["beta", ["search"]]) },
      hostile: { world: world(["alpha", ["admin.tools.list", long("tool_", 70)]]) },
    });
    // The spread keeps the first key's position and the last value: alpha's query, then beta's search.
    expect(names(seen.duplicate).sort()).toEqual(["query", "search"]);
    expect(seen.duplicate.tools.find((tool) => tool.name === "search")?.identity?.server).toBe("beta");
    expect(deliveries(seen.duplicate, "search")).toEqual(["beta/search"]);
    expect(seen.duplicate.open.outcome).toEqual({ registered: { alpha: ["search", "query"], beta: ["search"] }, errors: [] });
    expect(names(seen.hostile)).toEqual(["admin.tools.list", long("tool_", 70)]);
    // toolsFromDefinitions adds additionalProperties: false to the schema the model sees.
    expect(seen.hostile.tools[0]?.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
  }, paced(60_000));

  it("a local tool in the record spread: the MCP set overrides one spread before it, one spread after overrides the MCP tool", async () => {
    const seen = await localToolProbes(adapter("vercel-ai"), "search", "dict");
    // { ...localTools, ...toolSet } then { ...tools, [name]: localTool }: the later key wins, silently.
    expect(seen.atOpen).toEqual({ names: ["search"], errors: [], reached: ["alpha"] });
    expect(seen.later).toEqual({ result: { ok: true }, names: ["search"], reached: [] });
  }, paced(120_000));
});
