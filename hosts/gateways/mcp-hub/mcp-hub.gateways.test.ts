/**
 * MCP Hub, the real gateway, through its registered module and the gateway adapter exactly as
 * `mcp-collide run --gateway mcp-hub` starts it (in the gateway sandbox): it merges two servers into one
 * `/mcp` endpoint, names their tools `<key>__<tool>`, routes a call to the server that listed it, and loses
 * `a__b`'s `c` to `a`'s `b__c` (one name, the later server's tool kept). Skips without its install
 * (`npm run gateways:install`) or the sandbox; fails instead under .ci/run (MCP_COLLIDE_REQUIRE_GATEWAYS).
 */
import { describe, expect, it } from "vitest";
import { describeTool, hapLauncher, loadSuites, missingInstall, paced, packageRoot, runClauses, singleCase, skipTitle, WorldSchema, type World } from "../../../harness/index.ts";
import { launchArgv } from "../../real-host.ts";
import { gatewayHosts } from "../gateway-hosts.ts";

const missing = missingInstall("gateway:mcp-hub", "sandbox");
const world = (...servers: Array<[string, string[]]>): World => WorldSchema.parse({
  servers: servers.map(([key, tools]) => ({
    key, serverInfo: { name: key, version: "1.0.0" },
    tools: tools.map((name) => ({ name, description: describeTool(key, name), inputSchema: { type: "object", properties: { probe: { type: "string" } } } })),
  })),
});

/** Runs clause `id`'s check on exactly `value`, once, against MCP Hub in its sandbox. */
async function judge(id: string, value: unknown) {
  const clause = (await loadSuites(`${packageRoot}/suites`)).find((candidate) => candidate.id === id)!;
  const host = gatewayHosts.find((entry) => entry.id === "mcp-hub")!;
  const launcher = hapLauncher({ argv: launchArgv(host.argv), cwd: packageRoot, requestTimeoutMs: paced(300_000) });
  const report = await runClauses({ clauses: [singleCase(clause, value)], launcher, seed: 1, runs: 1, transport: "http" });
  return report.clauses[0]!;
}

describe("MCP Hub judged as its MCP client", () => {
  it.skipIf(missing !== undefined)(skipTitle("routes alpha__search and beta__search each to its own server", missing), async () => {
    const routed = await judge("wire/no-cross-routing", { world: world(["alpha", ["search"]], ["beta", ["search"]]), payload: {} });
    expect(routed.status, routed.observed).toBe("pass");
  }, paced(600_000));

  it.skipIf(missing !== undefined)(skipTitle("loses a__b's c to a's b__c (one merged name) and tells no one", missing), async () => {
    const lost = await judge("surface/no-silent-loss", world(["a__b", ["c"]], ["a", ["b__c"]]));
    expect(lost.status).toBe("fail");
    expect(lost.observed).toContain('"c" of "a__b" not shown');
  }, paced(600_000));
});
