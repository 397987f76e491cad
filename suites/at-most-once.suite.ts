/**
 * Clause `wire/at-most-once`: a lost answer looks exactly like a call that never ran, and re-sending it
 * spends one approval on two side effects (adonis "an approved action is never issued twice"). The fake
 * server records the call on receipt and then drops the connection before answering, so what it received
 * is known exactly, whatever the host does next.
 */
import fc from "fast-check";
import type { ServerScript } from "../fake-servers/index.ts";
import { constructed, defineClause, lifecycleWorld, worldOf, visibleLabel, withLifecycleWorld, type World } from "../harness/index.ts";

interface AtMostOnceCase {
  world: World;
  /** Which server loses the answer of every call it receives. */
  dropper: number;
  /** Per tool position of that server (after the first, which is never idempotent): annotated idempotentHint. */
  idempotent: boolean[];
}

/** Long enough for a host's immediate retry to land; a host that retries later than its own answer is not seen. */
const GRACE_MS = 20;

/**
 * The world with every call the dropper receives losing its answer, whatever name the host sends it
 * under, and some of its tools annotated idempotent.
 */
function scripted(value: AtMostOnceCase): World {
  const index = value.dropper % value.world.servers.length;
  return {
    servers: value.world.servers.map((server, i): ServerScript => {
      if (i !== index) return server;
      const tools = server.tools.map((tool, j) => (j > 0 && value.idempotent[j] ? { ...tool, annotations: { idempotentHint: true } } : tool));
      return { ...server, tools, loseAnswers: ["*"] };
    }),
  };
}

export const atMostOnce = defineClause({
  id: "wire/at-most-once",
  level: "MUST",
  summary: "deliver a call of a tool not annotated idempotentHint: true to its server at most once, even when the server's answer is lost (connection dropped or timed out after receipt)",
  why:
    "A timeout or a dropped connection after the server received a call looks exactly like a call that " +
    "never arrived. Sending it again on reconnect spends one approval on two side effects on a remote " +
    "machine. Only a tool the server marks idempotent may be retried.",
  checkSituations: {
    "answer-lost": "a call of a tool not marked idempotentHint reached its server and the answer was lost",
  },
  sources: ["adonis importer \"an approved action is never issued twice\""],
  arbitrary: () => fc.record({
    world: lifecycleWorld({ maxTools: 3 }),
    dropper: fc.nat({ max: 1 }),
    idempotent: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
  }),
  // alpha loses every answer: first with no tool marked idempotent, then beside one that is (which may be retried).
  coverage: () => [
    ...constructed(["two-servers"], (world) => ({ world, dropper: 0, idempotent: [false, false, false] }), "; alpha loses every answer"),
    { hazard: "answer-lost", title: "alpha: request, search (idempotentHint) · beta: query; alpha loses every answer", value: { world: worldOf(["alpha", ["request", "search"]], ["beta", ["query"]]), dropper: 0, idempotent: [false, true, false] } },
  ].map((built) => ({ ...built, hazard: "answer-lost" })),
  worlds: (value: AtMostOnceCase) => [scripted(value)],
  requires: ["answer-lost"],
  check: (env, value) =>
    withLifecycleWorld(env, scripted(value), async (live) => {
      const dropper = live.world.servers[value.dropper % live.world.servers.length]!;
      const session = await live.open();
      const tools = await session.tools();
      const called: { name: string; wire: string; probe: unknown; idempotent: boolean }[] = [];
      for (const tool of dropper.tools) {
        const shown = tools.find((t) => t.identity?.server === dropper.key && t.identity.tool === tool.name);
        if (!shown) continue;
        // The host's answer (an error, ok, whatever) does not matter; that it comes back at all does.
        const call = await session.call(shown.name, undefined, shown.namespace);
        called.push({ name: visibleLabel(shown), wire: tool.name, probe: call.arguments.probe, idempotent: tool.annotations?.idempotentHint === true });
      }
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS));
      // Each call carries its own probe nonce, so its deliveries are counted whatever name the host sent.
      const count = (probe: unknown) => live.calls().filter((record) => (record.arguments as { probe?: unknown } | undefined)?.probe === probe).length;
      const judged = called.some(({ probe, idempotent }) => !idempotent && count(probe) >= 1) ? ["answer-lost"] : [];
      const twice = called.filter(({ probe, idempotent }) => !idempotent && count(probe) > 1);
      if (twice.length === 0) return { ok: true, judged };
      return {
        ok: false,
        expected: `each call of a tool of "${dropper.key}" not annotated idempotentHint delivered at most once, though its answer was lost`,
        observed: twice.map(({ name, wire, probe }) => `one call of "${name}" ("${wire}") was delivered ${count(probe)} times`).join("; "),
        judged,
      };
    }),
});

/** The `wire/at-most-once` clause (a `wire/*` clause of its own file). */
export const atMostOnceClauses = [atMostOnce];
