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
 * Makes the order in which a world's servers answer their first `tools/list` a property of the script
 * rather than of process scheduling: a server answers only after every server of lower rank has answered
 * (or after the rank wait, so a host that lists servers one by one, in any order, is slowed but never
 * deadlocked). Without it, "who answered first" on stdio or HTTP depends on spawn jitter, and a verdict
 * about arrival order would be a coin toss.
 *
 * The rank wait follows the host's pace once the host has begun talking to a lower-ranked server (its
 * `initialize` arrived): `maxWaitMs`, or {@link PACE_FACTOR} times the slowest handling seen in this world
 * (below), whichever is longer, up to {@link MAX_RANK_WAIT_MS}. For lower ranks the host has not contacted (it
 * refused them, or lists one server at a time) it stays `maxWaitMs`. A fixed 250 ms was shorter than
 * the skew between two servers' `tools/list` of a host that lists them at once, once the machine was loaded:
 * Mastra's `getTools()` keeps the `a_b_c` of whichever server's list resolves last, and when the gate gave up
 * waiting for `a_b`, `a` answered first in one of the two orders, so the committed config-permutation FAIL
 * replayed as a PASS (issue 32).
 *
 * Over a wire, two answers sent back to back can still reach the host in either order, so each waits a
 * spacing after the previous answer: as long as this host was seen to take to handle one message in this
 * world (the time from a server's `initialize` answer to the next message on that connection: the host
 * read the answer, acted on it and wrote again), capped at `maxSpacingMs`. A host that never showed its
 * pace gets the cap. Measured per world, so no world's pace leaks into another's.
 */
export class AnswerGate {
  private readonly answered = new Set<string>();
  /** Servers whose `initialize` arrived: the host has begun talking to them. */
  private readonly contacted = new Set<string>();
  private readonly waiting = new Set<() => void>();
  private lastAnswerAt = -Infinity;
  /** The slowest handling seen in this world so far, in ms (undefined: none seen yet). */
  private handlingMs: number | undefined;

  /**
   * @param ranks each server key's rank (lower answers first); servers absent from it never wait.
   * @param maxWaitMs the least rank wait: how long a server waits for lower ranks before answering anyway,
   *   on a host whose pace asks for no more (see {@link rankWaitMs}).
   * @param maxSpacingMs most time between one answer and the next (0 in memory, where order is exact).
   */
  constructor(
    private readonly ranks: ReadonlyMap<string, number>,
    private readonly maxWaitMs = 250,
    private readonly maxSpacingMs = 0,
  ) {}

  /** Whether `server` has answered its first `tools/list`. */
  hasAnswered(server: string): boolean {
    return this.answered.has(server);
  }

  /** Marks `server` as answered (or never going to answer: an unreachable one) and wakes the waiters. */
  done(server: string): void {
    if (this.answered.has(server)) return;
    this.answered.add(server);
    this.lastAnswerAt = performance.now();
    for (const wake of [...this.waiting]) wake();
  }

  /** Notes that the host sent `server` its `initialize`: a lower rank worth waiting for at the host's pace. */
  contact(server: string): void {
    if (this.contacted.has(server)) return;
    this.contacted.add(server);
    for (const wake of [...this.waiting]) wake();
  }

  /** Notes how long the host took to handle one message: answer sent to its next message received, in ms. */
  observeHandling(ms: number): void {
    if (ms <= (this.handlingMs ?? -1)) return;
    this.handlingMs = ms;
    // A slower pace lengthens the rank wait of every server already waiting.
    for (const wake of [...this.waiting]) wake();
  }

  /** The least time between one first answer and the next, in ms. */
  get spacingMs(): number {
    return Math.min(this.maxSpacingMs, this.handlingMs ?? this.maxSpacingMs);
  }

  /** The longest a server holds its first answer for contacted servers of lower rank, in ms: longer for a slower host. */
  get rankWaitMs(): number {
    return Math.max(this.maxWaitMs, Math.min(MAX_RANK_WAIT_MS, PACE_FACTOR * (this.handlingMs ?? 0)));
  }

  /** Resolves once every lower-ranked server has answered (plus the spacing), or after the rank wait. */
  async turn(server: string): Promise<void> {
    await this.lowerRanks(server);
    const wait = this.lastAnswerAt + this.spacingMs - performance.now();
    if (wait > 0 && !this.released) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private released = false;

  private lowerRanks(server: string): Promise<void> {
    const rank = this.ranks.get(server);
    if (rank === undefined) return Promise.resolve();
    const pending = () => [...this.ranks].filter(([other, r]) => r < rank && other !== server && !this.answered.has(other)).map(([other]) => other);
    const ready = () => pending().length === 0;
    if (ready()) return Promise.resolve();
    const limit = () => (pending().some((other) => this.contacted.has(other)) ? this.rankWaitMs : this.maxWaitMs);
    const since = performance.now();
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = () => {
        clearTimeout(timer);
        this.waiting.delete(check);
        resolve();
      };
      // Run on every answer, contact and slower pace seen, and at the deadline, which moves with them.
      const check = () => {
        const left = since + limit() - performance.now();
        if (ready() || left <= 0) return finish();
        clearTimeout(timer);
        timer = setTimeout(check, left);
      };
      this.waiting.add(check);
      check();
    });
  }

  /** Releases every waiter at once (the world is closing). */
  release(): void {
    this.released = true;
    for (const server of this.ranks.keys()) this.answered.add(server);
    for (const wake of [...this.waiting]) wake();
  }
}
