/**
 * One session against a host: start the world's servers, open, read the list, call every shown name once
 * and some names that are not shown, close, tear down. The servers' records are read after each call, so
 * every verdict rests on what the servers received rather than on what the host says it did.
 */
import type { FakeServerHost, MessageRecord } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import type { World } from "../world/world.ts";
import { visibleKey, type VisibleName } from "../protocol/visible-name.ts";
import { identityOf } from "../world/tool-identity.ts";
import { listWithSearch } from "./list-with-search.ts";
import type { ObservedCall, SessionObservation } from "./session-observation.ts";

/** The server transport a run hands its hosts. */
export type ServerTransportKind = "stdio" | "http" | "memory";

/** What one observation should do beyond opening and listing. */
export interface ObserveOptions {
  /** Call every shown name once (default true). */
  probe?: boolean;
  /** Names to call that the host should not know; given the shown names, those among them are skipped. */
  unknownNames?: readonly string[];
  /** Extra arguments sent with each probe, beside the probe nonce. */
  payload?: Record<string, unknown>;
  /**
   * Run this session on the host now, never serve it from an observation cache: what the session does to the
   * host is the point (lifecycle/sessions-independent opens worlds between two opens of another).
   */
  fresh?: boolean;
  /**
   * The server transport of this session instead of the run's: a clause about how a host launches stdio
   * servers (wire/identity-by-key) needs stdio servers whatever the run hands its other clauses.
   */
  transport?: ServerTransportKind;
  /**
   * The host's search tool for deferred tools (HAP/1 `deferredTools`), set by the clause environment: what the
   * host still defers after open is searched for as a model would (list-with-search.ts) before the list is
   * judged, so that a tool the host deferred is never taken for one it lost.
   */
  searchTool?: string;
  /** The host's `deferredTools.above`: it defers only past that many server tools (list-with-search.ts). */
  searchAbove?: number;
}

/** Opens `world` on `adapter`, observes it, and tears everything down whatever happens. */
export async function observeSession(
  adapter: HostAdapter,
  servers: FakeServerHost,
  transport: ServerTransportKind,
  world: World,
  options: ObserveOptions = {},
): Promise<SessionObservation> {
  // Nothing changes in an observed world, so no server of it ever speaks first.
  const fake = await servers.startWorld(world.servers, options.transport ?? transport, { quiet: true });
  let session: string | undefined;
  try {
    const open = await adapter.open({ servers: fake.endpoints.map(({ key, transport }) => ({ key, transport })) });
    session = open.session;
    const listed = await listWithSearch(adapter, session, options.searchTool, world, options.searchAbove);
    const tools = listed.tools.map((tool) => ({ ...tool, identity: identityOf(tool.description) }));
    // A nonce unique within this world (records are per world), and the same on every run of one seed.
    let probes = 0;
    const call = async ({ name, namespace }: VisibleName): Promise<ObservedCall> => {
      const args = { probe: `probe-${++probes}`, ...options.payload };
      const before = fake.records.length;
      const result = namespace === undefined ? await adapter.call(session!, name, args) : await adapter.call(session!, name, args, namespace);
      const deliveries = fake.records.slice(before).filter((record: MessageRecord) => record.method === "tools/call");
      return { name, ...(namespace === undefined ? {} : { namespace }), arguments: args, result, deliveries };
    };
    // Once per visible identity: a (namespace, name) pair where the host shows namespaces, else a name.
    const distinct = new Map(tools.map((tool) => [visibleKey(tool), tool]));
    const shownCalls: ObservedCall[] = [];
    if (options.probe !== false) {
      for (const tool of distinct.values()) shownCalls.push(await call(tool));
    }
    const unknown: ObservedCall[] = [];
    for (const name of new Set(options.unknownNames ?? [])) if (!distinct.has(visibleKey({ name }))) unknown.push(await call({ name }));
    return { open, tools, probes: shownCalls, unknown, records: [...fake.records], answerOrder: [...fake.answerOrder], listedOneAtATime: fake.listedOneAtATime(), askedAfterWait: [...fake.askedAfterWait()] };
  } finally {
    try {
      if (session !== undefined) await adapter.close(session);
    } finally {
      await fake.close();
    }
  }
}
