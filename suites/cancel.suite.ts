/**
 * Clause `wire/cancels-only-pending`: a host cancels no request whose answer it already has. MCP's
 * cancellation is for requests still in progress; Kilo Code CLI 7.7.7 sent `notifications/cancelled` for every
 * call that had finished (found by hand, in the servers' records).
 *
 * The fake servers record every `notifications/cancelled` with the id it names and, from each connection's own
 * book, that request's method and whether the server had already sent its answer (fake-servers/message-record.ts).
 * A cancellation that races an answer (the host gave up just as it was sent) is no violation: only a request
 * the host evidently received the answer to counts, a call whose result it handed back, or the `tools/list` and
 * `initialize` of a server whose tools it shows. The session is closed before the records are read, so a
 * cancellation sent after the call returned is seen too.
 */
import type { MessageRecord } from "../fake-servers/index.ts";
import { defineClause, lifecycleWorld, visibleKey, visibleLabel, withLifecycleWorld, worldOf, type ObservedCall, type World } from "../harness/index.ts";

/** A request the host got the answer to, by server, method and (for a call) wire name. */
const received = (record: MessageRecord, calls: readonly ObservedCall[], shownServers: ReadonlySet<string>): boolean => {
  const cancelled = record.cancelled;
  if (!cancelled?.answered) return false;
  if (cancelled.method === "tools/call") {
    return calls.some((call) => call.result.ok && call.deliveries.some((delivery) => delivery.server === record.server && delivery.tool === cancelled.tool));
  }
  return ["initialize", "tools/list"].includes(cancelled.method) && shownServers.has(record.server);
};

export const cancelsOnlyPending = defineClause({
  id: "wire/cancels-only-pending",
  level: "SHOULD",
  summary: "send notifications/cancelled only for a request still in progress, never for one whose answer it already has (a call it handed back, the list of a server it shows)",
  why:
    "MCP's cancellation notification is for a request the sender believes still in progress. A host that cancels " +
    "every request once it has the answer (Kilo Code CLI 7.7.7 did so for every finished call) fills each " +
    "server's log with cancellations of work that was done, and a server that acts on a cancellation it cannot " +
    "tell from a real one (rolls back, aborts the next request on the connection, counts a failure) is misled. " +
    "A server may ignore such a notification, so nothing the model sees changes: a SHOULD.",
  checkSituations: {
    "answered-call": "a call reached a server, and the host answered the call",
  },
  sources: ["MCP spec Cancellation", "found by hand: Kilo Code CLI 7.7.7"],
  arbitrary: () => lifecycleWorld({ maxServers: 3, maxTools: 2 }),
  coverage: () => [{ hazard: "answered-call", title: "alpha: request, search · beta: query, each called once", value: worldOf(["alpha", ["request", "search"]], ["beta", ["query"]]) }],
  worlds: (value: World) => [value],
  requires: ["answered-call"],
  check: (env, value) =>
    withLifecycleWorld(env, value, async (live) => {
      const session = await live.open();
      const tools = await session.tools();
      const calls: ObservedCall[] = [];
      for (const tool of new Map(tools.map((each) => [visibleKey(each), each])).values()) calls.push(await session.call(tool.name, undefined, tool.namespace));
      // Closed first: a cancellation sent after the call returned has reached its server by the time it is read.
      await session.close();
      const shownServers = new Set(tools.flatMap((tool) => (tool.identity ? [tool.identity.server] : [])));
      // Judged where a call reached a server and the host answered it (a cancellation could have come after);
      // charged only where the host's answer carried the server's (see received).
      const judged = calls.some((call) => call.deliveries.length > 0) ? ["answered-call"] : [];
      const late = live.fake.records.filter((record) => record.method === "notifications/cancelled" && received(record, calls, shownServers));
      if (late.length === 0) return { ok: true, judged };
      const calledAs = (record: MessageRecord) => calls.find((call) => call.deliveries.some((delivery) => delivery.server === record.server && delivery.tool === record.cancelled?.tool));
      const said = late.map((record) => {
        const what = record.cancelled!.method === "tools/call" ? `the call of "${record.cancelled!.tool}"${calledAs(record) ? ` (shown as "${visibleLabel(calledAs(record)!)}")` : ""}` : `its ${record.cancelled!.method}`;
        return `"${record.server}" received notifications/cancelled for request ${JSON.stringify(record.requestId)}, ${what}, which it had already answered and whose answer the host had`;
      });
      return { ok: false, judged, expected: "no notifications/cancelled for a request the host already has the answer to", observed: said.join("; ") };
    }),
});

/** The cancellation clauses in catalogue order. */
export const cancelClauses = [cancelsOnlyPending];
