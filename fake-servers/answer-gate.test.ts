/**
 * The answer gate's rank wait (and its spacing), on a fake clock: a server holds its first answer until the
 * lower ranks have answered, or until a wait that grows with the host's measured pace while the host has
 * contacted a lower rank (so a loaded machine cannot release an answer out of its scripted order), never
 * past its ceiling, and only the least wait for a lower rank never contacted (so a host that refused a
 * server, or lists one at a time, is slowed as little as before). The clock is fake: these tests check the
 * rule, not how long anything takes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AnswerGate, LATENESS_SPACING_FACTOR, MAX_BUSY_WAIT_MS, MAX_RANK_WAIT_MS, PACE_FACTOR, PACED_SPACING_MS, SPACING_FACTOR, UNPACED_SPACING_MS,
} from "./answer-gate.ts";

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Turns of the (real) event loop: a wait that ran out gives up only after the loop went round. */
async function loopTurns(count = 4): Promise<void> {
  for (let turn = 0; turn < count; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Whether `promise` has settled, after the microtasks and event-loop turns queued so far ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  await loopTurns();
  return done;
}

describe("AnswerGate rank wait", () => {
  it("is the least wait until the host's pace is seen, then PACE_FACTOR times the slowest pace, up to the ceiling", () => {
    const gate = new AnswerGate(new Map(), 250, 30);
    expect(gate.rankWaitMs).toBe(250);
    gate.observeHandling(10);
    expect(gate.rankWaitMs).toBe(250);
    gate.observeHandling(80);
    expect(gate.rankWaitMs).toBe(80 * PACE_FACTOR);
    gate.observeHandling(5);
    expect(gate.rankWaitMs).toBe(80 * PACE_FACTOR);
    gate.observeHandling(MAX_RANK_WAIT_MS);
    expect(gate.rankWaitMs).toBe(MAX_RANK_WAIT_MS);
    expect(new AnswerGate(new Map(), 10_000).rankWaitMs).toBe(10_000);
  });

  it("holds a server for its lower rank and releases it on that answer", async () => {
    const gate = new AnswerGate(new Map([["a_b", 0], ["a", 1]]), 250, 0);
    const turn = gate.turn("a");
    expect(await settled(turn)).toBe(false);
    gate.done("a_b");
    expect(await settled(turn)).toBe(true);
  });

  it("on a slow host, waits past the least wait for a contacted lower rank, as long as the pace asks", async () => {
    const gate = new AnswerGate(new Map([["a_b", 0], ["a", 1]]), 250, 0);
    gate.contact("a_b");
    gate.observeHandling(100);
    const turn = gate.turn("a");
    await vi.advanceTimersByTimeAsync(250);
    expect(await settled(turn)).toBe(false);
    await vi.advanceTimersByTimeAsync(100 * PACE_FACTOR - 250);
    expect(await settled(turn)).toBe(true);
  });

  it("lengthens the wait of a server already waiting when a slower pace, or the lower rank's contact, is seen", async () => {
    const gate = new AnswerGate(new Map([["a_b", 0], ["a", 1]]), 250, 0);
    const turn = gate.turn("a");
    await vi.advanceTimersByTimeAsync(100);
    gate.contact("a_b");
    await vi.advanceTimersByTimeAsync(100);
    gate.observeHandling(60);
    await vi.advanceTimersByTimeAsync(300);
    expect(await settled(turn)).toBe(false);
    gate.done("a_b");
    expect(await settled(turn)).toBe(true);
  });

  it("answers anyway at the least wait when the host shows no slow pace: a host listing one server at a time is not stuck", async () => {
    const gate = new AnswerGate(new Map([["a_b", 0], ["a", 1]]), 250, 0);
    gate.contact("a_b");
    gate.observeHandling(3);
    const turn = gate.turn("a");
    await vi.advanceTimersByTimeAsync(249);
    expect(await settled(turn)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(turn)).toBe(true);
  });

  it("waits only the least wait, however slow the host, for a lower rank it never contacted (refused, or not yet listed)", async () => {
    const gate = new AnswerGate(new Map([["a_b", 0], ["a", 1]]), 250, 0);
    gate.observeHandling(100);
    const turn = gate.turn("a");
    await vi.advanceTimersByTimeAsync(250);
    expect(await settled(turn)).toBe(true);
  });
});

describe("AnswerGate wait for a lower rank that owes an answer", () => {
  it("holds a server however long the lower rank's request is held (its latency, a stalled machine), and records the order answers were sent", async () => {
    const gate = new AnswerGate(new Map([["alpha", 0], ["beta", 1]]), 250, 0);
    gate.contact("alpha");
    gate.heard("alpha", true); // alpha's initialize, held by its latency
    const turn = gate.turn("beta");
    await vi.advanceTimersByTimeAsync(MAX_RANK_WAIT_MS * 2);
    expect(await settled(turn)).toBe(false);
    gate.settled("alpha"); // initialize answered: the host owes alpha its next message
    gate.heard("alpha", false); // notifications/initialized
    gate.heard("alpha", true); // tools/list
    await vi.advanceTimersByTimeAsync(MAX_RANK_WAIT_MS * 2);
    expect(await settled(turn)).toBe(false);
    gate.settled("alpha");
    gate.firstAnswer("alpha");
    expect(await settled(turn)).toBe(true);
    gate.firstAnswer("beta");
    expect(gate.answerOrder).toEqual(["alpha", "beta"]);
  });

  it("gives up on a lower rank that never answers a request only at the ceiling", async () => {
    const gate = new AnswerGate(new Map([["alpha", 0], ["beta", 1]]), 250, 0);
    gate.contact("alpha");
    gate.heard("alpha", true);
    const turn = gate.turn("beta");
    await vi.advanceTimersByTimeAsync(MAX_BUSY_WAIT_MS - 1);
    expect(await settled(turn)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(turn)).toBe(true);
    expect(gate.answerOrder).toEqual([]);
  });

  it("counts the rank wait from the host's last message to the lower rank, not from when the server began waiting", async () => {
    const gate = new AnswerGate(new Map([["alpha", 0], ["beta", 1]]), 250, 0);
    gate.contact("alpha");
    const turn = gate.turn("beta");
    await vi.advanceTimersByTimeAsync(200);
    gate.heard("alpha", false);
    await vi.advanceTimersByTimeAsync(249);
    expect(await settled(turn)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(turn)).toBe(true);
  });

  it("does not give up before the event loop went round: a message the host had queued behind a stall is heard first", async () => {
    const gate = new AnswerGate(new Map([["alpha", 0], ["beta", 1]]), 250, 0);
    gate.contact("alpha");
    const turn = gate.turn("beta");
    // The whole wait passes at once, as in a stalled process: the overdue timer runs first...
    vi.advanceTimersByTime(250);
    // ...then the host's tools/list to alpha, already queued, arrives before the gate gives up.
    gate.heard("alpha", true);
    await loopTurns();
    expect(await settled(turn)).toBe(false);
    gate.settled("alpha");
    gate.firstAnswer("alpha");
    expect(await settled(turn)).toBe(true);
  });
});

describe("AnswerGate spacing", () => {
  it("is the unpaced spacing until the host's pace is seen, then a few times the slowest pace, at least the paced floor, never above the cap", () => {
    const gate = new AnswerGate(new Map(), 250, 1_000);
    expect(gate.spacingMs).toBe(UNPACED_SPACING_MS);
    gate.observeHandling(1);
    expect(gate.spacingMs).toBe(PACED_SPACING_MS);
    gate.observeHandling(20);
    expect(gate.spacingMs).toBe(SPACING_FACTOR * 20);
    gate.observeHandling(1);
    expect(gate.spacingMs).toBe(SPACING_FACTOR * 20);
    // opencode's pace at rest: the answers are kept further apart than one handling of its own.
    gate.observeHandling(31);
    expect(gate.spacingMs).toBeGreaterThan(31);
    gate.observeHandling(5_000);
    expect(gate.spacingMs).toBe(1_000);
    expect(new AnswerGate(new Map(), 250, 20).spacingMs).toBe(20);
    expect(new AnswerGate(new Map()).spacingMs).toBe(0);
  });

  it("grows with the machine's lateness as of each answer and shrinks back with it, whatever pace the host showed at its initialize", () => {
    let lag = 0;
    const gate = new AnswerGate(new Map(), 250, 1_000, () => lag);
    gate.observeHandling(2);
    expect(gate.spacingMs).toBe(SPACING_FACTOR * 2);
    // Loaded after the host's initialize: its handling said 2 ms, the machine is now 8 ms late.
    lag = 8;
    expect(gate.spacingMs).toBe(LATENESS_SPACING_FACTOR * 8);
    lag = 1;
    expect(gate.spacingMs).toBe(SPACING_FACTOR * 2);
    // However late the machine, the lateness asks for no more than the unpaced floor; the host's pace may.
    lag = 10_000;
    expect(gate.spacingMs).toBe(UNPACED_SPACING_MS);
    gate.observeHandling(5_000);
    expect(gate.spacingMs).toBe(1_000);
    // In memory there is no wire to space: the cap of 0 wins over any lateness.
    expect(new AnswerGate(new Map(), 250, 0, () => 40).spacingMs).toBe(0);
  });

  it("keeps the unpaced spacing while the machine's lateness is unknown (no sample yet, a sampler that failed), whatever the host's pace", () => {
    let lateness: number | undefined;
    const gate = new AnswerGate(new Map(), 250, 1_000, () => lateness);
    gate.observeHandling(1);
    expect(gate.spacingMs).toBe(UNPACED_SPACING_MS);
    lateness = Number.NaN;
    expect(gate.spacingMs).toBe(UNPACED_SPACING_MS);
    lateness = 0.5;
    expect(gate.spacingMs).toBe(PACED_SPACING_MS);
  });
});

describe("AnswerGate listedOneAtATime", () => {
  it("holds when the host asked each server for its list only after the ones before had answered", () => {
    const gate = new AnswerGate(new Map([["alpha", 0], ["beta", 1]]), 250, 0);
    gate.askedList("alpha");
    expect(gate.listedOneAtATime).toBe(false); // one list asked: nothing to compare yet
    gate.firstAnswer("alpha");
    gate.askedList("beta");
    gate.firstAnswer("beta");
    expect(gate.listedOneAtATime).toBe(true);
  });

  it("does not hold once the host asked a list while another's first list was unanswered, whatever came after", () => {
    const gate = new AnswerGate(new Map([["alpha", 0], ["beta", 1], ["gamma", 2]]), 250, 0);
    gate.askedList("alpha");
    gate.askedList("beta");
    gate.firstAnswer("alpha");
    gate.firstAnswer("beta");
    gate.askedList("gamma");
    expect(gate.listedOneAtATime).toBe(false);
  });

  it("tells a host that waits from one that happened not to overlap: askedAfterWait names a server left unasked until the wait for it ran out", async () => {
    // One at a time: alpha (rank 1) is asked first and held for beta, which the host does not ask until
    // alpha's answer goes out without it.
    const waits = new AnswerGate(new Map([["beta", 0], ["alpha", 1]]), 5, 0);
    waits.askedList("alpha");
    const held = waits.turn("alpha");
    expect(await settled(held)).toBe(false);
    await vi.advanceTimersByTimeAsync(5);
    expect(await settled(held)).toBe(true);
    waits.firstAnswer("alpha");
    waits.askedList("beta");
    waits.firstAnswer("beta");
    expect(waits.listedOneAtATime).toBe(true);
    expect(waits.askedAfterWait).toEqual(["beta"]);
    // All at once, reached in the scripted order: no two lists outstanding, yet no wait ever ran out.
    const parallel = new AnswerGate(new Map([["alpha", 0], ["beta", 1]]), 5, 0);
    parallel.askedList("alpha");
    expect(await settled(parallel.turn("alpha"))).toBe(true);
    parallel.firstAnswer("alpha");
    parallel.askedList("beta");
    expect(await settled(parallel.turn("beta"))).toBe(true);
    parallel.firstAnswer("beta");
    expect(parallel.listedOneAtATime).toBe(true);
    expect(parallel.askedAfterWait).toEqual([]);
  });

  it("counts a server that will never answer (unreachable) as done, not as one still owed", () => {
    const gate = new AnswerGate(new Map([["alpha", 0], ["beta", 1]]), 250, 0);
    gate.askedList("alpha");
    gate.done("alpha");
    gate.askedList("beta");
    expect(gate.listedOneAtATime).toBe(true);
  });
});
