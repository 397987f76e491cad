/** Types of lateness-sampler.mjs (plain JavaScript, so it runs as a worker under any loader). */

/** The worst lateness of the last one to two windows of a sampler. */
export declare class LatenessWindows {
  /** @param now when the first window begins, in ms; @param windowMs how long one window lasts, in ms. */
  constructor(now: number, windowMs: number);
  /** Notes a sample taken at `now` that was `lateMs` late. */
  note(now: number, lateMs: number): void;
  /** The worst lateness noted in the current window and the one before it, in ms. */
  get worst(): number;
}
