/**
 * An opt-in cache of session observations keyed by the canonical world and observe options, for hosts whose
 * sessions cost seconds (agent CLIs): the same world is not observed twice in one run. A clause that opens
 * one world twice on purpose (names/deterministic; order clauses whose reordering is the identity) must still
 * compare two real opens, so within one case a key is served from the cache at most once: the second request
 * of the same key in a case is always observed afresh (and refreshes the cache). Shared by every worker.
 * Each entry keeps what the observing case's transcript took in, so a served observation's evidence is the
 * real session it came from.
 */
import { canonicalJson } from "../world/canonical-json.ts";
import type { World } from "../world/world.ts";
import type { ObservationRecord } from "./clause.ts";
import type { ObserveOptions } from "./observe-session.ts";
import type { SessionObservation } from "./session-observation.ts";

/** Observations by canonical world, with the per-case rule above. */
export class ObservationCache {
  private readonly entries = new Map<string, { observation: SessionObservation; record: unknown }>();
  /** Sessions really observed, and observations served from the cache. */
  readonly counts = { observed: 0, served: 0 };

  /** A new case begins for one worker: its record of keys served so far in the case. */
  newCase(): Set<string> {
    return new Set();
  }

  /** The observation of `world` with `options`: from the cache when allowed in this case, else from `observe`. */
  async observe(
    world: World, options: ObserveOptions | undefined, servedInCase: Set<string>, observe: () => Promise<SessionObservation>, record?: ObservationRecord,
  ): Promise<SessionObservation> {
    if (options?.fresh) {
      this.counts.observed++;
      return observe();
    }
    const key = canonicalJson({ world, options: options ?? {} });
    const cached = this.entries.get(key);
    // An entry observed where no transcript listened is not served to a case that keeps one: its evidence
    // would be empty.
    if (cached && !servedInCase.has(key) && (record === undefined || cached.record !== undefined)) {
      servedInCase.add(key);
      this.counts.served++;
      if (cached.record !== undefined) record?.replay(cached.record);
      return structuredClone(cached.observation);
    }
    const mark = record?.mark();
    const fresh = await observe();
    this.counts.observed++;
    servedInCase.add(key);
    this.entries.set(key, { observation: structuredClone(fresh), record: record && mark !== undefined ? record.since(mark) : undefined });
    return fresh;
  }
}
