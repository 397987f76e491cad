import { afterEach, describe, expect, it } from "vitest";
import { startFakeServerHost, type FakeServerHost } from "../../fake-servers/index.ts";
import { isAdapterError } from "../adapter/adapter-error.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import { guardedHandle } from "./guarded-host.ts";
import { learnNaming } from "./learn-naming.ts";
import { tapAdapter, tapServers } from "./tap.ts";
import { timedWork } from "./timed-work.ts";

/**
 * An in-process host that answers one request at a time as a HAP/1 adapter does (a second request while one
 * is pending is refused, as HapClient refuses it), and whose first open answers only when the test says.
 */
function slowHost() {
  const seen: string[] = [];
  const open = new Set<string>();
  let busy = false;
  let release: () => void = () => undefined;
  const first = new Promise<void>((resolve) => (release = resolve));
  let opens = 0;
  const one = async <T>(what: string, answer: () => Promise<T> | T): Promise<T> => {
    if (busy) throw new Error(`harness bug: ${what} sent while a request is pending`);
    busy = true;
    seen.push(what);
    try {
      return await answer();
    } finally {
      busy = false;
    }
  };
  const adapter: HostAdapter = {
    initialize: async () => { throw new Error("not asked here"); },
    open: () => one("open", async () => {
      const session = `s${++opens}`;
      if (opens === 1) await first;
      open.add(session);
      return { session, outcome: { registered: {}, errors: [] }, diagnostics: [] };
    }),
    tools: (session) => one(`tools ${session}`, () => ({ tools: [] })),
    call: (session) => one(`call ${session}`, () => ({ ok: true, content: [] }) as never),
    close: (session) => one(`close ${session}`, () => void open.delete(session)),
    shutdown: async () => undefined,
  };
  const handle = { adapter, broken: () => false, stderrTail: () => "", stop: async () => undefined };
  return { handle, seen, open, release: () => release() };
}

let servers: FakeServerHost | undefined;
afterEach(async () => {
  await servers?.close();
  servers = undefined;
});

/** Fake servers that count the worlds started and closed. */
async function countedServers() {
  servers = await startFakeServerHost();
  const worlds = { started: 0, closed: 0 };
  return { worlds, servers: tapServers(servers, { started: () => worlds.started++, closing: () => worlds.closed++ }) };
}

describe("a guarded host and work abandoned at its timeout", () => {
  it("the clean-world open that timed out holds the host until it answers, then closes its session; nothing else is sent", async () => {
    const host = slowHost();
    const { worlds, servers } = await countedServers();
    const guarded = guardedHandle(host.handle, 60_000);
    // What a case's evidence would show: what the host answered, not the requests that were never sent.
    const told: string[] = [];
    const tapped = tapAdapter(guarded.adapter, (call) => told.push(call.method));
    // The host's join is not learnt from an open that took too long, and that is no error.
    expect(await learnNaming(tapped, servers, "memory", 10)).toBeUndefined();
    const next = tapped.open({ servers: [] });
    const idle = guarded.idle!();
    host.release();
    await idle;
    expect(guarded.broken()).toBe(false);
    const opened = await next;
    // The late open's session was closed before the next open was sent, and its tools were never asked for.
    expect(host.seen).toEqual(["open", "close s1", "open"]);
    expect(told).toEqual(["open", "close", "open"]);
    expect([...host.open]).toEqual([opened.session]);
    expect(worlds).toEqual({ started: 1, closed: 1 });
  });

  it("a host that never answers the abandoned open is stuck: broken, and a request that waited fails as a hang", async () => {
    const host = slowHost();
    const { servers } = await countedServers();
    const guarded = guardedHandle(host.handle, 10);
    expect(await learnNaming(guarded.adapter, servers, "memory", 10)).toBeUndefined();
    const error = await guarded.adapter.open({ servers: [] }).catch((thrown: unknown) => thrown);
    expect(isAdapterError(error) && error.kind).toBe("timeout");
    expect(String(error)).toMatch(/had not finished the clean-world open/);
    expect(guarded.broken()).toBe(true);
    expect(host.seen).toEqual(["open"]);
    host.release();
  });

  it("work that did not time out asks the host freely, and so does everything outside timed work", async () => {
    const host = slowHost();
    host.release();
    const guarded = guardedHandle(host.handle, 10);
    const opened = await timedWork(60_000, "a case", async () => {
      const { session } = await guarded.adapter.open({ servers: [] });
      await guarded.adapter.tools(session);
      return session;
    });
    await guarded.adapter.close(opened);
    expect(host.seen).toEqual(["open", "tools s1", "close s1"]);
    expect(guarded.broken()).toBe(false);
  });
});
