/**
 * What serve mode knows after a served world stops, and what a clause can make of it. Serve mode has no
 * adapter: an app a person (or a script) pointed at the world's servers did whatever it did, and all the
 * harness holds is what the servers received and, where the app used it, what the fake model provider was
 * sent. A clause judges such records only where they decide it whatever the app showed; everything else is
 * `undecided`, with what the records did show, never a pass on missing evidence.
 */
import type { MessageRecord, ProviderTool } from "../../fake-servers/index.ts";
import type { World } from "../world/world.ts";

/** A served world's records, as a clause's `judgeRecords` reads them. */
export interface ServedRecords {
  world: World;
  /** Every message any server of the world received, in arrival order (times from the world's start, ms). */
  records: readonly MessageRecord[];
  /**
   * For a world whose server changes its list mid-session: when (ms, on the records' clock) that server sent
   * notifications/tools/list_changed, and its tool list from then on. Absent: no change was made (the app
   * never listed that server, or the world holds no change).
   */
  notified?: { server: string; at: number; tools: readonly string[] };
  /** How long the world stayed up after the notification, in ms (absent: no notification). */
  upAfterNotifyMs?: number;
  /** The bound a host has to reflect a list_changed notification (the run's --list-changed-timeout). */
  listChangedTimeoutMs: number;
  /**
   * The tool lists the app offered its model, one per model turn, in order (from the fake provider's records),
   * each with the time it arrived on the records' clock. Empty when no provider ran or the app never used it.
   */
  modelTurns: ReadonlyArray<{ at: number; tools: readonly ProviderTool[] }>;
}

/**
 * What a clause made of a served world's records: a violation the records show whatever the app showed, a pass
 * they prove (only where the provider's records show the app's merged list), or undecided, saying what the
 * records showed and what serve mode could not see.
 */
export type RecordJudgement =
  | { verdict: "violated"; expected: string; observed: string }
  | { verdict: "held"; note: string }
  | { verdict: "undecided"; reason: string };
