import { describe, expect, it } from "vitest";
import { ServerScriptSchema } from "../../fake-servers/index.ts";
import type { HostError } from "../protocol/open-result.ts";
import { describeTool, identityOf } from "../world/tool-identity.ts";
import type { World } from "../world/world.ts";
import { judgedServers, judgedSituations, serverLooks } from "./judgement.ts";
import type { SessionObservation } from "./session-observation.ts";

function worldOf(servers: Record<string, string[]>): World {
  return { servers: Object.entries(servers).map(([key, names]) => ServerScriptSchema.parse({ key, serverInfo: { name: key, version: "1" }, tools: names.map((name) => ({ name, description: describeTool(key, name) })) })) };
}

/** A session in which the host showed `shown` ([server, tool] pairs) and reported `errors`. */
function session(shown: [string, string][], errors: HostError[] = []): SessionObservation {
  const tools = shown.map(([server, tool]) => ({ name: `${server}_${tool}`, description: describeTool(server, tool), inputSchema: {}, identity: identityOf(describeTool(server, tool)) }));
  return { open: { session: "s", outcome: { registered: {}, errors }, diagnostics: [] }, tools, probes: [], unknown: [], records: [], answerOrder: [] };
}

const genkit = worldOf({ alpha: ["admin.tools.list", "search"], beta: ["search"] });

describe("judgedSituations: what one session judged", () => {
  it("judges everything about the servers the host kept", () => {
    const shown = session([["alpha", "admin.tools.list"], ["alpha", "search"], ["beta", "search"]]);
    expect(serverLooks(genkit, shown)).toEqual(["kept", "kept"]);
    expect(judgedSituations(genkit, shown, true)).toEqual(["exact-duplicate", "multi-server", "provider-invalid-name"]);
  });

  it("judges nothing in an open refused whole while two hazards could explain it", () => {
    const whole = session([], [{ message: "duplicate tool names" }]);
    expect(judgedSituations(genkit, whole, true)).toEqual([]);
    // With the invalid name alone, the same refusal is about it, from a host that accepts a clean world.
    const alone = worldOf({ alpha: ["admin.tools.list"], beta: ["search"] });
    expect(judgedSituations(alone, whole, true)).toEqual(["provider-invalid-name"]);
    expect(judgedSituations(alone, whole, false)).toEqual([]);
  });

  it("attributes a refused server to its one hazard, and judges the rest on what was kept", () => {
    const world = worldOf({ alpha: ["admin.tools.list"], beta: ["search"], gamma: ["query"] });
    const refusedAlpha = session([["beta", "search"], ["gamma", "query"]], [{ server: "alpha", message: 'server "alpha" refused' }]);
    expect(serverLooks(world, refusedAlpha)).toEqual(["refused", "kept", "kept"]);
    expect(judgedSituations(world, refusedAlpha, true)).toEqual(["multi-server", "provider-invalid-name"]);
    expect(judgedServers(world, refusedAlpha, true)).toEqual([true, true, true]);
    expect(judgedServers(world, refusedAlpha, false)).toEqual([false, true, true]);
  });
});
