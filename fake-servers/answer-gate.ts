/**
 * Makes the order in which a world's servers answer their first `tools/list` a property of the script
 * rather than of process scheduling: a server answers only after every server of lower rank has answered
 * (or after `maxWaitMs`, so a host that lists servers one by one, in any order, is slowed but never
 * deadlocked). Without it, "who answered first" on stdio or HTTP depends on spawn jitter, and a verdict
 * about arrival order would be a coin toss.
 *
 * Over a wire, two answers sent back to back can still reach the host in either order, so each waits a
 * spacing after the previous answer: as long as this host was seen to take to handle one message in this
 * world (the time from a server's `initialize` answer to the next message on that connection: the host
 * read the answer, acted on it and wrote again), capped at `maxSpacingMs`. A host that never showed its
 * pace gets the cap. Measured per world, so no world's pace leaks into another's.
 */
export class AnswerGate {
  private readonly answered = new Set<string>();
  private readonly waiting = new Set<() => void>();
  private lastAnswerAt = -Infinity;
  /** The slowest handling seen in this world so far, in ms (undefined: none seen yet). */
  private handlingMs: number | undefined;

  /**
   * @param ranks each server key's rank (lower answers first); servers absent from it never wait.
   * @param maxWaitMs longest a server waits for lower ranks before answering anyway.
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

  /** Notes how long the host took to handle one message: answer sent to its next message received, in ms. */
  observeHandling(ms: number): void {
    this.handlingMs = Math.max(this.handlingMs ?? 0, ms);
  }

  /** The least time between one first answer and the next, in ms. */
  get spacingMs(): number {
    return Math.min(this.maxSpacingMs, this.handlingMs ?? this.maxSpacingMs);
  }

  /** Resolves once every lower-ranked server has answered (plus the spacing), or after the maximum wait. */
  async turn(server: string): Promise<void> {
    await this.lowerRanks(server);
    const wait = this.lastAnswerAt + this.spacingMs - performance.now();
    if (wait > 0 && !this.released) await new Promise((resolve) => setTimeout(resolve, wait));
  }

  private released = false;

  private lowerRanks(server: string): Promise<void> {
    const rank = this.ranks.get(server);
    if (rank === undefined) return Promise.resolve();
    const ready = () => [...this.ranks].every(([other, r]) => r >= rank || other === server || this.answered.has(other));
    if (ready()) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.waiting.delete(check);
        resolve();
      };
      const check = () => {
        if (ready()) finish();
      };
      const timer = setTimeout(finish, this.maxWaitMs);
      this.waiting.add(check);
    });
  }

  /** Releases every waiter at once (the world is closing). */
  release(): void {
    this.released = true;
    for (const server of this.ranks.keys()) this.answered.add(server);
    for (const wake of [...this.waiting]) wake();
  }
}
