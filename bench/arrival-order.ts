/**
 * How often a host that registers servers in the order their answers reach it (the `arrival-order` one-bug
 * host, through HAP/1) saw them in the order the answer gate scripted: the determinism the gate's spacing
 * buys, measured rather than assumed. Each session's world has four servers with scripted answer ranks (a
 * fresh permutation each time) and, for every pair of them, a tool both advertise: the host keeps the first
 * to arrive, so the pair tools show the whole arrival order.
 */
import fc from "fast-check";
import { startFakeServerHost } from "../fake-servers/index.ts";
import { builtinHostArgv, describeTool, HapClient, observeSession, type World } from "../harness/index.ts";

const KEYS = ["alpha", "beta", "gamma", "delta"];

function rankedWorld(order: readonly string[]): World {
  const pairs = KEYS.flatMap((a, i) => KEYS.slice(i + 1).map((b) => [a, b] as const));
  return {
    servers: KEYS.map((key) => ({
      key, serverInfo: { name: key, version: "1.0.0" }, latency: { initialize: 0, toolsList: 0 }, unreachable: false,
      answerRank: order.indexOf(key),
      tools: pairs.filter((pair) => pair.includes(key)).map(([a, b]) => ({ name: `${a}_${b}`, description: describeTool(key, `${a}_${b}`), inputSchema: { type: "object" } })),
    })),
  };
}

/** Sessions in which the host's arrival order was the scripted one, out of `sessions`, over `transport`. */
export async function arrivalOrderKept(transport: "http" | "stdio", sessions: number): Promise<{ kept: number; sessions: number }> {
  const orders = fc.sample(fc.shuffledSubarray(KEYS, { minLength: KEYS.length }), { seed: 19, numRuns: sessions });
  const servers = await startFakeServerHost();
  const host = new HapClient({ argv: builtinHostArgv("arrival-order") });
  let kept = 0;
  try {
    await host.initialize();
    for (const order of orders) {
      const seen = await observeSession(host, servers, transport, rankedWorld(order), { probe: false });
      // Each pair tool is shown once, for the server whose answer arrived first.
      const inOrder = seen.tools.every((tool) => {
        const [a, b] = tool.name.split("_");
        const first = order.indexOf(a!) < order.indexOf(b!) ? a : b;
        return tool.identity?.server === first;
      });
      if (inOrder && seen.tools.length === 6) kept += 1;
    }
  } finally {
    await host.shutdown();
    await servers.close();
  }
  return { kept, sessions };
}
