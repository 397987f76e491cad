/**
 * How many times its slowest handling of one message a host is given to ask a lower-ranked server for its
 * list. Measured on 2 cores under load (ten or twelve processes bursting CPU beside it, 800 opens of
 * Mastra's `a_b` / `a` world): the lower rank's `tools/list` came up to 244 ms after the waiting server's
 * (the fixed 250 ms nearly gave up), and at most 7.5 times the slowest handling seen in the same world
 * (median handling 47 ms under that load, a few ms at rest, where the 250 ms floor still rules).
 */
export const PACE_FACTOR = 20;
/** The rank wait's ceiling, in ms: a host that lists one server at a time, out of rank, waits at most this per server. */
export const MAX_RANK_WAIT_MS = 5_000;

/**
 * The longest a server holds its first answer for a lower rank that still owes the host an answer (its
 * request held by latency or being handled), in ms. Such a lower rank answers by itself, so the wait is not
 * a timing guess; the ceiling only keeps a request the server will never answer (one the host cancelled)
 * from holding the world until it closes.
 */
export const MAX_BUSY_WAIT_MS = 30_000;

/**
 * How many times its slowest handling of one message a host is given between two servers' first answers
 * over a wire. One handling is one read-act-write cycle of the host's; a host stalled for about as long as
 * that (a loaded machine) reads two answers spaced by exactly one cycle in one go, in an order its own
 * scheduling decides. Three cycles leave the answer it was scripted to hear first alone on the wire while
 * it handles it.
 */
export const SPACING_FACTOR = 3;
/**
 * The spacing over a wire before the host showed its pace or the machine its lateness, in ms: a host's handling
 * is measured at its `initialize`, the machine's lateness by a sampler thread from its first sample on, and an
 * answer that goes out before either is spaced as a loaded machine would need. It is also the most the
 * machine's lateness can ask for: a floor of 30 ms (with three of the host's handlings above it) held on loaded
 * machines in the load runs, and a lateness left uncapped made a saturated CI run wait longer than it had
 * (controls over HAP/1 295 s against 249, the replays 1298 s against 1051).
 */
export const UNPACED_SPACING_MS = 30;
/**
 * The least spacing over a wire once the host showed its pace and the machine its lateness, in ms: the few
 * milliseconds a socket or a pipe takes from one process to another on a machine at rest.
 */
export const PACED_SPACING_MS = 5;
/**
 * How many times the machine's recent lateness (fake-servers/machine-lateness.ts) the floor of a wire's spacing
 * is, between {@link PACED_SPACING_MS} and {@link UNPACED_SPACING_MS}.
 * A host's handling is measured once, at its `initialize`, and a machine can be loaded after it: an in-process
 * client over the stdio shims took a few ms there, and at load 10 its two pipes were read in the other order
 * with three times that handling as the spacing (fake-server-host.test.ts "slowed past the rank wait", a
 * fresh-clone `npm test` beside other runs). A loaded machine makes every process on it late, so how late a
 * sampler thread that only sleeps wakes stands for the stall the host (or a shim) may be in when the answer
 * goes out. A fixed floor of 30 ms did the same for the loaded case, and cost every session of a fast host at
 * rest: the reference's default run over HAP/1 and HTTP took 71 and 68 s with it, 49 and 45 s with this
 * (bench/README.md), the same report.
 */
export const LATENESS_SPACING_FACTOR = 3;

/** Event-loop turns a timed-out wait yields before it gives up: what the host had queued runs first. */
const CONFIRM_TURNS = 2;

/**
 * Makes the order in which a world's servers answer their first `tools/list` a property of the script
 * rather than of process scheduling: a server answers only after every server of lower rank has answered.
 * Without it, "who answered first" depends on spawn jitter, and a verdict about arrival order would be a
 * coin toss.
 *
 * How long a server holds for a lower rank depends on where that lower rank stands, never on how fast the
 * machine happens to be:
 * - the lower rank owes the host an answer (a request of the host's arrived: held by latency, handled, or
 *   itself held by this gate): it will answer by itself, so the server waits for it (up to
 *   {@link MAX_BUSY_WAIT_MS}, for a request the server will never answer). A scripted latency on the server
 *   meant to answer first, or a loaded machine stalling its answer, cannot reorder the answers;
 * - the host has begun talking to it (its `initialize` arrived) and owes it the next message: the server
 *   waits until the host was silent towards it for the rank wait (see {@link rankWaitMs}): a host that
 *   lists one server at a time, in any order, is slowed, never deadlocked;
 * - the host never contacted it (it refused it, or lists one server at a time): `maxWaitMs` from the
 *   moment the server began waiting.
 * A wait that runs out yields the event loop {@link CONFIRM_TURNS} times before giving up, so that what the
 * host had already queued (a continuation delayed by a stall of the whole process) is heard first: an
 * overdue timer cannot beat the message it was waiting for.
 *
 * The rank wait follows the host's pace once the host has begun talking to a lower-ranked server:
 * `maxWaitMs`, or {@link PACE_FACTOR} times the slowest handling seen in this world, whichever is longer, up
 * to {@link MAX_RANK_WAIT_MS}. A fixed 250 ms was shorter than the skew between two servers' `tools/list` of
 * a host that lists them at once, once the machine was loaded (issue 32).
 *
 * Over a wire, two answers sent back to back can still reach the host in either order, so each waits a
 * spacing after the previous answer: {@link SPACING_FACTOR} times as long as this host was seen to take to
 * handle one message in this world (the time from a server's `initialize` answer to the next message on
 * that connection: the host read the answer, acted on it and wrote again), and at least a floor of
 * {@link LATENESS_SPACING_FACTOR} times the machine's recent lateness (its load as of the answer), kept
 * between {@link PACED_SPACING_MS} and {@link UNPACED_SPACING_MS} (the latter until both are known), all capped
 * at `maxSpacingMs`. The host's pace is measured per world, so no world's pace leaks into another's. The spacing once was the pace itself, capped at 30 ms: below a real host's pace at
 * rest (opencode's `notifications/initialized` came 31 ms after its `initialize` answer), so on a loaded
 * machine nothing kept two answers apart for it.
 *
 * The gate also writes down the order in which first answers were really sent ({@link answerOrder}): what
 * a clause about arrival order compares, rather than the order it scripted.
 */
export class AnswerGate {
  private readonly answered = new Set<string>();
  /** Keys in the order their first `tools/list` answer was sent. */
  private readonly sent: string[] = [];
  /** Servers whose first `tools/list` request arrived. */
  private readonly listAsked = new Set<string>();
  /** Whether the host ever asked a server for its list while another's first list was still unanswered. */
  private overlapped = false;
  /** Lower ranks a held first answer stopped waiting for (the wait ran out) before the host had asked them for their lists. */
  private readonly waitedOutUnasked = new Set<string>();
  /** Servers whose `initialize` arrived: the host has begun talking to them. */
  private readonly contacted = new Set<string>();
  /** Per server, requests of the host's that arrived and are not answered yet. */
  private readonly owed = new Map<string, number>();
  /** Per server, when a message last passed between it and the host. */
  private readonly lastHeard = new Map<string, number>();
  private readonly waiting = new Set<() => void>();
  private lastAnswerAt = -Infinity;
  /** The slowest handling seen in this world so far, in ms (undefined: none seen yet). */
  private handlingMs: number | undefined;
  private released = false;

  /**
   * @param ranks each server key's rank (lower answers first); servers absent from it never wait.
   * @param maxWaitMs the least rank wait: how long a server waits for lower ranks the host is silent towards
   *   before answering anyway, on a host whose pace asks for no more (see {@link rankWaitMs}).
   * @param maxSpacingMs most time between one answer and the next (0 in memory, where order is exact).
   * @param latenessMs the machine's recent lateness, in ms, undefined while unknown (see {@link LATENESS_SPACING_FACTOR}).
   */
  constructor(
    private readonly ranks: ReadonlyMap<string, number>,
    private readonly maxWaitMs = 250,
    private readonly maxSpacingMs = 0,
    private readonly latenessMs: () => number | undefined = () => 0,
  ) {}

  /** Whether `server` has answered its first `tools/list` (or will not be waited for). */
  hasAnswered(server: string): boolean {
    return this.answered.has(server);
  }

  /** The servers that sent their first `tools/list` answer, in the order they sent it. */
  get answerOrder(): readonly string[] {
    return this.sent;
  }

  /**
   * Whether no two first `tools/list` requests were ever outstanding at once: at least two were asked, and
   * none while another server's first list was still unanswered. Alone this says nothing of the host's
   * policy: a host that asks all its servers at once shows it too whenever the server it asked first was
   * scripted to answer first (its answer went out before the next request came). What shows a host that
   * waits is {@link askedAfterWait}.
   */
  get listedOneAtATime(): boolean {
    return this.listAsked.size >= 2 && !this.overlapped;
  }

  /**
   * The servers the host asked for their first list only after a wait for them ran out: another server's
   * first answer was held until they had answered, and went out without them because the host had not asked
   * them yet. With {@link listedOneAtATime}, the records of a host that asks one server at a time, in its own
   * order: it left a server unasked while the answer it waited for was held back for that server.
   */
  get askedAfterWait(): string[] {
    return [...this.waitedOutUnasked].filter((server) => this.listAsked.has(server));
  }

  /** Notes that the host asked `server` for its first `tools/list` (before the gate holds it). */
  askedList(server: string): void {
    if (this.listAsked.has(server)) return;
    if ([...this.listAsked].some((other) => !this.answered.has(other))) this.overlapped = true;
    this.listAsked.add(server);
  }

  /** Marks `server` as never going to answer (unreachable, or its connection ended first) and wakes the waiters. */
  done(server: string): void {
    if (this.answered.has(server)) return;
    this.answered.add(server);
    this.lastAnswerAt = performance.now();
    this.wake();
  }

  /** Notes that `server` sent its first `tools/list` answer: recorded in {@link answerOrder}, and the waiters wake. */
  firstAnswer(server: string): void {
    if (this.answered.has(server)) return;
    this.sent.push(server);
    this.done(server);
  }

  /** Notes that the host sent `server` its `initialize`: a lower rank worth waiting for at the host's pace. */
  contact(server: string): void {
    if (this.contacted.has(server)) return;
    this.contacted.add(server);
    this.wake();
  }

  /** Notes a message from the host to `server`; a request (`owes`) leaves the server owing an answer. */
  heard(server: string, owes: boolean): void {
    this.lastHeard.set(server, performance.now());
    if (owes) this.owed.set(server, (this.owed.get(server) ?? 0) + 1);
    this.wake();
  }

  /** Notes that `server` no longer owes `count` answers: it sent one, or the connection they were asked on ended. */
  settled(server: string, count = 1): void {
    if (count <= 0) return;
    this.lastHeard.set(server, performance.now());
    this.owed.set(server, Math.max(0, (this.owed.get(server) ?? 0) - count));
    this.wake();
  }

  /** Notes how long the host took to handle one message: answer sent to its next message received, in ms. */
  observeHandling(ms: number): void {
    if (ms <= (this.handlingMs ?? -1)) return;
    this.handlingMs = ms;
    // A slower pace lengthens the rank wait of every server already waiting.
    this.wake();
  }

  /** The least time between one first answer and the next, in ms, as of now (the machine's lateness moves it). */
  get spacingMs(): number {
    const lateness = this.latenessMs();
    // Until the host's pace and the machine's lateness are both known (a lateness that is not a number is a
    // sampler that failed), the loaded machine's floor; then the lateness, within PACED and UNPACED.
    const floor = this.handlingMs === undefined || lateness === undefined || !Number.isFinite(lateness)
      ? UNPACED_SPACING_MS
      : Math.min(UNPACED_SPACING_MS, Math.max(PACED_SPACING_MS, LATENESS_SPACING_FACTOR * lateness));
    return Math.min(this.maxSpacingMs, Math.max(floor, SPACING_FACTOR * (this.handlingMs ?? 0)));
  }

  /** The longest a server holds its first answer for a contacted lower rank the host is silent towards, in ms. */
  get rankWaitMs(): number {
    return Math.max(this.maxWaitMs, Math.min(MAX_RANK_WAIT_MS, PACE_FACTOR * (this.handlingMs ?? 0)));
  }

  /** Resolves once every lower-ranked server has answered (plus the spacing), or once it is given up on. */
  async turn(server: string): Promise<void> {
    await this.lowerRanks(server);
    const wait = this.lastAnswerAt + this.spacingMs - performance.now();
    if (wait > 0 && !this.released) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  /** Releases every waiter at once (the world is closing). */
  release(): void {
    this.released = true;
    for (const server of this.ranks.keys()) this.answered.add(server);
    this.wake();
  }

  private wake(): void {
    for (const check of [...this.waiting]) check();
  }

  /** When the wait for lower rank `other` runs out, for a server that began waiting at `since` (see the class comment). */
  private givenUpAt(other: string, since: number): number {
    if ((this.owed.get(other) ?? 0) > 0) return since + MAX_BUSY_WAIT_MS;
    if (!this.contacted.has(other)) return since + this.maxWaitMs;
    return Math.max(since, this.lastHeard.get(other) ?? since) + this.rankWaitMs;
  }

  private lowerRanks(server: string): Promise<void> {
    const rank = this.ranks.get(server);
    if (rank === undefined) return Promise.resolve();
    const pending = () => [...this.ranks].filter(([other, r]) => r < rank && other !== server && !this.answered.has(other)).map(([other]) => other);
    if (pending().length === 0) return Promise.resolve();
    const since = performance.now();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      let immediate: NodeJS.Immediate | undefined;
      let turns = 0;
      const finish = () => {
        clearTimeout(timer);
        clearImmediate(immediate);
        this.waiting.delete(check);
        resolve();
      };
      // Run on every message, answer, contact and slower pace seen, and at the deadline, which moves with them.
      const check = (turn = false) => {
        const left = pending();
        if (left.length === 0) return finish();
        const remaining = Math.max(...left.map((other) => this.givenUpAt(other, since))) - performance.now();
        clearTimeout(timer);
        if (remaining > 0) {
          clearImmediate(immediate);
          [immediate, turns] = [undefined, 0];
          timer = setTimeout(check, remaining);
          return;
        }
        // Out of time: give up only after the loop went round, so whatever the host had queued is heard first.
        if (immediate !== undefined && !turn) return;
        if (turns >= CONFIRM_TURNS) {
          for (const other of left) if (!this.listAsked.has(other)) this.waitedOutUnasked.add(other);
          return finish();
        }
        turns += 1;
        immediate = setImmediate(() => {
          immediate = undefined;
          check(true);
        });
      };
      this.waiting.add(check);
      check();
    });
  }
}
