/**
 * Cases that open one world twice with its servers answering in two scripted orders (the fake servers'
 * answer gate decides the order, so no scheduling jitter does; the clauses compare the order the servers
 * recorded, see SessionObservation.answerOrder): what `order/arrival-timing` and
 * `order/stable-list` compare.
 */
import { reorder, type Ordering, type SessionObservation, type World } from "../../harness/index.ts";

/** One world and the two orders its servers answer their first tools/list in. */
export interface TimingCase {
  world: World;
  /** The order the servers answer tools/list in, first session and second. */
  first: Ordering;
  second: Ordering;
  /** Extra per-server delays before initialize and tools/list answers. */
  delays: number[];
}

/** The configuration keys of `world`, in configuration order. */
export const keysOf = (world: World) => world.servers.map((server) => server.key);

/** `["a", "b"]`: names as a quoted list, as the cases' titles and observations print them. */
export const list = (names: readonly string[]) => `[${names.map((name) => JSON.stringify(name)).join(", ")}]`;

/** The keys of the world in the order `answering` scripts its servers to answer their first tools/list (what happened: SessionObservation.answerOrder). */
export const scriptedOrder = (value: TimingCase, answering: Ordering) => reorder(keysOf(value.world), answering);

/**
 * The world with its servers answering their first tools/list in the order `answering` gives (scripted
 * by the fake servers' answer gate, so no scheduling jitter decides it) and with small latencies.
 */
export function timed(value: TimingCase, answering: Ordering): World {
  const ranks = new Map(scriptedOrder(value, answering).map((key, rank) => [key, rank]));
  return {
    servers: value.world.servers.map((server, index) => ({
      ...server,
      answerRank: ranks.get(server.key)!,
      latency: { initialize: value.delays[index % value.delays.length] ?? 0, toolsList: value.delays[(index + 1) % value.delays.length] ?? 0 },
    })),
  };
}

/** The two worlds a timing case opens: answering in its first order, then in its second. */
export const timingWorlds = (value: TimingCase): World[] => [timed(value, value.first), timed(value, value.second)];

/**
 * What distinguishes the two worlds of a timing case, as the report titles them: the script, said to be one
 * (a host that lists one server at a time makes the servers answer in its own order; what they did is in
 * each session's title, from SessionObservation.answerOrder).
 */
export const describeTimingWorlds = (value: TimingCase): string[] => [
  `first session: servers scripted to answer tools/list in the order ${list(scriptedOrder(value, value.first))}`,
  `second session: servers scripted to answer tools/list in the order ${list(scriptedOrder(value, value.second))}`,
];

/**
 * Whether two servers of `among` really answered their first tools/list in another relative order in the
 * second session than in the first: read from the orders the servers recorded (SessionObservation's
 * `answerOrder`), never from the script, so a wait the gate gave up on is not claimed as a reordering.
 */
export function answerOrderChanged(first: readonly string[], second: readonly string[], among: ReadonlySet<string>): boolean {
  const [a, b] = [first.filter((key) => among.has(key) && second.includes(key)), second.filter((key) => among.has(key) && first.includes(key))];
  return a.length >= 2 && JSON.stringify(a) !== JSON.stringify(b);
}

/** `answering in the order ["a", "b"]` as recorded, naming the scripted order too when the two differ. */
export function answeredAs(recorded: readonly string[], scripted: readonly string[]): string {
  const kept = scripted.filter((key) => recorded.includes(key));
  return `answering in the order ${list(recorded)}${JSON.stringify(kept) === JSON.stringify(recorded) ? "" : ` (scripted: ${list(scripted)})`}`;
}

/** The situations both timing clauses report about the answer order, and what each means. */
export const answerOrderSituations = {
  "answer-order-changed": "two servers answered in another order the second time (as the servers recorded their first tools/list answers)",
  "lists-one-at-a-time": "in both sessions the host asked each server for its list only after every server it had asked before had answered, and in one it left a server unasked while the answer it waited for was held back for that server: it lists one server at a time, so the servers answered in its own order whatever their latency",
  "answer-order-exercised": "the answer order was put to the host: it changed between the sessions (answer-order-changed), or the host fixed it itself (lists-one-at-a-time)",
} as const;

/** What a session recorded of the order its servers answered in (a tool session's, or a prompt and resource session's). */
type OrderRecord = Pick<SessionObservation, "answerOrder" | "listedOneAtATime" | "askedAfterWait">;

/**
 * What a timing case's two sessions did with the answer order, among the servers `among` both judged: it
 * changed, or the records show a host that lists one server at a time (then no order but its own can arise,
 * and the pass says so). Neither: the case exercised nothing, and a run of such cases is INCONCLUSIVE.
 *
 * One at a time is read from the records, never assumed: no two first lists outstanding at once in either
 * session is not enough (a host that asks every server at once shows it too when the server it reached first
 * was the one scripted to answer first), so it also takes a session where the host left a server unasked
 * while the answer it waited for was held back for that server, until the wait ran out (askedAfterWait).
 */
export function orderExercised(first: OrderRecord, second: OrderRecord, among: ReadonlySet<string>): { judged: string[]; note?: string } {
  if (answerOrderChanged(first.answerOrder, second.answerOrder, among)) return { judged: ["answer-order-changed", "answer-order-exercised"] };
  const waited = [...(first.askedAfterWait ?? []), ...(second.askedAfterWait ?? [])].some((server) => among.has(server));
  if (first.listedOneAtATime && second.listedOneAtATime && waited) {
    return { judged: ["lists-one-at-a-time", "answer-order-exercised"], note: ONE_AT_A_TIME_NOTE };
  }
  return { judged: [] };
}

/** What a pass says of a host the records show listing one server at a time. */
export const ONE_AT_A_TIME_NOTE = "the host never asked two servers for their lists at once, and left a server unasked while the answer it waited for was held back for that server: it lists its servers one at a time, so they answered in its own order whatever their latency, and no other order could arise";
