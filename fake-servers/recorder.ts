import { performance } from "node:perf_hooks";
import type { MessageRecord } from "./message-record.ts";

/** What a transport knows about a received message; the recorder adds the time. */
export type UnstampedRecord = Omit<MessageRecord, "time">;

/**
 * The record book of one world: every message any of its servers received, in arrival order.
 * One per world so that times are relative to that world's start and worlds never see each other.
 */
export class Recorder {
  /** Live list, appended as messages arrive; callers read it, only `record` writes it. */
  readonly records: MessageRecord[] = [];

  /** @param startedAt `performance.now()` at the world's start; record times are relative to it. */
  constructor(readonly startedAt: number = performance.now()) {}

  /** Stamps `entry` with the time since the world started, appends it and returns the stored record. */
  record(entry: UnstampedRecord): MessageRecord {
    const stored: MessageRecord = { ...entry, time: performance.now() - this.startedAt };
    this.records.push(stored);
    return stored;
  }
}
