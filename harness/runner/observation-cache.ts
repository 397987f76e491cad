/**
 * An opt-in cache of session observations keyed by the canonical world and observe options, for hosts whose
 * sessions cost seconds (agent CLIs): the same world is not observed twice in one run. A clause that opens
 * one world twice on purpose (names/deterministic; order clauses whose reordering is the identity) must still
 * compare two real opens, so within one case a key is served from the cache at most once: the second request
 * of the same key in a case is always observed afresh (and refreshes the cache). Shared by every worker.
 */
import { canonicalJson } from "../world/canonical-json.ts";
import type { World } from "../world/world.ts";
import type { ObserveOptions } from "./observe-session.ts";
import type { SessionObservation } from "./session-observation.ts";

/** Observations by canonical world, with the per-case rule above. */
export class ObservationCache {
  private readonly entries = new Map<string, SessionObservation>();
  /** Sessions really observed, and observations served from the cache. */
  readonly counts = { observed: 0, served: 0 };

  /** A new case begins for one worker: its record of keys served so far in the case. */
  newCase(): Set<string> {
    return new Set();
  }

  /** The observation of `world` with `options`: from the cache when allowed in this case, else from `observe`. */
  async observe(world: World, options: ObserveOptions | undefined, servedInCase: Set<string>, observe: () => Promise<SessionObservation>): Promise<SessionObservation> {
    const key = canonicalJson({ world, options: options ?? {} });
    const cached = this.entries.get(key);
    if (cached && !servedInCase.has(key)) {
      servedInCase.add(key);
      this.counts.served++;
      return structuredClone(cached);
    }
    const fresh = await observe();
    this.counts.observed++;
    servedInCase.add(key);
    this.entries.set(key, structuredClone(fresh));
    return fresh;
  }
}
