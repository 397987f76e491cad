/**
 * Readings the prompt and resource clauses share (suites/prompts.suite.ts, resources.suite.ts,
 * context-tracking.suite.ts): the environment a context session needs, what a host lost without a word, which
 * failing server no error names, and the two sessions an order case compares.
 */
import {
  canonicalContext, comparisonOf, contextErrorsText, contextFailedWhole, contextRoutes, errorsNaming, judgedContext, judgedContextKeys, listedOf,
  observeContext, reorder, shownPairs, type CheckOutcome, type ClauseEnvironment, type ContextList, type ContextObservation, type Ordering, type World,
} from "../../harness/index.ts";
import { answeredAs, answerOrderSituations, keysOf, list, orderExercised } from "./answer-timing.ts";

/** `names` as a quoted list. */
export const quotedList = (names: Iterable<string>) => [...names].map((name) => JSON.stringify(name)).join(", ");

/** What each list is called in a sentence. */
export const LIST_WORDS: Readonly<Record<ContextList, string>> = { prompts: "prompts", resources: "resources", templates: "resource templates" };

/** The lists of a family a host declares it shows: prompts, or resources (and templates where declared). */
export function familyLists(env: Pick<ClauseEnvironment, "capabilities">, family: "prompts" | "resources"): ContextList[] {
  if (family === "prompts") return ["prompts"];
  return env.capabilities.resourceTemplates ? ["resources", "templates"] : ["resources"];
}

/**
 * Per healthy server (one that answers the list), what it lists of `lists` that the host does not show, by
 * (server, name or URI): a template without variables that repeats a resource of its server counts as shown
 * with that resource.
 */
export function contextShortfalls(world: World, observation: ContextObservation, lists: readonly ContextList[]): Array<{ key: string; missing: string[] }> {
  const shown = shownPairs(observation, lists);
  return world.servers.flatMap((server) => {
    const missing = [...new Set(lists.flatMap((list) => listedOf(server, list)))].filter((wire) => !shown.has(JSON.stringify([server.key, wire])));
    return missing.length > 0 ? [{ key: server.key, missing }] : [];
  });
}

/** `no-silent-loss` for a family: every listed item shown, or an error naming its server, or the whole open failed. */
export async function noSilentLoss(env: ClauseEnvironment, value: World, lists: readonly ContextList[]): Promise<CheckOutcome> {
  const observation = await observeContext(env, value);
  const judged = await judgedContext(env, value, observation, lists);
  if (contextFailedWhole(observation, lists)) return { ok: true, judged };
  const lost = contextShortfalls(value, observation, lists).filter(({ key }) => errorsNaming(observation, key).length === 0);
  if (lost.length === 0) return { ok: true, judged };
  return {
    ok: false,
    expected: `every ${lists.map((item) => LIST_WORDS[item]).join(" and ")} entry a server lists shown, or an error naming its server, or the whole open failed`,
    observed: lost.map(({ key, missing }) => `${quotedList(missing)} of "${key}" not shown and no error names "${key}"`).join("; "),
    judged,
  };
}

/** `failing-server-named` for a family: a server whose list of `lists` fails is named; the others' entries shown. */
export async function failingServerNamed(env: ClauseEnvironment, value: World, lists: readonly ContextList[]): Promise<CheckOutcome> {
  const observation = await observeContext(env, value, { fetch: false });
  const judged = await judgedContext(env, value, observation, lists);
  if (contextFailedWhole(observation, lists)) return { ok: true, judged };
  const problems = [
    ...value.servers.filter((server) => lists.some((item) => server.contextErrors?.includes(item)) && errorsNaming(observation, server.key).length === 0)
      .map((server) => `"${server.key}" answered ${quotedList(lists.filter((item) => server.contextErrors?.includes(item)).map((item) => LIST_WORDS[item]))} with an error and no error names it`),
    ...contextShortfalls(value, observation, lists).filter(({ key }) => !value.servers.find((server) => server.key === key)?.contextErrors?.length)
      .map(({ key, missing }) => `"${key}" is healthy, but ${quotedList(missing)} of it not shown`),
  ];
  if (problems.length === 0) return { ok: true, judged };
  return {
    ok: false,
    expected: "an error naming each server whose list failed, and every entry of the other servers shown (or the whole open failed with an error)",
    observed: `${problems.join("; ")}; errors: ${JSON.stringify(observation.open.outcome.errors)}`,
    judged,
  };
}

/** An order case: a world opened as configured, then reconfigured (`config`) or answering in another order (`answer`). */
export interface OrderCase {
  world: World;
  by: "config" | "answer";
  order: Ordering;
}

/** The world with each server answering its first tools/list at the rank `order` gives it (the fake servers' answer gate holds it). */
function answering(world: World, order: Ordering): World {
  const ranks = new Map(reorder(keysOf(world), order).map((key, rank) => [key, rank]));
  return { servers: world.servers.map((server) => ({ ...server, answerRank: ranks.get(server.key)! })) };
}

/** The two worlds an order case opens. */
export function orderWorlds(value: OrderCase): [World, World] {
  return value.by === "config" ? [value.world, { servers: reorder(value.world.servers, value.order) }] : [answering(value.world, []), answering(value.world, value.order)];
}

/** What distinguishes the two worlds of an order case, as the report titles them. */
export function describeOrderWorlds(value: OrderCase): string[] {
  const [first, second] = orderWorlds(value);
  return value.by === "config"
    ? [`configured as ${list(keysOf(first))}`, `configured as ${list(keysOf(second))}`]
    : [`servers answer in the order ${list(reorder(keysOf(first), []))}`, `servers answer in the order ${list(reorder(keysOf(value.world), value.order))}`];
}

/** What an order case's check reports beside the world situations. */
export const orderSituations = {
  "servers-permuted": "two servers that both sessions judged came in another configuration order the second time",
  ...answerOrderSituations,
} as const;

/** `order-independent` for a family: both sessions show the same entries, each reaching the same server and name, and name the same servers in errors. */
export async function orderIndependent(env: ClauseEnvironment, value: OrderCase, family: "prompts" | "resources"): Promise<CheckOutcome> {
  const lists = familyLists(env, family);
  const [a, b] = orderWorlds(value);
  const first = await observeContext(env, a);
  const second = await observeContext(env, b);
  const keys = keysOf(value.world);
  const [sa, sb] = [canonicalContext(first, family), canonicalContext(second, family)];
  const [ea, eb] = [contextErrorsText(first, keys, lists), contextErrorsText(second, keys, lists)];
  const again = new Set(await judgedContext(env, b, second, lists));
  const judged = (await judgedContext(env, a, first, lists)).filter((situation) => again.has(situation));
  const [ka, kb] = [await judgedContextKeys(env, a, first, lists), await judgedContextKeys(env, b, second, lists)];
  const both = new Set([...ka].filter((key) => kb.has(key)));
  const exercised = value.by === "config"
    ? { judged: both.size >= 2 && JSON.stringify(keysOf(a).filter((key) => both.has(key))) !== JSON.stringify(keysOf(b).filter((key) => both.has(key))) ? ["servers-permuted"] : [] }
    : orderExercised(first, second, both);
  const titles = value.by === "config" ? describeOrderWorlds(value) : [answeredAs(first.answerOrder, reorder(keysOf(value.world), [])), answeredAs(second.answerOrder, reorder(keysOf(value.world), value.order))];
  const all = [...judged, ...exercised.judged];
  if (JSON.stringify(sa) === JSON.stringify(sb) && ea === eb) return { ok: true, judged: all, ...("note" in exercised && exercised.note ? { note: exercised.note } : {}) };
  return {
    ok: false,
    expected: `the same ${family}, each reaching the same server and name, and the same servers named in errors, whatever the ${value.by === "config" ? "configuration" : "answer"} order`,
    observed: `${titles[0]}: ${sa.join(" ") || "(nothing shown)"} errors ${ea} | ${titles[1]}: ${sb.join(" ") || "(nothing shown)"} errors ${eb}`,
    judged: all,
    comparison: comparisonOf([`first session: ${titles[0]}`, `second session: ${titles[1]}`], [contextRoutes(first, family), contextRoutes(second, family)], [ea, eb]),
  };
}
