/**
 * Clause `drift/mid-session-loss`: a server that dies mid-session takes nothing but itself, and says so; a
 * server that failed at one open is tried again at the next. Two kinds of case, on one running world:
 * - `dies`: open, call every shown tool once, then the server dies (its connections drop, new ones are
 *   refused). A call of its tool, now and once more, must be an error naming it and reach no other server;
 *   every other tool that reached its server before must reach it still.
 * - `recovers`: the server cannot be reached at the first open; it comes back; a second open of the same
 *   configuration must show its tools.
 */
import fc from "fast-check";
import {
  constructed, defineClause, lifecycleWorld, messageNames, transportFor, unreachableMeanings, visibleLabel, withLifecycleWorld, worldOf,
  type ClauseEnvironment, type ConstructedCase, type LifecycleSession, type ObservedCall, type World,
} from "../harness/index.ts";

interface LossCase {
  world: World;
  /** Which server dies, or fails at the first open (by position, wrapping). */
  target: number;
  mode: "dies" | "recovers";
}

const targetOf = (value: LossCase) => value.world.servers[value.target % value.world.servers.length]!;

/** How the target goes down, where it is more than nothing serving its address (ServerScript.unreachableAs). */
const downAs = (value: LossCase) => {
  const mode = targetOf(value).unreachableAs;
  return mode === undefined || mode === "not-found" ? "" : ` (${unreachableMeanings[mode]})`;
};

/** The key of the server that goes down as `mode` in {@link realLossCases}: its own, so what a host remembers of it stays with it. */
const DYING: Record<"refused" | "reset" | "exits" | "stdout-closed", string> = {
  refused: "closes-port", reset: "resets", exits: "exits", "stdout-closed": "closes-stdout",
};
/** Likewise, the key of the server that is down at the first open as `mode` and back for the second. */
const RETURNING: Record<"refused" | "exits", string> = { refused: "port-reopens", exits: "restarts" };

/**
 * Issue 40: a server goes down as real servers do, over the transport each is made for: its port closes, or it
 * resets the connection (HTTP); its command exits, or closes its stdout and runs on (stdio). It dies after the
 * open, or is down at the first open (a closed port, an exited command) and back for the second. Each dying
 * server has a key of its own: a host that remembers a server it lost a call to for the rest of its process
 * (lost-call-sticks) must not take that memory into other clauses' worlds of alpha and beta.
 */
function realLossCases(): ConstructedCase<LossCase>[] {
  const over = (mode: keyof typeof DYING) => (mode === "exits" || mode === "stdout-closed" ? "stdio" : "HTTP");
  const world = (key: string, mode: keyof typeof DYING) => worldOf({ key, tools: ["request"], unreachableAs: mode }, ["beta", ["search"]]);
  const dies = (["refused", "reset", "exits", "stdout-closed"] as const).map((mode): ConstructedCase<LossCase> => ({
    hazard: "server-lost",
    title: `${DYING[mode]}: request · beta: search; ${DYING[mode]} dies after open: ${unreachableMeanings[mode]}, over ${over(mode)}`,
    value: { world: world(DYING[mode], mode), target: 0, mode: "dies" },
  }));
  const recovers = (["refused", "exits"] as const).map((mode): ConstructedCase<LossCase> => ({
    hazard: "server-recovered",
    title: `${RETURNING[mode]}: request · beta: search; ${RETURNING[mode]} down at the first open (${unreachableMeanings[mode]}, over ${over(mode)}), back for the second`,
    value: { world: world(RETURNING[mode], mode), target: 0, mode: "recovers" },
  }));
  return [...dies, ...recovers];
}

/** The world as it starts: in `recovers`, the target cannot be reached yet. */
function scripted(value: LossCase): World {
  const key = targetOf(value).key;
  if (value.mode === "dies") return value.world;
  return { servers: value.world.servers.map((server) => (server.key === key ? { ...server, unreachable: true } : server)) };
}

/** One shown tool, and the server its first call reached. */
interface Reached {
  name: string;
  namespace?: string;
  server: string;
}

/** Calls every shown tool once; the ones that reached exactly one server, with that server. */
async function reachedBy(session: LifecycleSession): Promise<Reached[]> {
  const reached: Reached[] = [];
  for (const tool of await session.tools()) {
    const call = await session.call(tool.name, undefined, tool.namespace);
    if (call.deliveries.length === 1) reached.push({ name: tool.name, ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }), server: call.deliveries[0]!.server });
  }
  return reached;
}

/** What a call came to, in a few words. */
const outcome = (call: ObservedCall) =>
  `${call.result.ok ? "answered ok" : `answered ${JSON.stringify(call.result.error.message)}`}${call.deliveries.length > 0 ? `, reaching ${call.deliveries.map((d) => JSON.stringify(d.server)).join(", ")}` : ", reaching no server"}`;

async function dies(session: LifecycleSession, live: { apply(key: string, step: { kind: "unreachable" }): Promise<void> }, key: string) {
  const before = await reachedBy(session);
  const mine = before.filter((tool) => tool.server === key);
  if (mine.length === 0) return { ok: true as const, judged: [] };
  await live.apply(key, { kind: "unreachable" });
  const problems: string[] = [];
  let unread = 0;
  // Its tool, now and once more (a host may notice the death on the first call and answer the next otherwise).
  for (const attempt of ["a call", "a later call"]) {
    const call = await session.call(mine[0]!.name, undefined, mine[0]!.namespace);
    // An answer the adapter could not read as a failure or as output (HAP/1 `undetermined`) judges only where it went.
    if (call.result.ok && call.result.undetermined !== undefined && call.deliveries.length === 0) {
      unread += 1;
      continue;
    }
    const named = !call.result.ok && messageNames(call.result.error.message, key);
    if (!named || call.deliveries.length > 0) problems.push(`${attempt} of ${JSON.stringify(visibleLabel(mine[0]!))} ${outcome(call)}`);
  }
  for (const tool of before.filter((shown) => shown.server !== key)) {
    const call = await session.call(tool.name, undefined, tool.namespace);
    if (call.deliveries.length !== 1 || call.deliveries[0]!.server !== tool.server) problems.push(`${JSON.stringify(visibleLabel(tool))} of live "${tool.server}" ${outcome(call)}`);
  }
  const judged = unread === 2 ? [] : ["server-lost"];
  if (problems.length === 0) return { ok: true as const, judged };
  return {
    ok: false as const,
    judged,
    expected: `after "${key}" died: a call of its tool an error naming "${key}", reaching no server; every other server's tool reaching its server`,
    observed: problems.join("; "),
  };
}

async function recovers(
  env: ClauseEnvironment, live: { open(): Promise<LifecycleSession>; apply(key: string, step: { kind: "reachable" }): Promise<void> }, value: LossCase, key: string,
) {
  const first = await live.open();
  await first.close();
  await live.apply(key, { kind: "reachable" });
  const second = await live.open();
  const reached = await reachedBy(second);
  const wanted = targetOf(value).tools.map((tool) => tool.name);
  const got = new Set(reached.filter((tool) => tool.server === key).map((tool) => tool.name));
  if (got.size >= wanted.length) return { ok: true as const, judged: ["server-recovered"] };
  // A host that shows nothing of a world with nothing to refuse says nothing here about a server coming back.
  if (reached.length === 0 && !await env.acceptsCleanWorld()) return { ok: true as const, judged: [] };
  return {
    ok: false as const,
    judged: ["server-recovered"],
    expected: `"${key}", unreachable at the first open and reachable at the second, shows its ${wanted.length} tool(s) at the second open`,
    observed: `the second open shows ${got.size} tool(s) reaching "${key}"; its errors: ${JSON.stringify(second.opened.outcome.errors)}; shown: ${JSON.stringify(reached.map((tool) => visibleLabel(tool)))}`,
  };
}

export const midSessionLoss = defineClause({
  id: "drift/mid-session-loss",
  level: "MUST",
  summary: "when a server dies mid-session, answer a call of its tool with an error naming it, never served by another server, and keep the other servers working; try a server that failed at one open again at the next",
  why:
    "A stdio server's process dies, or a remote one restarts, in the middle of a long session. A host that " +
    "quietly removes its tools answers the model's next call with \"no such tool\", which reads as the model's " +
    "mistake rather than an outage (anthropics/claude-code#57513); a host that routes the call by bare name " +
    "may run it on another server. And a server that was not up when the host started must not stay lost " +
    "for the life of the host process once it is back (NousResearch/hermes-agent#112445).",
  checkSituations: {
    "server-lost": "a server whose tool the host had called died mid-session, and its tool was called again",
    "server-recovered": "a server unreachable at one open was reachable at the next open of the same configuration",
  },
  sources: ["anthropics/claude-code#57513", "NousResearch/hermes-agent#112445", "adonis importer \"its tools are unknown, not gone\""],
  arbitrary: () => fc.record<LossCase>({ world: lifecycleWorld({ maxServers: 3 }), target: fc.nat({ max: 2 }), mode: fc.constantFrom("dies", "recovers") }),
  // alpha dies beside beta; alpha dies where beta advertises the same name (a call must not find beta's);
  // alpha is down at the first open and back for the second.
  coverage: () => [
    ...constructed<LossCase>(["two-servers", "exact-duplicate"], (world) => ({ world, target: 0, mode: "dies" }), "; alpha dies after open")
      .map((built) => ({ ...built, hazard: "server-lost" })),
    ...constructed<LossCase>(["two-servers"], (world) => ({ world, target: 0, mode: "recovers" }), "; alpha unreachable at the first open, back for the second")
      .map((built) => ({ ...built, hazard: "server-recovered" })),
    ...realLossCases(),
  ],
  worlds: (value: LossCase) => [scripted(value)],
  describeWorlds: (value: LossCase) => [value.mode === "dies"
    ? `"${targetOf(value).key}" dies after the open${downAs(value)}`
    : `"${targetOf(value).key}" unreachable at the first open${downAs(value)}, reachable at the second`],
  requires: ["server-lost", "server-recovered"],
  check: (env, value) =>
    // A server that goes down as only one transport can (a closed port, a closed stdout) runs over that one.
    withLifecycleWorld({ adapter: env.adapter, servers: env.servers, capabilities: env.capabilities, transport: transportFor(env.host, scripted(value)) ?? env.transport }, scripted(value), async (live) => {
      const key = targetOf(value).key;
      return value.mode === "dies" ? dies(await live.open(), live, key) : recovers(env, live, value, key);
    }),
});

/** The `drift/mid-session-loss` clause (catalogue order: after the other drift clauses). */
export const midSessionLossClauses = [midSessionLoss];
