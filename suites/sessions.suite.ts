/**
 * Clause `lifecycle/sessions-independent`: one host process serves many sessions (an IDE's window, an agent
 * framework's long-lived process, this harness's adapter), so what one session does must leave no trace in
 * the next. A registry kept for the life of the process turns one failed call into a server gone for good
 * (Vigil-SOC/vigil#809), and makes every later verdict about something else. The clause opens a
 * configuration, opens other worlds that go wrong in between, and opens the first again. The runner also
 * charges it with any violation of another clause that showed only on a process that had served earlier
 * cases (harness/runner/fresh-hosts.ts).
 */
import fc from "fast-check";
import {
  canonicalErrors, canonicalSurface, collidingWorld, defineClause, failingWorld, judgedServers, lifecycleWorld, nonDeterminism, refusedAny, sessionComparison, worldOf,
  type ClauseEnvironment, type ConstructedCase, type SessionObservation, type World,
} from "../harness/index.ts";

interface IndependenceCase {
  /** The configuration opened first and last. */
  world: World;
  /** Worlds opened in between, each with every shown tool called once. */
  between: World[];
}

/** `world` with every call of its first server losing its answer (the connection drops after receipt). */
const losingAnswers = (world: World): World => ({
  servers: world.servers.map((server, index) => (index === 0 ? { ...server, loseAnswers: ["*"] } : server)),
});

const keys = (world: World) => world.servers.map((server) => server.key);

/**
 * What a session lets a model reach, names aside: for each shown tool, the server and wire name its call
 * reached, sorted. Whether names stay put from one open to the next is names/deterministic's business; this
 * clause is about what earlier sessions did to what is reachable.
 */
const reachable = (observation: SessionObservation) =>
  canonicalSurface(observation).map((entry) => JSON.stringify((JSON.parse(entry) as unknown[]).slice(1))).sort();
const list = (names: readonly string[]) => `[${names.map((name) => JSON.stringify(name)).join(", ")}]`;

/** Whether the host kept some server of `world` in `observation` (else the session judged nothing to compare). */
async function keptSome(env: ClauseEnvironment, world: World, observation: SessionObservation): Promise<boolean> {
  const clean = refusedAny(world, observation) && await env.acceptsCleanWorld();
  return judgedServers(world, observation, clean).some(Boolean);
}

const plain = worldOf(["alpha", ["request"]], ["beta", ["search"]]);

/** What goes wrong between the two opens, each alone: the failures a host may carry over. */
const plan = (): ConstructedCase<IndependenceCase>[] => [
  { title: "a call of alpha's tool whose answer was lost", between: [losingAnswers(plain)] },
  { title: "alpha dying while it lists its tools", between: [worldOf({ key: "alpha", tools: ["request", "search"], failure: "list-crash" }, ["beta", ["search"]])] },
  { title: "an open a careful host refuses alpha in (a name a provider refuses)", between: [worldOf(["alpha", ["request", "a/b"]], ["beta", ["search"]])] },
  { title: "calls of tools named like Object.prototype's members", between: [worldOf(["alpha", ["__proto__", "constructor", "toString"]], ["beta", ["search"]])] },
].map(({ title, between }) => ({
  hazard: "sessions-compared",
  title: `alpha: request · beta: search, opened before and after ${title}`,
  value: { world: structuredClone(plain), between },
}));

export const sessionsIndependent = defineClause({
  id: "lifecycle/sessions-independent",
  level: "MUST",
  summary: "give a configuration the same reachable tools, routes and errors whatever earlier sessions of the same host process did: a lost answer, a server that crashed, a refused open leave no trace in a later session",
  why:
    "A host process serves many sessions: an IDE window, a long-lived agent framework, a gateway. A registry " +
    "that outlives a session turns one failed call into a server gone for the life of the process (one agent " +
    "backend pruned a server after any failed call, until it restarted), and every later answer is about " +
    "something that happened before. A fresh session must start from the configuration, not from history.",
  checkSituations: {
    "sessions-compared": "one configuration was opened before and after other sessions, and the host kept some of its servers both times",
  },
  sources: ["Vigil-SOC/vigil#809"],
  arbitrary: () => fc.record({
    world: lifecycleWorld({ minServers: 2, maxServers: 3 }),
    between: fc.array(fc.oneof(failingWorld({ maxServers: 2 }), collidingWorld({ maxServers: 3 }), lifecycleWorld({ minServers: 1, maxServers: 2 }).map(losingAnswers)), { minLength: 1, maxLength: 2 }),
  }),
  coverage: plan,
  worlds: (value: IndependenceCase) => [value.world, ...value.between],
  describeWorlds: (value: IndependenceCase) => [
    `opened first and last: ${list(keys(value.world))}`,
    ...value.between.map((world, index) => `opened in between (${index + 1}), every shown tool called: ${list(keys(world))}`),
  ],
  requires: ["sessions-compared"],
  async check(env, value) {
    const before = await env.observe(value.world);
    for (const world of value.between) await env.observe(world, { fresh: true });
    const after = await env.observe(value.world, { fresh: true });
    const [a, b] = [reachable(before), reachable(after)];
    const [ea, eb] = [canonicalErrors(before, keys(value.world)), canonicalErrors(after, keys(value.world))];
    const compared = await keptSome(env, value.world, before) && await keptSome(env, value.world, after) ? ["sessions-compared"] : [];
    const agree = (x: SessionObservation, y: SessionObservation) =>
      JSON.stringify(reachable(x)) === JSON.stringify(reachable(y)) && canonicalErrors(x, keys(value.world)) === canonicalErrors(y, keys(value.world));
    if (agree(before, after)) return { ok: true, judged: compared };
    // What earlier sessions left is seen only where the configuration, opened once more right after, agrees
    // with the later open: a host that differs between two opens in a row differs by itself (names/deterministic).
    const again = await env.observe(value.world, { fresh: true });
    if (!agree(after, again)) return { ok: true, judged: [], confound: nonDeterminism(value.world, after, again) };
    return {
      ok: false,
      expected: "the same tools reachable, routed to the same servers, and the same errors, for the configuration before and after the sessions in between",
      observed: `before: ${a.join(" ") || "(nothing shown)"} errors ${ea}; after: ${b.join(" ") || "(nothing shown)"} errors ${eb}`,
      judged: compared,
      comparison: sessionComparison(["opened first", `opened again, after ${value.between.length} other session(s)`], [before, after], keys(value.world)),
    };
  },
});

/** The `lifecycle/*` clauses in catalogue order. */
export const sessionsClauses = [sessionsIndependent];
