/**
 * Clause `order/stable-list`: the list a model is given comes in one order on every start of one
 * configuration, whoever answered first. `order/arrival-timing` compares sorted surfaces (the same names,
 * routes and errors); this clause compares the order, so a host that lists tools in the order its servers
 * happened to answer (a different prompt on every start) is seen.
 */
import fc from "fast-check";
import {
  canonicalJson, collidingWorld, constructed, crossShrink, defineClause, ordering, probesByVisible, routeOf, sessionComparison, visibleKey, visibleLabel, world,
  type SessionObservation,
} from "../harness/index.ts";
import { answeredAs, answerOrderSituations, describeTimingWorlds, orderExercised, keysOf, list, scriptedOrder, timed, timingWorlds, type TimingCase } from "./support/answer-timing.ts";

/** One shown tool: the (server, wire name) it is, as a comparable id, and how it was shown. */
interface Shown {
  id: string;
  server: string;
  label: string;
}

/**
 * The tools of a session in the order the host listed them, each as the (server, wire name) it is: by the
 * identity in its description, else by where its probe call went; a tool the harness cannot trace is left out.
 */
function shownOrder(observation: SessionObservation): Shown[] {
  const probes = probesByVisible(observation);
  return observation.tools.flatMap((tool) => {
    const probe = probes.get(visibleKey(tool));
    const who = tool.identity ?? (probe ? routeOf(probe) : undefined);
    return who ? [{ id: JSON.stringify([who.server, who.tool]), server: who.server, label: visibleLabel(tool) }] : [];
  });
}

const same = (a: readonly string[], b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);

/** The tools of two sessions that both showed, each in its session's order. */
function common(a: readonly Shown[], b: readonly Shown[]): [Shown[], Shown[]] {
  const [inA, inB] = [new Set(a.map((tool) => tool.id)), new Set(b.map((tool) => tool.id))];
  return [a.filter((tool) => inB.has(tool.id)), b.filter((tool) => inA.has(tool.id))];
}

export const stableList = defineClause({
  id: "order/stable-list",
  level: "SHOULD",
  summary: "list the tools it shows in the same order on every start of the same configuration, whatever order the servers answer in",
  why:
    "Servers load in parallel, and a host that appends each server's tools as its answer arrives gives the " +
    "model the same tools in another order on every start. Nothing is lost, so no other check sees it, but " +
    "the tool list is part of every prompt: a provider's prompt cache misses on every start, and the model " +
    "reads its tools in a different order each time. Hosts have had to sort their lists after the fact " +
    "(qwen-code, Codex, librefang). It is a SHOULD: the tools themselves are right.",
  sources: ["QwenLM/qwen-code#6338", "librefang/librefang#3765", "openai/codex PR#2611", "adonis importer \"registration replays in configuration order\""],
  arbitrary: () => fc.record({
    world: fc.oneof(crossShrink, world({ minServers: 2, maxServers: 4, toolFamilies: ["pool"], keyFamilies: ["pool"] }), collidingWorld()),
    first: ordering(),
    second: ordering(),
    delays: fc.array(fc.constantFrom(0, 5, 20), { minLength: 6, maxLength: 6 }),
  }),
  // Two servers with nothing to refuse, alpha's list answered first, then beta's; and three, answering in
  // reverse the second time: a host that lists in arrival order gives another order in the second session.
  // No clash under the host's own join: which of two pairs such a clash leaves is arrival-timing's business,
  // and a host that lets the later answer win shows no tool of it in both sessions, so no order to compare.
  coverage: () => [
    ...constructed(["two-servers"], (world) => ({ world, first: [], second: [1], delays: [0] }), ", alpha's list answered first, then beta's"),
    ...constructed(["three-servers"], (world) => ({ world, first: [], second: [2, 1], delays: [0] }), ", answered in configuration order, then in reverse"),
  ].map((built) => ({ ...built, hazard: "answer-order-exercised" })),
  worlds: timingWorlds,
  describeWorlds: describeTimingWorlds,
  // Among the servers whose tools both sessions showed; a host that lists one server at a time fixes the
  // order itself, which the pass then says.
  checkSituations: answerOrderSituations,
  requires: ["multi-server", "answer-order-exercised"],
  async check(env, value) {
    const [a, b] = [scriptedOrder(value, value.first), scriptedOrder(value, value.second)];
    const [wa, wb] = [timed(value, value.first), timed(value, value.second)];
    const first = await env.observe(wa);
    const second = await env.observe(wb);
    const [sa, sb] = [shownOrder(first), shownOrder(second)];
    // Only the tools both sessions showed are compared: which tools a host shows is arrival-timing's business.
    const [ca, cb] = common(sa, sb);
    const servers = new Set(ca.map((tool) => tool.server));
    const again = new Set(await env.judge(wb, second));
    const order = orderExercised(first, second, servers);
    const judged = [...(await env.judge(wa, first)).filter((situation) => again.has(situation)), ...order.judged];
    if (same(ca.map((tool) => tool.id), cb.map((tool) => tool.id))) return { ok: true, judged, ...(order.note ? { note: order.note } : {}) };
    const shown = (tools: Shown[]) => list(tools.map((tool) => tool.label));
    // Whether the answer order moved the list is told apart from a list that moves by itself: the first world,
    // the same answer order, once more (a case of one answer order twice is its own control). A list that
    // differs then breaks the promise too ("on every start"), and the explanation says so, not the answer order.
    const control = canonicalJson(wa) === canonicalJson(wb) ? second : await env.observe(wa);
    const [ga, gb] = common(sa, shownOrder(control));
    if (!same(ga.map((tool) => tool.id), gb.map((tool) => tool.id))) {
      const [t1, t2] = [answeredAs(first.answerOrder, a), answeredAs(control.answerOrder, a)];
      return {
        ok: false,
        judged,
        expected: "the tools both sessions show, listed in the same order in both",
        observed: `two starts of one configuration with one scripted answer order: servers ${t1}, the host listed ${shown(ga)}; servers ${t2}, it listed ${shown(gb)}`,
        comparison: { ...sessionComparison([`first start: servers ${t1}`, `the same configuration again: servers ${t2}`], [first, control], keysOf(value.world)), order: [ga, gb].map((tools) => tools.map((tool) => tool.label).join(", ")) },
      };
    }
    const [ta, tb] = [answeredAs(first.answerOrder, a), answeredAs(second.answerOrder, b)];
    const titles = [`servers ${ta}`, `servers ${tb}`];
    const comparison = sessionComparison(titles, [first, second], keysOf(value.world));
    return {
      ok: false,
      judged,
      expected: "the tools both sessions show, listed in the same order in both",
      observed: `${ta}, the host listed ${shown(ca)}; ${tb}, it listed ${shown(cb)}`,
      comparison: { ...comparison, order: [ca, cb].map((tools) => tools.map((tool) => tool.label).join(", ")) },
    };
  },
});

/** The `order/stable-list` clause (catalogue order: after `order/arrival-timing`). */
export const stableListClauses = [stableList];
