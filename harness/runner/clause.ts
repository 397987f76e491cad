import type fc from "fast-check";
import type { FakeServerHost } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import type { NamingProfile } from "../profiles/naming-profile.ts";
import type { Capabilities, InitializeResult } from "../protocol/initialize-result.ts";
import type { Comparison, Confound } from "../report/report-model.ts";
import type { HostNaming } from "../world/host-naming.ts";
import type { Situation } from "../world/situations.ts";
import type { World } from "../world/world.ts";
import type { ObserveOptions, ServerTransportKind } from "./observe-session.ts";
import type { SessionObservation } from "./session-observation.ts";
import type { RecordJudgement, ServedRecords } from "../serve/served-records.ts";

/** MUST clauses fail the run; SHOULD clauses warn, and fail only under `--strict`. */
export type ClauseLevel = "MUST" | "SHOULD";

/**
 * The adapter and fake servers a fresh session is to go through, when a caller listens in on them (a case's
 * transcript taps both): the observation still passes through the environment, so the run's observation
 * cache and its listeners see it.
 */
export interface ObserveVia {
  adapter: HostAdapter;
  servers: FakeServerHost;
  /** The case's transcript, so an observation served from a cache brings the session it came from along. */
  record?: ObservationRecord;
}

/**
 * What a case's transcript took in while one observation ran, carried by an observation cache: when it serves
 * that observation again, the evidence still shows the real session it came from (requests, answers, what
 * each server received), never an empty transcript. Opaque to the cache.
 */
export interface ObservationRecord {
  /** Where the transcript stands before an observation. */
  mark(): number;
  /** What it took in since `mark`. */
  since(mark: number): unknown;
  /** Adds what an earlier observation took in (from `since`), as if it had run again here. */
  replay(entries: unknown): void;
}

/** What a clause's property sees of the run. */
export interface ClauseEnvironment {
  /** The host under test (a fresh one after the previous one broke). */
  readonly adapter: HostAdapter;
  readonly host: InitializeResult;
  readonly capabilities: Capabilities;
  readonly transport: ServerTransportKind;
  /** The profile the user chose, else the one the host claims, else undefined. */
  readonly profile: NamingProfile | undefined;
  /** The profile provider-valid checks against: the chosen one, else `default`. */
  readonly providerProfile: NamingProfile;
  /**
   * How the host joins key and tool name, read once per host from its open of a clean world before any
   * clause ran (harness/runner/learn-naming.ts); undefined when that open showed no join the harness could
   * read. Coverage plans build worlds that collide under exactly this join.
   */
  readonly naming?: HostNaming;
  readonly servers: FakeServerHost;
  /** How long a clause waits for a host to reflect a change by itself (drift/list-changed), in ms. */
  readonly listChangedTimeoutMs: number;
  /** One whole session on `world`; see observeSession. */
  observe(world: World, options?: ObserveOptions, via?: ObserveVia): Promise<SessionObservation>;
  /**
   * The situations a session on `world` judged (see harness/runner/judgement.ts): those of the servers the
   * host kept, and those a refusal can only have been about. A check reports these, not what the world held.
   */
  judge(world: World, observation: SessionObservation): Promise<Situation[]>;
  /**
   * Whether the host accepts a world with nothing in it to refuse (asked once per host, then remembered): a
   * refusal is evidence about a situation only from a host that does not refuse everything.
   */
  acceptsCleanWorld(): Promise<boolean>;
  /**
   * Whether the host shows every prompt and resource of a world of them with nothing in it to refuse, and blames
   * no server (asked once per host instance, then remembered): the prompt and resource clauses' counterpart of
   * {@link acceptsCleanWorld} (harness/runner/context-surface.ts).
   */
  acceptsCleanContext(): Promise<boolean>;
}

/**
 * What one case came to: a pass or a violation (with its evidence). `judged` names the situations the check
 * could actually judge in this case (it looked at the host's handling of them: the host did not refuse the
 * open, or the server concerned, for another reason; the call or the error the property inspects happened);
 * `arose` names situations a check met but could not judge. The situations the case's worlds show are
 * counted as arisen without being listed. A violation found by comparing sessions carries them side by side
 * (`comparison`, see sessionComparison). A pass may carry a `note` saying what rule it held the host to (the
 * provider profile a name was checked against ...): the verdict's reason repeats each distinct note. A pass
 * carrying a `confound` judged nothing: a host-wide cause (names that change between identical opens ...)
 * kept the case from judging its hazard (see {@link CaseConfound}).
 */
export type CheckOutcome =
  | { ok: true; judged: readonly string[]; arose?: readonly string[]; note?: string; confound?: CaseConfound }
  | { ok: false; expected: string; observed: string; judged?: readonly string[]; arose?: readonly string[]; comparison?: Comparison };

/**
 * Why a case could not judge its hazard, when a host-wide cause explains what it saw (see confounds.ts): a
 * check that compares two different opens returns it (with `ok: true` and nothing judged) when two identical
 * opens of its configuration differed the same way, so the difference says nothing about its own hazard.
 * The case is then no violation and judges nothing; the report lists it under the clause's `confounds`.
 */
export interface CaseConfound {
  cause: Confound["cause"];
  /** The clause whose verdict is about the cause (names/deterministic ...), where one is. */
  clause?: string;
  /** What the records show, in one line (host data). */
  detail: string;
}

/**
 * One case of a clause's coverage plan, built by hand: the smallest case that holds one hazard the clause is
 * about (and the variant worlds the clause compares: a permuted configuration, another answer order ...).
 * Every run judges each of them before any random case, whatever the seed and `--runs`, so a known hazard
 * is never missed because the draw was unlucky.
 */
export interface ConstructedCase<Case = unknown> {
  /**
   * The situation the case is built to judge: a world situation (harness/world/situations.ts) or one of the
   * clause's `checkSituations`. Several cases may share one (variants for hosts that refuse one of them).
   */
  hazard: string;
  /** What the case is, in a few words, as the coverage table shows it: `one name on two servers`. */
  title: string;
  value: Case;
}

/**
 * One clause of the catalogue as a property. `requires` lists the situations that must be judged at least
 * once (as checks report them, see {@link CheckOutcome}), else the verdict is INCONCLUSIVE rather than PASS.
 */
export interface Clause<Case = any> {
  id: string;
  level: ClauseLevel;
  /** What the host must do, in the catalogue's words. */
  summary: string;
  /**
   * Why a host must: the failure the clause prevents and where it was seen, in a few sentences. The
   * catalogue (docs/clauses.md, generated from the clauses) prints it; every built-in clause has one.
   */
  why?: string;
  /**
   * The capabilities the clause needs (`profile`: a naming profile, chosen on the command line or claimed
   * by the host). Without them `notApplicable` gives a reason; the catalogue lists them.
   */
  needs?: ReadonlyArray<keyof Capabilities>;
  /** What each situation this clause's check reports (beyond the world situations of situations.ts) means. */
  checkSituations?: Readonly<Record<string, string>>;
  /** Where the requirement comes from: a source document and the point in it, or a public report (docs/sources.md). */
  sources: string[];
  /** A reason the clause does not apply to this host/run (e.g. a missing capability), else undefined. */
  notApplicable?(env: Pick<ClauseEnvironment, "capabilities" | "profile" | "host">): string | undefined;
  arbitrary(env: Pick<ClauseEnvironment, "capabilities" | "profile" | "providerProfile" | "naming">): fc.Arbitrary<Case>;
  /**
   * The coverage plan: the constructed cases every run judges first, in this order, before `--runs` random
   * cases from `arbitrary` explore further (absent: random cases only). The same for the same host
   * declaration, never drawn: a report's fast-check path counts them first, so a path replays either kind.
   */
  coverage?(env: Pick<ClauseEnvironment, "capabilities" | "profile" | "providerProfile" | "naming">): ConstructedCase<Case>[];
  /** The worlds a case opens, the first being the main one (the report draws them). */
  worlds(value: Case): World[];
  /** A title for each world of `worlds(value)`, saying what distinguishes it (what was permuted ...); absent: none. */
  describeWorlds?(value: Case): string[];
  requires: string[];
  check(env: ClauseEnvironment, value: Case): Promise<CheckOutcome>;
  /**
   * Serve mode (`mcp-collide serve`, docs/serve.md): what the records of a world served to an app decide about
   * this clause, with no adapter to ask what the app showed; undefined when the world holds nothing these
   * records could decide (the clause is then NOT-APPLICABLE there). Absent: serve mode cannot judge the clause.
   */
  judgeRecords?(served: ServedRecords): RecordJudgement | undefined;
}

/** Declares a clause; an identity function that keeps the case type inferred. */
export function defineClause<Case>(clause: Clause<Case>): Clause<Case> {
  return clause;
}
